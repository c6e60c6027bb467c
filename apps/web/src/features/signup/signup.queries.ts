import type { RegisterUser, UserProfile } from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiOne } from '../../api/client';
import type { DateLanguage } from '../../lib/thai-date';
import { userKeys } from '../../session/current-user';

export function useRegisterUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterUser) => apiOne<UserProfile>('/api/users', { method: 'POST', body }),
    onSuccess: (profile) => queryClient.setQueryData(userKeys.me(), profile),
  });
}

/**
 * The countries to pick a passport's from, by name in the reader's language. The names (both languages, some 7 KB)
 * load only when asked for: most patients register with a Thai ID.
 */
export function useCountryOptions(lang: DateLanguage, enabled: boolean) {
  return useQuery({
    queryKey: ['country-options', lang],
    queryFn: async () => (await import('./countries')).countryOptions(lang),
    enabled,
    staleTime: Infinity,
  });
}
