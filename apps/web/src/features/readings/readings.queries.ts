import type { HomeReading, HomeReadingBody, ReadingReminders } from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePatientScope } from '../../session/patient-scope';

/** Keys name the person first (session/patient-scope.ts): `all` still covers everybody's. */
export const readingKeys = {
  all: ['readings'] as const,
  of: (person: string) => [...readingKeys.all, person] as const,
  list: (person: string) => [...readingKeys.of(person), 'list'] as const,
  reminders: (person: string) => [...readingKeys.of(person), 'reminders'] as const,
};

/** GET /api/readings: the last 90 days' home readings of the person shown, oldest first. */
export function useHomeReadings() {
  const patient = usePatientScope();
  return useQuery({
    queryKey: readingKeys.list(patient.id),
    queryFn: ({ signal }) => patient.list<HomeReading>('/api/readings', { signal }),
  });
}

/** POST /api/readings: one reading; the answer carries its flag and alerts. */
export function useRecordReading() {
  const queryClient = useQueryClient();
  const patient = usePatientScope();
  return useMutation({
    mutationFn: (body: HomeReadingBody) => patient.one<HomeReading>('/api/readings', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: readingKeys.list(patient.id) }),
  });
}

export function useRemoveReading() {
  const queryClient = useQueryClient();
  const patient = usePatientScope();
  return useMutation({
    mutationFn: (id: string) => patient.request<void>(`/api/readings/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: readingKeys.list(patient.id) }),
  });
}

/** GET /api/readings/reminders: asked only where the reminders are the reader's to keep. */
export function useReadingReminders(enabled: boolean) {
  const patient = usePatientScope();
  return useQuery({
    queryKey: readingKeys.reminders(patient.id),
    queryFn: ({ signal }) => patient.one<ReadingReminders>('/api/readings/reminders', { signal }),
    enabled,
  });
}

/** PUT /api/readings/reminders: the whole setting; the answer replaces the one shown. */
export function useSaveReadingReminders() {
  const queryClient = useQueryClient();
  const patient = usePatientScope();
  return useMutation({
    mutationFn: (body: ReadingReminders) =>
      patient.one<ReadingReminders>('/api/readings/reminders', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(readingKeys.reminders(patient.id), saved),
  });
}
