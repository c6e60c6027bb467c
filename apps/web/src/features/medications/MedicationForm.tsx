import {
  FIXED_DOSE_TIMES,
  INTERVAL_HOURS,
  MAX_AS_NEEDED_PER_DAY,
  MAX_UNITS_PER_DOSE,
  MedicationBody,
  MedicationForm as MedicationFormSchema,
  reasons,
  todayInBangkok,
  type FixedDoseTime,
  type IntervalHours,
  type MealTiming,
  type Medication,
  type MedicationForm as Form,
  type MedicationInput,
} from '@klaimor/contracts';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Controller, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { FormActions } from '../../components/FormActions';
import { FormDateField } from '../../components/FormDateField';
import { useTextFields } from '../../components/use-text-fields';
import { apiErrorMessage, reasonMessage } from '../../lib/error-messages';
import { contractResolver, numberFromText } from '../../lib/form-resolver';
import { useContractForm } from '../../lib/use-contract-form';
import { doseKindOf, fixedTimeLabel, formatUnits, intervalClocks, type DoseKind } from './medications-format';
import { useSaveMedication } from './medications.queries';
import { useMedicationsTexts } from './medications.texts';

export interface MedicationFormValues {
  name: string;
  strength: string;
  form: Form;
  /** How it is taken: only that way's boxes show, and only they are sent. */
  kind: DoseKind;
  mealTiming: MealTiming;
  /** Units at each fixed time, as the selects hold them ('0' = not at this time). */
  doses: Record<FixedDoseTime, string>;
  hasCustomDose: boolean;
  customDose: { label: string; time: string; amount: string };
  /** '' until chosen. */
  intervalDose: { everyHours: string; firstTime: string; amount: string };
  /** `maxPerDay` is '' until chosen. */
  asNeeded: { amount: string; maxPerDay: string; reason: string };
  startDate: string;
  endDate: string;
  instructions: string;
  stock: string;
}

/** A select's choice as a number: '' (nothing chosen yet) is missing, which the contract calls "required". */
const chosen = (text: string): number | undefined => numberFromText(text) ?? undefined;

const NO_DOSES = { afterBreakfast: 0, afterLunch: 0, afterDinner: 0, beforeBed: 0 };

/** The body of the way chosen: the other ways' fields are sent empty (zero doses, null), whatever their boxes hold. */
export function toBody(v: MedicationFormValues): MedicationInput {
  const meals = v.kind === 'meals';
  return {
    name: v.name,
    strength: v.strength,
    form: v.form,
    doses: meals
      ? {
          afterBreakfast: Number(v.doses.afterBreakfast),
          afterLunch: Number(v.doses.afterLunch),
          afterDinner: Number(v.doses.afterDinner),
          beforeBed: Number(v.doses.beforeBed),
        }
      : NO_DOSES,
    mealTiming: meals ? v.mealTiming : 'after',
    customDose:
      meals && v.hasCustomDose
        ? {
            label: v.customDose.label,
            time: v.customDose.time,
            amount: numberFromText(v.customDose.amount) ?? Number.NaN,
          }
        : null,
    intervalDose:
      v.kind === 'interval'
        ? {
            everyHours: chosen(v.intervalDose.everyHours) as IntervalHours,
            firstTime: v.intervalDose.firstTime,
            amount: chosen(v.intervalDose.amount) as number,
          }
        : null,
    asNeeded:
      v.kind === 'asNeeded'
        ? {
            amount: chosen(v.asNeeded.amount) as number,
            maxPerDay: chosen(v.asNeeded.maxPerDay) as number,
            reason: v.asNeeded.reason,
          }
        : null,
    startDate: v.startDate,
    endDate: v.endDate || null,
    instructions: v.instructions,
    stock: numberFromText(v.stock),
  };
}

const contract = contractResolver(MedicationBody, toBody);
/**
 * The contract's check, but that the every-N-hours choice, a union of numbers in the contract, reads as "choose one"
 * (the resolver reports a union by its first member's own complaint, "expected 4").
 */
const resolver: typeof contract = async (values, context, options) => {
  const result = await contract(values, context, options);
  const everyHours = result.errors.intervalDose?.everyHours;
  if (everyHours) everyHours.message = reasons.invalidChoice;
  return result;
};

function valuesOf(m: Medication | null): MedicationFormValues {
  return {
    name: m?.name ?? '',
    strength: m?.strength ?? '',
    form: m?.form ?? 'tablet',
    kind: m ? doseKindOf(m) : 'meals',
    mealTiming: m?.mealTiming ?? 'after',
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
    intervalDose: {
      everyHours: m?.intervalDose ? String(m.intervalDose.everyHours) : '',
      firstTime: m?.intervalDose?.firstTime ?? '',
      amount: m?.intervalDose ? String(m.intervalDose.amount) : '1',
    },
    asNeeded: {
      amount: m?.asNeeded ? String(m.asNeeded.amount) : '1',
      maxPerDay: m?.asNeeded ? String(m.asNeeded.maxPerDay) : '',
      reason: m?.asNeeded?.reason ?? '',
    },
    startDate: m?.startDate ?? todayInBangkok(),
    endDate: m?.endDate ?? '',
    instructions: m?.instructions ?? '',
    stock: m?.stock == null ? '' : String(m.stock),
  };
}

const KINDS: readonly DoseKind[] = ['meals', 'interval', 'asNeeded'];

const FIELDS = new Set<string>([
  'name',
  'strength',
  'form',
  'kind',
  'mealTiming',
  'doses',
  ...FIXED_DOSE_TIMES.map((time) => `doses.${time}`),
  'customDose',
  'customDose.label',
  'customDose.time',
  'customDose.amount',
  'intervalDose.everyHours',
  'intervalDose.firstTime',
  'intervalDose.amount',
  'asNeeded.amount',
  'asNeeded.maxPerDay',
  'asNeeded.reason',
  'startDate',
  'endDate',
  'instructions',
  'stock',
]);

/**
 * Where a server's field reason goes: one about the way of taking it as a whole (`mixed_dose_kinds` on `asNeeded` or
 * `intervalDose`) goes on the choice of the way; the rest on their own boxes.
 */
function fieldOf(key: string): FieldPath<MedicationFormValues> | null {
  if (key === 'asNeeded' || key === 'intervalDose') return 'kind';
  return FIELDS.has(key) ? (key as FieldPath<MedicationFormValues>) : null;
}

export interface MedicationFormProps {
  medication: Medication | null;
  onSaved: (medication: Medication) => void;
  onCancel: () => void;
}

interface RadioChoiceProps {
  control: Control<MedicationFormValues, unknown, MedicationBody>;
  name: 'kind' | 'mealTiming';
  legend: string;
  options: readonly { value: string; label: string; hint?: string }[];
  error: string | undefined;
  row?: boolean;
}

/** A choice of one, as radio buttons under their question (each with an example under it); what is wrong under them. */
function RadioChoice({ control, name, legend, options, error, row = false }: RadioChoiceProps) {
  const legendId = useId();
  const errorId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControl component="fieldset" error={error !== undefined}>
          <FormLabel component="legend" id={legendId} sx={{ mb: 0.5 }}>
            {legend}
          </FormLabel>
          <RadioGroup
            row={row}
            aria-labelledby={legendId}
            aria-describedby={error ? errorId : undefined}
            name={field.name}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            sx={row ? { columnGap: 2 } : undefined}
          >
            {options.map((option, i) => (
              <FormControlLabel
                key={option.value}
                value={option.value}
                control={<Radio slotProps={{ input: { ref: i === 0 ? field.ref : undefined } }} />}
                label={
                  option.hint ? (
                    <>
                      <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                        {option.label}
                      </Typography>
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                        {option.hint}
                      </Typography>
                    </>
                  ) : (
                    option.label
                  )
                }
                sx={
                  option.hint
                    ? { alignItems: 'flex-start', mr: 0, '& .MuiFormControlLabel-label': { pt: 1.1 } }
                    : undefined
                }
              />
            ))}
          </RadioGroup>
          {error ? <FormHelperText id={errorId}>{error}</FormHelperText> : null}
        </FormControl>
      )}
    />
  );
}

/** Boxes side by side while they fit, one under the other at large text or on a narrow screen. */
const FIELD_GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 10rem), 1fr))',
  gap: 1.5,
} as const;

/**
 * Adds or edits a medication: what it is; how it is taken (at meals and bedtime, before or after the meal; every so
 * many hours from a first time; or only when needed, at most so many times a day) and how much; from when to when;
 * and the stock.
 */
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
    fields: fieldOf,
    errorMessage: (error) => apiErrorMessage(t, error),
  });
  const { control, register, getFieldState, getValues, formState } = contractForm;
  const { errors, isSubmitting } = formState;
  const form = useWatch({ control, name: 'form' });
  const kind = useWatch({ control, name: 'kind' });
  const mealTiming = useWatch({ control, name: 'mealTiming' });
  const hasCustomDose = useWatch({ control, name: 'hasCustomDose' });
  const interval = useWatch({ control, name: 'intervalDose' });
  const thisYear = Number(todayInBangkok().slice(0, 4));

  const messageOf = (name: FieldPath<MedicationFormValues>) =>
    reasonMessage(t, getFieldState(name, formState).error?.message);
  const text = useTextFields(register, 'medication', messageOf);
  const amountOptions = Array.from({ length: MAX_UNITS_PER_DOSE + 1 }, (_, n) => (
    <option key={n} value={String(n)}>
      {n === 0 ? t('form.notTaken') : formatUnits(n, form, t)}
    </option>
  ));
  const chooseOption = (
    <option value="" disabled>
      {t('form.choose')}
    </option>
  );

  /** A native select registered with the form, its error (else its hint) under it. */
  const select = (name: FieldPath<MedicationFormValues>, label: string, options: ReactNode, hint?: string) => {
    const message = messageOf(name);
    const { ref, ...field } = register(name);
    return (
      <TextField
        {...field}
        inputRef={ref}
        // The choice the form holds, selected as the select is drawn (also when it comes back after another way).
        defaultValue={getValues(name)}
        id={`medication-${name.replace('.', '-')}`}
        select
        required
        label={label}
        error={message !== undefined}
        helperText={message ?? hint}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {options}
      </TextField>
    );
  };

  const submit = onSubmit(async (body) => onSaved(await save.mutateAsync({ id: medication?.id, body })));

  const dosesError = reasonMessage(t, errors.doses?.message ?? errors.doses?.root?.message);
  // The way as a whole (`mixed_dose_kinds`), from the contract's check or the server's.
  const kindError = messageOf('kind') ?? reasonMessage(t, errors.asNeeded?.message ?? errors.intervalDose?.message);
  const firstTimeMessage = messageOf('intervalDose.firstTime');
  const everyHours = Number(interval.everyHours);
  const everyHoursChosen = (INTERVAL_HOURS as readonly number[]).includes(everyHours);
  const times =
    /^\d\d:\d\d$/.test(interval.firstTime) && everyHoursChosen
      ? intervalClocks({ everyHours, firstTime: interval.firstTime }).join(', ')
      : null;

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
      <RadioChoice
        control={control}
        name="kind"
        legend={t('form.kind')}
        options={KINDS.map((value) => ({
          value,
          label: t(`form.kinds.${value}`),
          hint: t(`form.kindHints.${value}`),
        }))}
        error={kindError}
      />
      {kind === 'meals' ? (
        <>
          <RadioChoice
            control={control}
            name="mealTiming"
            legend={t('form.mealTiming')}
            row
            options={(['after', 'before'] as const).map((value) => ({ value, label: t(`form.mealTimings.${value}`) }))}
            error={messageOf('mealTiming')}
          />
          <FormControl component="fieldset" error={dosesError !== undefined} aria-labelledby={dosesLabelId}>
            <FormLabel component="legend" id={dosesLabelId} sx={{ mb: 1.5 }}>
              {t('form.doses')}
            </FormLabel>
            <Box sx={FIELD_GRID}>
              {FIXED_DOSE_TIMES.map((time) => (
                <TextField
                  key={time}
                  {...register(`doses.${time}`)}
                  defaultValue={getValues(`doses.${time}`)}
                  id={`medication-doses-${time}`}
                  select
                  label={fixedTimeLabel(time, mealTiming, t)}
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
                  defaultValue={getValues('customDose.amount')}
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
        </>
      ) : kind === 'interval' ? (
        // One under the other: the choices ("8 ชั่วโมง (วันละ 3 ครั้ง)") and the times of the day read whole.
        <Stack spacing={2.5}>
          {select(
            'intervalDose.everyHours',
            t('form.everyHours'),
            <>
              {chooseOption}
              {INTERVAL_HOURS.map((hours) => (
                <option key={hours} value={String(hours)}>
                  {t('form.everyHoursOption', { hours })}
                </option>
              ))}
            </>,
            everyHoursChosen ? t('form.everyHoursTimes', { times: 24 / everyHours }) : undefined,
          )}
          <TextField
            {...register('intervalDose.firstTime')}
            id="medication-intervalDose-firstTime"
            type="time"
            required
            label={t('form.firstTime')}
            error={firstTimeMessage !== undefined}
            helperText={firstTimeMessage ?? (times ? t('form.intervalTimes', { times }) : t('form.firstTimeHint'))}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {select('intervalDose.amount', t('form.amountEach'), amountOptions.slice(1))}
        </Stack>
      ) : (
        <Stack spacing={2.5}>
          <Box sx={FIELD_GRID}>
            {select('asNeeded.amount', t('form.amountEach'), amountOptions.slice(1))}
            {select(
              'asNeeded.maxPerDay',
              t('form.maxPerDay'),
              <>
                {chooseOption}
                {Array.from({ length: MAX_AS_NEEDED_PER_DAY }, (_, i) => (
                  <option key={i + 1} value={String(i + 1)}>
                    {t('form.maxTimes', { count: i + 1 })}
                  </option>
                ))}
              </>,
            )}
          </Box>
          {text('asNeeded.reason', t('form.reason'), { hint: t('form.reasonHint') })}
        </Stack>
      )}
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
