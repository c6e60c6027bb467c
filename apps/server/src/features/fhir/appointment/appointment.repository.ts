import { type SQL, and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.js';
import { appointments, clinics, facilities, hospitalNumbers, screeningSlots, users } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import {
  APPOINTMENT_MOVES,
  type AppointmentMoveName,
  holdPastItsTime,
  moveAppointment,
} from '../../../shared/appointment-lifecycle/appointment-lifecycle.js';
import { queuePrefix } from '../../appointments/appointments.repository.js';
import { checkInWithin } from '../../front-desk/front-desk.repository.js';
import type { SystemAtFacility } from '../fhir-resources.js';
import { PATIENT_COLUMNS } from '../patient/patient.repository.js';
import { type Cursor, afterCursor, microsOf } from '../fhir-search.js';
import { Refusal, recordSystemAct } from '../fhir-store.js';

/**
 * The status as it stands now: an unpaid hold past its time is expired whether or not housekeeping has recorded it
 * yet, as every other reader of appointments derives it.
 */
export const statusNow = sql<string>`case when ${holdPastItsTime} then 'expired' else ${appointments.status} end`;

/**
 * The appointment's version: how many events its lifecycle has written. Every status change, a move to another slot
 * and the queue number's coming each write one under the appointment's row lock, so the count goes up exactly when the
 * appointment as a system reads it changes (the hospital number, which the facility keeps for the patient, aside).
 */
const version = sql<number>`(select count(*)::int from appointment_events e where e.appointment_id = ${appointments.id})`;

const view = {
  id: appointments.id,
  userId: appointments.userId,
  status: statusNow,
  symptoms: appointments.symptoms,
  duration: appointments.duration,
  cancelledBy: appointments.cancelledBy,
  cancelReason: appointments.cancelReason,
  queueNumber: appointments.queueNumber,
  queueDate: appointments.queueDate,
  queuePrefix,
  createdAt: appointments.createdAt,
  updatedAt: appointments.updatedAt,
  version,
  slotId: screeningSlots.id,
  startsAt: screeningSlots.startsAt,
  endsAt: screeningSlots.endsAt,
  clinicName: clinics.nameTh,
  facilityStableId: facilities.stableId,
  patient: PATIENT_COLUMNS,
  hospitalNumber: hospitalNumbers.hospitalNumber,
  cursorMicros: microsOf(screeningSlots.startsAt),
};
export type AppointmentView = Awaited<ReturnType<ReturnType<typeof selectView>>>[number];

/**
 * The facility's appointments as its system may read them. An appointment whose patient erased their account is kept
 * only as an anonymous payment record, with no patient to name, so it is none of a system's business (not found).
 */
function selectView(executor: Db | Tx) {
  return (where: SQL | undefined) =>
    executor
      .select(view)
      .from(appointments)
      .innerJoin(screeningSlots, eq(screeningSlots.id, appointments.slotId))
      .innerJoin(clinics, eq(clinics.id, screeningSlots.clinicId))
      .innerJoin(facilities, eq(facilities.id, appointments.facilityId))
      .innerJoin(users, eq(users.id, appointments.userId))
      .leftJoin(
        hospitalNumbers,
        and(eq(hospitalNumbers.facilityId, appointments.facilityId), eq(hospitalNumbers.userId, appointments.userId)),
      )
      .where(and(isNotNull(appointments.userId), where));
}

/** The status changes a hospital's system may make, each one of the front desk's own. */
export type SystemStatusChange = { kind: 'check_in' } | { kind: 'no_show' } | { kind: 'cancel'; reason: string };

const MOVES: Record<Exclude<SystemStatusChange['kind'], 'check_in'>, AppointmentMoveName> = {
  no_show: 'no_show',
  cancel: 'cancelled_by_hospital',
};

const ACTIONS = {
  check_in: 'fhir_appointment.checked_in',
  no_show: 'fhir_appointment.no_show',
  cancel: 'fhir_appointment.cancelled',
} as const;

export function createAppointmentRepository(db: Db) {
  const one = async (executor: Db | Tx, facilityId: string, id: string): Promise<AppointmentView | null> => {
    const [row] = await selectView(executor)(and(eq(appointments.facilityId, facilityId), eq(appointments.id, id)));
    return row ?? null;
  };

  return {
    one: (facilityId: string, id: string) => one(db, facilityId, id),

    /** A page of the facility's appointments meeting every condition, by the slot's start. */
    search: (facilityId: string, conditions: SQL[], cursor: Cursor | null, limit: number) =>
      selectView(db)(
        and(
          eq(appointments.facilityId, facilityId),
          ...conditions,
          cursor ? afterCursor(screeningSlots.startsAt, appointments.id, cursor) : undefined,
        ),
      )
        .orderBy(asc(screeningSlots.startsAt), asc(appointments.id))
        .limit(limit),

    /**
     * Records that the system saw these patients in a search, once per system, patient and Bangkok day, as a staff
     * member's list is: a system polling the day's bookings every minute is one read of each patient a day.
     */
    async recordListed(system: SystemAtFacility, patientUserIds: string[]): Promise<void> {
      if (!patientUserIds.length) return;
      await db.execute(sql`
        insert into audit_events (system_client_id, facility_id, patient_user_id, action)
        select ${system.systemClientId}::uuid, ${system.facilityId}::uuid, p, 'fhir_appointment.listed'
        from unnest(${`{${[...new Set(patientUserIds)].join(',')}}`}::uuid[]) p
        where not exists (
          select 1 from audit_events e
          where e.system_client_id = ${system.systemClientId}::uuid and e.patient_user_id = p
            and e.action = 'fhir_appointment.listed'
            and e.at >= (now() at time zone 'Asia/Bangkok')::date::timestamp at time zone 'Asia/Bangkok')`);
    },

    /**
     * A status change, in one transaction with its audit entry: the appointment's slot, then the appointment, are
     * locked (the order a booking, a closing day and a cancellation take them), the version the system read checked,
     * the appointment as it stands handed to `judge` (which refuses what may not change), and the front desk's own
     * rule applied: its check-in with the day's queue number, or the lifecycle's move. A refusal rolls it all back.
     * `refundOwed`: a cancellation owes the paid deposit back, which the caller asks the provider for once committed.
     */
    async changeStatus(
      system: SystemAtFacility,
      id: string,
      ifMatch: number | null,
      judge: (current: AppointmentView) => SystemStatusChange | null,
    ): Promise<{ row: AppointmentView; refundOwed: boolean }> {
      return db.transaction(async (tx) => {
        const inFacility = and(eq(appointments.facilityId, system.facilityId), eq(appointments.id, id));
        const [slot] = await tx
          .select({ id: screeningSlots.id })
          .from(screeningSlots)
          .where(
            eq(
              screeningSlots.id,
              sql`(select ${appointments.slotId} from ${appointments} where ${inFacility} and ${appointments.userId} is not null)`,
            ),
          )
          .for('no key update');
        if (!slot) throw new Refusal('not_found');
        const [locked] = await tx
          .select({ slotId: appointments.slotId })
          .from(appointments)
          .where(inFacility)
          .for('update');
        // The desk moved the patient to another slot between the two locks: the slot locked is no longer theirs.
        if (!locked || locked.slotId !== slot.id) throw new Refusal('version_mismatch');
        const current = (await one(tx, system.facilityId, id))!;
        if (ifMatch !== null && current.version !== ifMatch) throw new Refusal('version_mismatch');
        const change = judge(current);
        if (!change) return { row: current, refundOwed: false };
        let refundOwed = false;
        if (change.kind === 'check_in') {
          // Given a number already, yet not arrived now: past arrival (completed), which no check-in undoes.
          const { outcome } = await checkInWithin(tx, system.facilityId, id);
          if (outcome === 'already') {
            const { code, message } = APPOINTMENT_MOVES.checked_in.refusal;
            throw new AppError(409, code, message);
          }
        } else {
          const moved = await moveAppointment(tx, id, MOVES[change.kind], {
            facilityId: system.facilityId,
            ...(change.kind === 'cancel' && { reason: change.reason }),
          });
          refundOwed = moved.refundOwed;
        }
        await recordSystemAct(tx, system, ACTIONS[change.kind], id);
        return { row: (await one(tx, system.facilityId, id))!, refundOwed };
      });
    },
  };
}
export type AppointmentRepository = ReturnType<typeof createAppointmentRepository>;
