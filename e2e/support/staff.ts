import { generate } from 'otplib';

/** TOTP steps already used in this run, per secret: the server accepts each step's code once. */
const usedSteps = new Map<string, number>();
const STEP_MS = 30_000;

/**
 * A code for a demo member's authenticator that the server has not seen yet: when an earlier journey of this run
 * (the journeys share one worker) signed the same member in during the current 30-second step, it waits for the next.
 */
export async function unusedTotpCode(secret: string): Promise<string> {
  let step = Math.floor(Date.now() / STEP_MS);
  if (usedSteps.get(secret) === step) {
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * STEP_MS - Date.now() + 200));
    step += 1;
  }
  usedSteps.set(secret, step);
  return generate({ secret, epoch: step * 30 });
}
