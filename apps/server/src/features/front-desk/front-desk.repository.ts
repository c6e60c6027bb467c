import { type AppointmentStatus, isValidThaiId, stripThaiIdFormatting } from '@klaimor/contracts';
import { type SQL, and, asc, eq, gt, gte, ilike, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  appointments,
  clinics,
  coverages,
  hospitalNumbers,
  queueCounters,
  screeningSlots,
  users,
} from '../../db/schema.js';
import { uniqueViolation } from '../../db/results.js';
import {
  type AppointmentMoveName,
  moveAppointment,
  moveAppointments,
} from '../../shared/appointment-lifecycle/appointment-lifecycle.js';
import { AppError } from '../../errors.js';
import { queueAhead, queuePrefix } from '../appointments/appointments.repository.js';
import { clinicName } from '../clinics/clinics.repository.js';

export interface DayListFilter {
  status?: AppointmentStatus;
  /** Already trimmed: a name, phone digits, a booking reference, an ID or passport number or a hospital number. */
  q?: string;
  clinicId?: string;
  /** The sessions this member sees patients in. */
  clinicianMemberId?: string;
}

/** `%` and `_` typed at the desk are letters, not wildcards. */
const literally = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * What the desk typed, matched against the patient and the booking: part of the name or phone number, the start of the
 * booking reference, or the whole of an ID number, passport number or hospital number (never part of one: a few
 * digits must not list strangers by their ID).
 */
function matching(q: string): SQL | undefined {
  // A phone as people type it (spaces, dashes, a leading +): never the digits inside a booking reference or a word.
  const digits = /^[\d\s\-+().]+$/.test(q) ? q.replace(/\D/g, '') : '';
  const idNumber = stripThaiIdFormatting(q);
  const word = q.toUpperCase();
  return or(
    ilike(sql`${users.firstname} || ' ' || ${users.lastname}`, `%${literally(q)}%`),
    digits.length >= 3 ? sql`${users.phone} like ${`%${digits}%`}` : undefined,
    /^[0-9a-f]{4,8}$/i.test(q) ? sql`${appointments.id}::text like ${`${q.toLowerCase()}%`}` : undefined,
    isValidThaiId(idNumber) ? eq(users.thaiId, idNumber) : undefined,
    /^[0-9A-Z]{6,9}$/.test(word) ? eq(users.passportNumber, word) : undefined,
    eq(hospitalNumbers.hospitalNumber, word),
  );
}

/** The moves the desk and the clinician make from the day list. */
export type StaffMove = Extract<AppointmentMoveName, 'called_in' | 'no_show' | 'cancelled_by_hospital'>;

/** A clinic's next queue number of a day: the counter row hands them out one at a time. */
async function nextQueueNumber(tx: Tx, clinicId: string, day: string): Promise<number> {
  const [counter] = await tx
    .insert(queueCounters)
    .values({ clinicId, onDate: day, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [queueCounters.clinicId, queueCounters.onDate],
      set: { lastNumber: sql`${queueCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: queueCounters.lastNumber });
  return counter.lastNumber;
}

/**
 * The check-in rule, in the caller's transaction (the desk's, or a hospital system's that records its own audit entry
 * in the same one): the appointment row is locked first, so two check-ins of the same patient at once give one number
 * (the second finds it given); the counter row then hands out numbers one at a time, and a unique index backs it.
 * Throws the lifecycle's refusal (404, 409) when the patient may not be checked in.
 */
export async function checkInWithin(tx: Tx, facilityId: string, appointmentId: string) {
  const [row] = await tx
    .select({
      queueNumber: appointments.queueNumber,
      clinicId: screeningSlots.clinicId,
      day: sql<string>`to_char(${screeningSlots.startsAt} at time zone 'Asia/Bangkok', 'YYYY-MM-DD')`,
    })
    .from(appointments)
    .innerJoin(screeningSlots, eq(screeningSlots.id, appointments.slotId))
    .where(and(eq(appointments.id, appointmentId), eq(appointments.facilityId, facilityId)))
    .for('update', { of: appointments });
  if (row?.queueNumber != null) return { outcome: 'already' as const, queueNumber: row.queueNumber };
  // The number is taken before the move, so the move writes the row once (a second UPDATE of a row this
  // transaction changed re-checks its foreign keys, and would queue behind a cancellation holding the slot);
  // a refused move rolls the number back with it. The move checks that the slot's day is today.
  const queue = row && {
    number: await nextQueueNumber(tx, row.clinicId, row.day),
    date: row.day,
    clinicId: row.clinicId,
  };
  await moveAppointment(tx, appointmentId, 'checked_in', { facilityId, queue });
  return { outcome: 'checked_in' as const, queueNumber: queue!.number };
}

export function createFrontDeskRepository(db: Db) {
  const entries = (where: SQL | undefined) =>
    db
      .select({
        // What the list shows of an appointment, and no more: 2,000 rows of every column cost the driver tens of ms.
        appointment: {
          id: appointments.id,
          userId: appointments.userId,
          status: appointments.status,
          symptoms: appointments.symptoms,
          duration: appointments.duration,
          depositAmount: appointments.depositAmount,
          depositPaidAt: appointments.depositPaidAt,
          depositAtDesk: appointments.depositAtDesk,
          refundRequestedAt: appointments.refundRequestedAt,
          refundedAt: appointments.refundedAt,
          cancelledBy: appointments.cancelledBy,
          cancelReason: appointments.cancelReason,
          queueNumber: appointments.queueNumber,
        },
        queueAhead,
        queuePrefix,
        clinic: clinicName,
        slot: {
          id: screeningSlots.id,
          startsAt: screeningSlots.startsAt,
          endsAt: screeningSlots.endsAt,
          doctor: screeningSlots.doctor,
        },
        patient: { firstname: users.firstname, lastname: users.lastname, birthday: users.birthday, phone: users.phone },
        hospitalNumber: hospitalNumbers.hospitalNumber,
      })
      .from(screeningSlots)
      .innerJoin(appointments, eq(appointments.slotId, screeningSlots.id))
      .innerJoin(clinics, eq(clinics.id, screeningSlots.clinicId))
      .leftJoin(users, eq(users.id, appointments.userId))
      .leftJoin(
        hospitalNumbers,
        and(eq(hospitalNumbers.facilityId, appointments.facilityId), eq(hospitalNumbers.userId, appointments.userId)),
      )
      .where(where);
  const inDayOrder = [
    asc(screeningSlots.startsAt),
    sql`${appointments.queueNumber} nulls last`,
    asc(appointments.createdAt),
  ];

  return {
    /** The appointments of a facility whose slot starts on a Bangkok date, in time order, then queue order. */
    dayList: (facilityId: string, date: string, filter: DayListFilter) =>
      entries(
        and(
          eq(screeningSlots.facilityId, facilityId),
          gte(screeningSlots.startsAt, sql`(${date}::date)::timestamp at time zone 'Asia/Bangkok'`),
          lt(screeningSlots.startsAt, sql`(${date}::date + 1)::timestamp at time zone 'Asia/Bangkok'`),
          filter.status ? eq(appointments.status, filter.status) : undefined,
          filter.q ? matching(filter.q) : undefined,
          filter.clinicId ? eq(screeningSlots.clinicId, filter.clinicId) : undefined,
          filter.clinicianMemberId ? eq(screeningSlots.doctorMemberId, filter.clinicianMemberId) : undefined,
        ),
      ).orderBy(...inDayOrder),

    /**
     * The facility's appointments on any date matching what the desk typed: those from today on first, soonest first,
     * then earlier ones, latest first.
     */
    search: (facilityId: string, q: string, limit: number) =>
      entries(and(eq(screeningSlots.facilityId, facilityId), matching(q)))
        .orderBy(
          sql`${screeningSlots.startsAt} < (current_date at time zone 'Asia/Bangkok')`,
          sql`abs(extract(epoch from ${screeningSlots.startsAt} - (current_date at time zone 'Asia/Bangkok')))`,
          asc(appointments.createdAt),
        )
        .limit(limit),

    /** One of the facility's appointments as the day list shows it. */
    async entry(facilityId: string, appointmentId: string) {
      const [row] = await entries(and(eq(appointments.facilityId, facilityId), eq(appointments.id, appointmentId)));
      return row ?? null;
    },

    /** Who the patient of one of the facility's appointments is, for the hospital's own registration. */
    async registration(facilityId: string, appointmentId: string) {
      const [row] = await db
        .select({
          userId: users.id,
          firstname: users.firstname,
          lastname: users.lastname,
          idType: users.idType,
          thaiId: users.thaiId,
          passportNumber: users.passportNumber,
          nationality: users.nationality,
          birthday: users.birthday,
          gender: users.gender,
          address: users.address,
          subdistrict: users.subdistrict,
          district: users.district,
          province: users.province,
          postcode: users.postcode,
          phone: users.phone,
          hospitalNumber: hospitalNumbers.hospitalNumber,
        })
        .from(appointments)
        .innerJoin(users, eq(users.id, appointments.userId))
        .leftJoin(
          hospitalNumbers,
          and(eq(hospitalNumbers.facilityId, appointments.facilityId), eq(hospitalNumbers.userId, users.id)),
        )
        .where(and(eq(appointments.facilityId, facilityId), eq(appointments.id, appointmentId)));
      return row ?? null;
    },

    /** The patient's entitlements in force on a date (a public scheme, private plans), for the registration. */
    coveragesInForce: (userId: string, date: string) =>
      db
        .select({
          kind: coverages.kind,
          scheme: coverages.scheme,
          insurer: coverages.insurer,
          planName: coverages.planName,
          registeredFacility: coverages.registeredFacility,
          memberNumber: coverages.memberNumber,
        })
        .from(coverages)
        .where(
          and(
            eq(coverages.userId, userId),
            or(isNull(coverages.validFrom), lte(coverages.validFrom, date)),
            or(isNull(coverages.validTo), gte(coverages.validTo, date)),
          ),
        )
        .orderBy(asc(coverages.createdAt)),

    /**
     * Sets the patient's hospital number at the facility (a first one, or a typing slip corrected); the unique index
     * decides when two desks give one number to two patients at once.
     */
    async setHospitalNumber(facilityId: string, userId: string, hospitalNumber: string, setBy: string) {
      try {
        await db
          .insert(hospitalNumbers)
          .values({ facilityId, userId, hospitalNumber, setBy })
          .onConflictDoUpdate({
            target: [hospitalNumbers.facilityId, hospitalNumbers.userId],
            set: { hospitalNumber, setBy, setAt: sql`now()` },
          });
        return 'set' as const;
      } catch (error) {
        if (uniqueViolation(error) !== null) return 'taken' as const;
        throw error;
      }
    },

    /**
     * Checks a booked patient in on the day of their slot and gives the next queue number of the slot's clinic that day, in
     * one transaction (`checkInWithin`). Throws the lifecycle's refusal (404, 409) when the patient may not be checked in.
     */
    checkIn: (facilityId: string, appointmentId: string) =>
      db.transaction((tx) => checkInWithin(tx, facilityId, appointmentId)),

    /**
     * Moves a booked patient to another slot of the facility, in one transaction: the slots are locked first, in id
     * order (as a booking and a closing day take them), then the appointment by the lifecycle's move, which writes the
     * event that tells the patient; the new slot then gives a place only while it has one, and the old takes its place
     * back. Two desks moving patients into a slot's last place at once: one gets it, the other a 409 and nothing
     * changed. The deposit stays as it was paid. Returns the starts of the old and the new slot.
     */
    async moveToSlot(facilityId: string, appointmentId: string, slotId: string) {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ slotId: appointments.slotId, startsAt: screeningSlots.startsAt })
          .from(appointments)
          .innerJoin(screeningSlots, eq(screeningSlots.id, appointments.slotId))
          .where(and(eq(appointments.id, appointmentId), eq(appointments.facilityId, facilityId)));
        if (!current) throw new AppError(404, 'not_found', 'ไม่พบนัดหมายนี้');
        if (current.slotId === slotId) {
          throw new AppError(409, 'appointment_same_slot', 'ผู้ป่วยนัดไว้ในช่วงเวลานี้อยู่แล้ว กรุณาเลือกเวลาอื่น');
        }
        await tx
          .select({ id: screeningSlots.id })
          .from(screeningSlots)
          .where(inArray(screeningSlots.id, [current.slotId, slotId]))
          .orderBy(screeningSlots.id)
          .for('no key update');
        // A hold of the new slot past its time must not keep the patient out before housekeeping comes round.
        await moveAppointments(tx, eq(appointments.slotId, slotId), 'hold_lapsed');
        const moved = await moveAppointment(tx, appointmentId, 'moved_by_hospital', { facilityId });
        // Another desk moved the patient between the first read and the lock: the slots locked are not theirs now.
        if (moved.slotId !== current.slotId) {
          throw new AppError(409, 'appointment_status_conflict', 'นัดนี้เพิ่งถูกย้ายโดยผู้อื่น กรุณาดูรายการล่าสุด');
        }
        const [place] = await tx
          .update(screeningSlots)
          .set({ taken: sql`${screeningSlots.taken} + 1` })
          .where(
            and(
              eq(screeningSlots.id, slotId),
              eq(screeningSlots.facilityId, facilityId),
              lt(screeningSlots.taken, screeningSlots.capacity),
              gt(screeningSlots.startsAt, sql`now()`),
              isNull(screeningSlots.withdrawnAt),
            ),
          )
          .returning({ startsAt: screeningSlots.startsAt });
        if (!place) {
          const [slot] = await tx
            .select({ taken: screeningSlots.taken, capacity: screeningSlots.capacity })
            .from(screeningSlots)
            .where(
              and(
                eq(screeningSlots.id, slotId),
                eq(screeningSlots.facilityId, facilityId),
                gt(screeningSlots.startsAt, sql`now()`),
                isNull(screeningSlots.withdrawnAt),
              ),
            );
          throw slot
            ? new AppError(409, 'slot_full', 'ช่วงเวลานี้เต็มแล้ว กรุณาเลือกเวลาอื่น')
            : new AppError(409, 'slot_unavailable', 'ช่วงเวลานี้รับนัดไม่ได้แล้ว กรุณาเลือกเวลาอื่น');
        }
        await tx
          .update(screeningSlots)
          .set({ taken: sql`${screeningSlots.taken} - 1` })
          .where(eq(screeningSlots.id, current.slotId));
        await tx
          .update(appointments)
          .set({ slotId, updatedAt: sql`now()` })
          .where(eq(appointments.id, appointmentId));
        return { from: current.startsAt, to: place.startsAt };
      });
    },

    /**
     * Makes a move of the lifecycle table for one of the facility's appointments, in a transaction of its own; throws
     * its refusal (404 for another facility's, 409 with the move's code).
     */
    move: (facilityId: string, appointmentId: string, name: StaffMove, reason?: string) =>
      db.transaction((tx) => moveAppointment(tx, appointmentId, name, { facilityId, reason })),
  };
}
export type FrontDeskRepository = ReturnType<typeof createFrontDeskRepository>;
