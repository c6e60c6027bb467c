import { Carrier, RefillSentBody, formatThaiPhone, type RefillSentInput } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { isApiError } from '../../../api/client';
import { appLanguage } from '../../../i18n/language';
import { contractResolver } from '../../../lib/form-resolver';
import { useContractForm } from '../../../lib/use-contract-form';
import { writtenLanguage } from '../../../lib/written-language';
import { fieldMessage, staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import type { RefillStepFormProps } from './ApproveRefillForm';
import { medicineName, patientLine, shipToLine } from './refills-format';
import { useMarkRefillSent } from './refills.queries';

interface ParcelValues {
  carrier: Carrier;
  /** Another carrier's name; not sent for Thailand Post. */
  carrierName: string;
  /** As typed: the contract drops spaces and dashes and writes it in capitals. */
  trackingNumber: string;
}

const resolver = contractResolver(RefillSentBody, (v: ParcelValues): RefillSentInput => ({
  carrier: v.carrier,
  carrierName: v.carrier === 'other' ? v.carrierName : undefined,
  trackingNumber: v.trackingNumber,
}));

const FIELDS = ['carrier', 'carrierName', 'trackingNumber'] as const;

/**
 * A parcel posted: where it went (the address to copy onto the label), the carrier (Thailand Post, or another named)
 * and its tracking number, checked with the contract as the server checks it (a Thailand Post number by its S10 check
 * digit), so a mistyped digit is caught before the patient is sent a number that tracks nothing.
 */
export function ParcelSentForm({ facilityId, refill, onDone, onMovedOn, onCancel }: RefillStepFormProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const id = useId();
  const sent = useMarkRefillSent(facilityId);
  const { form, formError, onSubmit } = useContractForm<ParcelValues, RefillSentBody>({
    resolver,
    defaultValues: { carrier: 'thailand_post', carrierName: '', trackingNumber: '' },
    fields: FIELDS,
    errorMessage: (error) => staffErrorMessage(t, error, lang),
  });
  const {
    control,
    register,
    trigger,
    getValues,
    formState: { errors, isSubmitting },
  } = form;
  const carrier = useWatch({ control, name: 'carrier' });
  const { ref: nameRef, ...carrierName } = register('carrierName');
  const { ref: trackingRef, ...tracking } = register('trackingNumber');
  const nameMessage = fieldMessage(t, 'carrierName', errors.carrierName?.message);
  const trackingMessage = fieldMessage(t, 'trackingNumber', errors.trackingNumber?.message);
  const to = refill.shipTo;

  const submit = onSubmit(async (body) => {
    try {
      onDone(await sent.mutateAsync({ refillId: refill.id, body }));
    } catch (error) {
      if (isApiError(error, 'refill_moved_on')) onMovedOn(refill);
      else throw error;
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
      <Stack spacing={2}>
        <Box sx={{ p: 1.5, borderRadius: 1, bgcolor: 'background.default', border: 1, borderColor: 'divider' }}>
          <Typography sx={{ fontWeight: 600 }} lang={writtenLanguage(refill.patient.name)}>
            {patientLine(t, refill.patient)}
          </Typography>
          <Typography variant="body2">{medicineName(refill)}</Typography>
          {to ? (
            <Box sx={{ mt: 1 }}>
              <Typography variant="body2" color="text.secondary">
                {t('refills.sent.shipTo')}
              </Typography>
              <Typography sx={{ fontWeight: 600 }} lang={writtenLanguage(to.name)}>
                {to.name} · {formatThaiPhone(to.phone)}
              </Typography>
              <Typography lang={writtenLanguage(to.address)}>{shipToLine(t, to)}</Typography>
            </Box>
          ) : null}
        </Box>
        <Controller
          control={control}
          name="carrier"
          render={({ field, fieldState }) => {
            const message = fieldMessage(t, 'carrier', fieldState.error?.message);
            return (
              <FormControl component="fieldset" error={message !== undefined}>
                <FormLabel component="legend" sx={{ fontWeight: 500 }}>
                  {t('refills.sent.carrier')}
                </FormLabel>
                <RadioGroup
                  row
                  name={field.name}
                  value={field.value}
                  onChange={(e) => {
                    field.onChange(e.target.value);
                    // A number typed is checked again for the carrier chosen: Thailand Post's has a check digit.
                    if (getValues('trackingNumber') !== '') void trigger('trackingNumber');
                  }}
                  onBlur={field.onBlur}
                >
                  {Carrier.options.map((option, i) => (
                    <FormControlLabel
                      key={option}
                      value={option}
                      control={<Radio slotProps={{ input: { ref: i === 0 ? field.ref : undefined } }} />}
                      label={t(`refills.carriers.${option}`)}
                      sx={{ minHeight: 44 }}
                    />
                  ))}
                </RadioGroup>
                {message ? <FormHelperText>{message}</FormHelperText> : null}
              </FormControl>
            );
          }}
        />
        {carrier === 'other' ? (
          <TextField
            {...carrierName}
            inputRef={nameRef}
            id={`${id}-carrier-name`}
            label={t('refills.sent.carrierName')}
            required
            error={nameMessage !== undefined}
            helperText={nameMessage ?? t('refills.sent.carrierNameHint')}
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
        ) : null}
        <TextField
          {...tracking}
          inputRef={trackingRef}
          id={`${id}-tracking`}
          label={t('refills.sent.tracking')}
          required
          error={trackingMessage !== undefined}
          helperText={
            trackingMessage ??
            t(carrier === 'thailand_post' ? 'refills.sent.trackingHintThailandPost' : 'refills.sent.trackingHint')
          }
          slotProps={{
            htmlInput: { maxLength: 40, autoCapitalize: 'characters', autoComplete: 'off', spellCheck: false },
          }}
        />
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
          <Button onClick={onCancel} disabled={isSubmitting}>
            {t('refills.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t('refills.sent.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
