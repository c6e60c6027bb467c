import type { Adherence, Checklist, Medication, MedicationBody, TickInput, UserProfile } from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiList, apiOne, isApiError } from '../../api/client';
import { userKeys } from '../auth/auth.queries';
import { offlinePatient } from '../offline/device-copy';
import { markAllWaiting, nextQueuedTick, queueTick, removeQueuedTick, type QueuedTick, type TickChoice } from './dose-outbox';

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

/** Whose ticks they are: the patient signed in, or offline the patient whose copy the device keeps. */
function patientIdOf(queryClient: QueryClient): string {
  return queryClient.getQueryData<UserProfile | null>(userKeys.me())?.id ?? offlinePatient()?.id ?? '';
}

/** Failures after which a tick stays queued: the server was not reached or was busy, or nobody is signed in yet. */
function worthRetrying(error: unknown): boolean {
  return !isApiError(error) || error.status === 0 || error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500;
}

async function sendTick({ id: _id, takenAt, ...choice }: QueuedTick): Promise<Checklist> {
  const put = (body: TickInput) => apiOne<Checklist>('/api/checklist/ticks', { method: 'PUT', body });
  if (takenAt === null) return put(choice);
  try {
    return await put({ ...choice, takenAt });
  } catch (error) {
    // A phone whose clock is far off: the dose still counts as taken, at the time the server has it.
    if (isApiError(error, 'validation_failed') && error.fields.takenAt) return put(choice);
    throw error;
  }
}

/** Sends the queue from its oldest tick until it is empty or the server cannot be reached. */
async function sendQueue(queryClient: QueryClient): Promise<void> {
  // Not yet known (offline): the queue is the device's own patient's.
  const patientId = queryClient.getQueryData<UserProfile | null>(userKeys.me())?.id ?? null;
  const dates = new Set<string>();
  let refusal: unknown = null;
  let previous: string | null = null;
  for (let tick = nextQueuedTick(patientId); tick && tick.id !== previous; tick = nextQueuedTick(patientId)) {
    previous = tick.id;
    try {
      const checklist = await sendTick(tick);
      removeQueuedTick(tick.id);
      // A read of the day that left before this tick arrived would draw the day without it.
      await queryClient.cancelQueries({ queryKey: medicationKeys.checklist(tick.date) });
      queryClient.setQueryData(medicationKeys.checklist(checklist.date), checklist);
    } catch (error) {
      if (worthRetrying(error)) {
        markAllWaiting();
        break;
      }
      // Refused (the dose is no longer due, the medication is gone): sending it again would be refused again.
      removeQueuedTick(tick.id);
      refusal ??= error;
      void queryClient.invalidateQueries({ queryKey: medicationKeys.checklist(tick.date) });
    }
    dates.add(tick.date);
  }
  if (dates.size > 0) {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: medicationKeys.list() }),
      queryClient.invalidateQueries({ queryKey: medicationKeys.adherence() }),
      // Stock shown on the other days' lists changed too.
      queryClient.invalidateQueries({ queryKey: medicationKeys.checklists(), predicate: (query) => !dates.has(String(query.queryKey[2])) }),
    ]);
  }
  if (refusal) throw refusal;
}

let sending: Promise<unknown> = Promise.resolve();

/**
 * Sends the ticks kept on the device, in the order they were made, one at a time: a call made while another is
 * sending runs after it, so a tick queued meanwhile is never left behind. Each reply (the server's checklist of that
 * day) replaces the day's checklist. Rejects with the server's error when it refused a tick for good; a tick that
 * could not be sent stays queued for the next call (the network coming back, the app opening, the next tick).
 */
export function sendQueuedTicks(queryClient: QueryClient): Promise<void> {
  const run = sending.then(() => sendQueue(queryClient));
  sending = run.catch(() => undefined);
  return run;
}

const TICK = [...medicationKeys.all, 'tick'] as const;

/**
 * Ticks or unticks one dose of one day. The change is kept on the device first (dose-outbox.ts), so the box changes
 * at once, with the time of the tick, and a tick made offline is not lost; then the queue is sent. The mutation
 * fails only when the server refused the tick; one that could not be sent waits in the queue, shown "waiting to send".
 */
export function useTickDose() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: TICK,
    // Queuing needs no network: TanStack Query must not hold the tick back while the browser is offline.
    networkMode: 'always',
    mutationFn: (choice: TickChoice) => {
      queueTick(patientIdOf(queryClient), choice);
      return sendQueuedTicks(queryClient);
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
