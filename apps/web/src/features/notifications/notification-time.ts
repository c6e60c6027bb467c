import { i18n } from '../../i18n';
import { bangkokDayOf, formatShortDay } from '../../lib/clock-time';

const clock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Bangkok',
});

/** When a notification came: 'วันนี้ 08:00 น.' today, 'พ. 25 พ.ย. 08:00 น.' before. */
export function formatSentAt(iso: string, lang: string, now: Date = new Date()): string {
  const time = i18n.t('common.clockTime', { lng: lang, time: clock.format(new Date(iso)) });
  if (bangkokDayOf(iso) === bangkokDayOf(now.toISOString()))
    return i18n.t('notifications:centre.today', { lng: lang, time });
  return `${formatShortDay(iso, lang)} ${time}`;
}
