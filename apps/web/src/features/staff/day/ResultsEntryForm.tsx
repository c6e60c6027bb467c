import {
  LAB_TESTS,
  LabPanel,
  RecordResultsBody,
  todayInBangkok,
  type LabTest,
  type RecordResultsInput,
} from '@klaimor/contracts';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useWatch, type FieldPath } from 'react-hook-form';
import { FormActions } from '../../../components/FormActions';
import { FormDateField } from '../../../components/FormDateField';
import { appLanguage } from '../../../i18n/language';
import { contractResolver, numberFromText, withFieldNames } from '../../../lib/form-resolver';
import { useContractForm } from '../../../lib/use-contract-form';
import { fieldMessage, staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import { formatResultValue, rangeText, testName } from './results-format';

/** The tests a clinician types; eGFR and BMI are worked out by the server. */
export const TYPED_TESTS: readonly LabTest[] = LAB_TESTS.filter((test) => !test.derived);

interface TestValues {
  /** As typed; empty is not measured, and not sent. */
  value: string;
  /** The reference range, prefilled with the facility's; sent only when the lab's printed range differs. */
  low: string;
  high: string;
}

export interface ResultsFormValues {
  takenOn: string;
  release: 'hold' | 'release';
  /** Whether the range boxes are shown: most results are read against the facility's own range. */
  editRanges: boolean;
  /** One per TYPED_TESTS, in its order. */
  tests: TestValues[];
}

const boundText = (bound: number | null) => (bound === null ? '' : String(bound));
/** A box's text as the body's number: anything not a number is NaN, which the contract refuses as invalid_number. */
const numberOf = (text: string) => numberFromText(text) ?? Number.NaN;
/** An end of the range as typed: empty is an open end. */
const boundOf = (text: string) => (text.trim() === '' ? null : numberOf(text));

/** The indexes (in TYPED_TESTS) of the boxes filled in: the body's results, in this order. */
const filledTests = (v: ResultsFormValues) => TYPED_TESTS.flatMap((_, i) => (v.tests[i]?.value.trim() ? [i] : []));

/** What the boxes hold, as the request body: only the values typed, each range only where it differs. */
export function resultsInputOf(v: ResultsFormValues): RecordResultsInput {
  return {
    takenOn: v.takenOn,
    release: v.release === 'release',
    results: filledTests(v).map((i) => {
      const test = TYPED_TESTS[i];
      const row = v.tests[i];
      const entry: RecordResultsInput['results'][number] = { code: test.code, value: numberOf(row.value) };
      const ownRange = row.low.trim() !== boundText(test.low) || row.high.trim() !== boundText(test.high);
      if (v.editRanges && ownRange) {
        entry.low = boundOf(row.low);
        entry.high = boundOf(row.high);
      }
      return entry;
    }),
  };
}

/** The box a reason of the body's path is about: `results.1.value` is the second box filled in. */
function boxOf(path: string, v: ResultsFormValues): FieldPath<ResultsFormValues> | null {
  if (path === 'takenOn' || path === 'release') return path;
  const match = /^results\.(\d+)\.(code|value|low|high)$/.exec(path);
  if (!match) return null;
  const i = filledTests(v)[Number(match[1])];
  if (i === undefined) return null;
  return `tests.${i}.${match[2] === 'code' ? 'value' : (match[2] as 'value' | 'low' | 'high')}`;
}

// Nothing filled in is the form's fault, not one box's: said above the buttons.
const resolver = withFieldNames(contractResolver(RecordResultsBody, resultsInputOf), (path, v) =>
  path === 'results' ? 'root.results' : boxOf(path, v),
);

export const emptyResults = (takenOn: string): ResultsFormValues => ({
  takenOn,
  release: 'hold',
  editRanges: false,
  tests: TYPED_TESTS.map((test) => ({ value: '', low: boundText(test.low), high: boundText(test.high) })),
});

export interface ResultsEntryFormProps {
  /** Sends the sitting; a rejection is shown on the form. */
  onSave: (body: RecordResultsBody) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * The clinician records a sitting's results, as a lab sheet: the date taken, then a box per test grouped by panel,
 * each with its unit and the facility's range (the lab's printed range may be given instead). Only the boxes filled in
 * are sent; eGFR and BMI are worked out by the server. Held from the patient unless told to give them at once.
 */
export function ResultsEntryForm({ onSave, onCancel }: ResultsEntryFormProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const id = useId();
  const today = todayInBangkok();
  const thisYear = Number(today.slice(0, 4));
  const { form, formError, onSubmit } = useContractForm<ResultsFormValues, RecordResultsBody>({
    resolver,
    defaultValues: emptyResults(today),
    fields: (key, values) => boxOf(key, values),
    errorMessage: (error) => staffErrorMessage(t, error, lang),
  });
  const {
    control,
    register,
    formState: { errors, isSubmitting },
  } = form;
  const editRanges = useWatch({ control, name: 'editRanges' });

  const valueMessage = (test: LabTest, reason: string | undefined) => {
    if (reason === 'out_of_range')
      return t('results.form.implausible', {
        low: formatResultValue(test.code, test.plausible[0], lang),
        high: formatResultValue(test.code, test.plausible[1], lang),
        unit: test.unit,
      });
    if (reason === 'invalid_number') return t('results.form.notANumber');
    return fieldMessage(t, 'value', reason);
  };
  const boundMessage = (reason: string | undefined) => {
    if (reason === 'invalid_number') return t('results.form.notANumber');
    if (reason === 'end_before_start') return t('results.form.highBelowLow');
    return fieldMessage(t, 'range', reason);
  };

  const rangeBox = (i: number, test: LabTest, end: 'low' | 'high') => {
    const { ref, ...rest } = register(`tests.${i}.${end}`);
    const message = boundMessage(errors.tests?.[i]?.[end]?.message);
    const name = testName(test.code, lang);
    return (
      <TextField
        {...rest}
        inputRef={ref}
        id={`${id}-${test.code}-${end}`}
        size="small"
        label={t(`results.form.${end}`)}
        error={message !== undefined}
        helperText={message}
        slotProps={{
          htmlInput: {
            inputMode: 'decimal',
            autoComplete: 'off',
            maxLength: 8,
            'aria-label': t(`results.form.${end}Named`, { name }),
          },
          inputLabel: { shrink: true },
        }}
        sx={{ flex: 1, minWidth: 0 }}
      />
    );
  };

  const testRow = (test: LabTest, i: number) => {
    const { ref, ...rest } = register(`tests.${i}.value`);
    const message = valueMessage(test, errors.tests?.[i]?.value?.message);
    const boxId = `${id}-${test.code}`;
    const hasRange = test.low !== null || test.high !== null;
    return (
      <Box key={test.code} sx={{ display: 'contents' }}>
        <Typography component="label" htmlFor={boxId} variant="body2" sx={{ pt: 1, fontWeight: 500 }}>
          {testName(test.code, lang)}
        </Typography>
        <Box sx={{ minWidth: 0 }}>
          <TextField
            {...rest}
            inputRef={ref}
            id={boxId}
            size="small"
            fullWidth
            error={message !== undefined}
            helperText={message ?? rangeText(t, test.code, test.low, test.high, lang)}
            slotProps={{
              htmlInput: { inputMode: 'decimal', autoComplete: 'off', maxLength: 8 },
              input: { endAdornment: <InputAdornment position="end">{test.unit}</InputAdornment> },
            }}
          />
          {editRanges && hasRange ? (
            <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
              {rangeBox(i, test, 'low')}
              {rangeBox(i, test, 'high')}
            </Stack>
          ) : null}
        </Box>
      </Box>
    );
  };

  const releaseHelpId = `${id}-release-help`;
  const noneFilled = errors.root?.results ? t('results.form.noneFilled') : null;

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(e) => void onSubmit(onSave)(e)}>
      <Typography variant="body2" color="text.secondary">
        {t('results.form.intro')}
      </Typography>
      <FormDateField
        control={control}
        name="takenOn"
        label={t('results.form.takenOn')}
        required
        fromYear={thisYear - 1}
        toYear={thisYear}
        describeError={(reason) => fieldMessage(t, 'takenOn', reason)}
        hint={t('results.form.takenOnHint')}
      />
      <Controller
        control={control}
        name="editRanges"
        render={({ field }) => (
          <FormControl>
            <FormControlLabel
              control={
                <Switch
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { 'aria-describedby': `${id}-ranges-help` } }}
                />
              }
              label={t('results.form.editRanges')}
            />
            <FormHelperText id={`${id}-ranges-help`} sx={{ mx: 0 }}>
              {t('results.form.editRangesHint')}
            </FormHelperText>
          </FormControl>
        )}
      />
      {LabPanel.options.map((panel) => (
        <Box key={panel} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 600, mb: 1, p: 0 }}>
            {t(`results.form.panels.${panel}`)}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: 'minmax(0, 1fr) minmax(9rem, 13rem)',
              columnGap: 1.5,
              rowGap: 1,
              alignItems: 'start',
            }}
          >
            {TYPED_TESTS.map((test, i) => (test.panel === panel ? testRow(test, i) : null))}
          </Box>
          {panel === 'kidney' || panel === 'vitals' ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t(panel === 'kidney' ? 'results.form.egfr' : 'results.form.bmi')}
            </Typography>
          ) : null}
        </Box>
      ))}
      <Controller
        control={control}
        name="release"
        render={({ field }) => (
          <FormControl component="fieldset">
            <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary' }}>
              {t('results.form.releaseLabel')}
            </FormLabel>
            <RadioGroup {...field} aria-describedby={releaseHelpId}>
              <FormControlLabel value="hold" control={<Radio />} label={t('results.form.hold')} />
              <FormControlLabel value="release" control={<Radio />} label={t('results.form.releaseNow')} />
            </RadioGroup>
            <FormHelperText id={releaseHelpId} sx={{ mx: 0 }}>
              {t('results.form.releaseHint')}
            </FormHelperText>
          </FormControl>
        )}
      />
      <FormActions
        error={formError ?? noneFilled}
        submitLabel={t('results.form.submit')}
        busy={isSubmitting}
        onCancel={onCancel}
      />
    </Stack>
  );
}
