/** The hospital whose booking is waiting for the patient to sign in, named in both languages. */
export interface BookingInProgress {
  nameTh: string;
  nameEn: string;
}

/** Navigation state (or `?returnTo=`) telling the login page where to go back after logging in. */
export interface ReturnToState {
  returnTo: string;
  /** Set by the booking card: the sign-in and register pages say which booking they go back to. */
  booking?: BookingInProgress;
}

// The pages that sign a patient in: going back to them afterwards would only show them again.
const SIGN_IN_PAGES = /^\/(login|signup)(?=[/?#]|$)/i;

/**
 * Whether `path` is a page of this app to go back to: it starts with exactly one '/' (never '//host',
 * '/\host', 'https://…' or 'javascript:…'), has no whitespace or control characters (a browser drops a tab
 * or newline, so '/\t/host' would become '//host'), and stays on this origin once resolved.
 */
export function isSafeReturnPath(path: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (!/^\/(?![/\\])/.test(path) || /[\s\u0000-\u001f\u007f\\]/.test(path)) return false;
  const base = 'https://klaimor.invalid';
  try {
    return new URL(path, base).origin === base;
  } catch {
    return false;
  }
}

const isReturnTarget = (path: string | null | undefined): path is string =>
  !!path && isSafeReturnPath(path) && !SIGN_IN_PAGES.test(path);

/** Where to go after logging in: a safe in-app path from state or query (not the sign-in pages), else `fallback`. */
export function readReturnTo(state: unknown, search: string, fallback: string): string {
  const fromState =
    state !== null && typeof state === 'object' && 'returnTo' in state
      ? (state as { returnTo: unknown }).returnTo
      : null;
  const candidate = typeof fromState === 'string' ? fromState : new URLSearchParams(search).get('returnTo');
  return isReturnTarget(candidate) ? candidate : fallback;
}

/** The booking the sign-in pages go back to, from their navigation state; null when they were opened otherwise. */
export function readBookingInProgress(state: unknown): BookingInProgress | null {
  if (state === null || typeof state !== 'object' || !('booking' in state)) return null;
  const booking = (state as { booking: unknown }).booking;
  if (booking === null || typeof booking !== 'object') return null;
  const { nameTh, nameEn } = booking as Partial<BookingInProgress>;
  return typeof nameTh === 'string' && typeof nameEn === 'string' ? { nameTh, nameEn } : null;
}
