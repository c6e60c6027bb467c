import { SLOT_FEED_ERRORS, type SlotFeed, type SlotFeedError, todayInBangkok } from '@klaimor/contracts';
import type { DateLanguage } from '../../../lib/thai-date';
import { formatClock, formatDateTime, type StaffT } from '../shared/staff-format';

/** When the feed was read: the clock alone today ('10:42 น.'), else the date with it. */
function when(t: StaffT, iso: string, lang: DateLanguage): string {
  return todayInBangkok(new Date(iso)) === todayInBangkok()
    ? t('systems.feed.clock', { time: formatClock(iso) })
    : formatDateTime(t, iso, lang);
}

const ERRORS = Object.fromEntries(SLOT_FEED_ERRORS.map((code) => [code, `systems.feed.errors.${code}`])) as Record<
  SlotFeedError,
  `systems.feed.errors.${SlotFeedError}`
>;

/** The last read in words a busy admin reads at a glance, and whether it went wrong. */
export type FeedOutcome =
  { kind: 'never'; text: string } | { kind: 'read'; text: string } | { kind: 'failed'; text: string; reason: string };

export function feedOutcome(t: StaffT, feed: SlotFeed, lang: DateLanguage): FeedOutcome {
  if (feed.lastReadAt === null) return { kind: 'never', text: t('systems.feed.neverRead') };
  const at = when(t, feed.lastReadAt, lang);
  if (feed.lastError !== null) {
    return { kind: 'failed', text: t('systems.feed.failedAt', { when: at }), reason: t(ERRORS[feed.lastError]) };
  }
  const parts = [
    feed.lastAdded ? t('systems.feed.added', { count: feed.lastAdded }) : null,
    feed.lastChanged ? t('systems.feed.changed', { count: feed.lastChanged }) : null,
    feed.lastWithdrawn ? t('systems.feed.withdrawn', { count: feed.lastWithdrawn }) : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) parts.push(t('systems.feed.nothingChanged'));
  return { kind: 'read', text: [t('systems.feed.readAt', { when: at }), ...parts].join(' · ') };
}

/** A reason the contract or the server gave for the address, in words. */
export function feedUrlMessage(t: StaffT, reason: string | undefined): string | undefined {
  switch (reason) {
    case undefined:
      return undefined;
    case 'insecure_url':
      return t('systems.feed.urlErrors.insecure');
    case 'too_long':
      return t('systems.feed.urlErrors.tooLong');
    default:
      return t('systems.feed.urlErrors.invalid');
  }
}
