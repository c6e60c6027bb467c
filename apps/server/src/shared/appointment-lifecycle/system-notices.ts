import type { AppointmentStatus } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

/** What a hospital's system may subscribe to hear of (FHIR Subscription criteria `Appointment?status=<event>`). */
export type SystemNotice = 'booked' | 'cancelled';

/** Statuses of an appointment the hospital was told was booked: only its cancellation from one of these is news. */
const ANNOUNCED: readonly AppointmentStatus[] = ['booked', 'checked_in', 'in_consultation'];

/**
 * The notice a move gives the facility's systems: a booking confirmed, or a confirmed booking cancelled. An unpaid
 * hold that lapses or is withdrawn was never announced, so neither is its end; a move to another slot is not a new
 * booking.
 */
export function noticeOf(from: AppointmentStatus, to: AppointmentStatus): SystemNotice | null {
  if (to === 'booked' && from !== 'booked') return 'booked';
  if (to === 'cancelled' && ANNOUNCED.includes(from)) return 'cancelled';
  return null;
}

/**
 * Queues a delivery for every active subscription of the appointment's facility that asked for the notice, in the
 * transaction that moves the appointment: the notice exists exactly when the move does. The delivery job sends it.
 */
export async function queueSystemNotices(
  tx: Tx,
  moved: readonly { id: string; from: AppointmentStatus; to: AppointmentStatus }[],
): Promise<void> {
  const notices = moved.flatMap((a) => {
    const event = noticeOf(a.from, a.to);
    return event ? [{ id: a.id, event }] : [];
  });
  if (!notices.length) return;
  await tx.execute(sql`
    insert into fhir_deliveries (subscription_id, appointment_id, event)
    select s.id, a.id, n.event
    from unnest(${`{${notices.map((n) => n.id).join(',')}}`}::uuid[],
                ${`{${notices.map((n) => n.event).join(',')}}`}::text[]) as n(appointment_id, event)
    join appointments a on a.id = n.appointment_id
    join fhir_subscriptions s on s.facility_id = a.facility_id and s.status = 'active'
      and s.criteria in ('Appointment', 'Appointment?status=' || n.event)`);
}
