import { CloseDayBody, todayInBangkok, type Closure } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../../../api/client';
import { FormDateField } from '../../../components/FormDateField';
import { appLanguage } from '../../../i18n/language';
import { contractResolver } from '../../../lib/form-resolver';
import { useContractForm } from '../../../lib/use-contract-form';
import { fieldMessage, staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import { useCloseDay } from './schedule.queries';

interface CloseDayValues {
  date: string;
  reason: string;
}
type CloseDay = z.output<typeof CloseDayBody>;
const resolver = contractResolver(CloseDayBody, (v: CloseDayValues) => v);

export interface CloseDayFormProps {
  facilityId: string;
  onClosed: (closure: Closure) => void;
  onCancel: () => void;
}

/**
 * Closes one day with a reason. When patients are booked that day the server says so (409 day_has_bookings) and
 * nothing changes; the admin then either confirms, which sends it again with `confirm: true` (their appointments
 * are cancelled with a full refund and the reason), or keeps the day open.
 */
export function CloseDayForm({ facilityId, onClosed, onCancel }: CloseDayFormProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const closeDay = useCloseDay(facilityId);
  /** The request the server held back because of bookings, with its words, waiting for the admin's answer. */
  const [held, setHeld] = useState<{ body: CloseDay; message: string } | null>(null);
  const { form, formError, run, onSubmit } = useContractForm<CloseDayValues, CloseDay>({
    resolver,
    defaultValues: { date: '', reason: '' },
    fields: ['date', 'reason'],
    errorMessage: (error) => staffErrorMessage(t, error, lang),
  });
  const {
    control,
    register,
    formState: { errors, isSubmitting },
  } = form;
  const thisYear = Number(todayInBangkok().slice(0, 4));
  // Asked about this very day and reason only: changing either asks the server again.
  const [date, reasonText] = useWatch({ control, name: ['date', 'reason'] });
  const holding = held && held.body.date === date && held.body.reason === reasonText.trim() ? held : null;

  const send = (body: CloseDay) =>
    run(async () => {
      try {
        onClosed(await closeDay.mutateAsync(body));
      } catch (error) {
        if (isApiError(error, 'day_has_bookings') && !body.confirm) {
          setHeld({ body, message: staffErrorMessage(t, error, lang) });
          return;
        }
        setHeld(null);
        throw error;
      }
    });
  const submit = onSubmit((body) => send({ ...body, confirm: false }));
  const { ref: reasonRef, ...reason } = register('reason');

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)}>
      <FormDateField
        control={control}
        name="date"
        label={t('closures.form.date')}
        required
        fromYear={thisYear}
        toYear={thisYear + 1}
        describeError={(reason) => fieldMessage(t, 'date', reason)}
      />
      <TextField
        {...reason}
        inputRef={reasonRef}
        id="close-day-reason"
        label={t('closures.form.reason')}
        required
        error={errors.reason !== undefined}
        helperText={fieldMessage(t, 'reason', errors.reason?.message) ?? t('closures.form.reasonHint')}
      />
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      {holding ? (
        <Alert severity="warning" role="alert">
          <AlertTitle>{t('closures.form.hasBookingsTitle')}</AlertTitle>
          {holding.message}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
            <Button
              variant="contained"
              color="error"
              loading={closeDay.isPending}
              onClick={() => void send({ ...holding.body, confirm: true })}
            >
              {t('closures.form.confirm')}
            </Button>
            <Button variant="outlined" color="inherit" disabled={closeDay.isPending} onClick={onCancel}>
              {t('closures.form.keepOpen')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack direction="row" spacing={1.5}>
          <Button variant="outlined" onClick={onCancel} sx={{ flex: 1 }}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting} sx={{ flex: 2 }}>
            {t('closures.form.submit')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
