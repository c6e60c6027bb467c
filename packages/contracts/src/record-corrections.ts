import { z } from 'zod';

/**
 * A clinician's correction of what a hospital recorded: the visit's findings or one prescription, amended or marked
 * entered in error, always with a reason the patient reads. The earlier version is kept, never overwritten.
 */
export const CorrectionStatus = z.enum(['amended', 'entered_in_error']);
export type CorrectionStatus = z.infer<typeof CorrectionStatus>;

/** The latest correction of a record: what became of it, when (ISO instant) and why. */
export const RecordCorrection = z.object({
  status: CorrectionStatus,
  at: z.string(),
  reason: z.string(),
});
export type RecordCorrection = z.infer<typeof RecordCorrection>;
