import {
  type Carrier,
  type MedicationForm,
  type MealTiming,
  type NearHomePharmacy,
  type Refill,
  type RefillBox,
  type RefillDelivery,
  type RefillRequestBody,
  type RefillSentBody,
  type RefillStatus,
  type ShipTo,
  type StaffRefill,
  ageInYears,
  todayInBangkok,
} from '@klaimor/contracts';
import { AppError } from '../../errors.js';
import type { PatientInCare } from '../../plugins/authenticate.js';
import { distanceMetres } from '../hospitals/geo.js';
import { dailyUnits, refillOffered } from '../medications/dose-plan.js';
import { medicationNotFound, toSchedule } from '../medications/medications.service.js';
import type { StaffAccess, StaffAtFacility } from '../staff/staff-access.js';
import type {
  Describe,
  ListedRefillRow,
  RefillsRepository,
  StaffRefillRow,
  StepRefusal,
} from './refills.repository.js';
import { refillNotice } from './refill-notices.js';

const refillNotFound = () => new AppError(404, 'not_found', 'ไม่พบคำขอรับยานี้');
const notOffered = () =>
  new AppError(
    409,
    'refill_not_offered',
    'ยานี้ยังขอรับต่อไม่ได้: ขอได้เฉพาะยาที่แพทย์สั่งเป็นยาประจำ เมื่อใกล้หมด (ภายใน 10 วัน) หรือหมดไปไม่เกิน 90 วัน',
  );
const alreadyRequested = () => new AppError(409, 'refill_already_requested', 'ส่งคำขอรับยานี้ไว้แล้ว รอแพทย์พิจารณา');
const notInScheme = () =>
  new AppError(400, 'pharmacy_not_in_scheme', 'ร้านยานี้ไม่ได้ร่วมโครงการรับยาใกล้บ้าน เลือกร้านจากรายการ');
const movedOn = () => new AppError(409, 'refill_moved_on', 'คำขอนี้มีการดำเนินการไปแล้ว โหลดรายการใหม่เพื่อดูสถานะล่าสุด');

const iso = (at: Date | null) => at?.toISOString() ?? null;

function refillFields(row: ListedRefillRow) {
  return {
    id: row.id,
    status: row.status as RefillStatus,
    delivery: row.delivery as RefillDelivery,
    medication: {
      id: row.medicine.id,
      name: row.medicine.name,
      strength: row.medicine.strength,
      form: row.medicine.form as MedicationForm,
    },
    facility: row.facility,
    pharmacy: row.pharmacy
      ? { id: row.pharmacy.id, nameTh: row.pharmacy.nameTh, nameEn: row.pharmacy.nameEn, address: row.pharmacy.address }
      : null,
    note: row.note,
    requestedAt: row.requestedAt.toISOString(),
    decidedAt: iso(row.decidedAt),
    declineReason: row.declineReason,
    approvedDays: row.approvedDays,
    suppliedUntil: row.suppliedUntil,
    readyAt: iso(row.readyAt),
    pickupQueueNumber: row.pickupQueueNumber,
    sentAt: iso(row.sentAt),
    carrier: row.carrier as Carrier | null,
    carrierName: row.carrierName,
    trackingNumber: row.trackingNumber,
    shipTo: (row.shipTo as ShipTo | null) ?? null,
  };
}

const toRefill = (row: ListedRefillRow): Refill => refillFields(row);

function toStaffRefill(row: StaffRefillRow): StaffRefill {
  const schedule = toSchedule(row.medication);
  return {
    ...refillFields(row),
    patient: { name: `${row.firstname} ${row.lastname}`.trim(), age: ageInYears(row.birthday) },
    dosing: {
      doses: schedule.doses,
      mealTiming: schedule.mealTiming as MealTiming,
      intervalDose: schedule.intervalDose,
      asNeeded: schedule.asNeeded,
      instructions: row.medication.instructions,
      endDate: row.medication.endDate,
    },
    decidedBy: row.decidedByName,
  };
}

/** The patient's side: asking for more of a long-term medicine, following the request, withdrawing it. */
export function createRefillsService({ refills }: { refills: RefillsRepository }) {
  return {
    list: async (userId: string): Promise<Refill[]> => (await refills.forPatient(userId)).map(toRefill),

    async request(patient: PatientInCare, body: RefillRequestBody): Promise<Refill> {
      const today = todayInBangkok();
      const found = await refills.medicine(patient.userId, body.medicationId);
      if (!found) throw medicationNotFound();
      const { medication: med, facilityId, refillWaiting } = found;
      if (refillWaiting) throw alreadyRequested();
      const offered = refillOffered(
        {
          ...toSchedule(med),
          longTerm: med.longTerm,
          prescribed: facilityId !== null,
          recordStatus: med.recordStatus,
          stopped: med.stoppedAt !== null,
          refillWaiting,
        },
        today,
      );
      if (!offered || !facilityId) throw notOffered();
      let pharmacyId: string | null = null;
      if (body.delivery === 'near_home_pharmacy') {
        pharmacyId = await refills.nearHomePharmacy(body.pharmacyId ?? '');
        if (!pharmacyId) throw notInScheme();
      }
      const shipTo = body.delivery === 'post' ? await refills.shipTo(patient.userId) : null;
      const id = await refills.create({
        userId: patient.userId,
        medicationId: med.id,
        facilityId,
        requestedBy: patient.caregiverUserId ?? patient.userId,
        delivery: body.delivery,
        pharmacyId,
        shipTo,
        note: body.note ?? null,
      });
      if (id === 'waiting') throw alreadyRequested();
      const row = await refills.oneOfPatient(patient.userId, id);
      if (!row) throw refillNotFound();
      return toRefill(row);
    },

    /** Withdraws a request the clinician has not decided yet. */
    async cancel(userId: string, id: string): Promise<Refill> {
      const row = await refills.oneOfPatient(userId, id);
      if (!row) throw refillNotFound();
      if (!(await refills.cancel(userId, id))) throw movedOn();
      return toRefill({ ...row, status: 'cancelled' });
    },

    /** The scheme's pharmacies, nearest first around the given point, else by name. */
    async pharmacies(at: { lat?: number; lng?: number }): Promise<NearHomePharmacy[]> {
      const rows = (await refills.nearHomePharmacies()).map(({ lat, lng, ...rest }) => ({
        ...rest,
        distanceM:
          at.lat !== undefined && at.lng !== undefined ? Math.round(distanceMetres(at.lat, at.lng, lat, lng)) : null,
      }));
      return at.lat === undefined ? rows : rows.sort((a, b) => (a.distanceM ?? 0) - (b.distanceM ?? 0));
    },
  };
}
export type RefillsService = ReturnType<typeof createRefillsService>;

function outcome(result: { done: true; userId: string } | { done: false; refusal: StepRefusal }) {
  if (!result.done) throw result.refusal === 'not_found' ? refillNotFound() : movedOn();
}

/**
 * The hospital's side: its clinicians decide the requests for the medicines it prescribed, its pharmacy hands the
 * approved ones over. Every list and step is audited for the patient, who reads it in who opened their data.
 */
export function createRefillDeskService({ refills, access }: { refills: RefillsRepository; access: StaffAccess }) {
  const actor = (by: StaffAtFacility) => ({ memberId: by.memberId, role: by.role, facilityId: by.facilityId });
  const tell =
    (action: Parameters<typeof refillNotice>[0]): Describe =>
    (row, names) => ({ action: `refill.${action}`, notice: refillNotice(action, row, names) });

  /** The request as the step left it. */
  async function after(by: StaffAtFacility, id: string): Promise<StaffRefill> {
    const row = await refills.oneOfFacility(by.facilityId, id);
    if (!row) throw refillNotFound();
    return toStaffRefill(row);
  }

  return {
    async list(by: StaffAtFacility, box: RefillBox): Promise<StaffRefill[]> {
      const rows = await refills.forFacility(by.facilityId, box);
      await access.auditReads(by, 'patient.listed', [...new Set(rows.map((r) => r.userId))]);
      return rows.map(toStaffRefill);
    },

    /** The badge's numbers: no patient is read, so none is audited. */
    counts: (by: StaffAtFacility) => refills.counts(by.facilityId),

    async approve(by: StaffAtFacility, id: string, days: number): Promise<StaffRefill> {
      const unitsOf = (med: Parameters<typeof toSchedule>[0]) => dailyUnits(toSchedule(med)) * days;
      outcome(await refills.approve(actor(by), id, days, todayInBangkok(), unitsOf, tell('approved')));
      return after(by, id);
    },

    async decline(by: StaffAtFacility, id: string, reason: string): Promise<StaffRefill> {
      outcome(await refills.decline(actor(by), id, reason, tell('declined')));
      return after(by, id);
    },

    async ready(by: StaffAtFacility, id: string): Promise<StaffRefill> {
      outcome(await refills.ready(actor(by), id, todayInBangkok(), tell('ready')));
      return after(by, id);
    },

    async sent(by: StaffAtFacility, id: string, parcel: RefillSentBody): Promise<StaffRefill> {
      const { carrier, carrierName, trackingNumber } = parcel;
      outcome(
        await refills.sent(
          actor(by),
          id,
          { carrier, carrierName: carrier === 'other' ? (carrierName ?? null) : null, trackingNumber },
          tell('sent'),
        ),
      );
      return after(by, id);
    },
  };
}
export type RefillDeskService = ReturnType<typeof createRefillDeskService>;
