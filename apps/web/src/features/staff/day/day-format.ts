import type { AppointmentStatus, DayListEntry } from '@klaimor/contracts';
import type { DateLanguage } from '../../../lib/thai-date';
import { formatMoney, type ChipColor, type StaffT } from '../shared/staff-format';

const GENDERS = {
  male: 'record.genders.male',
  female: 'record.genders.female',
  other: 'record.genders.other',
  unspecified: 'record.genders.unspecified',
} as const;

/** The patient's gender as they gave it; "not given" when they did not. */
export const genderText = (t: StaffT, gender: string | null): string =>
  gender && gender in GENDERS ? t(GENDERS[gender as keyof typeof GENDERS]) : t('record.unknown');

/** The statuses the desk filters by, in the order a day runs. */
export const DAY_STATUSES = [
  'awaiting_deposit',
  'booked',
  'checked_in',
  'in_consultation',
  'completed',
  'no_show',
  'cancelled',
  'expired',
] as const satisfies readonly AppointmentStatus[];

/** A status chip's colour: who is waiting stands out, what is over is grey. */
export function statusColor(status: AppointmentStatus): ChipColor {
  switch (status) {
    case 'awaiting_deposit':
      return 'warning';
    case 'booked':
      return 'primary';
    case 'checked_in':
      return 'info';
    case 'in_consultation':
      return 'success';
    case 'completed':
    case 'cancelled':
    case 'no_show':
    case 'expired':
      return 'default';
  }
}

/** Whether the appointment's slot is over, so a patient who did not come may be recorded as a no-show. */
export const slotHasEnded = (entry: Pick<DayListEntry, 'end'>, now: number = Date.now()): boolean =>
  new Date(entry.end).getTime() <= now;

/** What became of the deposit, with its amount: 'ชำระแล้ว 300 บาท', 'ชำระที่เคาน์เตอร์ 300 บาท', 'ไม่เก็บมัดจำ'. */
export function depositText(t: StaffT, deposit: DayListEntry['deposit'], lang: DateLanguage): string {
  if (deposit.state === 'none') return t('deposit.none');
  if (deposit.state === 'waived') return t('deposit.waived');
  const amount = formatMoney(t, deposit.amount, lang);
  if (deposit.state === 'paid' && deposit.atDesk === 'paid') return t('deposit.paidAtDesk', { amount });
  return t(`deposit.${deposit.state}`, { amount });
}
