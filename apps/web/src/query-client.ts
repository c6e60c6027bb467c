import { QueryClient } from '@tanstack/react-query';
import type { ApiError } from './api/client';

/**
 * A screen's read is asked again, up to three times, only when another try may answer otherwise: the server was busy
 * (429 over a limit, 503 shedding load or restarting), failed (5xx), or was not reached (0, or an error of no status);
 * a refusal or a missing page would answer the same. It waits what the server asked (Retry-After), else 1, 2, 4 s.
 */
const retry = (failures: number, { status = 0 }: Partial<ApiError>) =>
  failures < 3 && (status < 1 || status > 499 || status === 429);
// A minute at most: a screen left loading longer reads as broken.
const retryDelay = (failures: number, error: Partial<ApiError>) =>
  Math.min(error.retryAfterSec || 2 ** failures, 60) * 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Mutations are never asked again (TanStack's default): a booking or a payment sent twice is not the same.
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry, retryDelay } },
  });
}
