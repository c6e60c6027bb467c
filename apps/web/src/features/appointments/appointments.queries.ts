import type { Appointment } from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiOne } from '../../api/client';

/** How often a screen waiting for a deposit asks whether it has arrived. */
export const PAYMENT_POLL_MS = 2000;

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

/** One appointment; with `poll`, asked again every 2 s while the deposit is awaited. */
export function useAppointment(id: string | null, poll: boolean) {
  return useQuery({
    queryKey: appointmentKeys.one(id ?? ''),
    queryFn: ({ signal }) => apiOne<Appointment>(`/api/appointments/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (poll && query.state.data?.status === 'awaiting_deposit' ? PAYMENT_POLL_MS : false),
  });
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
