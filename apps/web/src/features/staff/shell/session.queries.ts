import type { Enrolled, EnrolmentStarted, StaffEnrolment, StaffMe, StaffSignInBody } from '@klaimor/contracts';
import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiOne, apiRequest } from '../../../api/client';
import { isSignedOut, retryServerTrouble, staffKeys } from '../shared/staff-api';

export const enrolmentKeys = {
  link: (token: string) => [...staffKeys.all, 'enrolment', token] as const,
};

/**
 * The signed-in member and their roles per facility, or null when no staff session (401 is an answer, not an error).
 */
export async function fetchStaffMe(): Promise<StaffMe | null> {
  try {
    return await apiOne<StaffMe>('/api/staff/me');
  } catch (error) {
    if (isSignedOut(error)) return null;
    throw error;
  }
}

export function useStaffMe() {
  return useQuery({ queryKey: staffKeys.me(), queryFn: fetchStaffMe, staleTime: 60_000, retry: retryServerTrouble });
}

/** Signs in; the member is then read afresh, and nothing of an earlier member's stays in the cache. */
export function useStaffSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof StaffSignInBody>) =>
      apiRequest<void>('/api/staff/sign-in', { method: 'POST', body }),
    onSuccess: () => queryClient.removeQueries({ queryKey: staffKeys.all }),
  });
}

export function useStaffSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await apiRequest<void>('/api/staff/sign-out', { method: 'POST' });
      } catch (error) {
        // A session that had already ended is signed out all the same.
        if (!isSignedOut(error)) throw error;
      }
    },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: staffKeys.all });
      queryClient.setQueryData(staffKeys.me(), null);
    },
  });
}

const enrolmentPath = (token: string) => `/api/staff/enrolment/${encodeURIComponent(token)}`;

/** Who an enrolment link is for; 404 staff_enrolment_invalid when it is expired, used or unknown. */
export function useStaffEnrolment(token: string) {
  return useQuery({
    queryKey: enrolmentKeys.link(token),
    queryFn: ({ signal }) => apiOne<StaffEnrolment>(enrolmentPath(token), { signal }),
    enabled: token !== '',
    retry: retryServerTrouble,
    staleTime: Infinity,
  });
}

export function useStartEnrolment(token: string) {
  return useMutation({
    mutationFn: (password: string) =>
      apiOne<EnrolmentStarted>(`${enrolmentPath(token)}/start`, { method: 'POST', body: { password } }),
  });
}

/** Confirms the authenticator; the reply carries the recovery codes and starts a staff session. */
export function useConfirmEnrolment(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiOne<Enrolled>(`${enrolmentPath(token)}/confirm`, { method: 'POST', body: { code } }),
    onSuccess: () => queryClient.removeQueries({ queryKey: staffKeys.me() }),
  });
}
