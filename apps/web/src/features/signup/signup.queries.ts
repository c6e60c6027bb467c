import type { RegisterUser, UserProfile } from '@klaimor/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiOne } from '../../api/client';
import { userKeys } from '../../session/current-user';

export function useRegisterUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterUser) => apiOne<UserProfile>('/api/users', { method: 'POST', body }),
    onSuccess: (profile) => queryClient.setQueryData(userKeys.me(), profile),
  });
}
