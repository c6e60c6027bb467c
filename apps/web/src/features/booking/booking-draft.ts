/**
 * Where a booking stands; kept in sessionStorage, so a login or a registration in between loses nothing. The symptoms
 * are the patient's, not the hospital's: one copy for every hospital, so choosing another place keeps them. The step,
 * the time and the appointment are kept per hospital.
 */
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
const SYMPTOMS_KEY = 'klaimor.booking-symptoms';

type Symptoms = Pick<BookingDraft, 'symptoms' | 'duration' | 'acknowledged'>;

function read(key: string): Partial<BookingDraft> {
  const raw = sessionStorage.getItem(key);
  return raw ? (JSON.parse(raw) as Partial<BookingDraft>) : {};
}

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
    return { ...emptyDraft(), ...read(storageKey(hospitalId)), ...read(SYMPTOMS_KEY) };
  } catch {
    // storage unavailable or damaged: start afresh
  }
  return emptyDraft();
}

/**
 * A booking link from a slot finder (the availability feed's `?slot=`) chooses that time for the patient, who still
 * reads the hospital and describes the symptoms first; a booking already under way keeps its own time.
 */
export function withLinkedSlot(draft: BookingDraft, linkedSlot: string | null): BookingDraft {
  if (linkedSlot === null || !/^[0-9a-f-]{36}$/i.test(linkedSlot) || draft.appointmentId !== null) return draft;
  return { ...draft, slotId: linkedSlot };
}

export function saveDraft(hospitalId: string, draft: BookingDraft): void {
  try {
    const { symptoms, duration, acknowledged, ...place } = draft;
    sessionStorage.setItem(storageKey(hospitalId), JSON.stringify(place));
    sessionStorage.setItem(SYMPTOMS_KEY, JSON.stringify({ symptoms, duration, acknowledged } satisfies Symptoms));
  } catch {
    // storage full or blocked: the draft lives in memory only
  }
}

/** Once booked: the symptoms went with the appointment, so the next booking starts afresh. */
export function clearDraft(hospitalId: string): void {
  try {
    sessionStorage.removeItem(storageKey(hospitalId));
    sessionStorage.removeItem(SYMPTOMS_KEY);
  } catch {
    // nothing stored
  }
}
