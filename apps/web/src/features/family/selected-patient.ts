import { CARE_ACCESS, PATIENT_SELECTOR, careAllows, type CareLink, type CareNeed } from '@klaimor/contracts';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { apiList, apiOne, apiRequest, isApiError, type RequestOptions } from '../../api/client';
import { useCurrentUser } from '../auth/auth.queries';
import { offlinePatient } from '../offline/device-copy';

/**
 * Whose data is on screen: the signed-in patient's own (the default), or a dependent's they care for. The choice is
 * kept for the tab (sessionStorage), for the patient who made it only, and forgotten when they sign out. Every
 * person-scoped call goes through `usePatientScope()`: it names the person in the address (`?patient=<id>`, only for
 * a dependent) and its query key carries the person's id, so two people's data never share a cache entry.
 */

const STORAGE_KEY = 'klaimor.patient';

interface Selection {
  /** The signed-in patient who chose. */
  owner: string;
  /** The dependent chosen; null for the patient's own data. */
  patient: string | null;
}

/** Why the app went back to the patient's own data on its own: the grant ended, or no longer covers a screen. */
export interface LostAccess {
  reason: 'ended' | 'narrowed';
  name: string | null;
}

const listeners = new Set<() => void>();
let lost: LostAccess | null = null;
// Where sessionStorage refuses (a private window), the choice lasts as long as the page.
let unstored: string | null | undefined;

function readRaw(): string | null {
  if (unstored !== undefined) return unstored;
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function write(selection: Selection | null): void {
  const raw = selection?.patient ? JSON.stringify(selection) : null;
  try {
    if (raw === null) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, raw);
    unstored = undefined;
  } catch {
    unstored = raw;
  }
  listeners.forEach((listener) => listener());
}

/** The dependent `owner` chose, or null for their own data (also when the stored choice was someone else's). */
export function selectedDependent(owner: string): string | null {
  try {
    const stored = JSON.parse(readRaw() ?? 'null') as Selection | null;
    return stored && stored.owner === owner && owner !== '' ? stored.patient : null;
  } catch {
    return null;
  }
}

/** Shows `patient`'s data from now on (null: the signed-in patient's own). */
export function selectPatient(owner: string, patient: string | null): void {
  lost = null;
  write({ owner, patient });
}

/** Signing out or deleting the account: the next patient starts with their own data. */
export function forgetSelectedPatient(): void {
  lost = null;
  write(null);
}

/** Back to the patient's own data, saying why (shown by the person switcher until dismissed or another choice). */
export function loseAccess(owner: string, why: LostAccess): void {
  write({ owner, patient: null });
  lost = why;
  listeners.forEach((listener) => listener());
}

export function lostAccess(): LostAccess | null {
  return lost;
}

export function dismissLostAccess(): void {
  lost = null;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `path` with `?patient=<id>` (or `&patient=`) for a dependent; unchanged for the signed-in patient. */
export function withPatient(path: string, dependentId: string | null): string {
  if (dependentId === null) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${PATIENT_SELECTOR}=${encodeURIComponent(dependentId)}`;
}

export const familyKeys = {
  all: ['family'] as const,
  links: () => [...familyKeys.all, 'links'] as const,
};

/** GET /api/family: the dependents and the caregivers of the signed-in patient, with each grant. */
export function useFamily({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: familyKeys.links(),
    queryFn: ({ signal }) => apiList<CareLink>('/api/family', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** The grants the signed-in patient holds now: dependents whose data they may open, oldest first. */
export function activeDependents(links: readonly CareLink[]): CareLink[] {
  return links
    .filter((link) => link.direction === 'caring_for' && link.status === 'active')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * What a screen shows or offers for a dependent, each read from the one table of what a grant opens (`CARE_ACCESS`
 * in contracts, which the server's routes check too).
 */
export type CareArea = 'records' | 'appointments' | 'booking' | 'medicines' | 'changeMedicines' | 'changeProfile' | 'notifications';
const AREA_NEEDS: Record<CareArea, CareNeed> = {
  records: CARE_ACCESS.visits.read,
  appointments: CARE_ACCESS.appointments.read,
  booking: CARE_ACCESS.appointments.change,
  medicines: CARE_ACCESS.medications.read,
  changeMedicines: CARE_ACCESS.medications.change,
  changeProfile: CARE_ACCESS.profile.change,
  notifications: CARE_ACCESS.notifications.read,
};

export function allows(link: Pick<CareLink, 'scopes' | 'person'>, area: CareArea): boolean {
  return careAllows({ scopes: link.scopes, holds: link.person.youHold }, AREA_NEEDS[area]);
}

export interface PatientScope {
  /** Whose data: the dependent's id, or the signed-in patient's own; part of every person-scoped query key. */
  id: string;
  /** The signed-in patient (or, offline, the patient whose copy the device keeps). */
  owner: string;
  /** The dependent chosen; null while the patient's own data is shown. */
  dependentId: string | null;
  url: (path: string) => string;
  list: <T>(path: string, options?: RequestOptions) => Promise<T[]>;
  one: <T>(path: string, options?: RequestOptions) => Promise<T>;
  request: <T>(path: string, options?: RequestOptions) => Promise<T>;
}

/**
 * A dependent's read answered that the grant is gone (404) or no longer covers it (403 `care_forbidden`): the grants
 * are read again, and a refusal takes the patient back to their own data at once (a 404 does once the grants say so).
 */
function onDependentError(queryClient: QueryClient, owner: string, dependentId: string, error: unknown): void {
  const forbidden = isApiError(error, 'care_forbidden');
  if (!forbidden && !isApiError(error, 'not_found')) return;
  const name = queryClient.getQueryData<CareLink[]>(familyKeys.links())?.find((link) => link.person.id === dependentId)?.person.firstname ?? null;
  if (forbidden) loseAccess(owner, { reason: 'narrowed', name });
  void queryClient.invalidateQueries({ queryKey: familyKeys.links() });
}

export function patientScope(queryClient: QueryClient, owner: string, dependentId: string | null): PatientScope {
  const url = (path: string) => withPatient(path, dependentId);
  const watched = <T>(call: Promise<T>, options?: RequestOptions): Promise<T> =>
    dependentId === null
      ? call
      : call.catch((error: unknown) => {
          if ((options?.method ?? 'GET') === 'GET') onDependentError(queryClient, owner, dependentId, error);
          throw error;
        });
  return {
    id: dependentId ?? owner,
    owner,
    dependentId,
    url,
    list: (path, options) => watched(apiList(url(path), options), options),
    one: (path, options) => watched(apiOne(url(path), options), options),
    request: (path, options) => watched(apiRequest(url(path), options), options),
  };
}

/** The signed-in patient's id; offline, the patient whose copy this device keeps. */
export function useOwnerId(): string {
  const me = useCurrentUser();
  return me.data?.id ?? offlinePatient()?.id ?? '';
}

/** The chosen dependent of the signed-in patient (null: their own data), re-rendering when the choice changes. */
export function useSelectedDependent(owner: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => selectedDependent(owner),
    () => null,
  );
}

export function useLostAccess(): LostAccess | null {
  return useSyncExternalStore(subscribe, lostAccess, () => null);
}

/** Whose data the screen is about, and the calls that fetch it (see `patientScope`). */
export function usePatientScope(): PatientScope {
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const owner = useOwnerId();
  const selected = useSelectedDependent(owner);
  // Offline (nobody known to be signed in) only the device's own patient's copy is drawn.
  const dependentId = me.data ? selected : null;
  return useMemo(() => patientScope(queryClient, owner, dependentId), [queryClient, owner, dependentId]);
}
