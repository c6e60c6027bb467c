// Signing in hands a number it verified but found unregistered over to sign-up; kept here, with the sign-in that
// writes it, so sign-up reads the sign-in feature and never the other way round.

/** What /login hands to /signup when a verified number is not registered yet. */
export interface SignupLocationState {
  phone: string;
  verified: boolean;
}

export function readSignupLocationState(state: unknown): SignupLocationState | null {
  if (state === null || typeof state !== 'object') return null;
  const { phone, verified } = state as Partial<SignupLocationState>;
  return typeof phone === 'string' && phone !== '' ? { phone, verified: verified === true } : null;
}
