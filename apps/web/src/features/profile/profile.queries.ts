import type { CorrectIdentity, OtpRequested, UpdateProfile, UserProfile } from '@klaimor/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiOne } from '../../api/client';
import { userKeys } from '../auth/auth.queries';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfile) => apiOne<UserProfile>('/api/users', { method: 'PATCH', body }),
    onSuccess: (profile) => queryClient.setQueryData(userKeys.me(), profile),
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
