import type { Appointment } from '@klaimor/contracts';

/** Still ahead and still on: the appointments the home screen lists first. */
export function isUpcoming(appointment: Appointment, now: number): boolean {
  return (appointment.status === 'awaiting_deposit' || appointment.status === 'booked') && Date.parse(appointment.end) > now;
}

export function isCancellable(appointment: Appointment): boolean {
  return appointment.status === 'awaiting_deposit' || appointment.status === 'booked';
}

/** What cancelling now does with the deposit, as the server's 24-hour rule will decide it. */
export function cancellationOutcome(appointment: Appointment, now: number): 'unpaid' | 'refundable' | 'kept' {
  if (appointment.status !== 'booked' || appointment.deposit.amount === 0) return 'unpaid';
  return now < Date.parse(appointment.deposit.refundableUntil) ? 'refundable' : 'kept';
}

export function statusColor(status: Appointment['status']): 'success' | 'warning' | 'default' | 'error' {
  if (status === 'booked' || status === 'completed') return 'success';
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
  return appointment.status === 'cancelled' && appointment.cancellation?.by === 'hospital' && Date.parse(appointment.end) > now;
}
