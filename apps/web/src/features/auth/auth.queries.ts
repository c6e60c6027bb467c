import type { AppConfig, DevSms, OtpRequested, OtpVerified, UserProfile } from '@klaimor/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiList, apiOne, apiRequest, isApiError } from '../../api/client';
import { forgetDeviceCopy } from '../offline/device-copy';

export const userKeys = {
  all: ['users'] as const,
  me: () => [...userKeys.all, 'me'] as const,
};

export const appConfigKeys = {
  all: ['app-config'] as const,
};

export const devSmsKeys = {
  all: ['dev-sms'] as const,
  phone: (phone: string) => [...devSmsKeys.all, phone] as const,
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

export function useAppConfig() {
  return useQuery({
    queryKey: appConfigKeys.all,
    queryFn: () => apiOne<AppConfig>('/api/app-config'),
    staleTime: Infinity,
    retry: false,
  });
}

/** Development only: the texts the server would have sent by SMS, newest first. */
export function useDevSms(phone: string, enabled: boolean) {
  return useQuery({
    queryKey: devSmsKeys.phone(phone),
    queryFn: () => apiList<DevSms>(`/api/dev/sms?phone=${encodeURIComponent(phone)}`),
    enabled: enabled && phone !== '',
    refetchInterval: 3000,
    retry: false,
  });
}

export function useRequestOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phone: string) => apiOne<OtpRequested>('/api/auth/otp', { method: 'POST', body: { phone } }),
    onSuccess: (_reply, phone) => queryClient.invalidateQueries({ queryKey: devSmsKeys.phone(phone) }),
  });
}

export function useVerifyOtp() {
  return useMutation({
    mutationFn: (body: { phone: string; code: string }) =>
      apiOne<OtpVerified>('/api/auth/otp/verify', { method: 'POST', body }),
  });
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
