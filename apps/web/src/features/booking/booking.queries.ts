import type { Appointment, BookAppointmentInput, ScreeningSlot } from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiOne, apiRequest } from '../../api/client';

/** How often a confirmed booking asks whether the deposit has arrived. */
export const PAYMENT_POLL_MS = 2000;

export const bookingKeys = {
  slots: (hospitalId: string) => ['hospitals', 'slots', hospitalId] as const,
  appointment: (id: string) => ['appointments', id] as const,
};

export function useSlots(hospitalId: string, enabled: boolean) {
  return useQuery({
    queryKey: bookingKeys.slots(hospitalId),
    queryFn: ({ signal }) =>
      apiList<ScreeningSlot>(`/api/hospitals/${encodeURIComponent(hospitalId)}/slots`, { signal }),
    enabled,
    staleTime: 30_000,
  });
}

export function useBookAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: BookAppointmentInput; idempotencyKey: string }) =>
      apiOne<Appointment>('/api/appointments', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: (appointment) => queryClient.setQueryData(bookingKeys.appointment(appointment.id), appointment),
  });
}

/** One appointment; with `poll`, asked again every 2 s while the deposit is awaited. */
export function useAppointment(id: string | null, poll: boolean) {
  return useQuery({
    queryKey: bookingKeys.appointment(id ?? ''),
    queryFn: ({ signal }) => apiOne<Appointment>(`/api/appointments/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (poll && query.state.data?.status === 'awaiting_deposit' ? PAYMENT_POLL_MS : false),
  });
}

/** Development only: the payment provider reports the deposit paid. */
export function useSimulatePayment() {
  return useMutation({
    mutationFn: (appointmentId: string) =>
      apiRequest<unknown>(`/api/dev/payments/${encodeURIComponent(appointmentId)}/paid`, { method: 'POST' }),
  });
}
