import { PATIENT_SELECTOR, type CareLink } from '@klaimor/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiList, apiOne, apiRequest, isApiError, type RequestOptions } from '../api/client';
import { familyKeys } from './care-links';
import { useCurrentUser } from './current-user';
import { offlinePatient } from './device-copy';
import { loseAccess, useSelectedDependent } from './selected-patient';

/** `path` with `?patient=<id>` (or `&patient=`) for a dependent; unchanged for the signed-in patient. */
export function withPatient(path: string, dependentId: string | null): string {
  if (dependentId === null) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${PATIENT_SELECTOR}=${encodeURIComponent(dependentId)}`;
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
  const name =
    queryClient.getQueryData<CareLink[]>(familyKeys.links())?.find((link) => link.person.id === dependentId)?.person
      .firstname ?? null;
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
