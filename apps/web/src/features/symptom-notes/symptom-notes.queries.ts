import type { SymptomNote, SymptomNoteBody } from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePatientScope } from '../../session/patient-scope';

/** Keys name the person first (session/patient-scope.ts): `all` still covers everybody's. */
export const symptomNoteKeys = {
  all: ['symptom-notes'] as const,
  of: (person: string) => [...symptomNoteKeys.all, person] as const,
  list: (person: string) => [...symptomNoteKeys.of(person), 'list'] as const,
};

/** The diary, newest first (date, then time). */
export function useSymptomNotes() {
  const patient = usePatientScope();
  return useQuery({
    queryKey: symptomNoteKeys.list(patient.id),
    queryFn: ({ signal }) => patient.list<SymptomNote>('/api/symptom-notes', { signal }),
  });
}

/** Writes a note, or replaces one when `id` is given. */
export function useSaveSymptomNote() {
  const queryClient = useQueryClient();
  const patient = usePatientScope();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: SymptomNoteBody }) =>
      id
        ? patient.one<SymptomNote>(`/api/symptom-notes/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : patient.one<SymptomNote>('/api/symptom-notes', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: symptomNoteKeys.of(patient.id) }),
  });
}

export function useRemoveSymptomNote() {
  const queryClient = useQueryClient();
  const patient = usePatientScope();
  return useMutation({
    mutationFn: (id: string) =>
      patient.request<void>(`/api/symptom-notes/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: symptomNoteKeys.of(patient.id) }),
  });
}
