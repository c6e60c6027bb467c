import { SLOT_FEED_ERRORS, type SlotFeed } from '@klaimor/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import '../staff.texts';
import { feedOutcome, feedUrlMessage } from './slot-feed-format';

const t = i18n.getFixedT('th', 'staff');

const feed = (patch: Partial<SlotFeed>): SlotFeed => ({
  manifestUrl: 'https://his.example/fhir/$bulk-publish',
  setAt: '2025-06-16T03:00:00.000Z',
  lastReadAt: '2025-06-16T03:42:00.000Z',
  lastError: null,
  lastAdded: 0,
  lastChanged: 0,
  lastWithdrawn: 0,
  ...patch,
});

/** The date's own spaces (no-break, as Intl writes them) read as plain ones. */
const spaced = (text: string) => text.replace(/\s/g, ' ');

describe("the feed's last read in words", () => {
  it('names the day when it was not today, and only the counts that are not zero', () => {
    const read = feedOutcome(t, feed({ lastAdded: 3, lastChanged: 1 }), 'th');
    expect(read.kind).toBe('read');
    expect(spaced(read.text)).toBe('อ่านล่าสุด 16 มิ.ย. 2568 10:42 น. · เพิ่ม 3 ช่วงเวลา · เปลี่ยน 1');
    expect(spaced(feedOutcome(t, feed({}), 'th').text)).toBe('อ่านล่าสุด 16 มิ.ย. 2568 10:42 น. · ไม่มีอะไรเปลี่ยน');
  });

  it('says a feed never read will be read soon', () => {
    expect(feedOutcome(t, feed({ lastReadAt: null }), 'th')).toMatchObject({ kind: 'never' });
  });

  it('has Thai words for every error a read can end in', () => {
    for (const code of SLOT_FEED_ERRORS) {
      const outcome = feedOutcome(t, feed({ lastError: code }), 'th');
      expect(outcome.kind).toBe('failed');
      expect(outcome.kind === 'failed' && outcome.reason).not.toMatch(/systems\.feed/);
    }
  });

  it("words the address's refusals", () => {
    expect(feedUrlMessage(t, 'insecure_url')).toBe('ต้องเป็นที่อยู่ https:// ที่อ่านได้จากอินเทอร์เน็ต');
    expect(feedUrlMessage(t, 'invalid_choice')).toMatch(/^ที่อยู่ไม่ถูกต้อง/);
    expect(feedUrlMessage(t, undefined)).toBeUndefined();
  });
});
