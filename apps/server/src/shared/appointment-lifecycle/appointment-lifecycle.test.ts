import { randomUUID } from 'node:crypto';
import { AppointmentStatus, GENERAL_CLINIC } from '@klaimor/contracts';
import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import {
  appointmentEvents,
  appointments,
  clinics,
  facilities,
  notifications,
  screeningSlots,
  users,
} from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { type TestDatabase, createTestDatabase } from '../../test/test-database.js';
import {
  APPOINTMENT_MOVES,
  type AppointmentMove,
  type AppointmentMoveName,
  moveAppointment,
  moveAppointments,
  recordAppointmentHeld,
} from './appointment-lifecycle.js';

/**
 * The lifecycle table walked on a real database: every move from every status, and what the patient sees of it
 * (the place in the slot, the deposit, who cancelled, the notification the database trigger queues).
 */
let database: TestDatabase;
let db: Db;
let patientId: string;
let facilityId: string;
let otherFacilityId: string;
/** A slot of today that ended a minute ago: a no-show may be recorded, a check-in is on its day. */
let endedToday: string;
/** A slot three days ahead: a patient cancelling a paid booking now is refunded. */
let inThreeDays: string;

const STATUSES = AppointmentStatus.options;
const MOVES = Object.keys(APPOINTMENT_MOVES) as AppointmentMoveName[];

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const source = { sourceName: 'test', sourceRef: 'test', sourceLicence: 'test' };
  const place = { kind: 'hospital', ownership: 'public', lat: 13.75, lng: 100.5, ...source };
  [{ id: facilityId }, { id: otherFacilityId }] = await db
    .insert(facilities)
    .values([
      { ...place, stableId: 'lifecycle-hospital', nameTh: 'โรงพยาบาลทดสอบ', nameEn: 'Test Hospital' },
      { ...place, stableId: 'lifecycle-other', nameTh: 'โรงพยาบาลอื่น', nameEn: 'Other Hospital' },
    ])
    .returning({ id: facilities.id });
  [{ id: patientId }] = await db
    .insert(users)
    .values({
      thaiId: '1101700203451',
      firstname: 'สมชาย',
      lastname: 'รักสุขภาพ',
      birthday: '1990-05-20',
      address: '12/3',
      subdistrict: 'ศรีภูมิ',
      district: 'เมืองเชียงใหม่',
      province: 'เชียงใหม่',
      postcode: '50200',
    })
    .returning({ id: users.id });
  const [{ id: clinicId }] = await db
    .insert(clinics)
    .values({ facilityId, ...GENERAL_CLINIC })
    .returning({ id: clinics.id });
  // Places are counted high enough that giving one back never meets the slot's check constraint.
  const slot = (startsAt: SQL, endsAt: SQL) => ({
    facilityId,
    clinicId,
    startsAt,
    endsAt,
    doctor: '',
    capacity: 10_000,
    taken: 5_000,
    depositAmount: 100,
  });
  [{ id: endedToday }, { id: inThreeDays }] = await db
    .insert(screeningSlots)
    .values([
      slot(sql`now() - interval '2 minutes'`, sql`now() - interval '1 minute'`),
      slot(sql`now() + interval '3 days'`, sql`now() + interval '3 days 1 hour'`),
    ])
    .returning({ id: screeningSlots.id });
});
afterAll(() => database.close());

interface Setting {
  slotId?: string;
  /** The deposit's hold ended already (housekeeping has not swept it). */
  lapsed?: boolean;
  paid?: boolean;
}

/** An appointment of the patient at the facility, in `status`, as it would be there; its first event written. */
async function appointmentIn(status: AppointmentStatus, setting: Setting = {}): Promise<string> {
  const id = randomUUID();
  const paid = setting.paid ?? !['awaiting_deposit', 'expired', 'cancelled'].includes(status);
  await db.transaction(async (tx) => {
    await tx.insert(appointments).values({
      id,
      userId: patientId,
      facilityId,
      slotId: setting.slotId ?? endedToday,
      status,
      symptoms: 'ไอ',
      duration: '2 วัน',
      depositAmount: 100,
      depositExpiresAt: setting.lapsed ? sql`now() - interval '1 minute'` : sql`now() + interval '15 minutes'`,
      depositPaidAt: paid ? sql`now()` : null,
      paymentProvider: 'development',
      idempotencyKey: id,
    });
    await recordAppointmentHeld(tx, id);
  });
  return id;
}

/** The setting in which a move's own condition holds, so that the status alone decides. */
function settingFor(move: AppointmentMoveName): Setting {
  const when = (APPOINTMENT_MOVES[move] as AppointmentMove).when?.condition;
  return { lapsed: when === 'hold_past_its_time', paid: when === 'deposit_not_paid' ? false : undefined };
}

async function stateOf(id: string) {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
  const events = await db
    .select()
    .from(appointmentEvents)
    .where(eq(appointmentEvents.appointmentId, id))
    .orderBy(appointmentEvents.at);
  const told = await db
    .select({ kind: notifications.kind })
    .from(notifications)
    .where(eq(notifications.appointmentId, id));
  const [slot] = await db
    .select({ taken: screeningSlots.taken })
    .from(screeningSlots)
    .where(eq(screeningSlots.id, row.slotId));
  return { row, events, told: told.map((n) => n.kind), taken: slot.taken };
}

const move = (id: string, name: AppointmentMoveName, options: Parameters<typeof moveAppointment>[3] = {}) =>
  db.transaction((tx) => moveAppointment(tx, id, name, options));

async function refusal(attempt: Promise<unknown>): Promise<AppError> {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the move should have been refused').toBeInstanceOf(AppError);
  return error as AppError;
}

describe('the appointment lifecycle table', () => {
  it('allows exactly these moves between statuses', () => {
    const pairs = MOVES.flatMap((name) => {
      const m: AppointmentMove = APPOINTMENT_MOVES[name];
      return m.from.map((from) => `${from} -> ${m.to === 'unchanged' ? from : m.to} (${name}, ${m.by})`);
    });
    expect(pairs.sort()).toEqual(
      [
        'awaiting_deposit -> booked (deposit_paid, payment_provider)',
        'awaiting_deposit -> booked (deposit_paid_in_demo, development)',
        'awaiting_deposit -> booked (booked_without_deposit, system)',
        'awaiting_deposit -> booked (booked_paid_at_desk, hospital)',
        'awaiting_deposit -> booked (booked_at_desk, hospital)',
        'awaiting_deposit -> expired (hold_lapsed, system)',
        'expired -> expired (deposit_paid_late, payment_provider)',
        'cancelled -> cancelled (deposit_paid_late, payment_provider)',
        'awaiting_deposit -> cancelled (cancelled_by_patient, patient)',
        'booked -> cancelled (cancelled_by_patient, patient)',
        'awaiting_deposit -> cancelled (cancelled_by_hospital, hospital)',
        'booked -> cancelled (cancelled_by_hospital, hospital)',
        'checked_in -> cancelled (cancelled_by_hospital, hospital)',
        'awaiting_deposit -> cancelled (day_closed, hospital)',
        'booked -> cancelled (day_closed, hospital)',
        'booked -> checked_in (checked_in, hospital)',
        'checked_in -> in_consultation (called_in, hospital)',
        'checked_in -> completed (visit_recorded, hospital)',
        'in_consultation -> completed (visit_recorded, hospital)',
        'booked -> no_show (no_show, hospital)',
        'booked -> booked (moved_by_hospital, hospital)',
      ].sort(),
    );
  });

  for (const name of MOVES) {
    const m: AppointmentMove = APPOINTMENT_MOVES[name];
    describe(name, () => {
      for (const from of STATUSES) {
        if (m.from.includes(from)) {
          it(`moves ${from} -> ${m.to}, writes its event and its consequences`, async () => {
            const id = await appointmentIn(from, settingFor(name));
            const before = await stateOf(id);
            const moved = await move(id, name, { reason: 'แพทย์ติดประชุม' });
            const after = await stateOf(id);
            const to = m.to === 'unchanged' ? from : m.to;
            expect(moved).toMatchObject({ id, from, to, userId: patientId, slotId: before.row.slotId });
            expect(after.row.status).toBe(to);
            const written = after.events.slice(before.events.length).map((e) => [e.fromStatus, e.toStatus, e.actor]);
            expect(written).toEqual([[from, to, m.by]]);
            expect(after.taken - before.taken).toBe(m.givesPlaceBack ? -1 : 0);
            expect(after.row.cancelledBy).toBe(m.cancelledBy ?? null);
            expect(after.row.cancelReason).toBe(m.cancelledBy === 'hospital' ? 'แพทย์ติดประชุม' : null);
            expect([...after.told].sort()).toEqual([...(m.patientTold ?? [])].sort());
            const deposit = m.deposit;
            const paidNow = deposit === 'paid' || deposit === 'paid_late_and_owed_back';
            if (paidNow) expect(after.row.depositPaidAt).not.toBeNull();
            else expect(after.row.depositPaidAt).toEqual(before.row.depositPaidAt);
            const wasPaid = before.row.depositPaidAt !== null;
            const owed = deposit === 'paid_late_and_owed_back' || (deposit === 'owed_back_if_paid' && wasPaid);
            // The slot of this walk has begun: a patient cancelling now is past the free-cancel time.
            expect(after.row.refundRequestedAt !== null).toBe(owed);
            expect(moved.refundOwed).toBe(owed);
          });
        } else {
          it(`refuses ${from} -> ${m.to} with ${m.refusal.code}, changing nothing`, async () => {
            const id = await appointmentIn(from, settingFor(name));
            const before = await stateOf(id);
            const error = await refusal(move(id, name, { reason: 'แพทย์ติดประชุม' }));
            expect([error.status, error.code]).toEqual([409, m.refusal.code]);
            const whileAwaiting = from === 'awaiting_deposit' ? m.refusal.whileAwaitingDeposit : undefined;
            expect(error.message).toBe(whileAwaiting ?? m.refusal.message);
            expect(await stateOf(id)).toEqual(before);
          });
        }
      }
    });
  }
});

describe('the conditions a move checks beside the status', () => {
  it('checks a patient in only on the day of their slot', async () => {
    const id = await appointmentIn('booked', { slotId: inThreeDays });
    expect((await refusal(move(id, 'checked_in'))).code).toBe('check_in_not_today');
    expect((await stateOf(id)).row.status).toBe('booked');
  });

  it('records a no-show only once the slot has ended', async () => {
    const id = await appointmentIn('booked', { slotId: inThreeDays });
    const error = await refusal(move(id, 'no_show'));
    expect([error.status, error.code]).toEqual([409, 'appointment_status_conflict']);
  });

  it('expires a hold only past its time, and lets the patient cancel one only within it', async () => {
    const waiting = await appointmentIn('awaiting_deposit');
    expect((await refusal(move(waiting, 'hold_lapsed'))).status).toBe(409);
    const lapsed = await appointmentIn('awaiting_deposit', { lapsed: true });
    expect((await refusal(move(lapsed, 'cancelled_by_patient'))).code).toBe('appointment_not_cancellable');
  });

  it('owes a patient who cancels a paid booking the deposit only until 24 hours before the slot', async () => {
    const early = await appointmentIn('booked', { slotId: inThreeDays });
    expect(await move(early, 'cancelled_by_patient')).toMatchObject({ refundOwed: true });
    expect((await stateOf(early)).row.refundRequestedAt).not.toBeNull();
    const late = await appointmentIn('booked');
    expect(await move(late, 'cancelled_by_patient')).toMatchObject({ refundOwed: false });
  });

  it('notes money that came late only once', async () => {
    const id = await appointmentIn('expired', { paid: false });
    await move(id, 'deposit_paid_late');
    expect((await refusal(move(id, 'deposit_paid_late'))).status).toBe(409);
  });

  it("finds nothing of another facility's or another patient's appointment", async () => {
    const id = await appointmentIn('booked');
    expect((await refusal(move(id, 'checked_in', { facilityId: otherFacilityId }))).status).toBe(404);
    expect((await refusal(move(id, 'cancelled_by_patient', { userId: randomUUID() }))).status).toBe(404);
    expect((await refusal(move(randomUUID(), 'checked_in'))).code).toBe('not_found');
    expect((await stateOf(id)).row.status).toBe('booked');
  });

  it('moves every appointment a selection finds that may move, and leaves the others', async () => {
    const lapsed = [];
    for (let i = 0; i < 2; i++) lapsed.push(await appointmentIn('awaiting_deposit', { lapsed: true }));
    const waiting = await appointmentIn('awaiting_deposit');
    const booked = await appointmentIn('booked', { lapsed: true });
    const before = await stateOf(waiting);
    const these = and(eq(appointments.facilityId, facilityId), inArray(appointments.id, [...lapsed, waiting, booked]))!;
    const moved = await db.transaction((tx) => moveAppointments(tx, these, 'hold_lapsed'));
    expect(moved.map((a) => a.id).sort()).toEqual([...lapsed].sort());
    expect((await stateOf(waiting)).taken).toBe(before.taken - 2);
    expect((await stateOf(waiting)).row.status).toBe('awaiting_deposit');
    expect((await stateOf(booked)).row.status).toBe('booked');
  });
});
