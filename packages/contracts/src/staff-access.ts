import type { StaffRole } from './staff.js';

/**
 * The one table of what each staff role may do at a facility: the server's staff routes declare one of these areas and
 * one hook checks it (a route without one is refused at start); the staff screens show exactly the screens it allows.
 */
export const STAFF_ACCESS = {
  /** The day's appointments at the desk and in the consulting room. */
  dayList: ['front_desk', 'clinician'],
  /** Checking patients in, marking no-shows, cancelling with a refund. */
  frontDesk: ['front_desk'],
  /** The facility's messages from patients: reading, answering, assigning, marking done. */
  messages: ['front_desk', 'clinician'],
  /** Opening a patient's record, recording the visit and prescribing. */
  consultation: ['clinician'],
  /** The repeat prescriptions patients ask for: the clinician decides them, the pharmacy hands them over. */
  refills: ['clinician', 'pharmacist'],
  /** Approving or declining a repeat prescription. */
  refillDecision: ['clinician'],
  /** Having an approved one ready to pick up, or posting it with its tracking number. */
  dispensing: ['pharmacist'],
  /** The facility's clinics and their letters, to choose one (the day list, the desk's bookings, the schedule). */
  clinics: ['admin', 'front_desk', 'clinician'],
  /** Seeing the schedule. */
  scheduleRead: ['admin', 'front_desk'],
  /** Changing sessions, closures and holidays. */
  scheduleEdit: ['admin'],
  /** Inviting members and changing their roles. */
  members: ['admin'],
  /** The facility's hours, deposit and contact details. */
  settings: ['admin'],
  /** The hospital's own systems allowed to use the FHIR API (SMART Backend Services): registering, disabling. */
  systemClients: ['admin'],
  /** The facility's audit log. */
  audit: ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffArea = keyof typeof STAFF_ACCESS;

/** Whether a member holding `roles` at a facility may act in `area` there. */
export const staffMay = (roles: readonly StaffRole[], area: StaffArea): boolean =>
  (STAFF_ACCESS[area] as readonly StaffRole[]).some((role) => roles.includes(role));
