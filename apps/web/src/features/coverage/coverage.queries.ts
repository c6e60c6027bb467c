import type { Coverage, CoverageBody } from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiOne, apiRequest } from '../../api/client';

export const coverageKeys = {
  all: ['coverage'] as const,
  list: () => [...coverageKeys.all, 'list'] as const,
};

/** The patient's entitlements: public scheme first, then private plans, expired ones last. */
export function useCoverage({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: coverageKeys.list(),
    queryFn: ({ signal }) => apiList<Coverage>('/api/coverage', { signal }),
    enabled,
  });
}

/** Adds an entitlement, or replaces one when `id` is given. */
export function useSaveCoverage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CoverageBody }) =>
      id
        ? apiOne<Coverage>(`/api/coverage/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : apiOne<Coverage>('/api/coverage', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: coverageKeys.all }),
  });
}

export function useRemoveCoverage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/api/coverage/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: coverageKeys.all }),
  });
}
