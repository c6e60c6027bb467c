import type { CorrectIdentity, OtpRequested, UpdateProfile, UserProfile } from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { apiOne } from '../../api/client';
import { useCurrentUser, userKeys } from '../auth/auth.queries';
import { usePatientScope } from '../family/selected-patient';

/** A dependent's profile, under the person's own key (the signed-in patient's is `userKeys.me()`). */
const dependentProfileKey = (person: string) => [...userKeys.all, person, 'profile'] as const;

/** The profile of the person on screen: the signed-in patient's, or the chosen dependent's. */
export function usePersonProfile(): UseQueryResult<UserProfile | null> {
  const patient = usePatientScope();
  const me = useCurrentUser();
  const dependent = useQuery({
    queryKey: dependentProfileKey(patient.id),
    queryFn: ({ signal }) => patient.one<UserProfile>('/api/users/me', { signal }),
    enabled: patient.dependentId !== null,
  });
  return patient.dependentId === null ? me : dependent;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const patient = usePatientScope();
  return useMutation({
    mutationFn: (body: UpdateProfile) => patient.one<UserProfile>('/api/users', { method: 'PATCH', body }),
    onSuccess: (profile) => queryClient.setQueryData(patient.dependentId === null ? userKeys.me() : dependentProfileKey(patient.id), profile),
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
