import { randomUUID } from 'node:crypto';
import {
  type DayListEntry,
  type DeskBookingInput,
  type DeskPatient,
  type DeskRegistration,
  DEPOSIT_HOLD_MINUTES,
  ageInYears,
} from '@klaimor/contracts';
import { AppError } from '../../errors.js';
import type { OtpService } from '../auth/otp.service.js';
import type { FrontDeskService } from '../front-desk/front-desk.service.js';
import type { StaffAccess, StaffAtFacility } from '../staff/staff-access.js';
import type { UsersService } from '../users/users.service.js';
import type { DeskBookingsRepository, DeskPatientRow } from './desk-bookings.repository.js';

/** The payment provider's name on a booking whose deposit the desk took in cash or waived: no provider had it. */
export const DESK_PAYMENTS = 'desk';

const phoneRegistered = () =>
  new AppError(409, 'phone_registered', 'หมายเลขนี้ลงทะเบียนในใกล้หมอแล้ว ค้นหาด้วยหมายเลขนี้เพื่อจองนัดให้ผู้ป่วยได้เลย');
const patientNotFound = () => new AppError(404, 'not_found', 'ไม่พบผู้ป่วยนี้');
const slotFull = () => new AppError(409, 'slot_full', 'ช่วงเวลานี้เต็มหรือผ่านไปแล้ว กรุณาเลือกเวลาอื่น');

/** A patient as the desk confirms them: from the account read, or the profile just registered. */
function toDeskPatient(row: DeskPatientRow): DeskPatient {
  return {
    id: row.id,
    name: `${row.firstname} ${row.lastname}`,
    age: ageInYears(row.birthday),
    phoneEnding: row.phone ? row.phone.slice(-4) : null,
  };
}

interface Deps {
  deskBookings: DeskBookingsRepository;
  users: Pick<UsersService, 'register'>;
  otp: Pick<OtpService, 'requestCode' | 'confirmCode'>;
  frontDesk: Pick<FrontDeskService, 'entry'>;
  access: StaffAccess;
}

/**
 * The front desk books for patients who do not book in the app: one found by their number or a booking reference, or
 * one it registers (no smartphone: their consent by a code to their own number, read out at the desk), with the deposit
 * paid in cash at the desk or waived. Every patient found, registered or booked is audited.
 */
export function createDeskBookingsService({ deskBookings, users, otp, frontDesk, access }: Deps) {
  /** A code the staff member asks for counts against them, not the hospital's shared address. */
  const requesterKey = (actor: StaffAtFacility) => `staff-member:${actor.memberId}`;

  return {
    async lookup(actor: StaffAtFacility, query: { phone?: string; reference?: string }): Promise<DeskPatient[]> {
      const row = query.phone
        ? await deskBookings.patientByPhone(query.phone)
        : await deskBookings.patientByReference(actor.facilityId, query.reference!);
      if (!row) return [];
      await access.audit(actor, { action: 'patient.looked_up', target: null, patientUserId: row.id });
      return [toDeskPatient(row)];
    },

    /** Sends the consent code to the number of a patient to register, naming the hospital; 409 if already registered. */
    async sendRegistrationCode(actor: StaffAtFacility, phone: string) {
      if (await deskBookings.patientByPhone(phone)) throw phoneRegistered();
      const hospital = await deskBookings.facilityName(actor.facilityId);
      return otp.requestCode(phone, requesterKey(actor), 'desk_registration', undefined, hospital);
    },

    async register(actor: StaffAtFacility, body: DeskRegistration): Promise<DeskPatient> {
      const { code, ...registration } = body;
      if (await deskBookings.patientByPhone(registration.phone)) throw phoneRegistered();
      await otp.confirmCode(registration.phone, code, 'desk_registration');
      const profile = await users.register(registration, { facilityId: actor.facilityId, memberId: actor.memberId });
      await access.audit(actor, { action: 'patient.registered_at_desk', target: null, patientUserId: profile.id });
      return toDeskPatient(profile);
    },

    /**
     * Books the patient into one of the facility's slots, confirmed at once (the deposit in cash or waived); the patient
     * is told as a booking in the app would tell them. The same Idempotency-Key gives the same appointment.
     */
    async book(actor: StaffAtFacility, idempotencyKey: string, body: DeskBookingInput): Promise<DayListEntry> {
      const patient = await deskBookings.patient(body.patientId);
      if (!patient) throw patientNotFound();
      const earlier = await deskBookings.findByIdempotencyKey(actor.facilityId, patient.id, idempotencyKey);
      if (earlier) return frontDesk.entry(actor, earlier);
      const slot = await deskBookings.slotDeposit(actor.facilityId, body.slotId);
      if (!slot) throw slotFull();
      const depositAtDesk = slot.depositAmount > 0 ? body.deposit : undefined;
      const id = randomUUID();
      const outcome = await deskBookings.book({
        id,
        userId: patient.id,
        facilityId: actor.facilityId,
        slotId: body.slotId,
        symptoms: body.symptoms,
        duration: body.duration,
        depositExpiresAt: new Date(Date.now() + DEPOSIT_HOLD_MINUTES * 60_000),
        paymentProvider: DESK_PAYMENTS,
        idempotencyKey,
        depositAtDesk,
      });
      if (outcome === 'slot_full') throw slotFull();
      if (outcome === 'duplicate') {
        return frontDesk.entry(
          actor,
          (await deskBookings.findByIdempotencyKey(actor.facilityId, patient.id, idempotencyKey))!,
        );
      }
      await access.audit(actor, {
        action: 'appointment.booked_at_desk',
        target: id,
        patientUserId: patient.id,
        details: {
          kind: 'booked_at_desk',
          start: slot.startsAt.toISOString(),
          deposit: depositAtDesk ?? 'none',
          amount: slot.depositAmount,
        },
      });
      return frontDesk.entry(actor, id);
    },

    /** The desk handed back in cash a deposit it took in cash and that is owed back; the patient is told. */
    async depositReturned(actor: StaffAtFacility, appointmentId: string): Promise<DayListEntry> {
      const returned = await deskBookings.depositReturnedAtDesk(actor.facilityId, appointmentId);
      if (!returned) {
        await frontDesk.entry(actor, appointmentId); // another facility's appointment, or none: 404
        throw new AppError(409, 'deposit_not_at_desk', 'นัดนี้ไม่มีเงินมัดจำที่ชำระที่เคาน์เตอร์และรอคืน');
      }
      await access.audit(actor, {
        action: 'appointment.deposit_returned_at_desk',
        target: appointmentId,
        patientUserId: returned.userId,
      });
      return frontDesk.entry(actor, appointmentId);
    },
  };
}
export type DeskBookingsService = ReturnType<typeof createDeskBookingsService>;
