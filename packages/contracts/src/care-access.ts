import { z } from 'zod';
import type { CareScope, CareScopes } from './family.js';

/** The parts of a patient's record a caregiver may read or change, as routes, screens and the access log name them. */
export const RecordArea = z.enum([
  'profile',
  'appointments',
  'messages',
  'coverage',
  'visits',
  'medications',
  'health_background',
  'symptom_notes',
  'home_readings',
  'notifications',
  'my_data',
]);
export type RecordArea = z.infer<typeof RecordArea>;

/**
 * What a caregiver needs to act in an area: any one of the listed grant scopes, or `holder`: being the caregiver who
 * registered and holds a profile that cannot sign in (they stand in for its owner, whatever the grant's scopes).
 */
export type CareNeed = 'holder' | readonly CareScope[];
export type CareAction = 'read' | 'change';

/**
 * The one table of what a family grant opens: for each part of the record, what reading it and changing it need. The
 * server's routes declare an area and an action and the patient selector checks this table; the web's screens show and
 * hide what it allows; README's "Family care" prints it. Changing a row here changes both sides at once.
 */
export const CARE_ACCESS = {
  /** Name, birth date, contact details. Contact details are the owner's to change: only a held profile's holder stands in. */
  profile: { read: ['see'], change: 'holder' },
  /** Bookings and deposits. */
  appointments: { read: ['see', 'book'], change: ['book'] },
  /** Messages with a facility's care team: "see" reads and writes them for the patient, named as the writer. */
  messages: { read: ['see'], change: ['see'] },
  /** Medical entitlements: "see" keeps them up to date. */
  coverage: { read: ['see'], change: ['see'] },
  /** Treatment history: "see" keeps it up to date. */
  visits: { read: ['see'], change: ['see'] },
  /** Medicines, the daily checklist and adherence. */
  medications: { read: ['see', 'medicines'], change: ['medicines'] },
  /**
   * Allergies and long-term conditions: what a condition says (depression, hepatitis) is more than giving medicines needs,
   * so only "see" opens them, and keeps them up to date.
   */
  health_background: { read: ['see'], change: ['see'] },
  /** The symptom diary: "see" keeps it up to date. */
  symptom_notes: { read: ['see'], change: ['see'] },
  /** Blood pressure, glucose and weight measured at home: whoever helps with the medicines often measures them too. */
  home_readings: { read: ['see', 'medicines'], change: ['see', 'medicines'] },
  /** Reminder settings and the notification centre of a profile that cannot sign in: its holder hears for it. */
  notifications: { read: 'holder', change: 'holder' },
  /** The access log and the FHIR export (read); deleting a held profile (change). */
  my_data: { read: ['see'], change: 'holder' },
} as const satisfies Record<RecordArea, Record<CareAction, CareNeed>>;

/** Whether a caregiver, with the grant's scopes and holding the profile or not, meets a need of the table. */
export function careAllows(grant: { scopes: CareScopes; holds: boolean }, need: CareNeed): boolean {
  return need === 'holder' ? grant.holds : need.some((scope) => grant.scopes[scope]);
}
