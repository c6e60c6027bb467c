import { type Allergy, allergyConflicts } from '@klaimor/contracts';
import { validationFailed } from '../../errors.js';
import type { StaffAccess, StaffAtFacility } from '../staff/staff-access.js';

interface Prescribed {
  drug: string;
  allergyOverrideReason?: string;
}

/** A drug prescribed over a recorded allergy, with the clinician's reason. */
export interface AllergyOverride {
  drug: string;
  substance: string;
  reason: string;
}

/**
 * The prescriptions that fall under one of the patient's medication allergies. One without a reason refuses the whole
 * request (400 `allergy_override_required` on its field, at `fieldOf(index)`), before anything is written; the others
 * come back to be audited once the prescription is stored.
 */
export function allergyOverrides(
  allergies: readonly Allergy[],
  prescriptions: readonly Prescribed[],
  fieldOf: (index: number) => string,
): AllergyOverride[] {
  const missing: Record<string, string> = {};
  const overrides: AllergyOverride[] = [];
  prescriptions.forEach((p, index) => {
    const conflicts = allergyConflicts(p.drug, allergies);
    if (conflicts.length === 0) return;
    if (!p.allergyOverrideReason) missing[fieldOf(index)] = 'allergy_override_required';
    else
      for (const a of conflicts)
        overrides.push({ drug: p.drug, substance: a.substance, reason: p.allergyOverrideReason });
  });
  if (Object.keys(missing).length > 0) throw validationFailed(missing);
  return overrides;
}

/** One audit entry per allergy overridden: the patient reads it in who opened their data, the admin in the log. */
export async function auditAllergyOverrides(
  access: Pick<StaffAccess, 'audit'>,
  actor: StaffAtFacility,
  appointmentId: string,
  patientUserId: string,
  overrides: readonly AllergyOverride[],
) {
  for (const o of overrides) {
    await access.audit(actor, {
      action: 'prescription.allergy_override',
      target: appointmentId,
      patientUserId,
      details: { kind: 'allergy_override', ...o },
    });
  }
}
