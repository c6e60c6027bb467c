import type { Allergy } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';

export interface AllergyOverrideFieldProps {
  /** The patient's medication allergies the drug falls under (allergyConflicts); nothing is shown when none. */
  conflicts: readonly Allergy[];
  field: UseFormRegisterReturn;
  id: string;
  /** The field's reason code (allergy_override_required, reason_too_short…). */
  error: string | undefined;
}

/**
 * Said under a drug the patient is recorded as allergic to (by name or drug group): which allergy, how severe, and the
 * reason the clinician still prescribes it, without which the prescription is not sent (the server refuses it too).
 */
export function AllergyOverrideField({ conflicts, field, id, error }: AllergyOverrideFieldProps) {
  const { t } = useStaffTexts();
  // A refusal with no conflict known here: an allergy recorded since the record was read (which is read again).
  if (conflicts.length === 0 && error === undefined) return null;
  const { ref, ...rest } = field;
  const message = fieldMessage(t, 'allergyOverrideReason', error);
  return (
    <Stack spacing={1.5}>
      <Alert severity="error">
        {conflicts.length === 0 ? t('visit.allergyRecordedSince') : null}
        {conflicts.map((a) => (
          <div key={a.id}>
            {t('visit.allergyWarning', { substance: a.substance, severity: t(`background.severity.${a.severity}`) })}
          </div>
        ))}
      </Alert>
      <TextField
        {...rest}
        inputRef={ref}
        id={id}
        label={t('visit.allergyOverrideReason')}
        required
        fullWidth
        multiline
        minRows={2}
        error={message !== undefined}
        helperText={message ?? t('visit.allergyOverrideHint')}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </Stack>
  );
}
