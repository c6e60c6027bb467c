import type { Appointment, BookAppointmentInput, ScreeningSlot } from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiOne, apiRequest } from '../../api/client';
import { appointmentKeys } from '../appointments/appointments.queries';

export const bookingKeys = {
  slots: (hospitalId: string) => ['hospitals', 'slots', hospitalId] as const,
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
    onSuccess: (appointment) => {
      queryClient.setQueryData(appointmentKeys.one(appointment.id), appointment);
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.list() });
    },
  });
}

/** Development only: the payment provider reports the deposit paid. */
export function useSimulatePayment() {
  return useMutation({
    mutationFn: (appointmentId: string) =>
      apiRequest<unknown>(`/api/dev/payments/${encodeURIComponent(appointmentId)}/paid`, { method: 'POST' }),
  });
}
