import type { Visit, VisitBody, VisitMonth } from '@klaimor/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePatientScope } from '../../session/patient-scope';

/** Keys name the person first (session/patient-scope.ts): `all` still covers everybody's. */
export const visitKeys = {
  all: ['visits'] as const,
  of: (person: string) => [...visitKeys.all, person] as const,
  /** One month (YYYY-MM) or, with null, every visit. */
  list: (person: string, month: string | null) => [...visitKeys.of(person), 'list', month ?? 'all'] as const,
  months: (person: string) => [...visitKeys.of(person), 'months'] as const,
};

/** Visits newest first, of one month or all of them; the previous list stays on screen while a month loads. */
export function useVisits(month: string | null) {
  const patient = usePatientScope();
  return useQuery({
    queryKey: visitKeys.list(patient.id, month),
    queryFn: ({ signal }) =>
      patient.list<Visit>(month ? `/api/visits?month=${encodeURIComponent(month)}` : '/api/visits', { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The months that have visits, newest first, for the period picker. */
export function useVisitMonths() {
  const patient = usePatientScope();
  return useQuery({
    queryKey: visitKeys.months(patient.id),
    queryFn: ({ signal }) => patient.list<VisitMonth>('/api/visits/months', { signal }),
  });
}

/** Records a visit, or replaces a recorded one when `id` is given. */
export function useSaveVisit() {
  const queryClient = useQueryClient();
  const patient = usePatientScope();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: VisitBody }) =>
      id
        ? patient.one<Visit>(`/api/visits/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : patient.one<Visit>('/api/visits', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: visitKeys.of(patient.id) }),
  });
}

export function useRemoveVisit() {
  const queryClient = useQueryClient();
  const patient = usePatientScope();
  return useMutation({
    mutationFn: (id: string) => patient.request<void>(`/api/visits/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: visitKeys.of(patient.id) }),
  });
}
