import { todayInBangkok, type UserProfile } from '@klaimor/contracts';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { DehydrateOptions, Query, QueryClient, QueryKey } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
  type PersistedClient,
} from '@tanstack/react-query-persist-client';
import { appointmentKeys } from '../../session/appointment-queries';
import { userKeys } from '../../session/current-user';
import { healthBackgroundKeys } from '../health-background/health-background.queries';
import { anyWaiting, keepQueuedTicksOf, outbox } from '../medications/dose-outbox';
import { medicationKeys, sendQueuedTicks } from '../medications/medications.queries';
import { symptomNoteKeys } from '../symptom-notes/symptom-notes.queries';
import { DEVICE_KEYS, offlinePatient } from '../../session/device-copy';

/**
 * The signed-in patient's last-synced medicine checklist, medication list, appointments, latest symptom notes and
 * allergies and conditions (to show at a pharmacy or an emergency room without signal),
 * kept on the device (localStorage, through TanStack Query's persister) so those screens read without a network,
 * and the sending of ticks kept offline when the network comes back. Loaded lazily by session/keep-device-copy.ts.
 *
 * Only what these screens need is kept (the PDPA's data minimisation): today's checklist, the adherence shown beside
 * it, the medication list, the appointments, the newest NOTES_KEPT symptom notes, the allergies and long-term
 * conditions, and the patient's id and first
 * name. Only the signed-in patient's own: never a dependent's data a caregiver opened (family care), whose screens
 * are read online only. Not the profile (ID number, address, phone), not the history, not coverage. It is forgotten when the patient
 * signs out or deletes the account, when the server says nobody is signed in, when another patient signs in, and
 * when it has not been refreshed for MAX_AGE_MS.
 */

/** A reply fetched more than a week ago is dropped, unread: a week offline, or away from the app, and it goes. */
const MAX_AGE_MS = 7 * 24 * 60 * 60_000;
/**
 * Change it when a kept reply's shape changes (4: a medicine carries its drug-list code; 5: a medicine is taken at
 * meals, every N hours or as needed, and the checklist lists the as-needed ones apart): a copy in the old shape is then
 * dropped, never drawn by new code.
 */
export const OFFLINE_COPY_FORMAT = 'klaimor-offline-5';
const FORMAT = OFFLINE_COPY_FORMAT;
/** The newest symptom notes kept: My Health shows the latest, the diary a look back; not the whole diary. */
const NOTES_KEPT = 10;
/** A queued tick whose send failed while the browser said it was online (it often is not) is tried again this often. */
const RETRY_MS = 30_000;

const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.every((part, i) => key[i] === part);

/** The queries kept of a patient (each with its own key prefix, so they also stay in memory as long as the copy does). */
const kept = (patientId: string): { prefix: QueryKey; today?: true }[] => [
  { prefix: medicationKeys.list(patientId) },
  { prefix: medicationKeys.adherence(patientId) },
  { prefix: medicationKeys.checklists(patientId), today: true },
  { prefix: appointmentKeys.list(patientId) },
  { prefix: appointmentKeys.ones(patientId) },
  { prefix: symptomNoteKeys.list(patientId) },
  { prefix: healthBackgroundKeys.lists(patientId) },
];

/** Queries of these features, whoever they are about: what forgetting the copy drops from memory. */
const FEATURES: QueryKey[] = [medicationKeys.all, appointmentKeys.all, symptomNoteKeys.all, healthBackgroundKeys.all];

/** Only the device's own patient's replies: the one signed in, whose id offline-copy.ts keeps beside the copy. */
function isKept(query: Query): boolean {
  const owner = offlinePatient()?.id;
  if (!owner) return false;
  const { queryKey } = query;
  return kept(owner).some(
    ({ prefix, today }) => startsWith(queryKey, prefix) && (!today || queryKey[prefix.length] === todayInBangkok()),
  );
}

const dehydrateOptions: DehydrateOptions = {
  // A kept reply whose refresh failed (offline) is still the last-synced one: kept too.
  shouldDehydrateQuery: (query) => isKept(query) && query.state.data !== undefined,
  shouldDehydrateMutation: () => false,
};

/** Replies fetched more than MAX_AGE_MS ago leave the copy (counted from the fetch, not from the last save). */
function withoutOld(client: PersistedClient): PersistedClient {
  const oldest = Date.now() - MAX_AGE_MS;
  const queries = client.clientState.queries.filter((query) => query.state.dataUpdatedAt >= oldest);
  return { ...client, clientState: { mutations: [], queries } };
}

/** The copy as stored: each reply as the last success it was, the diary cut to its newest notes. */
function serialize(client: PersistedClient): string {
  const { clientState } = withoutOld(client);
  const queries = clientState.queries.map((query) => {
    const { data } = query.state;
    const notes = query.queryKey[0] === symptomNoteKeys.all[0] && Array.isArray(data);
    return {
      ...query,
      state: {
        ...query.state,
        data: notes ? data.slice(0, NOTES_KEPT) : data,
        status: 'success' as const,
        error: null,
        fetchFailureCount: 0,
        fetchFailureReason: null,
        fetchStatus: 'idle' as const,
      },
    };
  });
  return JSON.stringify({ ...client, clientState: { mutations: [], queries } });
}

const deserialize = (stored: string): PersistedClient => withoutOld(JSON.parse(stored) as PersistedClient);

const started = new WeakMap<QueryClient, () => void>();

/**
 * Keeps the copy for the patient signed in and sends queued ticks when the network is back; once per query client.
 * Returns what stops it (the app never does: tests do).
 */
export function startOfflineCopy(queryClient: QueryClient): () => void {
  const running = started.get(queryClient);
  if (running) return running;

  // Closed when the patient is forgotten: a save the persister has already scheduled then writes nothing.
  let writable = false;
  const persister = createAsyncStoragePersister({
    key: DEVICE_KEYS.copy,
    serialize,
    deserialize,
    storage: {
      getItem: (key) => localStorage.getItem(key),
      setItem: (key, value) => {
        if (writable) localStorage.setItem(key, value);
      },
      removeItem: (key) => localStorage.removeItem(key),
    },
  });

  let keeping = false;
  let stopSaving = () => {};
  const keep = async () => {
    if (keeping) return;
    keeping = true;
    writable = true;
    const owner = offlinePatient();
    if (owner) for (const { prefix } of kept(owner.id)) queryClient.setQueryDefaults(prefix, { gcTime: MAX_AGE_MS });
    // A copy that cannot be read (a damaged or older one) is dropped by the persister; the screens then ask the server.
    await persistQueryClientRestore({ queryClient, persister, maxAge: MAX_AGE_MS, buster: FORMAT }).catch(
      () => undefined,
    );
    if (!keeping) return;
    const saving = { queryClient, persister, buster: FORMAT, dehydrateOptions };
    stopSaving = persistQueryClientSubscribe(saving);
    // What the screens read before the copy was kept is saved now, not at the next change.
    void persistQueryClientSave(saving);
  };
  const forget = () => {
    if (!keeping && !offlinePatient()) return;
    keeping = false;
    writable = false;
    stopSaving();
    try {
      localStorage.removeItem(DEVICE_KEYS.copy);
      localStorage.removeItem(DEVICE_KEYS.patient);
    } catch {
      // no storage: nothing was kept
    }
    // What was drawn from the copy leaves memory too.
    void queryClient.resetQueries({
      predicate: (query) => FEATURES.some((prefix) => startsWith(query.queryKey, prefix)),
    });
  };

  const send = () => void sendQueuedTicks(queryClient).catch(() => undefined);
  let known: string | null = null;
  const onCurrentUser = () => {
    const state = queryClient.getQueryState<UserProfile | null>(userKeys.me());
    if (!state) return;
    // Signed out, or the session ended: the copy goes. Ticks not sent stay for this patient's next sign-in
    // (another patient's sign-in drops them). A prerendered page only assumes nobody (updatedAt 0): not an answer.
    if (state.data === null && state.dataUpdatedAt > 0) {
      forget();
      known = null;
    } else if (state.data) {
      const { id, firstname } = state.data;
      const owner = offlinePatient();
      if (owner && owner.id !== id) forget();
      keepQueuedTicksOf(id);
      try {
        localStorage.setItem(DEVICE_KEYS.patient, JSON.stringify({ id, firstname }));
      } catch {
        // no storage: no copy either
      }
      void keep();
      if (known !== id) send();
      known = id;
    } else if (state.status === 'error' && offlinePatient()) {
      // The server cannot say who is signed in (offline): the device's own patient's copy is drawn.
      void keep();
    }
  };
  onCurrentUser();
  const stopWatching = queryClient.getQueryCache().subscribe(({ query, type }) => {
    if ((type === 'added' || type === 'updated') && startsWith(query.queryKey, userKeys.me())) onCurrentUser();
  });

  const waiting = () => outbox().ticks.length > 0;
  const onVisible = () => {
    if (document.visibilityState === 'visible' && waiting()) send();
  };
  window.addEventListener('online', send);
  document.addEventListener('visibilitychange', onVisible);
  const retry = setInterval(() => {
    if (anyWaiting() && navigator.onLine) send();
  }, RETRY_MS);

  const stop = () => {
    stopWatching();
    stopSaving();
    // A save the persister has already scheduled writes nothing after it stopped (over the next test's copy).
    writable = false;
    window.removeEventListener('online', send);
    document.removeEventListener('visibilitychange', onVisible);
    clearInterval(retry);
    started.delete(queryClient);
  };
  started.set(queryClient, stop);
  return stop;
}
