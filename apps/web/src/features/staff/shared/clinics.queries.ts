import type { Clinic, ClinicBody, ClinicNamesBody } from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiList, apiOne, apiRequest } from '../../../api/client';
import { facilityPath, retryServerTrouble, staffKeys } from './staff-api';

/** A facility's clinics: the schedule, the day list and the desk's bookings all choose among them. */
export const clinicKeys = {
  clinics: (facilityId: string) => [...staffKeys.all, 'clinics', facilityId] as const,
};

const clinicsPath = (facilityId: string) => `${facilityPath(facilityId)}/clinics`;

export function useClinics(facilityId: string) {
  return useQuery({
    queryKey: clinicKeys.clinics(facilityId),
    queryFn: ({ signal }) => apiList<Clinic>(clinicsPath(facilityId), { signal }),
    retry: retryServerTrouble,
  });
}

function useClinicsMutation<V, R>(facilityId: string, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: clinicKeys.clinics(facilityId) }),
  });
}

/** Adds a clinic, or renames one when `id` is given (its letter stays). */
export function useSaveClinic(facilityId: string) {
  return useClinicsMutation(
    facilityId,
    ({ id, body }: { id?: string; body: z.output<typeof ClinicBody> | z.output<typeof ClinicNamesBody> }) =>
      id
        ? apiOne<Clinic>(`${clinicsPath(facilityId)}/${encodeURIComponent(id)}`, { method: 'PUT', body })
        : apiOne<Clinic>(clinicsPath(facilityId), { method: 'POST', body }),
  );
}

export function useRemoveClinic(facilityId: string) {
  return useClinicsMutation(facilityId, (id: string) =>
    apiRequest<void>(`${clinicsPath(facilityId)}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
}

/** A clinic's name in the language shown. */
export const clinicName = (clinic: { nameTh: string; nameEn: string }, lang: string): string =>
  lang === 'en' ? clinic.nameEn : clinic.nameTh;
