import { RefillDeclineBody } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import type { z } from 'zod';
import { isApiError } from '../../../api/client';
import { appLanguage } from '../../../i18n/language';
import { contractResolver } from '../../../lib/form-resolver';
import { useContractForm } from '../../../lib/use-contract-form';
import { fieldMessage, staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import type { RefillStepFormProps } from './ApproveRefillForm';
import { useDeclineRefill } from './refills.queries';
import { RefillSummary } from './RefillSummary';

interface DeclineValues {
  reason: string;
}
type DeclineBody = z.output<typeof RefillDeclineBody>;

const resolver = contractResolver(RefillDeclineBody, (v: DeclineValues) => ({ reason: v.reason }));

/**
 * The clinician's refusal, with a reason of 10 letters or more (the contract's StatedReason). The patient reads it in
 * the app, so the hint says so before anything is typed: plain words, and what to do instead.
 */
export function DeclineRefillForm({ facilityId, refill, today, onDone, onMovedOn, onCancel }: RefillStepFormProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const id = useId();
  const decline = useDeclineRefill(facilityId);
  const { form, formError, onSubmit } = useContractForm<DeclineValues, DeclineBody>({
    resolver,
    defaultValues: { reason: '' },
    fields: ['reason'],
    errorMessage: (error) => staffErrorMessage(t, error, lang),
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const { ref, ...reason } = register('reason');
  const message = fieldMessage(t, 'reason', errors.reason?.message);

  const submit = onSubmit(async (body) => {
    try {
      onDone(await decline.mutateAsync({ refillId: refill.id, body }));
    } catch (error) {
      if (isApiError(error, 'refill_moved_on')) onMovedOn(refill);
      else throw error;
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
      <Stack spacing={2}>
        <RefillSummary refill={refill} today={today} />
        <TextField
          {...reason}
          inputRef={ref}
          id={`${id}-reason`}
          label={t('refills.decline.reason')}
          required
          fullWidth
          multiline
          minRows={3}
          error={message !== undefined}
          helperText={message ?? t('refills.decline.hint')}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
          <Button onClick={onCancel} disabled={isSubmitting}>
            {t('refills.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" loading={isSubmitting}>
            {t('refills.decline.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
