import type { UserProfile } from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiOne, apiRequest, isApiError } from '../api/client';
import { forgetDeviceCopy } from './device-copy';

export const userKeys = {
  all: ['users'] as const,
  me: () => [...userKeys.all, 'me'] as const,
};

/** The signed-in patient, or null when nobody is logged in (401 is an answer, not an error). */
export async function fetchCurrentUser(): Promise<UserProfile | null> {
  try {
    return await apiOne<UserProfile>('/api/users/me');
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export function useCurrentUser() {
  return useQuery({
    queryKey: userKeys.me(),
    queryFn: fetchCurrentUser,
    staleTime: 5 * 60_000,
    retry: (failures, error) => !(error instanceof ApiError && error.status > 0 && error.status < 500) && failures < 1,
    // Not asked again by each screen that mounts after a failure (offline): a new ask starts as loading, the app shell
    // shows loading instead of the page, the page unmounts and mounts again, and so on. The network coming back asks.
    retryOnMount: false,
  });
}

/**
 * Prerendered pages show what a logged-out visitor sees: the server sends them only to a browser
 * without a session cookie. Left stale (`updatedAt: 0`), so the browser still asks once.
 */
export function assumeLoggedOut(queryClient: QueryClient): void {
  queryClient.setQueryData(userKeys.me(), null, { updatedAt: 0 });
}

/** After a login: the current-user query is fetched again before anyone reads it. */
export function useRefreshCurrentUser(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: userKeys.me() });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('/api/auth/logout', { method: 'POST' }),
    onSettled: () => {
      // Signed out, the device keeps nothing of the patient for offline use either.
      forgetDeviceCopy();
      queryClient.clear();
      queryClient.setQueryData(userKeys.me(), null);
    },
  });
}
