import type { Appointment } from '@klaimor/contracts';
import { useQuery } from '@tanstack/react-query';
import { isOnItsDay } from '../lib/appointment-rules';
import { usePatientScope } from './patient-scope';

/*
 * The appointments of the patient shown, as the cache holds them: booking writes one, its page and the device copy read
 * it, so their keys and the one-appointment query live below those features.
 */

/** How often a screen waiting for a deposit asks whether it has arrived. */
export const PAYMENT_POLL_MS = 2000;
/** How often the page of an appointment on its day asks for the queue: check-in and the queue moving show within 5 s. */
export const QUEUE_POLL_MS = 5000;

/** Keys name the person first (session/patient-scope.ts): `all` still covers everybody's. */
export const appointmentKeys = {
  all: ['appointments'] as const,
  of: (person: string) => [...appointmentKeys.all, person] as const,
  list: (person: string) => [...appointmentKeys.of(person), 'list'] as const,
  ones: (person: string) => [...appointmentKeys.of(person), 'one'] as const,
  one: (person: string, id: string) => [...appointmentKeys.ones(person), id] as const,
};

/**
 * One appointment; with `poll`, asked again every 2 s while the deposit is awaited, and every 5 s on the appointment's
 * day until the patient has been seen, so the check-in and the queue show without a reload.
 */
export function useAppointment(id: string | null, poll: boolean) {
  const patient = usePatientScope();
  return useQuery({
    queryKey: appointmentKeys.one(patient.id, id ?? ''),
    queryFn: ({ signal }) => patient.one<Appointment>(`/api/appointments/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => {
      const appointment = query.state.data;
      if (!poll || !appointment) return false;
      if (appointment.status === 'awaiting_deposit') return PAYMENT_POLL_MS;
      return isOnItsDay(appointment, Date.now()) ? QUEUE_POLL_MS : false;
    },
  });
}
