import type { Visit, VisitBody, VisitMonth } from '@klaimor/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiOne, apiRequest } from '../../api/client';

export const visitKeys = {
  all: ['visits'] as const,
  /** One month (YYYY-MM) or, with null, every visit. */
  list: (month: string | null) => [...visitKeys.all, 'list', month ?? 'all'] as const,
  months: () => [...visitKeys.all, 'months'] as const,
};

/** Visits newest first, of one month or all of them; the previous list stays on screen while a month loads. */
export function useVisits(month: string | null) {
  return useQuery({
    queryKey: visitKeys.list(month),
    queryFn: ({ signal }) =>
      apiList<Visit>(month ? `/api/visits?month=${encodeURIComponent(month)}` : '/api/visits', { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The months that have visits, newest first, for the period picker. */
export function useVisitMonths() {
  return useQuery({
    queryKey: visitKeys.months(),
    queryFn: ({ signal }) => apiList<VisitMonth>('/api/visits/months', { signal }),
  });
}

/** Records a visit, or replaces a recorded one when `id` is given. */
export function useSaveVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: VisitBody }) =>
      id
        ? apiOne<Visit>(`/api/visits/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : apiOne<Visit>('/api/visits', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: visitKeys.all }),
  });
}

export function useRemoveVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/api/visits/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: visitKeys.all }),
  });
}
