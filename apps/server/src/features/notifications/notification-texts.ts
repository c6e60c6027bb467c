import type { DoseTime, MedicationForm } from '@klaimor/contracts';

/**
 * The words of notifications as they leave the server (push, LINE and SMS carry text, not keys). Thai, the app's
 * first language; the notification centre shows the same words the patient was sent.
 */

const DOSE_TIMES: Record<Exclude<DoseTime, 'custom'>, string> = {
  afterBreakfast: 'หลังอาหารเช้า',
  afterLunch: 'หลังอาหารกลางวัน',
  afterDinner: 'หลังอาหารเย็น',
  beforeBed: 'ก่อนนอน',
};

const UNITS: Record<MedicationForm, string> = {
  tablet: 'เม็ด',
  capsule: 'แคปซูล',
  liquid: 'มล.',
  injection: 'เข็ม',
  inhaler: 'ครั้ง',
  drops: 'หยด',
  topical: 'ครั้ง',
  other: 'ครั้ง',
};

export interface DoseLine {
  name: string;
  strength: string | null;
  form: MedicationForm;
  amount: number;
  customLabel: string | null;
}

export function doseReminderTexts(doseTime: DoseTime, lines: DoseLine[]): { title: string; body: string } {
  // A custom time is named by the patient's own label, set apart by a space (it can be any words).
  const when = doseTime === 'custom' ? ` ${lines[0]?.customLabel ?? ''}`.trimEnd() : DOSE_TIMES[doseTime];
  const body = lines.map((l) => `${l.strength ? `${l.name} ${l.strength}` : l.name} ${l.amount} ${UNITS[l.form]}`).join(', ');
  return { title: `ถึงเวลาทานยา${when}`, body };
}

export const testTexts = {
  title: 'ทดสอบการแจ้งเตือน',
  body: 'การแจ้งเตือนของใกล้หมอถึงคุณแล้ว การเตือนทานยาและนัดหมายจะมาทางนี้',
};
