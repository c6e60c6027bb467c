import type { UpdateProfile, UserProfile } from '@klaimor/contracts';
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
