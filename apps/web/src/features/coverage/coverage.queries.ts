import type { Coverage, CoverageBody } from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePatientScope } from '../../session/patient-scope';

/** Keys name the person first (session/patient-scope.ts): `all` still covers everybody's. */
export const coverageKeys = {
  all: ['coverage'] as const,
  of: (person: string) => [...coverageKeys.all, person] as const,
  list: (person: string) => [...coverageKeys.of(person), 'list'] as const,
};

/** The patient's entitlements: public scheme first, then private plans, expired ones last. */
export function useCoverage({ enabled = true }: { enabled?: boolean } = {}) {
  const patient = usePatientScope();
  return useQuery({
    queryKey: coverageKeys.list(patient.id),
    queryFn: ({ signal }) => patient.list<Coverage>('/api/coverage', { signal }),
    enabled,
  });
}

/** Adds an entitlement, or replaces one when `id` is given. */
export function useSaveCoverage() {
  const queryClient = useQueryClient();
  const patient = usePatientScope();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CoverageBody }) =>
      id
        ? patient.one<Coverage>(`/api/coverage/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : patient.one<Coverage>('/api/coverage', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: coverageKeys.of(patient.id) }),
  });
}

export function useRemoveCoverage() {
  const queryClient = useQueryClient();
  const patient = usePatientScope();
  return useMutation({
    mutationFn: (id: string) => patient.request<void>(`/api/coverage/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: coverageKeys.of(patient.id) }),
  });
}
