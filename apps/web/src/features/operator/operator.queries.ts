import type {
  CorrectFacilityBody,
  FirstAdminInvitation,
  InviteFirstAdminBody,
  OperatorFacilitiesQuery,
  OperatorFacilitiesReply,
  OperatorFacility,
} from '@klaimor/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiOne, apiRequest } from '../../api/client';
import { retryServerTrouble, staffKeys } from '../staff/shared/staff-api';

/** Under the staff keys: signing in or out as anyone drops what an operator saw. */
export const operatorKeys = {
  all: [...staffKeys.all, 'operator'] as const,
  list: (query: OperatorFacilitiesQuery) => [...operatorKeys.all, 'list', query] as const,
  facility: (id: string) => [...operatorKeys.all, 'facility', id] as const,
};

const facilityPath = (id: string) => `/api/operator/facilities/${encodeURIComponent(id)}`;

export function useOperatorFacilities(query: OperatorFacilitiesQuery) {
  const search = new URLSearchParams(
    Object.entries(query).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]])),
  );
  return useQuery({
    queryKey: operatorKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest<OperatorFacilitiesReply>(`/api/operator/facilities?${search.toString()}`, { signal }),
    placeholderData: keepPreviousData,
    retry: retryServerTrouble,
  });
}

export function useOperatorFacility(id: string) {
  return useQuery({
    queryKey: operatorKeys.facility(id),
    queryFn: ({ signal }) => apiOne<OperatorFacility>(facilityPath(id), { signal }),
    retry: retryServerTrouble,
  });
}

/** Every change to a facility answers with the facility as it now is, which the screen then shows. */
function useFacilityChange<TBody>(id: string, method: 'PATCH' | 'PUT' | 'POST', path = '') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => apiOne<OperatorFacility>(`${facilityPath(id)}${path}`, { method, body }),
    onSuccess: (facility) => {
      queryClient.setQueryData(operatorKeys.facility(id), facility);
      void queryClient.invalidateQueries({ queryKey: [...operatorKeys.all, 'list'] });
    },
  });
}

export const useCorrectFacility = (id: string) => useFacilityChange<CorrectFacilityBody>(id, 'PATCH');
export const useHideFacility = (id: string) => useFacilityChange<{ hidden: boolean }>(id, 'PUT', '/hidden');
export const useMergeFacility = (id: string) => useFacilityChange<{ into: string }>(id, 'POST', '/merge');
export const useSetPromptPay = (id: string) => useFacilityChange<{ promptPayId: string }>(id, 'PUT', '/promptpay');
export const useVerifyPromptPay = (id: string) =>
  useFacilityChange<{ promptPayId: string }>(id, 'POST', '/promptpay/verify');

export function useInviteFirstAdmin(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteFirstAdminBody) =>
      apiOne<FirstAdminInvitation>(`${facilityPath(id)}/admins`, { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: operatorKeys.all }),
  });
}
