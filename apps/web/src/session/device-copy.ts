import { isApiError } from '../api/client';

/**
 * What this device keeps of a signed-in patient's record, so the medicine checklist, the medication list, the
 * appointments and the latest symptom notes still read without a network (features/offline/offline-copy.ts keeps
 * them), and a dose ticked offline is sent later (features/medications/dose-outbox.ts). This small part is in the first
 * screens: it only knows the storage keys and forgets them; keep-device-copy.ts loads the rest.
 */
export const DEVICE_KEYS = {
  /** Whose copy it is: the patient's id and first name (My Health greets them offline). */
  patient: 'klaimor.offline.patient',
  /** The last-synced replies of those screens (TanStack Query's persisted client). */
  copy: 'klaimor.offline.copy',
  /** Ticks not yet sent. */
  ticks: 'klaimor.offline.ticks',
} as const;

export interface OfflinePatient {
  id: string;
  firstname: string;
}

/** The patient whose copy this device keeps; null when it keeps none. */
export function offlinePatient(): OfflinePatient | null {
  try {
    // Written by offline-copy.ts only.
    return JSON.parse(localStorage.getItem(DEVICE_KEYS.patient) ?? 'null') as OfflinePatient | null;
  } catch {
    return null;
  }
}

/** The server could not be reached (no network, or the server is down): a screen shows the copy instead of an error. */
export function isUnreachable(error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status >= 500);
}

/** Signing out or deleting the account: the device keeps nothing of the patient, queued ticks included. */
export function forgetDeviceCopy(): void {
  try {
    for (const key of Object.values(DEVICE_KEYS)) localStorage.removeItem(key);
  } catch {
    // no storage (private mode): nothing was kept
  }
}

/** Whether this device keeps anything of a patient (a copy, their id or ticks not yet sent). */
export function keepsDeviceCopy(): boolean {
  try {
    return Object.values(DEVICE_KEYS).some((key) => localStorage.getItem(key) !== null);
  } catch {
    return false;
  }
}
