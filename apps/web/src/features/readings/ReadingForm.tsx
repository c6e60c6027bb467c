import { HomeReadingBody, todayInBangkok, type HomeReading, type HomeReadingInput } from '@klaimor/contracts';
import BloodtypeIcon from '@mui/icons-material/Bloodtype';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import MonitorWeightIcon from '@mui/icons-material/MonitorWeight';
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
import { useId, type ReactNode } from 'react';
import { Controller, useWatch, type FieldPath } from 'react-hook-form';
import { FormDateField } from '../../components/FormDateField';
import { apiErrorMessage, reasonMessage } from '../../lib/error-messages';
import { contractResolver, numberFromText } from '../../lib/form-resolver';
import { useContractForm } from '../../lib/use-contract-form';
import { FIELD_LIMITS, READING_KINDS, clockNow, takenAtOf } from './readings-format';
import { useRecordReading } from './readings.queries';
import { useReadingsTexts } from './readings.texts';

export interface ReadingFormValues {
  kind: HomeReading['kind'];
  date: string;
  time: string;
  systolic: string;
  diastolic: string;
  pulse: string;
  glucose: string;
  timing: 'fasting' | 'after_meal' | 'other' | '';
  weightKg: string;
}

/** Weights may be typed with a decimal comma. */
const decimal = (text: string): number | null => {
  const cleaned = text.trim().replace(',', '.');
  return cleaned === '' ? null : Number(cleaned);
};

/** The boxes as the body of the kind chosen (the other kinds' boxes dropped); an empty box is left out, so "required". */
export function toBody(v: ReadingFormValues): HomeReadingInput {
  const takenAt = takenAtOf(v.date, v.time);
  const n = (text: string) => numberFromText(text) ?? undefined;
  if (v.kind === 'blood_pressure') {
    return {
      kind: 'blood_pressure',
      takenAt,
      systolic: n(v.systolic) as number,
      diastolic: n(v.diastolic) as number,
      pulse: numberFromText(v.pulse),
    };
  }
  if (v.kind === 'glucose') {
    return {
      kind: 'glucose',
      takenAt,
      glucose: n(v.glucose) as number,
      timing: (v.timing || undefined) as 'fasting',
    };
  }
  return { kind: 'weight', takenAt, weightKg: (decimal(v.weightKg) ?? undefined) as number };
}

const resolver = contractResolver(HomeReadingBody, toBody);

const NUMBER_FIELDS = new Set(['systolic', 'diastolic', 'pulse', 'glucose', 'weightKg']);
/** A reason's key (the body's path) as the box that shows it: the moment's on the time. */
function fieldOf(key: string): FieldPath<ReadingFormValues> | null {
  if (key === 'takenAt') return 'time';
  if (NUMBER_FIELDS.has(key) || key === 'timing' || key === 'kind') return key as FieldPath<ReadingFormValues>;
  return null;
}

const KIND_ICONS = {
  blood_pressure: <MonitorHeartIcon />,
  glucose: <BloodtypeIcon />,
  weight: <MonitorWeightIcon />,
} as const;

export interface ReadingFormProps {
  onSaved: (reading: HomeReading) => void;
  onCancel: () => void;
}

/**
 * The quick entry of one home reading: what was measured (blood pressure first), its numbers in big boxes with the
 * phone's number keyboard, glucose's timing, and when (now, unless changed). Checked with the contract's schema before
 * sending; the server's reasons come back onto the same boxes.
 */
export function ReadingForm({ onSaved, onCancel }: ReadingFormProps) {
  const { t } = useReadingsTexts();
  const record = useRecordReading();
  const kindLabelId = useId();
  const timingLabelId = useId();
  const { form, formError, onSubmit } = useContractForm<ReadingFormValues, HomeReadingBody>({
    resolver,
    defaultValues: {
      kind: 'blood_pressure',
      date: todayInBangkok(),
      time: clockNow(),
      systolic: '',
      diastolic: '',
      pulse: '',
      glucose: '',
      timing: '',
      weightKg: '',
    },
    fields: (key) => fieldOf(key),
    errorMessage: (error) => apiErrorMessage(t, error),
  });
  const { control, register, getFieldState, formState } = form;
  const kind = useWatch({ control, name: 'kind' });
  const thisYear = Number(todayInBangkok().slice(0, 4));

  const messageOf = (name: FieldPath<ReadingFormValues>): string | undefined => {
    const reason = getFieldState(name, formState).error?.message;
    const limits = FIELD_LIMITS[name];
    if (reason === 'out_of_range' && limits) return t('validation.range', { min: limits[0], max: limits[1] });
    if (reason === 'out_of_range' && name === 'time') return t('validation.backdated');
    return reasonMessage(t, reason);
  };

  const numberBox = (
    name: 'systolic' | 'diastolic' | 'pulse' | 'glucose' | 'weightKg',
    label: string,
    hint?: string,
  ) => {
    const { ref, ...field } = register(name);
    const message = messageOf(name);
    return (
      <TextField
        {...field}
        inputRef={ref}
        id={`reading-${name}`}
        label={label}
        required={name !== 'pulse'}
        error={message !== undefined}
        helperText={message ?? hint ?? ' '}
        slotProps={{
          htmlInput: {
            inputMode: name === 'weightKg' ? 'decimal' : 'numeric',
            autoComplete: 'off',
            sx: { fontSize: '1.75rem', fontWeight: 700, py: 1.5 },
          },
          inputLabel: { shrink: true },
        }}
      />
    );
  };

  const submit = onSubmit(async (body) => onSaved(await record.mutateAsync(body)));
  const timingMessage = messageOf('timing');

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)}>
      <Controller
        control={control}
        name="kind"
        render={({ field }) => (
          <FormControl>
            <FormLabel id={kindLabelId} sx={{ mb: 1, fontWeight: 600, color: 'text.primary' }}>
              {t('entry.kind')}
            </FormLabel>
            <RadioGroup
              aria-labelledby={kindLabelId}
              value={field.value}
              onChange={(_e, value) => field.onChange(value)}
              sx={{ display: 'grid', gridTemplateColumns: '1fr', gap: 1 }}
            >
              {READING_KINDS.map((k) => (
                <ChoiceBox
                  key={k}
                  value={k}
                  selected={field.value === k}
                  icon={KIND_ICONS[k]}
                  label={t(`kinds.${k}`)}
                />
              ))}
            </RadioGroup>
          </FormControl>
        )}
      />
      {kind === 'blood_pressure' ? (
        <>
          <Box
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(8rem, 100%), 1fr))', gap: 1.5 }}
          >
            {numberBox('systolic', t('entry.systolic'), t('entry.systolicHint'))}
            {numberBox('diastolic', t('entry.diastolic'), t('entry.diastolicHint'))}
          </Box>
          {numberBox('pulse', t('entry.pulse'), t('entry.pulseHint'))}
        </>
      ) : kind === 'glucose' ? (
        <>
          {numberBox('glucose', t('entry.glucose'))}
          <Controller
            control={control}
            name="timing"
            render={({ field }) => (
              <FormControl error={timingMessage !== undefined} required>
                <FormLabel id={timingLabelId} sx={{ mb: 1, fontWeight: 600, color: 'text.primary' }}>
                  {t('entry.timing')}
                </FormLabel>
                <RadioGroup
                  aria-labelledby={timingLabelId}
                  value={field.value}
                  onChange={(_e, value) => field.onChange(value)}
                  sx={{ display: 'grid', gridTemplateColumns: '1fr', gap: 1 }}
                >
                  {(['fasting', 'after_meal', 'other'] as const).map((timing) => (
                    <ChoiceBox
                      key={timing}
                      value={timing}
                      selected={field.value === timing}
                      label={t(`timing.${timing}`)}
                    />
                  ))}
                </RadioGroup>
                {timingMessage ? <FormHelperText>{timingMessage}</FormHelperText> : null}
              </FormControl>
            )}
          />
        </>
      ) : (
        numberBox('weightKg', t('entry.weight'), t('entry.weightHint'))
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(15rem, 100%), 1fr))', gap: 1.5 }}>
        <FormDateField
          control={control}
          name="date"
          label={t('entry.date')}
          required
          fromYear={thisYear - 1}
          toYear={thisYear}
          describeError={(reason) => reasonMessage(t, reason)}
        />
        <TextField
          {...register('time')}
          id="reading-time"
          type="time"
          label={t('entry.time')}
          required
          error={messageOf('time') !== undefined}
          helperText={messageOf('time') ?? t('entry.timeHint')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      <Stack direction="row" spacing={1.5}>
        <Button variant="outlined" size="large" onClick={onCancel} sx={{ flex: 1, minHeight: 52 }}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={formState.isSubmitting}
          sx={{ flex: 2, minHeight: 52, fontSize: '1.125rem' }}
        >
          {t('entry.save')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** A choice as a large bordered box, its radio, icon and words all tappable. */
function ChoiceBox({
  value,
  selected,
  icon,
  label,
}: {
  value: string;
  selected: boolean;
  icon?: ReactNode;
  label: string;
}) {
  return (
    <FormControlLabel
      value={value}
      control={<Radio />}
      label={
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          {icon ? (
            <Box aria-hidden sx={{ display: 'flex', color: 'primary.dark' }}>
              {icon}
            </Box>
          ) : null}
          <span>{label}</span>
        </Stack>
      }
      sx={{
        m: 0,
        pr: 1.5,
        minHeight: 56,
        border: selected ? 2 : 1,
        borderColor: selected ? 'primary.main' : 'divider',
        borderRadius: 2,
        bgcolor: selected ? 'action.selected' : 'background.paper',
        '& .MuiFormControlLabel-label': { fontWeight: selected ? 700 : 500 },
      }}
    />
  );
}
