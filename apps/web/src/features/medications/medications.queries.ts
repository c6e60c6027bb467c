import type { Adherence, Checklist, Medication, MedicationBody, TickInput } from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiOne } from '../../api/client';

export const medicationKeys = {
  all: ['medications'] as const,
  list: () => [...medicationKeys.all, 'list'] as const,
  checklists: () => [...medicationKeys.all, 'checklist'] as const,
  checklist: (date: string) => [...medicationKeys.checklists(), date] as const,
  adherence: () => [...medicationKeys.all, 'adherence'] as const,
};

export function useMedications() {
  return useQuery({
    queryKey: medicationKeys.list(),
    queryFn: ({ signal }) => apiList<Medication>('/api/medications', { signal }),
  });
}

/** The checklist of one day in Thailand (YYYY-MM-DD), computed by the server from the medications. */
export function useChecklist(date: string) {
  return useQuery({
    queryKey: medicationKeys.checklist(date),
    queryFn: ({ signal }) => apiOne<Checklist>(`/api/checklist?date=${encodeURIComponent(date)}`, { signal }),
  });
}

/** The last 7 and the last 30 days, in that order. */
export function useAdherence() {
  return useQuery({
    queryKey: medicationKeys.adherence(),
    queryFn: ({ signal }) => apiList<Adherence>('/api/adherence', { signal }),
  });
}

/**
 * Ticks or unticks one dose of one day. The box changes at once; the server's checklist replaces the
 * guess when it answers, and the guess is undone if it fails. Stock and adherence are read again after.
 */
const TICK = [...medicationKeys.all, 'tick'] as const;

export function useTickDose() {
  const queryClient = useQueryClient();
  // With several ticks on their way, only the last answer is drawn: an earlier one lacks the later ticks.
  const alone = () => queryClient.isMutating({ mutationKey: TICK }) <= 1;
  return useMutation({
    mutationKey: TICK,
    mutationFn: (tick: TickInput & { date: string }) =>
      apiOne<Checklist>('/api/checklist/ticks', { method: 'PUT', body: tick }),
    onMutate: async (tick) => {
      const key = medicationKeys.checklist(tick.date);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Checklist>(key);
      if (before) {
        const doses = before.doses.map((d) =>
          d.medicationId === tick.medicationId && d.doseTime === tick.doseTime ? { ...d, taken: tick.taken } : d,
        );
        queryClient.setQueryData<Checklist>(key, { ...before, doses, taken: doses.filter((d) => d.taken).length });
      }
      return { before };
    },
    onError: (_error, tick, context) => {
      if (context?.before) queryClient.setQueryData(medicationKeys.checklist(tick.date), context.before);
    },
    onSuccess: (checklist) => {
      if (alone()) queryClient.setQueryData(medicationKeys.checklist(checklist.date), checklist);
    },
    onSettled: async (_checklist, error, tick) => {
      await Promise.all([
        error && alone() ? queryClient.invalidateQueries({ queryKey: medicationKeys.checklist(tick.date) }) : null,
        queryClient.invalidateQueries({ queryKey: medicationKeys.list() }),
        queryClient.invalidateQueries({ queryKey: medicationKeys.adherence() }),
        // Stock shown on the other days' lists changed too.
        queryClient.invalidateQueries({
          queryKey: medicationKeys.checklists(),
          predicate: (query) => query.queryKey[2] !== tick.date,
        }),
      ]);
    },
  });
}

/** Adds a medication, or replaces one when `id` is given; every day's checklist is computed again. */
export function useSaveMedication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: MedicationBody }) =>
      id
        ? apiOne<Medication>(`/api/medications/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : apiOne<Medication>('/api/medications', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: medicationKeys.all }),
  });
}

/** No doses after today; the record and its ticks stay. */
export function useStopMedication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiOne<Medication>(`/api/medications/${encodeURIComponent(id)}/stop`, { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: medicationKeys.all }),
  });
}
