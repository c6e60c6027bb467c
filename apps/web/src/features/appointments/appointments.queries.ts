import type { Appointment, AppointmentAlternatives } from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePatientScope } from '../../session/patient-scope';
import { appointmentKeys } from '../../session/appointment-queries';

/** The patient's appointments, upcoming first (the server's order). */
export function useAppointments() {
  const patient = usePatientScope();
  return useQuery({
    queryKey: appointmentKeys.list(patient.id),
    queryFn: ({ signal }) => patient.list<Appointment>('/api/appointments', { signal }),
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
    mutationFn: (id: string) =>
      patient.one<Appointment>(`/api/appointments/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
    onSuccess: (appointment) => {
      queryClient.setQueryData(appointmentKeys.one(patient.id, appointment.id), appointment);
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.list(patient.id) });
    },
  });
}

/** Other free slots for an appointment the hospital cancelled: at its hospital and the nearest others taking bookings. */
export function useAppointmentAlternatives(id: string) {
  const patient = usePatientScope();
  return useQuery({
    queryKey: [...appointmentKeys.one(patient.id, id), 'alternatives'],
    queryFn: ({ signal }) =>
      patient.one<AppointmentAlternatives>(`/api/appointments/${encodeURIComponent(id)}/alternatives`, { signal }),
  });
}
