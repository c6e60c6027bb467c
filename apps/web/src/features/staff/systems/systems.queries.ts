import type { RegisteredSystemClient, SystemClient } from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiList, apiOne } from '../../../api/client';
import { adminKeys } from '../admin/admin.queries';
import { facilityPath, retryServerTrouble, staffKeys } from '../shared/staff-api';

export const systemsKeys = {
  /** The facility's registered systems, as its admin manages them. */
  list: (facilityId: string) => [...staffKeys.all, 'systems', facilityId] as const,
};

const systemsPath = (facilityId: string) => `${facilityPath(facilityId)}/system-clients`;
const systemPath = (facilityId: string, id: string) => `${systemsPath(facilityId)}/${encodeURIComponent(id)}`;

/** The hospital's own systems registered here: their public keys, what each may do, whether it is disabled. */
export function useSystemClients(facilityId: string) {
  return useQuery({
    queryKey: systemsKeys.list(facilityId),
    queryFn: ({ signal }) => apiList<SystemClient>(systemsPath(facilityId), { signal }),
    retry: retryServerTrouble,
  });
}

/** Every change is answered by reading the systems again, and the audit trail that records it. */
function useSystemsMutation<V>(facilityId: string, mutationFn: (variables: V) => Promise<SystemClient>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: systemsKeys.list(facilityId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit(facilityId) }),
      ]),
  });
}

/** Registers a system by its public keys (an address or the keys themselves) and what it may do; the reply has its client id. */
export function useRegisterSystemClient(facilityId: string) {
  return useSystemsMutation(facilityId, (body: RegisteredSystemClient) =>
    apiOne<SystemClient>(systemsPath(facilityId), { method: 'POST', body }),
  );
}

/** Its tokens stop working at once and it gets no new ones, until enabled again. */
export function useDisableSystemClient(facilityId: string) {
  return useSystemsMutation(facilityId, (system: SystemClient) =>
    apiOne<SystemClient>(`${systemPath(facilityId, system.id)}/disable`, { method: 'POST' }),
  );
}

/** It may ask for new tokens again. */
export function useEnableSystemClient(facilityId: string) {
  return useSystemsMutation(facilityId, (system: SystemClient) =>
    apiOne<SystemClient>(`${systemPath(facilityId, system.id)}/enable`, { method: 'POST' }),
  );
}
