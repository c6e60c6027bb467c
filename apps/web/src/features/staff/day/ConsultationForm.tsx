import {
  allergyConflicts,
  type Allergy,
  type Condition,
  MedicationForm,
  VisitRecordBody,
  todayInBangkok,
  type VisitRecordInput,
} from '@klaimor/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useFieldArray, useWatch, type FieldError, type FieldPath } from 'react-hook-form';
import { FormActions } from '../../../components/FormActions';
import { FormDateField } from '../../../components/FormDateField';
import { appLanguage } from '../../../i18n/language';
import { contractResolver, numberFromText } from '../../../lib/form-resolver';
import { useContractForm } from '../../../lib/use-contract-form';
import { fieldMessage, staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import { AllergyBanner } from './AllergyBanner';
import { AllergyOverrideField } from './AllergyOverrideField';
import { DoseWayFields } from './DoseWayFields';
import { DrugField } from './DrugField';
import { type DoseWayValues, doseWayInput, emptyDoseWay, withItsWayOnly } from './dose-way';

/** A prescription row as its boxes hold it: the drug, how it is taken (DoseWayValues), for how many days. */
export interface PrescriptionValues extends DoseWayValues {
  drug: string;
  /** The ATC code of a drug chosen from the list; '' for one written in words. */
  atcCode: string;
  strength: string;
  form: MedicationForm;
  days: string;
  /** A long-term medicine: the patient may ask for more without a visit. */
  longTerm: boolean;
  instructions: string;
  /** Why a drug the patient is allergic to is still prescribed; asked only then. */
  allergyOverrideReason: string;
}

export interface ConsultationFormValues {
  findings: string;
  icd10: string;
  advice: string;
  followUpDate: string;
  prescriptions: PrescriptionValues[];
}

export const emptyPrescription = (): PrescriptionValues => ({
  drug: '',
  atcCode: '',
  strength: '',
  form: 'tablet',
  ...emptyDoseWay(),
  days: '',
  longTerm: false,
  instructions: '',
  allergyOverrideReason: '',
});

/** A number box as the body's number: empty is missing, anything else not a number is NaN. */
const wholeNumberOf = (text: string) => (numberFromText(text) ?? undefined) as number;

/** What the boxes hold, as the request body before the contract checks it. */
export function visitInputOf(v: ConsultationFormValues): VisitRecordInput {
  return {
    findings: v.findings,
    icd10: v.icd10.trim() === '' ? null : v.icd10,
    advice: v.advice,
    followUpDate: v.followUpDate === '' ? null : v.followUpDate,
    prescriptions: v.prescriptions.map((p) => ({
      drug: p.drug,
      atcCode: p.atcCode === '' ? null : p.atcCode,
      strength: p.strength,
      form: p.form,
      ...doseWayInput(p),
      days: wholeNumberOf(p.days),
      longTerm: p.longTerm,
      instructions: p.instructions,
      allergyOverrideReason: p.allergyOverrideReason.trim() === '' ? undefined : p.allergyOverrideReason,
    })),
  };
}

const resolver = contractResolver(VisitRecordBody, visitInputOf);
const FORMS = MedicationForm.options;

/**
 * The visit's own fields and a prescription's, on which the server's reasons land: a prescription's are named as in
 * the body ('prescriptions.0.asNeeded.maxPerDay'; 'prescriptions.0.intervalDose' for two ways at once).
 */
const SERVER_FIELDS = new Set(['findings', 'icd10', 'advice', 'followUpDate']);
const PRESCRIPTION_FIELD =
  /^prescriptions\.\d+\.(drug|strength|days|instructions|allergyOverrideReason|mealTiming|(doses|intervalDose|asNeeded)(\.\w+)?)$/;
const serverField = (key: string) =>
  SERVER_FIELDS.has(key) || PRESCRIPTION_FIELD.test(key) ? (key as FieldPath<ConsultationFormValues>) : null;

/** The checked visit as sent: each prescription with only the way it is taken. */
const visitSent = (body: VisitRecordBody): VisitRecordInput => ({
  ...body,
  prescriptions: body.prescriptions.map(withItsWayOnly),
});

export interface ConsultationFormProps {
  /**
   * The patient's allergies (checked against every drug) and conditions, shown above the prescriptions; undefined
   * while the record is not read, which the banner says rather than "none recorded".
   */
  allergies?: readonly Allergy[];
  conditions?: readonly Condition[];
  /** Sends the visit (each prescription with the fields of its way only); a rejection is shown on the form. */
  onSubmit: (body: VisitRecordInput) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * The clinician's record of the visit: findings in plain words (required), an optional ICD-10 code, advice, a
 * follow-up date and the prescriptions (drug, strength, form, how it is taken: at meals, every N hours or as needed,
 * days, instructions), checked with the shared VisitRecordBody schema.
 */
export function ConsultationForm({ allergies, conditions, onSubmit, onCancel }: ConsultationFormProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const baseId = useId();
  const {
    form,
    formError,
    onSubmit: submitWith,
  } = useContractForm<ConsultationFormValues, VisitRecordBody>({
    resolver,
    defaultValues: { findings: '', icd10: '', advice: '', followUpDate: '', prescriptions: [] },
    fields: serverField,
    errorMessage: (error) => staffErrorMessage(t, error, lang),
    // Checked as each box is left, not on every row added: in 'onTouched' mode react-hook-form checks the whole list
    // of drugs when a row is added, so a new row opened with "required" under boxes not reached yet, and the notes
    // went as the boxes were left, moving the buttons below under the pointer ("เพิ่มยา" missed).
    mode: 'onBlur',
  });
  const {
    control,
    register,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  const prescriptions = useFieldArray({ control, name: 'prescriptions' });
  const drugs = useWatch({ control, name: 'prescriptions' });
  const conflictsOf = (i: number) => allergyConflicts(drugs[i]?.drug ?? '', allergies ?? []);
  const today = todayInBangkok();
  const thisYear = Number(today.slice(0, 4));

  const text = (
    name: FieldPath<ConsultationFormValues>,
    label: string,
    error: FieldError | undefined,
    options: {
      hint?: string;
      required?: boolean;
      multiline?: boolean;
      numeric?: boolean;
      reasonField?: string;
      maxLength?: number;
      /** The label sits above a value set by code (a drug chosen from the list), which the box was not told of. */
      filled?: boolean;
    } = {},
  ) => {
    const { ref, ...rest } = register(name);
    const message = fieldMessage(t, options.reasonField ?? name.split('.').at(-1) ?? name, error?.message);
    return (
      <TextField
        {...rest}
        inputRef={ref}
        id={`${baseId}-${name}`}
        label={label}
        required={options.required ?? false}
        fullWidth
        multiline={options.multiline}
        minRows={options.multiline ? 2 : undefined}
        error={message !== undefined}
        helperText={message ?? options.hint}
        slotProps={{
          htmlInput: {
            maxLength: options.maxLength,
            ...(options.numeric ? { inputMode: 'numeric', autoComplete: 'off' } : {}),
          },
          ...(options.filled ? { inputLabel: { shrink: true } } : {}),
        }}
      />
    );
  };

  const submit = submitWith(async (body) => {
    if (body.followUpDate && body.followUpDate <= today) {
      setError('followUpDate', { type: 'validate', message: 'out_of_range' }, { shouldFocus: true });
      return;
    }
    // A drug the patient is allergic to goes only with a reason: asked here before the server refuses it.
    const unexplained = body.prescriptions.findIndex(
      (p) => !p.allergyOverrideReason && allergyConflicts(p.drug, allergies ?? []).length > 0,
    );
    if (unexplained >= 0) {
      const field = `prescriptions.${unexplained}.allergyOverrideReason` as const;
      setError(field, { type: 'validate', message: 'allergy_override_required' }, { shouldFocus: true });
      return;
    }
    await onSubmit(visitSent(body));
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)}>
      {text('findings', t('visit.findings'), errors.findings, {
        required: true,
        multiline: true,
        hint: t('visit.findingsHint'),
        maxLength: 1000,
      })}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 2.5, sm: 1.5 }}>
        <Box sx={{ flex: 1 }}>
          {text('icd10', t('visit.icd10'), errors.icd10, { hint: t('visit.icd10Hint'), maxLength: 12 })}
        </Box>
        <Box sx={{ flex: 2 }}>
          <FormDateField
            control={control}
            name="followUpDate"
            label={t('visit.followUpDate')}
            fromYear={thisYear}
            toYear={thisYear + 2}
            describeError={(reason) => fieldMessage(t, 'followUpDate', reason)}
            hint={t('visit.followUpHint')}
          />
        </Box>
      </Stack>
      {text('advice', t('visit.advice'), errors.advice, { multiline: true, maxLength: 2000 })}
      <Box component="section" aria-labelledby={`${baseId}-prescriptions`}>
        <Typography id={`${baseId}-prescriptions`} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('visit.prescriptions')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('visit.prescriptionsIntro')}
        </Typography>
        <Box sx={{ mb: 2 }}>
          <AllergyBanner allergies={allergies} conditions={conditions} />
        </Box>
        <Stack spacing={2}>
          {prescriptions.fields.length === 0 ? (
            <Typography color="text.secondary">{t('visit.noDrugs')}</Typography>
          ) : null}
          {prescriptions.fields.map((row, i) => {
            const rowErrors = errors.prescriptions?.[i];
            return (
              <Paper key={row.id} variant="outlined" component="fieldset" sx={{ p: 2, m: 0, minWidth: 0 }}>
                <Box component="legend" sx={{ px: 0.5, fontWeight: 600 }}>
                  {t('visit.drugN', { n: i + 1 })}
                </Box>
                <Stack spacing={2}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                    <Box sx={{ flex: 1 }}>
                      <Controller
                        control={control}
                        name={`prescriptions.${i}.drug`}
                        render={({ field }) => (
                          <DrugField
                            id={`${baseId}-drug-${row.id}`}
                            value={field.value}
                            listed={(drugs[i]?.atcCode ?? '') !== ''}
                            error={rowErrors?.drug?.message}
                            inputRef={field.ref}
                            onBlur={field.onBlur}
                            onType={(typed) => {
                              field.onChange(typed);
                              setValue(`prescriptions.${i}.atcCode`, '');
                            }}
                            onChoose={(listed) => {
                              field.onChange(listed.name);
                              setValue(`prescriptions.${i}.atcCode`, listed.atc);
                              setValue(`prescriptions.${i}.strength`, listed.strength);
                              setValue(`prescriptions.${i}.form`, listed.form);
                            }}
                          />
                        )}
                      />
                    </Box>
                    <IconButton
                      aria-label={t('visit.removeDrug', { n: i + 1 })}
                      onClick={() => prescriptions.remove(i)}
                      sx={{ mt: 0.5 }}
                    >
                      <DeleteOutlinedIcon />
                    </IconButton>
                  </Box>
                  <AllergyOverrideField
                    conflicts={conflictsOf(i)}
                    field={register(`prescriptions.${i}.allergyOverrideReason`)}
                    id={`${baseId}-override-${row.id}`}
                    error={rowErrors?.allergyOverrideReason?.message}
                  />
                  <Stack direction="row" spacing={1.5}>
                    {text(`prescriptions.${i}.strength`, t('visit.strength'), rowErrors?.strength, {
                      hint: t('visit.strengthHint'),
                      maxLength: 50,
                      filled: (drugs[i]?.strength ?? '') !== '',
                    })}
                    <Controller
                      control={control}
                      name={`prescriptions.${i}.form`}
                      render={({ field }) => (
                        <TextField
                          select
                          id={`${baseId}-form-${row.id}`}
                          label={t('visit.form')}
                          value={field.value}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                          inputRef={field.ref}
                          fullWidth
                          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                        >
                          {FORMS.map((form) => (
                            <option key={form} value={form}>
                              {t(`visit.forms.${form}`)}
                            </option>
                          ))}
                        </TextField>
                      )}
                    />
                  </Stack>
                  <DoseWayFields
                    control={control}
                    register={register}
                    name={`prescriptions.${i}`}
                    errors={rowErrors}
                    idBase={`${baseId}-${row.id}`}
                  />
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 2, sm: 1.5 }}>
                    <Box sx={{ flex: '0 0 140px' }}>
                      {text(`prescriptions.${i}.days`, t('visit.days'), rowErrors?.days, {
                        required: true,
                        numeric: true,
                        reasonField: 'days',
                        maxLength: 3,
                      })}
                    </Box>
                    <Box sx={{ flex: 1 }}>
                      {text(`prescriptions.${i}.instructions`, t('visit.instructions'), rowErrors?.instructions, {
                        hint: t('visit.instructionsHint'),
                        maxLength: 500,
                      })}
                    </Box>
                  </Stack>
                  <Controller
                    control={control}
                    name={`prescriptions.${i}.longTerm`}
                    render={({ field }) => (
                      <Box>
                        <FormControlLabel
                          control={
                            <Checkbox
                              checked={field.value}
                              onChange={(e) => field.onChange(e.target.checked)}
                              onBlur={field.onBlur}
                              slotProps={{
                                input: { ref: field.ref, 'aria-describedby': `${baseId}-${row.id}-long-term` },
                              }}
                            />
                          }
                          label={t('visit.longTerm')}
                        />
                        <FormHelperText id={`${baseId}-${row.id}-long-term`} sx={{ mt: -0.5, ml: 4 }}>
                          {t('visit.longTermHint')}
                        </FormHelperText>
                      </Box>
                    )}
                  />
                </Stack>
              </Paper>
            );
          })}
          <Box>
            <Button
              variant="outlined"
              startIcon={<AddIcon />}
              onClick={() =>
                prescriptions.append(emptyPrescription(), {
                  focusName: `prescriptions.${prescriptions.fields.length}.drug`,
                })
              }
              disabled={prescriptions.fields.length >= 20}
            >
              {t('visit.addDrug')}
            </Button>
          </Box>
        </Stack>
      </Box>
      <FormActions error={formError} submitLabel={t('visit.submit')} busy={isSubmitting} onCancel={onCancel} />
    </Stack>
  );
}
