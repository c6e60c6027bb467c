import {
  COMMON_CONDITIONS,
  ConditionBody,
  type Condition,
  type ConditionInput,
  type HealthBackground,
} from '@klaimor/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, type FieldPath } from 'react-hook-form';
import { FormActions } from '../../components/FormActions';
import { appLanguage } from '../../i18n/language';
import { apiErrorMessage, reasonMessage } from '../../lib/error-messages';
import { contractResolver } from '../../lib/form-resolver';
import { useContractForm } from '../../lib/use-contract-form';
import { commonConditionNamed, conditionMatches, type CommonCondition } from './health-background-format';
import { useAddCondition } from './health-background.queries';
import { useHealthBackgroundTexts } from './health-background.texts';

export interface ConditionFormValues {
  /** A common condition's name as the list shows it, or the patient's own words. */
  name: string;
}

/** A name the list holds (in either language) is saved with its ICD-10 code; anything else in words, without one. */
export const toBody = ({ name }: ConditionFormValues): ConditionInput => ({
  name,
  icd10: commonConditionNamed(name)?.icd10 ?? null,
});

const resolver = contractResolver(ConditionBody, toBody);

/** Both of the body's fields are the one box's. */
const fieldOf = (key: string): FieldPath<ConditionFormValues> | null =>
  key === 'name' || key === 'icd10' ? 'name' : null;

export interface ConditionFormProps {
  /** The conditions already recorded: the list does not offer them again. */
  recorded: readonly Condition[];
  onSaved: (lists: HealthBackground) => void;
  onCancel: () => void;
}

/**
 * Adds a long-term condition: the common ones offered as a list to choose from (opened on the first tap, narrowed as
 * the patient types, in their language), and anything else typed in words.
 */
export function ConditionForm({ recorded, onSaved, onCancel }: ConditionFormProps) {
  const { t, i18n } = useHealthBackgroundTexts();
  const lang = appLanguage(i18n);
  const add = useAddCondition();
  const { form, formError, onSubmit } = useContractForm<ConditionFormValues, ConditionBody>({
    resolver,
    defaultValues: { name: '' },
    fields: fieldOf,
    errorMessage: (error) => apiErrorMessage(t, error),
  });
  const { control, formState } = form;
  const taken = new Set(recorded.map((c) => c.icd10));
  const options = COMMON_CONDITIONS.filter((c) => !taken.has(c.icd10));
  const submit = onSubmit(async (body) => onSaved(await add.mutateAsync(body)));

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)}>
      <Controller
        control={control}
        name="name"
        render={({ field, fieldState }) => {
          const coded = commonConditionNamed(field.value);
          // Said only when nothing in the list is like it: a partial name still has choices to take.
          const unlisted = field.value.trim() !== '' && !options.some((c) => conditionMatches(c, field.value));
          return (
            <Autocomplete<CommonCondition, false, false, true>
              id="condition-name"
              freeSolo
              openOnFocus
              autoHighlight={false}
              options={options}
              filterOptions={(all, { inputValue }) => all.filter((c) => conditionMatches(c, inputValue))}
              value={field.value === '' ? null : field.value}
              inputValue={field.value}
              getOptionLabel={(option) => (typeof option === 'string' ? option : option[lang])}
              isOptionEqualToValue={(option, value) => option[lang] === (value as unknown)}
              onInputChange={(_event, value, reason) => {
                if (reason === 'input' || reason === 'clear') field.onChange(value);
              }}
              onChange={(_event, value) => field.onChange(typeof value === 'string' ? value : (value?.[lang] ?? ''))}
              onBlur={field.onBlur}
              renderOption={({ key, ...props }, option) => (
                <Box component="li" key={key} {...props} sx={{ gap: 1, minHeight: 48 }}>
                  <Typography component="span">{option[lang]}</Typography>
                  <Typography
                    component="span"
                    variant="caption"
                    color="text.secondary"
                    sx={{ ml: 'auto', whiteSpace: 'nowrap' }}
                  >
                    {option.icd10}
                  </Typography>
                </Box>
              )}
              renderInput={(params) => (
                <TextField
                  {...params}
                  name={field.name}
                  label={t('conditionForm.name')}
                  required
                  inputRef={field.ref}
                  error={fieldState.error !== undefined}
                  helperText={
                    reasonMessage(t, fieldState.error?.message) ??
                    (coded
                      ? t('conditionForm.coded', { code: coded.icd10 })
                      : unlisted
                        ? t('conditionForm.noMatch')
                        : t('conditionForm.hint'))
                  }
                  slotProps={{
                    ...params.slotProps,
                    htmlInput: { ...params.slotProps.htmlInput, autoComplete: 'off' },
                  }}
                />
              )}
            />
          );
        }}
      />
      <FormActions error={formError} busy={formState.isSubmitting} onCancel={onCancel} />
    </Stack>
  );
}
