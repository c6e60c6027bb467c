import { z } from 'zod';
import { dataOf } from './envelope.js';
import { reasons, optionalText, wholeNumber } from './fields.js';
import { MealTiming, MedicationForm } from './medications.js';
import { MAX_PRESCRIPTION_DAYS, StatedReason } from './staff-appointments.js';

/**
 * Repeat prescriptions ("ขอรับยาต่อ"): for a medicine a hospital prescribed as long-term, the patient asks that hospital
 * for more before it runs out; a clinician there approves (the medicine goes on for the days they give, without a
 * gap) or declines with a reason; the hospital's pharmacy then has it ready to pick up, ready at a nearby pharmacy of
 * the "รับยาใกล้บ้าน" scheme, or posts it with a tracking number.
 */

/** A refill is offered once the medicine's supply ends within this many days (the post takes days to arrive). */
export const REFILL_WINDOW_DAYS = 10;
/** …and for this long after it ran out: a long-term medicine that lapsed is exactly the one to renew. */
export const REFILL_LAPSED_DAYS = 90;

/** How the patient gets it: at the hospital's pharmacy, at a nearby pharmacy of the scheme, or by post. */
export const RefillDelivery = z.enum(['hospital_pharmacy', 'near_home_pharmacy', 'post'], {
  error: reasons.invalidChoice,
});
export type RefillDelivery = z.infer<typeof RefillDelivery>;

/**
 * requested → approved | declined | cancelled (by the patient, before a decision); approved → ready (to pick up, at
 * the hospital with a queue number or at the nearby pharmacy) | sent (by post, with its tracking number).
 */
export const RefillStatus = z.enum(['requested', 'approved', 'declined', 'cancelled', 'ready', 'sent']);
export type RefillStatus = z.infer<typeof RefillStatus>;
/** A request still waiting for the clinician, the only one a medicine may have at a time. */
export const OPEN_REFILL_STATUSES = ['requested'] as const;

/** Carriers the pharmacy posts by: Thailand Post (its S10 number is checked), or another named by the pharmacy. */
export const Carrier = z.enum(['thailand_post', 'other'], { error: reasons.invalidChoice });
export type Carrier = z.infer<typeof Carrier>;

const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7];

/**
 * A Thailand Post tracking number as the UPU S10 standard writes it: two letters for the service (EMS "E…", registered
 * "R…"), eight serial digits, the check digit of the weights 8 6 4 2 3 5 9 7 (mod 11: 10 becomes 0, 11 becomes 5) and
 * "TH" (e.g. EB123456785TH).
 */
export function isThailandPostNumber(value: string): boolean {
  const match = /^[A-Z]{2}(\d{8})(\d)TH$/.exec(value);
  if (!match) return false;
  const sum = [...match[1]!].reduce((total, digit, i) => total + Number(digit) * S10_WEIGHTS[i]!, 0);
  const check = 11 - (sum % 11);
  return Number(match[2]) === (check === 10 ? 0 : check === 11 ? 5 : check);
}

/** A tracking number as typed: spaces and dashes dropped, in capitals. */
const TrackingNumber = z
  .string({ error: reasons.required })
  .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, { error: reasons.required })
      .max(30, { error: reasons.tooLong })
      .regex(/^[A-Z0-9]+$/, { error: reasons.invalidTrackingNumber }),
  );

/** POST /api/refills: ask the prescribing hospital for more of a long-term medicine. */
export const RefillRequestBody = z
  .strictObject({
    medicationId: z.uuid({ error: reasons.invalidChoice }),
    delivery: RefillDelivery,
    /** The nearby pharmacy (its directory id), for `near_home_pharmacy` only. */
    pharmacyId: z.string().min(1).max(100).optional(),
    /** Anything the clinician should know (e.g. "ช่วงนี้น้ำตาลต่ำตอนเช้า"). */
    note: optionalText(500),
  })
  .refine((b) => (b.delivery === 'near_home_pharmacy') === (b.pharmacyId !== undefined), {
    error: reasons.required,
    path: ['pharmacyId'],
  });
export type RefillRequestInput = z.input<typeof RefillRequestBody>;
export type RefillRequestBody = z.output<typeof RefillRequestBody>;

export const RefillParams = z.strictObject({ refillId: z.uuid({ error: reasons.invalidChoice }) });

/** POST …/refills/:refillId/approve: the new prescription's days, counted on from the end of the current supply. */
export const RefillApproveBody = z.strictObject({ days: wholeNumber(1, MAX_PRESCRIPTION_DAYS) });
export type RefillApproveInput = z.input<typeof RefillApproveBody>;

/** POST …/refills/:refillId/decline: why, in words the patient reads (e.g. "ต้องมาตรวจเลือดก่อน"). */
export const RefillDeclineBody = z.strictObject({ reason: StatedReason });
export type RefillDeclineInput = z.input<typeof RefillDeclineBody>;

/** POST …/refills/:refillId/sent: the parcel's carrier and tracking number. */
export const RefillSentBody = z
  .strictObject({
    carrier: Carrier,
    /** The other carrier's name (e.g. "Kerry Express"); required for `other`. */
    carrierName: optionalText(60),
    trackingNumber: TrackingNumber,
  })
  .refine((b) => b.carrier !== 'other' || !!b.carrierName, { error: reasons.required, path: ['carrierName'] })
  .refine((b) => b.carrier !== 'thailand_post' || isThailandPostNumber(b.trackingNumber), {
    error: reasons.invalidTrackingNumber,
    path: ['trackingNumber'],
  });
export type RefillSentInput = z.input<typeof RefillSentBody>;
export type RefillSentBody = z.output<typeof RefillSentBody>;

/** GET …/refills?box=: the clinician's requests to decide, the pharmacy's approved ones to hand over, or the done. */
export const RefillBox = z.enum(['to_decide', 'to_dispense', 'done'], { error: reasons.invalidChoice });
export type RefillBox = z.infer<typeof RefillBox>;
export const RefillBoxQuery = z.strictObject({ box: RefillBox.default('to_decide') });

const FacilityName = z.object({ id: z.string(), nameTh: z.string(), nameEn: z.string() });

/** Where a parcel goes: the patient's address as it stood when they asked. */
export const ShipTo = z.object({
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  subdistrict: z.string(),
  district: z.string(),
  province: z.string(),
  postcode: z.string(),
});
export type ShipTo = z.infer<typeof ShipTo>;

/** What the refill is of. */
const RefillMedicine = z.object({
  id: z.string(),
  name: z.string(),
  strength: z.string().nullable(),
  form: MedicationForm,
});

const RefillFields = {
  id: z.string(),
  status: RefillStatus,
  delivery: RefillDelivery,
  medication: RefillMedicine,
  /** The prescribing hospital, which decides and dispenses. */
  facility: FacilityName,
  /** The nearby pharmacy of the scheme; null for the other ways. */
  pharmacy: FacilityName.extend({ address: z.string().nullable() }).nullable(),
  note: z.string().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The clinician's reason for declining; null otherwise. */
  declineReason: z.string().nullable(),
  /** The approved prescription: its days, and the day the supply now lasts to. */
  approvedDays: z.number().int().nullable(),
  suppliedUntil: z.string().nullable(),
  /** Ready to pick up: when, and at the hospital's pharmacy the day's queue number. */
  readyAt: z.string().nullable(),
  pickupQueueNumber: z.number().int().nullable(),
  /** Posted: when, by whom, and its tracking number. */
  sentAt: z.string().nullable(),
  carrier: Carrier.nullable(),
  carrierName: z.string().nullable(),
  trackingNumber: z.string().nullable(),
};

/** A refill as the patient sees it (GET /api/refills, newest first). */
export const Refill = z.object({
  ...RefillFields,
  /** Where the parcel goes, for `post`. */
  shipTo: ShipTo.nullable(),
});
export type Refill = z.infer<typeof Refill>;
export const RefillsReply = dataOf(Refill);

/** A refill in the hospital's list: who it is for, how the medicine is taken, and who decided. */
export const StaffRefill = z.object({
  ...RefillFields,
  patient: z.object({ name: z.string(), age: z.number().int().nullable() }),
  /** How the medicine is taken now (the new prescription keeps it), and the day its supply ends. */
  dosing: z.object({
    doses: z.object({
      afterBreakfast: z.number().int(),
      afterLunch: z.number().int(),
      afterDinner: z.number().int(),
      beforeBed: z.number().int(),
    }),
    mealTiming: MealTiming,
    intervalDose: z
      .object({ everyHours: z.number().int(), firstTime: z.string(), amount: z.number().int() })
      .nullable(),
    asNeeded: z
      .object({ amount: z.number().int(), maxPerDay: z.number().int(), reason: z.string().nullable() })
      .nullable(),
    instructions: z.string().nullable(),
    endDate: z.string().nullable(),
  }),
  shipTo: ShipTo.nullable(),
  decidedBy: z.string().nullable(),
});
export type StaffRefill = z.infer<typeof StaffRefill>;
export const StaffRefillsReply = dataOf(StaffRefill);
/**
 * GET …/refills/counts: how many wait for a clinician's decision and for the pharmacy, for the tab's badge. Numbers only:
 * no patient is read, so nothing is audited.
 */
export const RefillCounts = z.object({ toDecide: z.number().int(), toDispense: z.number().int() });
export type RefillCounts = z.infer<typeof RefillCounts>;
export const RefillCountsReply = dataOf(RefillCounts);

export const StaffRefillParams = z.strictObject({
  facilityId: z.string().min(1).max(100),
  refillId: z.uuid({ error: reasons.invalidChoice }),
});

const coordinate = (min: number, max: number) =>
  z.coerce
    .number({ error: reasons.invalidNumber })
    .refine(Number.isFinite, { error: reasons.invalidNumber })
    .pipe(z.number().min(min, { error: reasons.outOfRange }).max(max, { error: reasons.outOfRange }));

/** GET /api/refills/pharmacies: the scheme's pharmacies, nearest first around (lat, lng), else by name. */
export const NearHomePharmaciesQuery = z
  .strictObject({ lat: coordinate(-90, 90).optional(), lng: coordinate(-180, 180).optional() })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), { error: reasons.latLngTogether, path: ['lng'] });

export const NearHomePharmacy = FacilityName.extend({
  address: z.string().nullable(),
  district: z.string().nullable(),
  province: z.string().nullable(),
  openingHours: z.string().nullable(),
  /** Metres from the asked position; null when none was given. */
  distanceM: z.number().int().nullable(),
});
export type NearHomePharmacy = z.infer<typeof NearHomePharmacy>;
export const NearHomePharmaciesReply = dataOf(NearHomePharmacy);
