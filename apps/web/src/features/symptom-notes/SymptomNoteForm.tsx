import {
  SymptomNoteBody,
  assessSymptoms,
  todayInBangkok,
  type SymptomNote,
  type SymptomNoteInput,
} from '@klaimor/contracts';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useId, useMemo } from 'react';
import { Controller, useWatch, type FieldPath } from 'react-hook-form';
import { FormActions } from '../../components/FormActions';
import { FormDateField } from '../../components/FormDateField';
import { useTextFields } from '../../components/use-text-fields';
import { apiErrorMessage, reasonMessage } from '../../lib/error-messages';
import { contractResolver, numberFromText } from '../../lib/form-resolver';
import { useContractForm } from '../../lib/use-contract-form';
import { RedFlagWarning } from './RedFlagWarning';
import { nowInBangkok, severityWord } from './symptom-notes-format';
import { useSaveSymptomNote } from './symptom-notes.queries';
import { useSymptomNotesTexts } from './symptom-notes.texts';

export interface SymptomNoteFormValues {
  date: string;
  time: string;
  symptoms: string;
  severity: number;
  temperatureC: string;
  bloodPressure: { systolic: string; diastolic: string };
  notes: string;
}

/** Temperatures may be typed with a decimal comma. */
const decimal = (text: string) => {
  const cleaned = text.trim().replace(',', '.');
  return cleaned === '' ? null : Number(cleaned);
};

export function toBody(v: SymptomNoteFormValues): SymptomNoteInput {
  const { systolic, diastolic } = v.bloodPressure;
  const bothEmpty = systolic.trim() === '' && diastolic.trim() === '';
  return {
    date: v.date,
    time: v.time || null,
    symptoms: v.symptoms,
    severity: v.severity,
    temperatureC: decimal(v.temperatureC),
    bloodPressure: bothEmpty
      ? null
      : { systolic: numberFromText(systolic) ?? Number.NaN, diastolic: numberFromText(diastolic) ?? Number.NaN },
    notes: v.notes,
  };
}

const resolver = contractResolver(SymptomNoteBody, toBody);

const FIELDS = new Set<string>([
  'date',
  'time',
  'symptoms',
  'severity',
  'temperatureC',
  'bloodPressure.systolic',
  'bloodPressure.diastolic',
  'notes',
]);

function valuesOf(note: SymptomNote | null): SymptomNoteFormValues {
  return {
    date: note?.date ?? todayInBangkok(),
    time: note ? (note.time ?? '') : nowInBangkok(),
    symptoms: note?.symptoms ?? '',
    severity: note?.severity ?? 3,
    temperatureC: note?.temperatureC == null ? '' : String(note.temperatureC),
    bloodPressure: {
      systolic: note?.bloodPressure ? String(note.bloodPressure.systolic) : '',
      diastolic: note?.bloodPressure ? String(note.bloodPressure.diastolic) : '',
    },
    notes: note?.notes ?? '',
  };
}

export interface SymptomNoteFormProps {
  note: SymptomNote | null;
  onSaved: (note: SymptomNote) => void;
  onCancel: () => void;
}

/** Writes how the patient feels; the red-flag check runs as they type, as on the booking card. */
export function SymptomNoteForm({ note, onSaved, onCancel }: SymptomNoteFormProps) {
  const { t } = useSymptomNotesTexts();
  const save = useSaveSymptomNote();
  const severityLabelId = useId();
  const bpLabelId = useId();
  const bpHelperId = useId();
  const { form, formError, onSubmit } = useContractForm<SymptomNoteFormValues, SymptomNoteBody>({
    resolver,
    defaultValues: valuesOf(note),
    fields: (key) => {
      const name = key === 'bloodPressure' ? 'bloodPressure.systolic' : key;
      return FIELDS.has(name) ? (name as FieldPath<SymptomNoteFormValues>) : null;
    },
    errorMessage: (error) => apiErrorMessage(t, error),
  });
  const { control, register, getFieldState, formState } = form;
  const { isSubmitting } = formState;
  const [symptoms, notes] = useWatch({ control, name: ['symptoms', 'notes'] });
  const typed = useDeferredValue(`${symptoms}\n${notes}`);
  const assessment = useMemo(() => assessSymptoms(typed), [typed]);
  const thisYear = Number(todayInBangkok().slice(0, 4));

  const messageOf = (name: FieldPath<SymptomNoteFormValues>) =>
    reasonMessage(t, getFieldState(name, formState).error?.message);
  const text = useTextFields(register, 'symptom-note', messageOf);

  const submit = onSubmit(async (body) => onSaved(await save.mutateAsync({ id: note?.id, body })));

  const bpMessage = messageOf('bloodPressure.systolic') ?? messageOf('bloodPressure.diastolic');
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)}>
      <FormDateField
        control={control}
        name="date"
        label={t('fields.date')}
        required
        fromYear={thisYear - 5}
        toYear={thisYear}
        describeError={(reason) => reasonMessage(t, reason)}
      />
      <TextField
        {...register('time')}
        id="symptom-note-time"
        type="time"
        label={t('fields.time')}
        error={messageOf('time') !== undefined}
        helperText={messageOf('time') ?? t('common.optional')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      {text('symptoms', t('fields.symptoms'), { required: true, multiline: true, hint: t('fields.symptomsHint') })}
      {assessment.emergency ? <RedFlagWarning redFlags={assessment.redFlags} /> : null}
      <Controller
        control={control}
        name="severity"
        render={({ field }) => (
          <FormControl>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
              <FormLabel id={severityLabelId}>{t('severity.label')}</FormLabel>
              <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} aria-hidden>
                {field.value} · {t(`severity.${severityWord(field.value)}`)}
              </Typography>
            </Stack>
            <Slider
              value={field.value}
              onChange={(_e, value) => field.onChange(value)}
              onBlur={field.onBlur}
              min={0}
              max={10}
              step={1}
              marks
              aria-labelledby={severityLabelId}
              getAriaValueText={(v) => t('severity.valueText', { severity: v, word: t(`severity.${severityWord(v)}`) })}
              sx={{ mx: 1, width: 'auto' }}
            />
          </FormControl>
        )}
      />
      {text('temperatureC', t('fields.temperature'), { inputMode: 'decimal', hint: t('fields.temperatureHint') })}
      <FormControl component="fieldset" error={bpMessage !== undefined} aria-labelledby={bpLabelId}>
        <FormLabel component="legend" id={bpLabelId} sx={{ mb: 1.5 }}>
          {t('fields.bloodPressure')}
        </FormLabel>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
          {(['systolic', 'diastolic'] as const).map((part) => {
            const { ref, ...field } = register(`bloodPressure.${part}`);
            return (
              <TextField
                key={part}
                {...field}
                inputRef={ref}
                id={`symptom-note-bp-${part}`}
                label={t(`fields.${part}`)}
                error={messageOf(`bloodPressure.${part}`) !== undefined}
                slotProps={{
                  htmlInput: {
                    inputMode: 'numeric',
                    autoComplete: 'off',
                    'aria-describedby': bpMessage ? bpHelperId : undefined,
                  },
                }}
              />
            );
          })}
        </Box>
        <FormHelperText id={bpHelperId}>{bpMessage ?? t('common.optional')}</FormHelperText>
      </FormControl>
      {text('notes', t('fields.notes'), { multiline: true })}
      <FormActions error={formError} busy={isSubmitting} onCancel={onCancel} />
    </Stack>
  );
}
