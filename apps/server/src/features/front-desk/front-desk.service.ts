import {
  APPOINTMENT_SEARCH_LIMIT,
  type AppointmentStatus,
  type DayListEntry,
  type DayListQuery,
  type DepositState,
  type HealthScheme,
  type PatientRegistration,
  ageInYears,
  assessSymptoms,
  bookingReference,
  todayInBangkok,
} from '@klaimor/contracts';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { cancellationOf, queuePlaceOf } from '../appointments/appointments.service.js';
import type { StaffAccess, StaffAtFacility } from '../staff/staff-access.js';
import type { FrontDeskRepository } from './front-desk.repository.js';

type Row = NonNullable<Awaited<ReturnType<FrontDeskRepository['entry']>>>;

const notFound = () => new AppError(404, 'not_found', 'ไม่พบนัดหมายนี้');

/** What became of the deposit, as both sides are shown it. */
export function depositState(a: Row['appointment']): DepositState {
  if (a.depositAtDesk === 'waived') return 'waived';
  if (a.depositAmount === 0) return 'none';
  if (a.refundedAt) return 'refunded';
  if (a.refundRequestedAt) return 'refund_pending';
  if (a.depositPaidAt) return a.status === 'cancelled' || a.status === 'no_show' ? 'kept' : 'paid';
  return a.status === 'awaiting_deposit' ? 'awaiting' : 'none';
}

/**
 * The red flags of a patient's words, remembered for the last 5,000 texts: the desk's list is asked for every few
 * seconds, and reading 2,000 texts afresh each time cost some 60 ms of the route (bench/day-list.ts).
 */
const redFlagsSeen = new Map<string, string[]>();
function redFlagsOf(symptoms: string): string[] {
  let flags = redFlagsSeen.get(symptoms);
  if (!flags) {
    flags = assessSymptoms(symptoms).redFlags.map((hit) => hit.id);
    if (redFlagsSeen.size >= 5000) redFlagsSeen.delete(redFlagsSeen.keys().next().value!);
    redFlagsSeen.set(symptoms, flags);
  }
  return flags;
}

export function toDayListEntry({
  appointment: a,
  queueAhead,
  queuePrefix,
  clinic,
  slot,
  patient,
  hospitalNumber,
}: Row): DayListEntry {
  return {
    id: a.id,
    reference: bookingReference(a.id),
    slotId: slot.id,
    start: slot.startsAt.toISOString(),
    end: slot.endsAt.toISOString(),
    clinic,
    clinician: slot.doctor,
    status: a.status as AppointmentStatus,
    queue: queuePlaceOf(a, queueAhead, queuePrefix),
    patient: patient
      ? {
          name: `${patient.firstname} ${patient.lastname}`,
          age: ageInYears(patient.birthday),
          phone: patient.phone,
          hospitalNumber,
        }
      : null,
    symptoms: a.symptoms,
    duration: a.duration,
    redFlags: redFlagsOf(a.symptoms),
    deposit: {
      amount: a.depositAmount,
      state: depositState(a),
      atDesk: (a.depositAtDesk as DayListEntry['deposit']['atDesk']) ?? null,
    },
    cancellation: cancellationOf(a),
  };
}

interface Deps {
  frontDesk: FrontDeskRepository;
  access: StaffAccess;
  /** Asks the payment provider at once for a refund a cancellation owes (housekeeping retries any it cannot make). */
  returnDeposits: () => Promise<unknown>;
}

/** The facility's day: the list, check-in with the day's queue number, the consultation starting, no-shows, cancelling. */
export function createFrontDeskService({ frontDesk, access, returnDeposits }: Deps) {
  async function entry(actor: StaffAtFacility, appointmentId: string): Promise<DayListEntry> {
    const row = await frontDesk.entry(actor.facilityId, appointmentId);
    if (!row) throw notFound();
    return toDayListEntry(row);
  }

  /** The change is audited with the patient it concerns; the reply is the appointment as the list shows it. */
  async function changed(actor: StaffAtFacility, appointmentId: string, action: string): Promise<DayListEntry> {
    const row = await frontDesk.entry(actor.facilityId, appointmentId);
    if (!row) throw notFound();
    await access.audit(actor, { action, target: appointmentId, patientUserId: row.appointment.userId });
    return toDayListEntry(row);
  }

  /** The patient of one of the facility's appointments (404 for another facility's, or once the account is gone). */
  async function registrationOf(actor: StaffAtFacility, appointmentId: string) {
    const row = await frontDesk.registration(actor.facilityId, appointmentId);
    if (!row) throw notFound();
    return row;
  }

  async function registration(
    actor: StaffAtFacility,
    appointmentId: string,
  ): Promise<{ userId: string; registration: PatientRegistration }> {
    const row = await registrationOf(actor, appointmentId);
    const inForce = await frontDesk.coveragesInForce(row.userId, todayInBangkok());
    const publicScheme = inForce.find((c) => c.kind === 'public' && c.scheme);
    return {
      userId: row.userId,
      registration: {
        name: `${row.firstname} ${row.lastname}`,
        idDocument: {
          type: row.idType as PatientRegistration['idDocument']['type'],
          number: row.thaiId ?? row.passportNumber ?? '',
          nationality: row.nationality,
        },
        birthday: row.birthday,
        gender: row.gender,
        address: [row.address, row.subdistrict, row.district, row.province, row.postcode].join(' '),
        phone: row.phone,
        hospitalNumber: row.hospitalNumber,
        publicScheme: publicScheme
          ? {
              scheme: publicScheme.scheme as HealthScheme,
              registeredFacility: publicScheme.registeredFacility,
              memberNumber: publicScheme.memberNumber,
            }
          : null,
        insurances: inForce
          .filter((c) => c.kind === 'private' && c.insurer)
          .map((c) => ({ insurer: c.insurer!, planName: c.planName, memberNumber: c.memberNumber })),
      },
    };
  }

  return {
    /** One of the facility's appointments as the list shows it (404 for another facility's). */
    entry,

    /** The facility's appointments on any date that match what the desk typed; each patient listed is audited. */
    async search(actor: StaffAtFacility, q: string): Promise<DayListEntry[]> {
      const rows = await frontDesk.search(actor.facilityId, q, APPOINTMENT_SEARCH_LIMIT);
      await access.auditReads(
        actor,
        'patient.listed',
        rows.flatMap((r) => (r.appointment.userId ? [r.appointment.userId] : [])),
      );
      return rows.map(toDayListEntry);
    },

    /** What the desk registers the patient with in the hospital's own system; each reading is audited. */
    async registration(actor: StaffAtFacility, appointmentId: string): Promise<PatientRegistration> {
      const { userId, registration: answer } = await registration(actor, appointmentId);
      await access.audit(actor, {
        action: 'patient.registration_viewed',
        target: appointmentId,
        patientUserId: userId,
      });
      return answer;
    },

    /** Keeps the hospital number the hospital's own system gave the patient; 409 if another patient here has it. */
    async setHospitalNumber(
      actor: StaffAtFacility,
      appointmentId: string,
      hospitalNumber: string,
    ): Promise<PatientRegistration> {
      const { userId } = await registrationOf(actor, appointmentId);
      const outcome = await frontDesk.setHospitalNumber(actor.facilityId, userId, hospitalNumber, actor.memberId);
      if (outcome === 'taken') {
        throw new AppError(409, 'hospital_number_taken', 'HN นี้เป็นของผู้ป่วยคนอื่นของโรงพยาบาลนี้แล้ว กรุณาตรวจสอบอีกครั้ง');
      }
      await access.audit(actor, {
        action: 'patient.hospital_number_set',
        target: appointmentId,
        patientUserId: userId,
      });
      return (await registration(actor, appointmentId)).registration;
    },

    async dayList(actor: StaffAtFacility, query: z.output<typeof DayListQuery>): Promise<DayListEntry[]> {
      const rows = await frontDesk.dayList(actor.facilityId, query.date ?? todayInBangkok(), {
        status: query.status,
        q: query.q || undefined,
        clinicId: query.clinicId,
        clinicianMemberId: query.clinician === 'me' ? actor.memberId : undefined,
      });
      await access.auditReads(
        actor,
        'patient.listed',
        rows.flatMap((r) => (r.appointment.userId ? [r.appointment.userId] : [])),
      );
      return rows.map(toDayListEntry);
    },

    /** On the slot's day, a booking whose deposit is paid; a patient checked in already keeps their number. */
    async checkIn(actor: StaffAtFacility, appointmentId: string): Promise<DayListEntry> {
      const result = await frontDesk.checkIn(actor.facilityId, appointmentId);
      return result.outcome === 'checked_in'
        ? changed(actor, appointmentId, 'appointment.checked_in')
        : entry(actor, appointmentId);
    },

    async startConsultation(actor: StaffAtFacility, appointmentId: string): Promise<DayListEntry> {
      await frontDesk.move(actor.facilityId, appointmentId, 'called_in');
      return changed(actor, appointmentId, 'appointment.consultation_started');
    },

    /** After the slot has ended only; the deposit is kept, as the booking rules say. */
    async noShow(actor: StaffAtFacility, appointmentId: string): Promise<DayListEntry> {
      await frontDesk.move(actor.facilityId, appointmentId, 'no_show');
      return changed(actor, appointmentId, 'appointment.no_show');
    },

    /** Moves a booked patient to another slot here, the deposit with them; the patient is told the new time. */
    async moveToSlot(actor: StaffAtFacility, appointmentId: string, slotId: string): Promise<DayListEntry> {
      const { from, to } = await frontDesk.moveToSlot(actor.facilityId, appointmentId, slotId);
      const row = await frontDesk.entry(actor.facilityId, appointmentId);
      if (!row) throw notFound();
      await access.audit(actor, {
        action: 'appointment.moved',
        target: appointmentId,
        patientUserId: row.appointment.userId,
        details: { kind: 'moved', from: from.toISOString(), to: to.toISOString() },
      });
      return toDayListEntry(row);
    },

    /** The hospital cancels: the place goes back, a paid deposit is refunded in full, the patient is told why. */
    async cancel(actor: StaffAtFacility, appointmentId: string, reason: string): Promise<DayListEntry> {
      const { refundOwed } = await frontDesk.move(actor.facilityId, appointmentId, 'cancelled_by_hospital', reason);
      if (refundOwed) await returnDeposits();
      return changed(actor, appointmentId, 'appointment.cancelled_by_hospital');
    },
  };
}
export type FrontDeskService = ReturnType<typeof createFrontDeskService>;
