import type { Appointment, BookAppointmentInput, ScreeningSlot } from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList } from '../../api/client';
import { appointmentKeys } from '../../session/appointment-queries';
import { usePatientScope } from '../../session/patient-scope';

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

/** Books for the person on screen: the signed-in patient, or the dependent chosen (session/patient-scope.ts). */
export function useBookAppointment() {
  const queryClient = useQueryClient();
  const patient = usePatientScope();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: BookAppointmentInput; idempotencyKey: string }) =>
      patient.one<Appointment>('/api/appointments', {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: (appointment) => {
      queryClient.setQueryData(appointmentKeys.one(patient.id, appointment.id), appointment);
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.list(patient.id) });
    },
  });
}

/** Development only: the payment provider reports the deposit paid. */
export function useSimulatePayment() {
  const patient = usePatientScope();
  return useMutation({
    mutationFn: (appointmentId: string) =>
      patient.request<unknown>(`/api/dev/payments/${encodeURIComponent(appointmentId)}/paid`, { method: 'POST' }),
  });
}
