import type {
  Adherence,
  AsNeededTakeInput,
  Checklist,
  Medication,
  MedicationBody,
  Refill,
  TickInput,
  UserProfile,
} from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiOne, isApiError } from '../../api/client';
import { userKeys } from '../../session/current-user';
import { offlinePatient } from '../../session/device-copy';
import { usePatientScope, type PatientScope } from '../../session/patient-scope';
import {
  NOTHING_QUEUED,
  markAllWaiting,
  nextQueuedTick,
  queueTick,
  removeQueuedTick,
  useOutbox,
  type Outbox,
  type QueuedTick,
  type TickChoice,
} from './dose-outbox';

/** Keys name the person first (session/patient-scope.ts): `all` still covers everybody's. */
export const medicationKeys = {
  all: ['medications'] as const,
  of: (person: string) => [...medicationKeys.all, person] as const,
  list: (person: string) => [...medicationKeys.of(person), 'list'] as const,
  checklists: (person: string) => [...medicationKeys.of(person), 'checklist'] as const,
  checklist: (person: string, date: string) => [...medicationKeys.checklists(person), date] as const,
  adherence: (person: string) => [...medicationKeys.of(person), 'adherence'] as const,
  /** The requests for more of a long-term medicine: under the medicines, so a change to them reads them again. */
  refills: (person: string) => [...medicationKeys.of(person), 'refills'] as const,
};

export function useMedications() {
  const patient = usePatientScope();
  return useQuery({
    queryKey: medicationKeys.list(patient.id),
    queryFn: ({ signal }) => patient.list<Medication>('/api/medications', { signal }),
  });
}

/**
 * GET /api/refills: the person's requests for more of their long-term medicines, newest first. Read here, with the
 * medicines, so the medicines page can point to them; features/refills shows them and makes them.
 */
export function useRefillRequests() {
  const patient = usePatientScope();
  return useQuery({
    queryKey: medicationKeys.refills(patient.id),
    queryFn: ({ signal }) => patient.list<Refill>('/api/refills', { signal }),
  });
}

/** The checklist of one day in Thailand (YYYY-MM-DD), computed by the server from the medications. */
export function useChecklist(date: string) {
  const patient = usePatientScope();
  return useQuery({
    queryKey: medicationKeys.checklist(patient.id, date),
    queryFn: ({ signal }) => patient.one<Checklist>(`/api/checklist?date=${encodeURIComponent(date)}`, { signal }),
  });
}

/** The last 7 and the last 30 days, in that order. */
export function useAdherence() {
  const patient = usePatientScope();
  return useQuery({
    queryKey: medicationKeys.adherence(patient.id),
    queryFn: ({ signal }) => patient.list<Adherence>('/api/adherence', { signal }),
  });
}

/** The ticks waiting on the device for the person on screen: only the signed-in patient's own are ever kept. */
export function useQueuedTicks(): Outbox {
  const outbox = useOutbox();
  return usePatientScope().dependentId === null ? outbox : NOTHING_QUEUED;
}

/** Whose ticks they are: the patient signed in, or offline the patient whose copy the device keeps. */
function patientIdOf(queryClient: QueryClient): string {
  return queryClient.getQueryData<UserProfile | null>(userKeys.me())?.id ?? offlinePatient()?.id ?? '';
}

/** Failures after which a tick stays queued: the server was not reached or was busy, or nobody is signed in yet. */
function worthRetrying(error: unknown): boolean {
  return (
    !isApiError(error) ||
    error.status === 0 ||
    error.status === 401 ||
    error.status === 408 ||
    error.status === 429 ||
    error.status >= 500
  );
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
  const person = patientIdOf(queryClient);
  const dates = new Set<string>();
  let refusal: unknown = null;
  let previous: string | null = null;
  for (let tick = nextQueuedTick(patientId); tick && tick.id !== previous; tick = nextQueuedTick(patientId)) {
    previous = tick.id;
    try {
      const checklist = await sendTick(tick);
      removeQueuedTick(tick.id);
      // A read of the day that left before this tick arrived would draw the day without it.
      await queryClient.cancelQueries({ queryKey: medicationKeys.checklist(person, tick.date) });
      queryClient.setQueryData(medicationKeys.checklist(person, checklist.date), checklist);
    } catch (error) {
      if (worthRetrying(error)) {
        markAllWaiting();
        break;
      }
      // Refused (the dose is no longer due, the medication is gone): sending it again would be refused again.
      removeQueuedTick(tick.id);
      refusal ??= error;
      void queryClient.invalidateQueries({ queryKey: medicationKeys.checklist(person, tick.date) });
    }
    dates.add(tick.date);
  }
  if (dates.size > 0) {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: medicationKeys.list(person) }),
      queryClient.invalidateQueries({ queryKey: medicationKeys.adherence(person) }),
      // Stock shown on the other days' lists changed too.
      queryClient.invalidateQueries({
        queryKey: medicationKeys.checklists(person),
        predicate: (query) => !dates.has(String(query.queryKey[3])),
      }),
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

/** A dependent's tick goes straight to the server (the device keeps only the signed-in patient's own ticks). */
async function sendDependentTick(queryClient: QueryClient, patient: PatientScope, choice: TickChoice): Promise<void> {
  const checklist = await patient.one<Checklist>('/api/checklist/ticks', {
    method: 'PUT',
    body: choice satisfies TickInput,
  });
  queryClient.setQueryData(medicationKeys.checklist(patient.id, checklist.date), checklist);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: medicationKeys.list(patient.id) }),
    queryClient.invalidateQueries({ queryKey: medicationKeys.adherence(patient.id) }),
    queryClient.invalidateQueries({
      queryKey: medicationKeys.checklists(patient.id),
      predicate: (query) => query.queryKey[3] !== checklist.date,
    }),
  ]);
}

/**
 * Ticks or unticks one dose of one day. The patient's own change is kept on the device first (dose-outbox.ts), so the
 * box changes at once, with the time of the tick, and a tick made offline is not lost; then the queue is sent. The
 * mutation fails only when the server refused the tick; one that could not be sent waits in the queue, shown "waiting
 * to send". A dependent's tick is sent online only, and shows once the server has it.
 */
export function useTickDose() {
  const queryClient = useQueryClient();
  const patient = usePatientScope();
  return useMutation({
    mutationKey: TICK,
    // Queuing needs no network: TanStack Query must not hold the tick back while the browser is offline.
    networkMode: patient.dependentId === null ? 'always' : 'online',
    mutationFn: (choice: TickChoice) => {
      if (patient.dependentId !== null) return sendDependentTick(queryClient, patient, choice);
      queueTick(patientIdOf(queryClient), choice);
      return sendQueuedTicks(queryClient);
    },
  });
}

/** A reply with the checklist of a day: it replaces that day's, and the stock shown elsewhere is read again. */
async function showChecklist(queryClient: QueryClient, person: string, checklist: Checklist): Promise<void> {
  await queryClient.cancelQueries({ queryKey: medicationKeys.checklist(person, checklist.date) });
  queryClient.setQueryData(medicationKeys.checklist(person, checklist.date), checklist);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: medicationKeys.list(person) }),
    queryClient.invalidateQueries({
      queryKey: medicationKeys.checklists(person),
      predicate: (query) => query.queryKey[3] !== checklist.date,
    }),
  ]);
}

/**
 * Records that an as-needed medicine was taken now (on `date`, today). Online only: unlike a due dose's tick it is not
 * kept on the device, since the day's maximum is the server's to count. A refusal for the day's maximum
 * (409 `as_needed_limit`) reads the day again, so the screen shows the takings the server has.
 */
export function useRecordAsNeeded() {
  const queryClient = useQueryClient();
  const patient = usePatientScope();
  return useMutation({
    // Fails at once without a network (rather than waiting paused), so the screen can say why.
    networkMode: 'always',
    mutationFn: (take: { date: string; medicationId: string }) =>
      patient.one<Checklist>('/api/checklist/as-needed', {
        method: 'POST',
        body: take satisfies AsNeededTakeInput,
      }),
    onSuccess: (checklist) => showChecklist(queryClient, patient.id, checklist),
    onError: (error, take) => {
      if (isApiError(error, 'as_needed_limit') || isApiError(error, 'dose_not_due'))
        void queryClient.invalidateQueries({ queryKey: medicationKeys.checklist(patient.id, take.date) });
    },
  });
}

/** Removes a taking of an as-needed medicine recorded by mistake (its units go back to the stock). Online only. */
export function useRemoveAsNeeded() {
  const queryClient = useQueryClient();
  const patient = usePatientScope();
  return useMutation({
    networkMode: 'always',
    mutationFn: (takeId: string) =>
      patient.one<Checklist>(`/api/checklist/as-needed/${encodeURIComponent(takeId)}`, { method: 'DELETE' }),
    onSuccess: (checklist) => showChecklist(queryClient, patient.id, checklist),
    // Already gone (removed on another phone): the day is read again.
    onError: (error) => {
      if (isApiError(error, 'not_found'))
        void queryClient.invalidateQueries({ queryKey: medicationKeys.checklists(patient.id) });
    },
  });
}

/** Adds a medication, or replaces one when `id` is given; every day's checklist is computed again. */
export function useSaveMedication() {
  const queryClient = useQueryClient();
  const patient = usePatientScope();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: MedicationBody }) =>
      id
        ? patient.one<Medication>(`/api/medications/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : patient.one<Medication>('/api/medications', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: medicationKeys.of(patient.id) }),
  });
}

/** No doses after today; the record and its ticks stay. */
export function useStopMedication() {
  const queryClient = useQueryClient();
  const patient = usePatientScope();
  return useMutation({
    mutationFn: (id: string) =>
      patient.one<Medication>(`/api/medications/${encodeURIComponent(id)}/stop`, { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: medicationKeys.of(patient.id) }),
  });
}
