import {
  FIXED_DOSE_TIMES,
  MAX_UNITS_PER_DOSE,
  MedicationBody,
  MedicationForm as MedicationFormSchema,
  todayInBangkok,
  type FixedDoseTime,
  type Medication,
  type MedicationForm as Form,
  type MedicationInput,
} from '@klaimor/contracts';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { Controller, useWatch, type FieldPath } from 'react-hook-form';
import { FormActions } from '../../components/FormActions';
import { FormDateField } from '../../components/FormDateField';
import { useTextFields } from '../../components/use-text-fields';
import { apiErrorMessage, reasonMessage } from '../../lib/error-messages';
import { contractResolver, numberFromText } from '../../lib/form-resolver';
import { useContractForm } from '../../lib/use-contract-form';
import { formatUnits } from './medications-format';
import { useSaveMedication } from './medications.queries';
import { useMedicationsTexts } from './medications.texts';

export interface MedicationFormValues {
  name: string;
  strength: string;
  form: Form;
  /** Units at each fixed time, as the selects hold them ('0' = not at this time). */
  doses: Record<FixedDoseTime, string>;
  hasCustomDose: boolean;
  customDose: { label: string; time: string; amount: string };
  startDate: string;
  endDate: string;
  instructions: string;
  stock: string;
}

export function toBody(v: MedicationFormValues): MedicationInput {
  return {
    name: v.name,
    strength: v.strength,
    form: v.form,
    doses: {
      afterBreakfast: Number(v.doses.afterBreakfast),
      afterLunch: Number(v.doses.afterLunch),
      afterDinner: Number(v.doses.afterDinner),
      beforeBed: Number(v.doses.beforeBed),
    },
    customDose: v.hasCustomDose
      ? {
          label: v.customDose.label,
          time: v.customDose.time,
          amount: numberFromText(v.customDose.amount) ?? Number.NaN,
        }
      : null,
    startDate: v.startDate,
    endDate: v.endDate || null,
    instructions: v.instructions,
    stock: numberFromText(v.stock),
  };
}

const resolver = contractResolver(MedicationBody, toBody);

function valuesOf(m: Medication | null): MedicationFormValues {
  return {
    name: m?.name ?? '',
    strength: m?.strength ?? '',
    form: m?.form ?? 'tablet',
    doses: {
      afterBreakfast: String(m?.doses.afterBreakfast ?? 0),
      afterLunch: String(m?.doses.afterLunch ?? 0),
      afterDinner: String(m?.doses.afterDinner ?? 0),
      beforeBed: String(m?.doses.beforeBed ?? 0),
    },
    hasCustomDose: m?.customDose != null,
    customDose: {
      label: m?.customDose?.label ?? '',
      time: m?.customDose?.time ?? '',
      amount: m?.customDose ? String(m.customDose.amount) : '1',
    },
    startDate: m?.startDate ?? todayInBangkok(),
    endDate: m?.endDate ?? '',
    instructions: m?.instructions ?? '',
    stock: m?.stock == null ? '' : String(m.stock),
  };
}

const FIELDS = new Set<string>([
  'name',
  'strength',
  'form',
  'doses',
  ...FIXED_DOSE_TIMES.map((time) => `doses.${time}`),
  'customDose',
  'customDose.label',
  'customDose.time',
  'customDose.amount',
  'startDate',
  'endDate',
  'instructions',
  'stock',
]);

export interface MedicationFormProps {
  medication: Medication | null;
  onSaved: (medication: Medication) => void;
  onCancel: () => void;
}

/** Adds or edits a medication: what it is, how much at which times, from when to when, and the stock. */
export function MedicationForm({ medication, onSaved, onCancel }: MedicationFormProps) {
  const { t } = useMedicationsTexts();
  const save = useSaveMedication();
  const dosesLabelId = useId();
  const dosesHelperId = useId();
  const {
    form: contractForm,
    formError,
    onSubmit,
  } = useContractForm<MedicationFormValues, MedicationBody>({
    resolver,
    defaultValues: valuesOf(medication),
    fields: (key) => (FIELDS.has(key) ? (key as FieldPath<MedicationFormValues>) : null),
    errorMessage: (error) => apiErrorMessage(t, error),
  });
  const { control, register, getFieldState, formState } = contractForm;
  const { errors, isSubmitting } = formState;
  const form = useWatch({ control, name: 'form' });
  const hasCustomDose = useWatch({ control, name: 'hasCustomDose' });
  const thisYear = Number(todayInBangkok().slice(0, 4));

  const messageOf = (name: FieldPath<MedicationFormValues>) =>
    reasonMessage(t, getFieldState(name, formState).error?.message);
  const text = useTextFields(register, 'medication', messageOf);
  const amountOptions = Array.from({ length: MAX_UNITS_PER_DOSE + 1 }, (_, n) => (
    <option key={n} value={String(n)}>
      {n === 0 ? t('form.notTaken') : formatUnits(n, form, t)}
    </option>
  ));

  const submit = onSubmit(async (body) => onSaved(await save.mutateAsync({ id: medication?.id, body })));

  const dosesError = reasonMessage(t, errors.doses?.message ?? errors.doses?.root?.message);
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)}>
      {text('name', t('form.name'), { required: true })}
      <Stack direction="row" spacing={1.5}>
        <Box sx={{ flex: 1 }}>{text('strength', t('form.strength'), { hint: t('form.strengthHint') })}</Box>
        <TextField
          {...register('form')}
          id="medication-form"
          select
          label={t('form.form')}
          sx={{ flex: 1 }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {MedicationFormSchema.options.map((f) => (
            <option key={f} value={f}>
              {t(`forms.${f}`)}
            </option>
          ))}
        </TextField>
      </Stack>
      <FormControl component="fieldset" error={dosesError !== undefined} aria-labelledby={dosesLabelId}>
        <FormLabel component="legend" id={dosesLabelId} sx={{ mb: 1.5 }}>
          {t('form.doses')}
        </FormLabel>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
          {FIXED_DOSE_TIMES.map((time) => (
            <TextField
              key={time}
              {...register(`doses.${time}`)}
              id={`medication-doses-${time}`}
              select
              label={t(`doseTimes.${time}`)}
              error={dosesError !== undefined}
              slotProps={{
                select: { native: true },
                inputLabel: { shrink: true },
                htmlInput: { 'aria-describedby': dosesError ? dosesHelperId : undefined },
              }}
            >
              {amountOptions}
            </TextField>
          ))}
        </Box>
        {dosesError ? <FormHelperText id={dosesHelperId}>{dosesError}</FormHelperText> : null}
      </FormControl>
      <Controller
        control={control}
        name="hasCustomDose"
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
            label={t('form.custom')}
          />
        )}
      />
      {hasCustomDose ? (
        <Stack spacing={1.5} sx={{ pl: 1, borderLeft: 3, borderColor: 'primary.light' }}>
          {text('customDose.label', t('form.customLabel'), { required: true, hint: t('form.customLabelHint') })}
          <Stack direction="row" spacing={1.5}>
            <TextField
              {...register('customDose.time')}
              id="medication-customDose-time"
              type="time"
              required
              label={t('form.customTime')}
              error={messageOf('customDose.time') !== undefined}
              helperText={messageOf('customDose.time')}
              sx={{ flex: 1 }}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              {...register('customDose.amount')}
              id="medication-customDose-amount"
              select
              required
              label={t('form.customAmount')}
              error={messageOf('customDose.amount') !== undefined}
              helperText={messageOf('customDose.amount')}
              sx={{ flex: 1 }}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {amountOptions.slice(1)}
            </TextField>
          </Stack>
        </Stack>
      ) : null}
      <FormDateField
        control={control}
        name="startDate"
        label={t('form.startDate')}
        required
        fromYear={thisYear - 20}
        toYear={thisYear + 2}
        describeError={(reason) => reasonMessage(t, reason)}
      />
      <FormDateField
        control={control}
        name="endDate"
        label={t('form.endDate')}
        fromYear={thisYear - 20}
        toYear={thisYear + 10}
        describeError={(reason) => reasonMessage(t, reason)}
        hint={t('form.endDateHint')}
      />
      {text('instructions', t('form.instructions'), { multiline: true, hint: t('form.instructionsHint') })}
      {text('stock', t('form.stock'), { inputMode: 'numeric', hint: t('form.stockHint') })}
      <FormActions error={formError} busy={isSubmitting} onCancel={onCancel} />
    </Stack>
  );
}
