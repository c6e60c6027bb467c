import type { Appointment } from '@klaimor/contracts';

const STILL_ON: readonly Appointment['status'][] = ['awaiting_deposit', 'booked', 'checked_in', 'in_consultation'];

/** Still ahead and still on: the appointments the home screen lists first. A patient checked in stays here till seen. */
export function isUpcoming(appointment: Appointment, now: number): boolean {
  const inProgress = appointment.status === 'checked_in' || appointment.status === 'in_consultation';
  return STILL_ON.includes(appointment.status) && (inProgress || Date.parse(appointment.end) > now);
}

/** Booked for today (Bangkok) and not yet seen: the queue may move at any moment. */
export function isOnItsDay(appointment: Appointment, now: number): boolean {
  const day = (t: number) => new Date(t).toLocaleDateString('en-CA', { timeZone: 'Asia/Bangkok' });
  return (
    STILL_ON.includes(appointment.status) &&
    appointment.status !== 'awaiting_deposit' &&
    day(Date.parse(appointment.start)) === day(now)
  );
}

export function isCancellable(appointment: Appointment): boolean {
  return appointment.status === 'awaiting_deposit' || appointment.status === 'booked';
}

/** What cancelling now does with the deposit, as the server's 24-hour rule will decide it. */
export function cancellationOutcome(
  appointment: Appointment,
  now: number,
): 'unpaid' | 'noDeposit' | 'refundable' | 'refundableAtDesk' | 'kept' {
  const { deposit, status } = appointment;
  if (status === 'booked' && deposit.amount === 0) return 'noDeposit';
  if (status !== 'booked') return 'unpaid';
  if (now >= Date.parse(deposit.refundableUntil)) return 'kept';
  // Cash paid at the hospital's desk goes back there, not through the payment provider.
  return deposit.atDesk === 'paid' ? 'refundableAtDesk' : 'refundable';
}

export function statusColor(status: Appointment['status']): 'success' | 'warning' | 'default' | 'error' {
  if (status === 'booked' || status === 'completed' || status === 'checked_in' || status === 'in_consultation')
    return 'success';
  if (status === 'awaiting_deposit') return 'warning';
  if (status === 'no_show') return 'error';
  return 'default';
}

/** What became of a paid deposit: owed back, returned, or kept by a late cancellation; null when nothing to say. */
export function depositFate(appointment: Appointment): 'pending' | 'refunded' | 'kept' | null {
  const { deposit, status } = appointment;
  if (deposit.refund !== 'none') return deposit.refund;
  return status === 'cancelled' && deposit.paidAt !== null && deposit.amount > 0 ? 'kept' : null;
}

/** Cancelled by the hospital and not yet past: the patient must hear of it before setting out. */
export function isCancelledByHospitalAhead(appointment: Appointment, now: number): boolean {
  return (
    appointment.status === 'cancelled' &&
    appointment.cancellation?.by === 'hospital' &&
    Date.parse(appointment.end) > now
  );
}
