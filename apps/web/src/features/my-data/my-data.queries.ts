import type { AccessLogEntry, ConfirmDeletionInput, FhirBundle, OtpRequested } from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiOne, apiRequest } from '../../api/client';
import { saveFile } from '../../lib/save-file';
import { userKeys } from '../../session/current-user';
import { forgetSelectedPatient } from '../../session/selected-patient';
import { usePatientScope, withPatient, type PatientScope } from '../../session/patient-scope';
import { forgetDeviceCopy } from '../../session/device-copy';

/** GET /api/my-data/fhir: the person's whole record as a FHIR R4 Bundle (the body itself, not `{ data }`). */
export function fetchFhirBundle(patient: PatientScope): Promise<FhirBundle> {
  return patient.request<FhirBundle>('/api/my-data/fhir', {
    headers: { Accept: 'application/fhir+json, application/json' },
  });
}

/** Hands the bundle to the browser as a file download. */
export function saveJsonFile(bundle: unknown, fileName: string): void {
  saveFile(new Blob([JSON.stringify(bundle, null, 2)], { type: 'application/fhir+json' }), fileName);
}

export function useDownloadFhir() {
  const patient = usePatientScope();
  return useMutation({
    mutationFn: async (fileName: string) => saveJsonFile(await fetchFhirBundle(patient), fileName),
  });
}

/**
 * Step 1 of deleting the account, or (with `dependentId`) the profile of a dependent the patient holds who cannot sign
 * in: a one-time code to the signed-in patient's own phone that only confirms deletion.
 */
export function useRequestDeletionCode(dependentId: string | null = null) {
  return useMutation({
    mutationFn: () => apiOne<OtpRequested>(withPatient('/api/my-data/deletion/code', dependentId), { method: 'POST' }),
  });
}

/**
 * Step 2: erase. The patient's own account ends every session (the caller then leaves for a page that needs no
 * account, and forgets); a dependent's profile goes and the caregiver stays signed in.
 */
export function useConfirmDeletion(dependentId: string | null = null) {
  return useMutation({
    mutationFn: (body: ConfirmDeletionInput) =>
      apiRequest<void>(withPatient('/api/my-data/deletion', dependentId), { method: 'POST', body }),
  });
}

/** Drops everything cached about the patient, who is now nobody. */
export function useForgetPatient(): () => void {
  const queryClient = useQueryClient();
  return () => {
    forgetDeviceCopy();
    forgetSelectedPatient();
    queryClient.clear();
    queryClient.setQueryData(userKeys.me(), null);
  };
}

/** Who (hospital staff, family caregivers) saw or changed the person's record, newest first. */
export function useAccessLog() {
  const patient = usePatientScope();
  return useQuery({
    queryKey: ['my-data', patient.id, 'access-log'],
    queryFn: ({ signal }) => patient.list<AccessLogEntry>('/api/my-data/access-log', { signal }),
  });
}
