import { type AppointmentStatus, type ErrorCode, FREE_CANCEL_HOURS, type NotificationKind } from '@klaimor/contracts';
import { type SQL, and, eq, inArray, lt, not, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { appointmentEvents, appointments, screeningSlots } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { queueSystemNotices } from './system-notices.js';

/**
 * The appointment's lifecycle, stated once. An appointment begins awaiting its deposit (`recordAppointmentHeld`, by the
 * booking that inserts it); from there its status changes only by a move of APPOINTMENT_MOVES, made by
 * `moveAppointments` in the caller's transaction. Below the features on purpose: the patient's booking, the front
 * desk, the clinician and the schedule all move appointments, and none of them owns the rules.
 */

/** Who an appointment event names. */
export type Actor = 'patient' | 'hospital' | 'payment_provider' | 'development' | 'system';

/** A condition a move checks beside the status, in the same statement and under the same row lock. */
type Condition = 'hold_past_its_time' | 'hold_in_time' | 'on_slot_day' | 'slot_ended' | 'deposit_not_paid';

/** What a refused move answers: its code for the app, its words for the person who tried. */
interface Refusal {
  code: ErrorCode;
  message: string;
  /** Said instead when the appointment still waits for its deposit. */
  whileAwaitingDeposit?: string;
}

export interface AppointmentMove {
  from: readonly AppointmentStatus[];
  /** 'unchanged': an event that keeps the status (money that came after the appointment stopped waiting for it). */
  to: AppointmentStatus | 'unchanged';
  by: Actor;
  /** Refused with its own answer when set, else with the move's. */
  when?: { condition: Condition; refusal?: Refusal };
  /** The place in the slot goes back to booking. */
  givesPlaceBack?: true;
  /**
   * What becomes of the deposit: paid now; or owed back (the caller asks the provider, housekeeping retries) when it
   * was paid, when the patient cancels a booking before the free-cancel time, or always (it came late). Without it
   * the deposit stays as it is: a no-show keeps it, as the booking rules say.
   */
  deposit?: 'paid' | 'owed_back_if_paid' | 'owed_back_if_booked_in_time' | 'paid_late_and_owed_back';
  /** Shown on the cancelled appointment; the hospital's reason with it. */
  cancelledBy?: 'patient' | 'hospital';
  /**
   * What the patient is told at once. Queued by the database itself (triggers on the event this move writes and on the
   * deposit's payment, migrations 0015 and 0024), so every path that makes the move tells, in the same transaction:
   * stated here so the table reads whole, and checked against the triggers by the lifecycle test.
   */
  patientTold?: readonly NotificationKind[];
  refusal: Refusal;
}

const notFound = () => new AppError(404, 'not_found', 'ไม่พบนัดหมายนี้');
const depositNotDue: Refusal = { code: 'deposit_not_due', message: 'นัดหมายนี้ไม่มีมัดจำที่รอชำระ' };
const conflict = (message: string, whileAwaitingDeposit?: string): Refusal => ({
  code: 'appointment_status_conflict',
  message,
  ...(whileAwaitingDeposit && { whileAwaitingDeposit }),
});
const hospitalCannotCancel = conflict('นัดหมายนี้ยกเลิกไม่ได้แล้ว');

/**
 * Every move an appointment may make, by name: from which statuses, to which, by whom, and what follows for the
 * patient. A from -> to pair no move lists is refused.
 */
export const APPOINTMENT_MOVES = {
  /** The payment provider confirmed the PromptPay deposit. */
  deposit_paid: {
    from: ['awaiting_deposit'],
    to: 'booked',
    by: 'payment_provider',
    deposit: 'paid',
    patientTold: ['booking_confirmed', 'deposit_receipt'],
    refusal: depositNotDue,
  },
  /** The demo's "simulate payment" control (development provider only). */
  deposit_paid_in_demo: {
    from: ['awaiting_deposit'],
    to: 'booked',
    by: 'development',
    deposit: 'paid',
    patientTold: ['booking_confirmed', 'deposit_receipt'],
    refusal: depositNotDue,
  },
  /** A screening that asks no deposit, or a facility without PromptPay: booked as soon as held. */
  booked_without_deposit: {
    from: ['awaiting_deposit'],
    to: 'booked',
    by: 'system',
    patientTold: ['booking_confirmed'],
    refusal: depositNotDue,
  },
  /** The front desk booked the patient and took the deposit in cash there. */
  booked_paid_at_desk: {
    from: ['awaiting_deposit'],
    to: 'booked',
    by: 'hospital',
    deposit: 'paid',
    patientTold: ['booking_confirmed', 'deposit_receipt'],
    refusal: depositNotDue,
  },
  /** The front desk booked the patient with no deposit to take (waived by the hospital, or the slot asks none). */
  booked_at_desk: {
    from: ['awaiting_deposit'],
    to: 'booked',
    by: 'hospital',
    patientTold: ['booking_confirmed'],
    refusal: depositNotDue,
  },
  /** The deposit did not come in time (housekeeping, or a booking or a payment that finds the hold lapsed). */
  hold_lapsed: {
    from: ['awaiting_deposit'],
    to: 'expired',
    by: 'system',
    when: { condition: 'hold_past_its_time' },
    givesPlaceBack: true,
    refusal: conflict('นัดหมายนี้ไม่ได้รอมัดจำแล้ว'),
  },
  /**
   * The money came after the appointment stopped waiting for it: noted and owed back, the status kept. Only an
   * appointment that waited for a deposit can be paid late, and one that stopped waiting is expired or cancelled.
   */
  deposit_paid_late: {
    from: ['expired', 'cancelled'],
    to: 'unchanged',
    by: 'payment_provider',
    when: { condition: 'deposit_not_paid' },
    deposit: 'paid_late_and_owed_back',
    // The money was received: its receipt, then the refund's notice once it is given back.
    patientTold: ['deposit_receipt'],
    refusal: conflict('มัดจำของนัดหมายนี้บันทึกไว้แล้ว'),
  },
  /** The patient cancels, a hold only while it is still in its time. */
  cancelled_by_patient: {
    from: ['awaiting_deposit', 'booked'],
    to: 'cancelled',
    by: 'patient',
    when: { condition: 'hold_in_time' },
    givesPlaceBack: true,
    deposit: 'owed_back_if_booked_in_time',
    cancelledBy: 'patient',
    refusal: { code: 'appointment_not_cancellable', message: 'นัดหมายนี้ยกเลิกไม่ได้แล้ว' },
  },
  /** The front desk cancels for the hospital, with a reason; a paid deposit is refunded in full. */
  cancelled_by_hospital: {
    from: ['awaiting_deposit', 'booked', 'checked_in'],
    to: 'cancelled',
    by: 'hospital',
    givesPlaceBack: true,
    deposit: 'owed_back_if_paid',
    cancelledBy: 'hospital',
    patientTold: ['appointment_cancelled'],
    refusal: hospitalCannotCancel,
  },
  /** The facility closed the day: its patients are cancelled with the day's reason and a full refund. */
  day_closed: {
    from: ['awaiting_deposit', 'booked'],
    to: 'cancelled',
    by: 'hospital',
    givesPlaceBack: true,
    deposit: 'owed_back_if_paid',
    cancelledBy: 'hospital',
    patientTold: ['appointment_cancelled'],
    refusal: hospitalCannotCancel,
  },
  /**
   * The front desk moves a booked patient to another slot of the facility (the caller changes the slot in the same
   * transaction): the status and the deposit stay as they are, and the patient is told the new time.
   */
  moved_by_hospital: {
    from: ['booked'],
    to: 'unchanged',
    by: 'hospital',
    patientTold: ['appointment_moved'],
    refusal: conflict('ย้ายนัดได้เฉพาะนัดที่จองแล้วและยังไม่เช็กอิน', 'ผู้ป่วยยังไม่ได้ชำระมัดจำ จึงยังย้ายนัดไม่ได้'),
  },
  /** The patient arrived on the day; the desk gives the queue number in the same transaction. */
  checked_in: {
    from: ['booked'],
    to: 'checked_in',
    by: 'hospital',
    when: {
      condition: 'on_slot_day',
      refusal: { code: 'check_in_not_today', message: 'เช็กอินได้เฉพาะในวันที่นัดเท่านั้น' },
    },
    refusal: conflict('นัดหมายนี้เช็กอินไม่ได้แล้ว', 'ผู้ป่วยยังไม่ได้ชำระมัดจำ จึงยังเช็กอินไม่ได้'),
  },
  /** The clinician calls the patient in. */
  called_in: {
    from: ['checked_in'],
    to: 'in_consultation',
    by: 'hospital',
    refusal: conflict('เรียกพบแพทย์ได้เฉพาะผู้ป่วยที่เช็กอินแล้วและยังรออยู่'),
  },
  /** The clinician recorded the visit; the record and prescriptions are written in the same transaction. */
  visit_recorded: {
    from: ['checked_in', 'in_consultation'],
    to: 'completed',
    by: 'hospital',
    patientTold: ['appointment_completed'],
    refusal: conflict('บันทึกผลการตรวจได้เฉพาะผู้ป่วยที่เช็กอินแล้วและยังไม่ได้บันทึก'),
  },
  /** The patient did not come and the slot is over: the deposit is kept. */
  no_show: {
    from: ['booked'],
    to: 'no_show',
    by: 'hospital',
    when: { condition: 'slot_ended' },
    refusal: conflict('บันทึกว่าไม่มาตามนัดได้เฉพาะนัดที่ยังไม่เช็กอิน และหลังหมดเวลานัดแล้ว'),
  },
} as const satisfies Record<string, AppointmentMove>;

export type AppointmentMoveName = keyof typeof APPOINTMENT_MOVES;

/** Statuses in which an appointment is counted in its slot's taken places and may still be served. */
export const STATUSES_HOLDING_A_PLACE = ['awaiting_deposit', 'booked', 'checked_in', 'in_consultation'] as const;

/**
 * An unpaid hold past its time: expired, whether or not housekeeping has recorded it yet. The one statement of the
 * rule in SQL (the slot list counts places with it); `statusNow` in the appointments service is the same rule on a
 * row already read.
 */
export const holdPastItsTime: SQL = and(
  eq(appointments.status, 'awaiting_deposit'),
  lt(appointments.depositExpiresAt, sql`now()`),
)!;

/** The appointment's slot meets `condition` (written over `slot`). */
const slotWhere = (condition: SQL) =>
  sql`exists (select from ${screeningSlots} slot where slot.id = ${appointments.slotId} and ${condition})`;

const bangkokDate = (instant: SQL) => sql`(${instant} at time zone 'Asia/Bangkok')::date`;

const CONDITIONS: Record<Condition, SQL> = {
  hold_past_its_time: holdPastItsTime,
  hold_in_time: not(holdPastItsTime),
  on_slot_day: slotWhere(sql`${bangkokDate(sql`slot.starts_at`)} = ${bangkokDate(sql`now()`)}`),
  slot_ended: slotWhere(sql`slot.ends_at <= now()`),
  deposit_not_paid: sql`${appointments.depositPaidAt} is null`,
};

/** Whether the move owes the deposit back, on the row as it stands under its lock. */
function refundOwedBy(move: AppointmentMove): SQL<boolean> {
  switch (move.deposit) {
    case 'owed_back_if_paid':
      return sql`${appointments.depositPaidAt} is not null`;
    case 'owed_back_if_booked_in_time':
      return sql`${appointments.status} = 'booked'
        and ${slotWhere(sql`slot.starts_at > now() + make_interval(hours => ${FREE_CANCEL_HOURS})`)}`;
    case 'paid_late_and_owed_back':
      return sql`true`;
    case 'paid':
    case undefined:
      return sql`false`;
  }
}

export interface MoveOptions {
  /** Only an appointment of this facility (staff): another facility's is not found. */
  facilityId?: string;
  /** Only an appointment of this patient: another patient's is not found. */
  userId?: string;
  /** The hospital's reason for cancelling, shown to the patient. */
  reason?: string;
  /** The day's queue number a check-in gives, taken by the desk in the same transaction. */
  queue?: { number: number; date: string; clinicId: string };
}

export interface MovedAppointment {
  id: string;
  userId: string | null;
  slotId: string;
  from: AppointmentStatus;
  to: AppointmentStatus;
  /** The move made a deposit owed back: the caller asks the provider (housekeeping retries what it cannot). */
  refundOwed: boolean;
}

const inScope = ({ facilityId, userId }: MoveOptions) =>
  and(
    facilityId === undefined ? undefined : eq(appointments.facilityId, facilityId),
    userId === undefined ? undefined : eq(appointments.userId, userId),
  );

/**
 * Makes `name` for every appointment `which` selects that may make it now (its status in the move's `from`, its
 * condition met), in the caller's transaction: one conditional UPDATE whose locking CTE reads each row's status as it
 * stands once any other transaction moving it has finished, so of two moves at once exactly one finds the status it
 * needs. Writes each appointment's event, gives places back and owes deposits as the table says. Returns those moved.
 */
export async function moveAppointments(
  tx: Tx,
  which: SQL,
  name: AppointmentMoveName,
  options: MoveOptions = {},
): Promise<MovedAppointment[]> {
  const move: AppointmentMove = APPOINTMENT_MOVES[name];
  const movable = and(
    which,
    inScope(options),
    inArray(appointments.status, [...move.from]),
    move.when && CONDITIONS[move.when.condition],
  );
  if (move.givesPlaceBack) {
    // Slots before appointments, each in id order, as a booking and a closing day take them: the other order
    // deadlocks. No key update: enough to queue behind each other, while a foreign-key check naming the slot (a second
    // write of an appointment in one transaction re-checks it) need not wait.
    const slotsOfMovable = tx.select({ slotId: appointments.slotId }).from(appointments).where(movable);
    await tx
      .select({ id: screeningSlots.id })
      .from(screeningSlots)
      .where(inArray(screeningSlots.id, slotsOfMovable))
      .orderBy(screeningSlots.id)
      .for('no key update');
  }
  const before = tx.$with('before').as(
    tx
      .select({ id: appointments.id, status: appointments.status, refundOwed: refundOwedBy(move).as('refund_owed') })
      .from(appointments)
      .where(movable)
      .orderBy(appointments.id)
      .for('update'),
  );
  const paidNow = move.deposit === 'paid' || move.deposit === 'paid_late_and_owed_back';
  const moved = await tx
    .with(before)
    .update(appointments)
    .set({
      updatedAt: sql`now()`,
      ...(move.to !== 'unchanged' && { status: move.to }),
      ...(paidNow && { depositPaidAt: sql`now()` }),
      ...(move.deposit && {
        refundRequestedAt: sql`case when ${before.refundOwed} then now() else ${appointments.refundRequestedAt} end`,
      }),
      ...(move.cancelledBy && { cancelledBy: move.cancelledBy }),
      ...(move.cancelledBy === 'hospital' && { cancelReason: options.reason ?? null }),
      ...(options.queue && {
        queueNumber: options.queue.number,
        queueDate: options.queue.date,
        queueClinicId: options.queue.clinicId,
      }),
    })
    .from(before)
    .where(eq(appointments.id, before.id))
    .returning({
      id: appointments.id,
      userId: appointments.userId,
      slotId: appointments.slotId,
      from: before.status,
      refundOwed: before.refundOwed,
    });
  if (!moved.length) return [];

  const result = moved.map(({ from, ...a }) => {
    const was = from as AppointmentStatus;
    return { ...a, from: was, to: move.to === 'unchanged' ? was : move.to };
  });
  await tx
    .insert(appointmentEvents)
    .values(result.map((a) => ({ appointmentId: a.id, fromStatus: a.from, toStatus: a.to, actor: move.by })));
  await queueSystemNotices(tx, result);
  if (move.givesPlaceBack) {
    const freed = new Map<string, number>();
    for (const { slotId } of result) freed.set(slotId, (freed.get(slotId) ?? 0) + 1);
    for (const [slotId, places] of [...freed].sort(([x], [y]) => (x < y ? -1 : 1))) {
      await tx
        .update(screeningSlots)
        .set({ taken: sql`${screeningSlots.taken} - ${places}` })
        .where(eq(screeningSlots.id, slotId));
    }
  }
  return result;
}

/** Makes `name` for one appointment; null when it may not (not found, or elsewhere already). */
export async function tryMoveAppointment(
  tx: Tx,
  id: string,
  name: AppointmentMoveName,
  options: MoveOptions = {},
): Promise<MovedAppointment | null> {
  const [moved] = await moveAppointments(tx, eq(appointments.id, id), name, options);
  return moved ?? null;
}

/**
 * Makes `name` for one appointment, or throws: 404 `not_found` outside the scope, else 409 with the move's code (or its
 * condition's), nothing changed.
 */
export async function moveAppointment(
  tx: Tx,
  id: string,
  name: AppointmentMoveName,
  options: MoveOptions = {},
): Promise<MovedAppointment> {
  const moved = await tryMoveAppointment(tx, id, name, options);
  if (moved) return moved;
  // Read afterwards only to choose the answer: the move itself was judged under the row lock.
  const move: AppointmentMove = APPOINTMENT_MOVES[name];
  const met = move.when ? CONDITIONS[move.when.condition] : sql`true`;
  const [found] = await tx
    .select({ status: appointments.status, met: sql<boolean>`${met}` })
    .from(appointments)
    .where(and(eq(appointments.id, id), inScope(options)));
  if (!found) throw notFound();
  const statusAllowed = (move.from as readonly string[]).includes(found.status);
  const refusal = statusAllowed && !found.met && move.when?.refusal ? move.when.refusal : move.refusal;
  const awaiting = found.status === 'awaiting_deposit' && refusal.whileAwaitingDeposit;
  throw new AppError(409, refusal.code, awaiting || refusal.message);
}

/** The first event of an appointment: held by the patient (or by the front desk for them), awaiting the deposit. */
export async function recordAppointmentHeld(
  tx: Tx,
  id: string,
  by: Extract<Actor, 'patient' | 'hospital'> = 'patient',
): Promise<void> {
  await tx
    .insert(appointmentEvents)
    .values({ appointmentId: id, fromStatus: null, toStatus: 'awaiting_deposit', actor: by });
}
