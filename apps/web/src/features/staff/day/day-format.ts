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

const RED_FLAGS = {
  chest_pain: 'redFlags.chest_pain',
  breathing_difficulty: 'redFlags.breathing_difficulty',
  fainting_unconscious: 'redFlags.fainting_unconscious',
  stroke_signs: 'redFlags.stroke_signs',
  seizure: 'redFlags.seizure',
  severe_bleeding: 'redFlags.severe_bleeding',
  anaphylaxis: 'redFlags.anaphylaxis',
  suicidal_thoughts: 'redFlags.suicidal_thoughts',
  poisoning_overdose: 'redFlags.poisoning_overdose',
  severe_head_injury: 'redFlags.severe_head_injury',
  sudden_severe_headache: 'redFlags.sudden_severe_headache',
  high_fever_stiff_neck: 'redFlags.high_fever_stiff_neck',
  infant_fever: 'redFlags.infant_fever',
  pregnancy_bleeding: 'redFlags.pregnancy_bleeding',
  severe_abdominal_pain: 'redFlags.severe_abdominal_pain',
  snake_bite: 'redFlags.snake_bite',
} as const;

/** A red flag's id (contracts' triage) in a clinician's words: 'chest_pain' -> 'เจ็บหน้าอก'. */
export const redFlagName = (t: StaffT, id: string): string =>
  id in RED_FLAGS ? t(RED_FLAGS[id as keyof typeof RED_FLAGS]) : t('redFlags.other');

/** What became of the deposit, with its amount: 'ชำระแล้ว 300 บาท', 'ชำระที่เคาน์เตอร์ 300 บาท', 'ไม่เก็บมัดจำ'. */
export function depositText(t: StaffT, deposit: DayListEntry['deposit'], lang: DateLanguage): string {
  if (deposit.state === 'none') return t('deposit.none');
  if (deposit.state === 'waived') return t('deposit.waived');
  const amount = formatMoney(t, deposit.amount, lang);
  if (deposit.state === 'paid' && deposit.atDesk === 'paid') return t('deposit.paidAtDesk', { amount });
  return t(`deposit.${deposit.state}`, { amount });
}
