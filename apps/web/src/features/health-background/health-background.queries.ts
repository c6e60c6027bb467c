import type { AllergyBody, ConditionBody, HealthBackground } from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePatientScope } from '../../session/patient-scope';

/** Keys name the person first (session/patient-scope.ts): `all` still covers everybody's. */
export const healthBackgroundKeys = {
  all: ['health-background'] as const,
  of: (person: string) => [...healthBackgroundKeys.all, person] as const,
  lists: (person: string) => [...healthBackgroundKeys.of(person), 'lists'] as const,
};

/** The allergies (severe first) and the long-term conditions, each saying who recorded it. */
export function useHealthBackground() {
  const patient = usePatientScope();
  return useQuery({
    queryKey: healthBackgroundKeys.lists(patient.id),
    queryFn: ({ signal }) => patient.one<HealthBackground>('/api/health-background', { signal }),
  });
}

/** Adds an entry; the reply is both lists as they now stand, so the screen takes it as they are. */
function useAddEntry<B>(path: string) {
  const queryClient = useQueryClient();
  const patient = usePatientScope();
  return useMutation({
    mutationFn: (body: B) => patient.one<HealthBackground>(path, { method: 'POST', body }),
    onSuccess: (lists) => queryClient.setQueryData(healthBackgroundKeys.lists(patient.id), lists),
  });
}

/** Removes one of the patient's own entries (a clinician's is refused, 409 `recorded_by_clinician`). */
function useRemoveEntry(path: string) {
  const queryClient = useQueryClient();
  const patient = usePatientScope();
  return useMutation({
    mutationFn: (id: string) => patient.request<void>(`${path}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: healthBackgroundKeys.of(patient.id) }),
  });
}

export const useAddAllergy = () => useAddEntry<AllergyBody>('/api/allergies');
export const useAddCondition = () => useAddEntry<ConditionBody>('/api/conditions');
export const useRemoveAllergy = () => useRemoveEntry('/api/allergies');
export const useRemoveCondition = () => useRemoveEntry('/api/conditions');
