import { MAX_PRESCRIPTION_DAYS, RefillApproveBody, type StaffRefill } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../../../api/client';
import { appLanguage } from '../../../i18n/language';
import { contractResolver, numberFromText } from '../../../lib/form-resolver';
import { formatBuddhistDate } from '../../../lib/thai-date';
import { useContractForm } from '../../../lib/use-contract-form';
import { fieldMessage, staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import { approvedUntil, supplyLastsToday } from './refills-format';
import { useApproveRefill } from './refills.queries';
import { RefillSummary } from './RefillSummary';

/** The usual lengths of a repeat prescription, a month to a quarter; anything else is typed. */
const QUICK_DAYS = [30, 60, 90] as const;
const DEFAULT_DAYS = '30';

interface ApproveValues {
  /** As typed. */
  days: string;
}
type ApproveBody = z.output<typeof RefillApproveBody>;

const resolver = contractResolver(RefillApproveBody, (v: ApproveValues) => ({
  days: (numberFromText(v.days) ?? undefined) as number,
}));

export interface RefillStepFormProps {
  facilityId: string;
  refill: StaffRefill;
  today: string;
  /** The step was taken: the request as it now stands. */
  onDone: (refill: StaffRefill) => void;
  /** Someone took a step on it first (409 refill_moved_on): the screen says so over the list, asked again. */
  onMovedOn: (refill: StaffRefill) => void;
  onCancel: () => void;
}

/**
 * The clinician's approval: how many days the medicine goes on for (a month by default, two or three a click away,
 * else typed), counted on from the end of the current supply, whose new end the form says before it is sent.
 */
export function ApproveRefillForm({ facilityId, refill, today, onDone, onMovedOn, onCancel }: RefillStepFormProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const hintId = useId();
  const approve = useApproveRefill(facilityId);
  const { form, formError, onSubmit } = useContractForm<ApproveValues, ApproveBody>({
    resolver,
    defaultValues: { days: DEFAULT_DAYS },
    fields: ['days'],
    errorMessage: (error) => staffErrorMessage(t, error, lang),
  });
  const {
    control,
    register,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  const typed = useWatch({ control, name: 'days' });
  // The days typed, once the contract takes them: the new end and the button's words follow them.
  const typedDays = numberFromText(typed);
  const days = typedDays !== null && RefillApproveBody.safeParse({ days: typedDays }).success ? typedDays : null;
  const { ref, ...daysField } = register('days');
  const message = fieldMessage(t, 'days', errors.days?.message);

  const submit = onSubmit(async (body) => {
    try {
      onDone(await approve.mutateAsync({ refillId: refill.id, body }));
    } catch (error) {
      if (isApiError(error, 'refill_moved_on')) onMovedOn(refill);
      else throw error;
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
      <Stack spacing={2}>
        <RefillSummary refill={refill} today={today} />
        <Box>
          <Typography id={`${hintId}-quick`} variant="body2" sx={{ fontWeight: 500, mb: 0.5 }}>
            {t('refills.approve.quickLabel')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={days}
            onChange={(_, next: number | null) => {
              if (next !== null) setValue('days', String(next), { shouldValidate: true });
            }}
            aria-labelledby={`${hintId}-quick`}
          >
            {QUICK_DAYS.map((quick) => (
              <ToggleButton key={quick} value={quick} sx={{ minHeight: 44, px: 2 }}>
                {t('refills.approve.quick', { count: quick })}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        <TextField
          {...daysField}
          inputRef={ref}
          id={`${hintId}-days`}
          label={t('refills.approve.days')}
          required
          error={message !== undefined}
          helperText={
            message ??
            (days !== null
              ? t(
                  supplyLastsToday(refill.dosing.endDate, today)
                    ? 'refills.approve.until'
                    : 'refills.approve.untilFromToday',
                  {
                    date: formatBuddhistDate(approvedUntil(refill.dosing.endDate, days, today), lang, 'short'),
                  },
                )
              : t('refills.approve.hint', { max: MAX_PRESCRIPTION_DAYS }))
          }
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
          sx={{ maxWidth: 480 }}
        />
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
          <Button onClick={onCancel} disabled={isSubmitting}>
            {t('refills.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {days !== null ? t('refills.approve.submitDays', { count: days }) : t('refills.approve.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
