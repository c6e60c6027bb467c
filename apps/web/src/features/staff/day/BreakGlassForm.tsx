import { BreakGlassBody } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { appLanguage } from '../../../i18n/language';
import { contractResolver } from '../../../lib/form-resolver';
import { fieldMessage, staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import { useBreakGlass } from './day.queries';

interface ReasonValues {
  reason: string;
}
type ReasonBody = z.output<typeof BreakGlassBody>;

const resolver = contractResolver(BreakGlassBody, (v: ReasonValues) => ({ reason: v.reason }));

export interface BreakGlassFormProps {
  facilityId: string;
  appointmentId: string;
  /** Gives up opening the record; without it, nothing to go back to. */
  onCancel?: () => void;
}

/**
 * The patient is not in the facility's care today: the record opens only with a reason, which the patient reads and
 * the admin's audit flags. Said before anything is typed, so nobody breaks the glass by accident.
 */
export function BreakGlassForm({ facilityId, appointmentId, onCancel }: BreakGlassFormProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const breakGlass = useBreakGlass(facilityId, appointmentId);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ReasonValues, unknown, ReasonBody>({ resolver, defaultValues: { reason: '' } });
  const { ref, ...reason } = register('reason');
  const message = fieldMessage(t, 'reason', errors.reason?.message);

  const open = handleSubmit(async (body) => {
    setFormError(null);
    try {
      await breakGlass.mutateAsync(body);
    } catch (error) {
      setFormError(staffErrorMessage(t, error, lang));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(e) => void open(e)}>
      <Stack spacing={2}>
        <Alert severity="warning">
          <AlertTitle>{t('record.outsideCare.title')}</AlertTitle>
          {t('record.outsideCare.body')}
        </Alert>
        <TextField
          {...reason}
          inputRef={ref}
          id="break-glass-reason"
          label={t('record.outsideCare.reason')}
          required
          fullWidth
          multiline
          minRows={2}
          error={message !== undefined}
          helperText={message ?? t('record.outsideCare.reasonHint')}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button type="submit" variant="contained" color="warning" loading={isSubmitting}>
            {t('record.outsideCare.open')}
          </Button>
          {onCancel ? (
            <Button onClick={onCancel} disabled={isSubmitting}>
              {t('record.outsideCare.cancel')}
            </Button>
          ) : null}
        </Box>
      </Stack>
    </Box>
  );
}
