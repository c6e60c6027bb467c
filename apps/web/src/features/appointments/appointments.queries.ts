import type { Appointment } from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiOne } from '../../api/client';
import { isOnItsDay } from './appointment-rules';

/** How often a screen waiting for a deposit asks whether it has arrived. */
export const PAYMENT_POLL_MS = 2000;
/** How often the page of an appointment on its day asks for the queue: check-in and the queue moving show within 5 s. */
export const QUEUE_POLL_MS = 5000;

export const appointmentKeys = {
  all: ['appointments'] as const,
  list: () => ['appointments', 'list'] as const,
  one: (id: string) => ['appointments', 'one', id] as const,
};

/** The patient's appointments, upcoming first (the server's order). */
export function useAppointments() {
  return useQuery({
    queryKey: appointmentKeys.list(),
    queryFn: ({ signal }) => apiList<Appointment>('/api/appointments', { signal }),
  });
}

/**
 * One appointment; with `poll`, asked again every 2 s while the deposit is awaited, and every 5 s on the appointment's
 * day until the patient has been seen, so the check-in and the queue show without a reload.
 */
export function useAppointment(id: string | null, poll: boolean) {
  return useQuery({
    queryKey: appointmentKeys.one(id ?? ''),
    queryFn: ({ signal }) => apiOne<Appointment>(`/api/appointments/${encodeURIComponent(id ?? '')}`, { signal }),
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
  return useQueryClient()
    .getQueryData<Appointment[]>(appointmentKeys.list())
    ?.find((appointment) => appointment.id === id);
}

export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiOne<Appointment>(`/api/appointments/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
    onSuccess: (appointment) => {
      queryClient.setQueryData(appointmentKeys.one(appointment.id), appointment);
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.list() });
    },
  });
}
