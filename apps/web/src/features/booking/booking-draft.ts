/** Where a booking stands; kept per hospital in sessionStorage, so a login in between loses nothing. */
export type BookingStep = 'hospital' | 'symptoms' | 'deposit' | 'status';

export interface BookingDraft {
  step: BookingStep;
  symptoms: string;
  duration: string;
  slotId: string | null;
  /** The patient has read the emergency warning and still wants a screening appointment. */
  acknowledged: boolean;
  /** Sent with POST /api/appointments: a retry of the same draft never books twice. */
  idempotencyKey: string;
  appointmentId: string | null;
}

const storageKey = (hospitalId: string) => `klaimor.booking.${hospitalId}`;

export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function emptyDraft(): BookingDraft {
  return {
    step: 'hospital',
    symptoms: '',
    duration: '',
    slotId: null,
    acknowledged: false,
    idempotencyKey: newIdempotencyKey(),
    appointmentId: null,
  };
}

export function loadDraft(hospitalId: string): BookingDraft {
  try {
    const raw = sessionStorage.getItem(storageKey(hospitalId));
    if (raw) return { ...emptyDraft(), ...(JSON.parse(raw) as Partial<BookingDraft>) };
  } catch {
    // storage unavailable or damaged: start afresh
  }
  return emptyDraft();
}

export function saveDraft(hospitalId: string, draft: BookingDraft): void {
  try {
    sessionStorage.setItem(storageKey(hospitalId), JSON.stringify(draft));
  } catch {
    // storage full or blocked: the draft lives in memory only
  }
}

export function clearDraft(hospitalId: string): void {
  try {
    sessionStorage.removeItem(storageKey(hospitalId));
  } catch {
    // nothing stored
  }
}
