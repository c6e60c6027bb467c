import {
  type DoseTime,
  FIXED_DOSE_TIMES,
  type FixedDoseTime,
  type MealTiming,
  type MedicationForm,
  type ReadingKind,
  bookingReference,
} from '@klaimor/contracts';

/**
 * The words of notifications as they leave the server (push, LINE and SMS carry text, not keys). Thai, the app's
 * first language; the notification centre shows the same words the patient was sent.
 */

const DOSE_TIMES: Record<FixedDoseTime, Record<MealTiming, string>> = {
  afterBreakfast: { after: 'หลังอาหารเช้า', before: 'ก่อนอาหารเช้า' },
  afterLunch: { after: 'หลังอาหารกลางวัน', before: 'ก่อนอาหารกลางวัน' },
  afterDinner: { after: 'หลังอาหารเย็น', before: 'ก่อนอาหารเย็น' },
  beforeBed: { after: 'ก่อนนอน', before: 'ก่อนนอน' },
};
/** A meal's name when the medicines due then go some before it and some after: 'มื้อเช้า'. */
const MEALS: Record<FixedDoseTime, string> = {
  afterBreakfast: 'มื้อเช้า',
  afterLunch: 'มื้อกลางวัน',
  afterDinner: 'มื้อเย็น',
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
  mealTiming: MealTiming;
  /** N of an every-N-hours medicine; null otherwise. */
  everyHours: number | null;
}

const isFixed = (doseTime: DoseTime): doseTime is FixedDoseTime =>
  (FIXED_DOSE_TIMES as readonly string[]).includes(doseTime);
/** Whether the lines' meal doses go some before the meal and some after, so each line says which. */
const mixedTiming = (lines: DoseLine[]) => new Set(lines.map((l) => l.mealTiming)).size > 1;

/**
 * 'ทานยาหลังอาหารเช้า' ('ทานยาก่อนอาหารเช้า' when all go before it, 'ทานยามื้อเช้า' when mixed), 'ทานยาทุก 8 ชั่วโมง', or
 * with a custom time the patient's own label, set apart by a space (it can be any words).
 */
function takingAt(doseTime: DoseTime, lines: DoseLine[]): string {
  if (isFixed(doseTime))
    return `ทานยา${mixedTiming(lines) ? MEALS[doseTime] : DOSE_TIMES[doseTime][lines[0]?.mealTiming ?? 'after']}`;
  if (doseTime === 'custom') return `ทานยา ${lines[0]?.customLabel ?? ''}`.trimEnd();
  return `ทานยาทุก ${lines[0]?.everyHours ?? ''} ชั่วโมง`;
}

/** 'Metformin 500 mg 1 เม็ด, Amlodipine 5 mg 2 เม็ด'; with '(ก่อนอาหาร)' after a line when the meal's lines are mixed. */
function doseList(lines: DoseLine[]): string {
  const mixed = mixedTiming(lines);
  return lines
    .map((l) => {
      const timing = mixed ? (l.mealTiming === 'before' ? ' (ก่อนอาหาร)' : ' (หลังอาหาร)') : '';
      return `${l.strength ? `${l.name} ${l.strength}` : l.name} ${l.amount} ${UNITS[l.form]}${timing}`;
    })
    .join(', ');
}

/**
 * 'ถึงเวลาทานยาหลังอาหารเช้า'; for a held profile (`held`: its first name), read by the parent holding it,
 * 'ถึงเวลาให้น้องฟ้าทานยาหลังอาหารเช้า'.
 */
export function doseReminderTexts(
  doseTime: DoseTime,
  lines: DoseLine[],
  held: string | null = null,
): { title: string; body: string } {
  return { title: `ถึงเวลา${held ? `ให้${held}` : ''}${takingAt(doseTime, lines)}`, body: doseList(lines) };
}

/**
 * A caregiver's alert that a dependent's dose was not ticked in time: 'คุณสมศรียังไม่ได้ทานยาหลังอาหารเย็น' /
 * 'Amlodipine 5 mg 1 เม็ด (ถึงเวลา 18:30 น.) โทร 081 234 5678'. The number is in the words too, for SMS and LINE.
 */
export function missedDoseTexts(
  doseTime: DoseTime,
  lines: DoseLine[],
  dependent: { firstname: string; phone: string | null },
  dueClock: string,
): { title: string; body: string } {
  const call = dependent.phone ? ` โทร ${dependent.phone.replace(/^(\d{3})(\d{3})(\d{4})$/, '$1 $2 $3')}` : '';
  return {
    title: `คุณ${dependent.firstname}ยังไม่ได้${takingAt(doseTime, lines)}`,
    body: `${doseList(lines)} (ถึงเวลา ${dueClock} น.)${call}`,
  };
}

const MEASURING: Record<ReadingKind, string> = {
  blood_pressure: 'วัดความดัน',
  glucose: 'ตรวจน้ำตาลปลายนิ้ว',
  weight: 'ชั่งน้ำหนัก',
};

/**
 * A reminder to measure at home: 'ถึงเวลาวัดความดันและตรวจน้ำตาลปลายนิ้ว'; for a held profile (`held`: its first
 * name), read by the parent holding it, 'ถึงเวลาวัดความดันให้น้องฟ้า'. The values stay in the app.
 */
export function readingReminderTexts(
  kinds: ReadingKind[],
  held: string | null = null,
): { title: string; body: string } {
  const acts = kinds.map((k) => MEASURING[k]);
  const joined = acts.length > 1 ? `${acts.slice(0, -1).join(' ')}และ${acts[acts.length - 1]}` : (acts[0] ?? '');
  return {
    title: `ถึงเวลา${joined}${held ? `ให้${held}` : ''}`,
    body: 'วัดแล้วบันทึกค่าไว้ในใกล้หมอ แพทย์จะเห็นแนวโน้มเมื่อไปตรวจครั้งต่อไป',
  };
}

export const testTexts = {
  title: 'ทดสอบการแจ้งเตือน',
  body: 'การแจ้งเตือนของใกล้หมอถึงคุณแล้ว การเตือนทานยาและนัดหมายจะมาทางนี้',
};

export interface AppointmentDetails {
  appointmentId: string;
  hospital: string;
  startsAt: Date;
  depositAmount: number;
  depositPaidAt: Date | null;
  /** The payment provider's own reference of the deposit (a PromptPay charge), when it gave one. */
  paymentRef: string | null;
  cancelReason: string | null;
  status: string;
}

const thaiDay = new Intl.DateTimeFormat('th-TH', {
  timeZone: 'Asia/Bangkok',
  weekday: 'long',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const thaiClock = new Intl.DateTimeFormat('th-TH', {
  timeZone: 'Asia/Bangkok',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const baht = new Intl.NumberFormat('th-TH');

/** 'วันพฤหัสบดีที่ 26 พ.ย. 2569 เวลา 09:00 น.': the Buddhist Era date and the clock, as Thai letters write them. */
export function thaiDateTime(at: Date): string {
  const day = thaiDay.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => day.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')}ที่ ${part('day')} ${part('month')} ${part('year')} เวลา ${thaiClock.format(at)} น.`;
}

export type AppointmentNoticeKind =
  | 'appointment_tomorrow'
  | 'appointment_soon'
  | 'appointment_cancelled'
  | 'appointment_moved'
  | 'appointment_completed'
  | 'record_corrected'
  | 'refund'
  | 'booking_confirmed'
  | 'deposit_receipt'
  | 'result_released';

/**
 * An appointment's notice, to the patient ('พรุ่งนี้คุณมีนัดตรวจคัดกรอง') or, for a held profile (`held`: its first
 * name), to the parent holding it ('พรุ่งนี้น้องฟ้ามีนัดตรวจคัดกรอง').
 */
export function appointmentTexts(
  kind: AppointmentNoticeKind,
  a: AppointmentDetails,
  held: string | null = null,
): { title: string; body: string } {
  const when = thaiDateTime(a.startsAt);
  const reference = bookingReference(a.appointmentId);
  const who = held ?? 'คุณ';
  const whose = held ? `ของ${held}` : '';
  switch (kind) {
    case 'appointment_tomorrow':
      return { title: `พรุ่งนี้${who}มีนัดตรวจคัดกรอง`, body: `${a.hospital} ${when} กรุณามาก่อนเวลา 15 นาที พร้อมบัตรประชาชน` };
    case 'appointment_soon':
      return {
        title: `อีก 2 ชั่วโมงถึงเวลานัดของ${who}`,
        body: `${a.hospital} เวลา ${thaiClock.format(a.startsAt)} น. แจ้งชื่อที่จุดลงทะเบียนเมื่อมาถึง`,
      };
    case 'appointment_cancelled':
      return {
        title: `โรงพยาบาลยกเลิกนัดของ${who}`,
        body: `${a.hospital} ${when}${a.cancelReason ? ` เหตุผล: ${a.cancelReason}` : ''} หากชำระมัดจำแล้ว จะได้รับคืนเต็มจำนวน เลือกเวลาว่างอื่นได้ในหน้านัดหมาย`,
      };
    case 'appointment_moved':
      return {
        title: `โรงพยาบาลย้ายนัด${whose}`,
        body: `นัดใหม่: ${a.hospital} ${when} เลขที่นัด ${reference} มัดจำที่ชำระไว้ใช้กับนัดใหม่นี้ หากไม่สะดวก ยกเลิกหรือติดต่อโรงพยาบาลได้ในหน้านัดหมาย`,
      };
    case 'appointment_completed':
      return { title: `บันทึกผลการตรวจ${whose}แล้ว`, body: `${a.hospital}: ดูผลการตรวจและยาที่แพทย์สั่งได้ในประวัติการรักษา` };
    case 'record_corrected':
      // What changed stays in the app: the notice may go by SMS or LINE, so it names no finding or medicine.
      return {
        title: `โรงพยาบาลแก้ไขบันทึกการตรวจ${whose}`,
        body: `${a.hospital}: แพทย์แก้ไขผลการตรวจหรือรายการยาที่สั่ง ดูสิ่งที่แก้ไขและเหตุผลได้ในประวัติการรักษาและรายการยา`,
      };
    case 'result_released':
      // The values stay in the app: the notice may go by SMS or LINE, so it names no test and no value.
      return {
        title: `ผลตรวจ${whose}พร้อมให้ดูแล้ว`,
        body: `${a.hospital}: แพทย์ส่งผลตรวจให้ดูแล้ว ดูค่า ความหมาย และแนวโน้มได้ในหน้าผลตรวจ`,
      };
    case 'refund':
      return { title: `คืนเงินมัดจำ${whose}แล้ว`, body: `${baht.format(a.depositAmount)} บาท จากนัดที่${a.hospital} ${when}` };
    case 'booking_confirmed':
      return {
        title: `ยืนยันนัดตรวจคัดกรอง${whose}แล้ว`,
        body: `${a.hospital} ${when} เลขที่นัด ${reference} แจ้งเลขนี้ที่จุดลงทะเบียนเมื่อมาถึง`,
      };
    case 'deposit_receipt': {
      const paid = a.depositPaidAt ? ` ชำระเมื่อ${thaiDateTime(a.depositPaidAt)}` : '';
      const provider = a.paymentRef ? ` เลขอ้างอิงการชำระเงิน ${a.paymentRef}` : '';
      return {
        title: `ใบเสร็จเงินมัดจำ${whose}`,
        body: `ได้รับเงินมัดจำ ${baht.format(a.depositAmount)} บาท${paid} สำหรับนัดที่${a.hospital} เลขที่นัด ${reference}${provider}`,
      };
    }
  }
}
