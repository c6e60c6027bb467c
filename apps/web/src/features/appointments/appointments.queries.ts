import type { Appointment } from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePatientScope } from '../family/selected-patient';
import { isOnItsDay } from './appointment-rules';

/** How often a screen waiting for a deposit asks whether it has arrived. */
export const PAYMENT_POLL_MS = 2000;
/** How often the page of an appointment on its day asks for the queue: check-in and the queue moving show within 5 s. */
export const QUEUE_POLL_MS = 5000;

/** Keys name the person first (family/selected-patient.ts): `all` still covers everybody's. */
export const appointmentKeys = {
  all: ['appointments'] as const,
  of: (person: string) => [...appointmentKeys.all, person] as const,
  list: (person: string) => [...appointmentKeys.of(person), 'list'] as const,
  ones: (person: string) => [...appointmentKeys.of(person), 'one'] as const,
  one: (person: string, id: string) => [...appointmentKeys.ones(person), id] as const,
};

/** The patient's appointments, upcoming first (the server's order). */
export function useAppointments() {
  const patient = usePatientScope();
  return useQuery({
    queryKey: appointmentKeys.list(patient.id),
    queryFn: ({ signal }) => patient.list<Appointment>('/api/appointments', { signal }),
  });
}

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

/** An appointment as the patient's list last had it (not asked for): offline, one never opened on this device still shows. */
export function useListedAppointment(id: string): Appointment | undefined {
  const patient = usePatientScope();
  return useQueryClient()
    .getQueryData<Appointment[]>(appointmentKeys.list(patient.id))
    ?.find((appointment) => appointment.id === id);
}

export function useCancelAppointment() {
  const queryClient = useQueryClient();
  const patient = usePatientScope();
  return useMutation({
    mutationFn: (id: string) => patient.one<Appointment>(`/api/appointments/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
    onSuccess: (appointment) => {
      queryClient.setQueryData(appointmentKeys.one(patient.id, appointment.id), appointment);
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.list(patient.id) });
    },
  });
}
