import type { TFunction } from 'i18next';
import { i18n } from '../../i18n';
import { bangkokDayOf, formatShortDay } from '../../lib/clock-time';

const clock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Bangkok',
});

/** When a message was written: 'วันนี้ 08:00 น.' today, 'พ. 25 พ.ย. 08:00 น.' before (Buddhist era in Thai). */
export function formatWrittenAt(iso: string, lang: string, t: TFunction<'careMessages'>, now = new Date()): string {
  const time = i18n.t('common.clockTime', { lng: lang, time: clock.format(new Date(iso)) });
  if (bangkokDayOf(iso) === bangkokDayOf(now.toISOString())) return t('time.today', { time });
  return `${formatShortDay(iso, lang)} ${time}`;
}
