import type { CorrectIdentity, OtpRequested, UpdateProfile, UserProfile } from '@klaimor/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiOne } from '../../api/client';
import { userKeys } from '../../session/current-user';
import { usePatientScope } from '../../session/patient-scope';
import { dependentProfileKey } from '../../session/person-profile';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const patient = usePatientScope();
  return useMutation({
    mutationFn: (body: UpdateProfile) => patient.one<UserProfile>('/api/users', { method: 'PATCH', body }),
    onSuccess: (profile) =>
      queryClient.setQueryData(patient.dependentId === null ? userKeys.me() : dependentProfileKey(patient.id), profile),
  });
}

/** A code to the patient's phone that only confirms correcting their name, birth date or gender. */
export function useRequestIdentityCode() {
  return useMutation({
    mutationFn: () => apiOne<OtpRequested>('/api/users/me/identity/code', { method: 'POST' }),
  });
}

export function useCorrectIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CorrectIdentity) => apiOne<UserProfile>('/api/users/me/identity', { method: 'PUT', body }),
    onSuccess: (profile) => queryClient.setQueryData(userKeys.me(), profile),
  });
}
