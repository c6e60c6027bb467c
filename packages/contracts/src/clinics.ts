import { z } from 'zod';
import { dataOf } from './envelope.js';
import { reasons, requiredText } from './fields.js';

/**
 * A clinic or department of a facility. Its letter starts every queue number it gives ("A012"), so two clinics of one
 * facility never share one, and it never changes once given (a ticket already printed stays true).
 */
export const QueuePrefix = z
  .string({ error: reasons.required })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]$/, { error: reasons.invalidChoice });

export const ClinicBody = z.strictObject({
  queuePrefix: QueuePrefix,
  nameTh: requiredText(100),
  nameEn: requiredText(100),
});
export type ClinicBody = z.input<typeof ClinicBody>;

/** A clinic's names may change; its letter may not. */
export const ClinicNamesBody = ClinicBody.omit({ queuePrefix: true });
export type ClinicNamesBody = z.input<typeof ClinicNamesBody>;

export const ClinicParams = z.strictObject({
  facilityId: z.string().min(1).max(100),
  clinicId: z.uuid({ error: reasons.invalidChoice }),
});

export const Clinic = z.object({
  id: z.uuid(),
  queuePrefix: z.string(),
  nameTh: z.string(),
  nameEn: z.string(),
  /** Weekly templates and extra sessions of the clinic: one with any cannot be removed. */
  sessions: z.number().int(),
});
export type Clinic = z.infer<typeof Clinic>;
export const ClinicReply = dataOf(Clinic);

/** What a patient is shown of a clinic. */
export const ClinicName = z.object({ id: z.uuid(), nameTh: z.string(), nameEn: z.string() });
export type ClinicName = z.infer<typeof ClinicName>;

/** The general clinic a facility's first session goes to when none was chosen. */
export const GENERAL_CLINIC = { queuePrefix: 'A', nameTh: 'ผู้ป่วยนอกทั่วไป', nameEn: 'General outpatients' } as const;

/** The queue number as the patient and the ticket show it: the clinic's letter and three digits ("A012"). */
export const queueLabel = (queuePrefix: string, number: number): string =>
  `${queuePrefix}${String(number).padStart(3, '0')}`;
