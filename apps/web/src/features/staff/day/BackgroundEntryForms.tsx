import {
  AllergyBody,
  AllergyCategory,
  AllergySeverity,
  COMMON_CONDITIONS,
  ConditionBody,
  type AllergyInput,
  type ConditionInput,
} from '@klaimor/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { Controller, useWatch, type FieldError } from 'react-hook-form';
import { FormActions } from '../../../components/FormActions';
import { appLanguage } from '../../../i18n/language';
import { contractResolver } from '../../../lib/form-resolver';
import { useContractForm } from '../../../lib/use-contract-form';
import { fieldMessage, staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';

interface EntryFormProps<Body> {
  /** Sends the entry; a rejection is shown on the form. */
  onSave: (body: Body) => Promise<unknown>;
  onCancel: () => void;
}

/** The staff texts and a form's error sentence, as both entry forms use them. */
function useEntryTexts() {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  return { t, lang, errorMessage: (error: unknown) => staffErrorMessage(t, error, lang) };
}

interface AllergyValues {
  substance: string;
  category: AllergyCategory;
  reaction: string;
  /** None chosen yet: the contract then says it is required. */
  severity: AllergySeverity | '';
}
// No severity chosen ('') is refused by the contract's choice of three, as any other value outside it.
const allergyResolver = contractResolver(AllergyBody, (v: AllergyValues) => v as AllergyInput);

/** The clinician records an allergy: what, which kind, the reaction and how severe it was. */
export function AllergyEntryForm({ onSave, onCancel }: EntryFormProps<AllergyInput>) {
  const { t, errorMessage } = useEntryTexts();
  const id = useId();
  const { form, formError, onSubmit } = useContractForm<AllergyValues, AllergyBody>({
    resolver: allergyResolver,
    defaultValues: { substance: '', category: 'medication', reaction: '', severity: '' },
    fields: ['substance', 'category', 'reaction', 'severity'],
    errorMessage,
  });
  const {
    control,
    register,
    formState: { errors, isSubmitting },
  } = form;
  const box = (name: 'substance' | 'reaction', error: FieldError | undefined, hint: string, required: boolean) => {
    const { ref, ...rest } = register(name);
    const message = fieldMessage(t, name, error?.message);
    return (
      <TextField
        {...rest}
        inputRef={ref}
        id={`${id}-${name}`}
        label={t(`background.${name}`)}
        required={required}
        fullWidth
        error={message !== undefined}
        helperText={message ?? hint}
        slotProps={{ htmlInput: { maxLength: name === 'substance' ? 120 : 200 } }}
      />
    );
  };
  const severityMessage = fieldMessage(t, 'severity', errors.severity?.message);

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(e) => void onSubmit(onSave)(e)}>
      {box('substance', errors.substance, t('background.substanceHint'), true)}
      <Controller
        control={control}
        name="category"
        render={({ field }) => (
          <FormControl component="fieldset">
            <FormLabel component="legend">{t('background.categoryLabel')}</FormLabel>
            <RadioGroup row {...field}>
              {AllergyCategory.options.map((c) => (
                <FormControlLabel key={c} value={c} control={<Radio />} label={t(`background.category.${c}`)} />
              ))}
            </RadioGroup>
          </FormControl>
        )}
      />
      {box('reaction', errors.reaction, t('background.reactionHint'), false)}
      <Controller
        control={control}
        name="severity"
        render={({ field }) => (
          <FormControl component="fieldset" required error={severityMessage !== undefined}>
            <FormLabel component="legend">{t('background.severityLabel')}</FormLabel>
            <RadioGroup row {...field} aria-describedby={severityMessage ? `${id}-severity-error` : undefined}>
              {AllergySeverity.options.map((s) => (
                <FormControlLabel key={s} value={s} control={<Radio />} label={t(`background.severity.${s}`)} />
              ))}
            </RadioGroup>
            {severityMessage ? (
              <FormLabel component="p" id={`${id}-severity-error`} error sx={{ fontSize: '0.8rem' }}>
                {severityMessage}
              </FormLabel>
            ) : null}
          </FormControl>
        )}
      />
      <FormActions error={formError} submitLabel={t('background.save')} busy={isSubmitting} onCancel={onCancel} />
    </Stack>
  );
}

interface ConditionValues {
  name: string;
  icd10: string;
}
const conditionResolver = contractResolver(ConditionBody, (v: ConditionValues) => ({
  name: v.name,
  icd10: v.icd10.trim() === '' ? null : v.icd10,
}));

/**
 * The clinician records a long-term condition: one of the common ones (its ICD-10 code filled in), or any other by
 * name with the code they know.
 */
export function ConditionEntryForm({ onSave, onCancel }: EntryFormProps<ConditionInput>) {
  const { t, lang, errorMessage } = useEntryTexts();
  const id = useId();
  const { form, formError, onSubmit } = useContractForm<ConditionValues, ConditionBody>({
    resolver: conditionResolver,
    defaultValues: { name: '', icd10: '' },
    fields: ['name', 'icd10'],
    errorMessage,
  });
  const {
    control,
    register,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = form;
  const nameOf = (c: (typeof COMMON_CONDITIONS)[number]) => (lang === 'th' ? c.th : c.en);
  const nameMessage = fieldMessage(t, 'name', errors.name?.message);
  const icd10Message = fieldMessage(t, 'icd10', errors.icd10?.message);
  const { ref: icd10Ref, ...icd10 } = register('icd10');
  // The list fills the code in by code, which the box is not told of: its label then sits above the value.
  const icd10Filled = useWatch({ control, name: 'icd10' }) !== '';

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(e) => void onSubmit(onSave)(e)}>
      <Controller
        control={control}
        name="name"
        render={({ field }) => (
          <Autocomplete
            id={`${id}-name`}
            freeSolo
            options={COMMON_CONDITIONS.map(nameOf)}
            inputValue={field.value}
            onBlur={field.onBlur}
            onInputChange={(_e, value) => {
              field.onChange(value);
              const known = COMMON_CONDITIONS.find((c) => nameOf(c) === value);
              if (known) setValue('icd10', known.icd10);
              // A code the list filled in goes with its name: renamed, the condition is no longer the one coded.
              else if (COMMON_CONDITIONS.some((c) => c.icd10 === getValues('icd10'))) setValue('icd10', '');
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                label={t('background.condition')}
                required
                error={nameMessage !== undefined}
                helperText={nameMessage ?? t('background.conditionHint')}
              />
            )}
          />
        )}
      />
      <TextField
        {...icd10}
        inputRef={icd10Ref}
        id={`${id}-icd10`}
        label={t('background.icd10')}
        error={icd10Message !== undefined}
        helperText={icd10Message}
        slotProps={{ htmlInput: { maxLength: 12 }, ...(icd10Filled ? { inputLabel: { shrink: true } } : {}) }}
        sx={{ maxWidth: 220 }}
      />
      <FormActions error={formError} submitLabel={t('background.save')} busy={isSubmitting} onCancel={onCancel} />
    </Stack>
  );
}
