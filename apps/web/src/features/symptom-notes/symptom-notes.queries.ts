import type { SymptomNote, SymptomNoteBody } from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiOne, apiRequest } from '../../api/client';

export const symptomNoteKeys = {
  all: ['symptom-notes'] as const,
  list: () => [...symptomNoteKeys.all, 'list'] as const,
};

/** The diary, newest first (date, then time). */
export function useSymptomNotes() {
  return useQuery({
    queryKey: symptomNoteKeys.list(),
    queryFn: ({ signal }) => apiList<SymptomNote>('/api/symptom-notes', { signal }),
  });
}

/** Writes a note, or replaces one when `id` is given. */
export function useSaveSymptomNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: SymptomNoteBody }) =>
      id
        ? apiOne<SymptomNote>(`/api/symptom-notes/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : apiOne<SymptomNote>('/api/symptom-notes', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: symptomNoteKeys.all }),
  });
}

export function useRemoveSymptomNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/api/symptom-notes/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: symptomNoteKeys.all }),
  });
}
