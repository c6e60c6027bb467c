/** Navigation state (or `?returnTo=`) telling the login page where to go back after logging in. */
export interface ReturnToState {
  returnTo: string;
}

/** Where to go after logging in: an in-app path from state or query, else `fallback`. */
export function readReturnTo(state: unknown, search: string, fallback: string): string {
  const fromState =
    state !== null && typeof state === 'object' && 'returnTo' in state ? (state as { returnTo: unknown }).returnTo : null;
  const candidate = typeof fromState === 'string' ? fromState : new URLSearchParams(search).get('returnTo');
  // Only paths inside the app: never another origin ('//host', 'https://...', '/\\host').
  return candidate && /^\/(?![/\\])/.test(candidate) ? candidate : fallback;
}
