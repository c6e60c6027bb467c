/** Navigation state carried to '/' when a page needs a logged-in patient (spec: an error request status). */
export interface RedirectErrorState {
  error: { status: number; code: 'unauthenticated'; from: string };
}

export function redirectErrorState(from: string): RedirectErrorState {
  return { error: { status: 401, code: 'unauthenticated', from } };
}

export function readRedirectError(state: unknown): RedirectErrorState['error'] | null {
  if (state === null || typeof state !== 'object' || !('error' in state)) return null;
  const error = (state as { error: unknown }).error;
  return error !== null && typeof error === 'object' && (error as { status?: unknown }).status === 401
    ? (error as RedirectErrorState['error'])
    : null;
}
