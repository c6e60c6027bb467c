import { ApiError, isApiError } from '../../../api/client';

/**
 * The root of every staff query key, and the signed-in member's. Each area's keys start from `all`, so signing in or
 * out drops everything an earlier member saw.
 */
export const staffKeys = {
  all: ['staff'] as const,
  me: () => [...staffKeys.all, 'me'] as const,
};

/** Whether a failed staff call means the staff session is gone (never started, ended, or idle too long). */
export const isSignedOut = (error: unknown): boolean => isApiError(error) && error.status === 401;

/** A client error is an answer: asking again would get the same one. */
export const retryServerTrouble = (failures: number, error: unknown): boolean =>
  !(error instanceof ApiError && error.status > 0 && error.status < 500) && failures < 1;

/** Where a facility's staff calls start. */
export const facilityPath = (facilityId: string): string => `/api/staff/facilities/${encodeURIComponent(facilityId)}`;
