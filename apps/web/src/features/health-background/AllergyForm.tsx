import {
  AllergyBody,
  AllergyCategory,
  AllergySeverity,
  type AllergyInput,
  type HealthBackground,
} from '@klaimor/contracts';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Controller, useWatch, type Control, type FieldPath } from 'react-hook-form';
import { FormActions } from '../../components/FormActions';
import { useTextFields } from '../../components/use-text-fields';
import { apiErrorMessage, reasonMessage } from '../../lib/error-messages';
import { contractResolver } from '../../lib/form-resolver';
import { useContractForm } from '../../lib/use-contract-form';
import { useAddAllergy } from './health-background.queries';
import { useHealthBackgroundTexts } from './health-background.texts';

/** What the boxes hold: no severity is chosen for the patient. */
export interface AllergyFormValues {
  category: AllergyCategory;
  substance: string;
  reaction: string;
  severity: AllergySeverity | '';
}

const FIELDS: readonly FieldPath<AllergyFormValues>[] = ['category', 'substance', 'reaction', 'severity'];

export const toBody = (v: AllergyFormValues): AllergyInput => ({
  substance: v.substance,
  category: v.category,
  reaction: v.reaction,
  // '' is refused by the contract as "choose one".
  severity: v.severity as AllergySeverity,
});

const resolver = contractResolver(AllergyBody, toBody);

const DEFAULTS: AllergyFormValues = { category: 'medication', substance: '', reaction: '', severity: '' };

interface ChoicesProps<N extends 'category' | 'severity'> {
  control: Control<AllergyFormValues, unknown, AllergyBody>;
  name: N;
  legend: string;
  options: readonly { value: string; label: ReactNode }[];
  error: string | undefined;
  required?: boolean;
}

/** A choice of one, as radio buttons under their question; what is wrong with it under them. */
function Choices<N extends 'category' | 'severity'>({
  control,
  name,
  legend,
  options,
  error,
  required,
}: ChoicesProps<N>) {
  const legendId = useId();
  const errorId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControl component="fieldset" error={error !== undefined} required={required}>
          <FormLabel component="legend" id={legendId} sx={{ mb: 0.5 }}>
            {legend}
          </FormLabel>
          <RadioGroup
            aria-labelledby={legendId}
            aria-describedby={error ? errorId : undefined}
            name={field.name}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
          >
            {options.map((option, i) => (
              <FormControlLabel
                key={option.value}
                value={option.value}
                control={<Radio slotProps={{ input: { ref: i === 0 ? field.ref : undefined } }} />}
                label={option.label}
                sx={{ alignItems: 'flex-start', mr: 0, '& .MuiFormControlLabel-label': { pt: 1.1 } }}
              />
            ))}
          </RadioGroup>
          {error ? <FormHelperText id={errorId}>{error}</FormHelperText> : null}
        </FormControl>
      )}
    />
  );
}

export interface AllergyFormProps {
  onSaved: (lists: HealthBackground) => void;
  onCancel: () => void;
}

/** Adds an allergy: what kind of thing, its name, what happened, and how bad it was in plain examples. */
export function AllergyForm({ onSaved, onCancel }: AllergyFormProps) {
  const { t } = useHealthBackgroundTexts();
  const add = useAddAllergy();
  const { form, formError, onSubmit } = useContractForm<AllergyFormValues, AllergyBody>({
    resolver,
    defaultValues: DEFAULTS,
    fields: FIELDS,
    errorMessage: (error) => apiErrorMessage(t, error),
  });
  const { control, register, getFieldState, formState } = form;
  const category = useWatch({ control, name: 'category' });

  const messageOf = (name: FieldPath<AllergyFormValues>) =>
    reasonMessage(t, getFieldState(name, formState).error?.message);
  const text = useTextFields(register, 'allergy', messageOf);
  const submit = onSubmit(async (body) => onSaved(await add.mutateAsync(body)));

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)}>
      <Choices
        control={control}
        name="category"
        legend={t('allergyForm.category')}
        options={AllergyCategory.options.map((value) => ({ value, label: t(`allergyForm.categories.${value}`) }))}
        error={messageOf('category')}
      />
      {text('substance', t(`allergyForm.substance.${category}`), {
        required: true,
        hint: t(`allergyForm.substanceHint.${category}`),
      })}
      {text('reaction', t('allergyForm.reaction'), { multiline: true, hint: t('allergyForm.reactionHint') })}
      <Choices
        control={control}
        name="severity"
        legend={t('allergyForm.severity')}
        required
        options={AllergySeverity.options.map((value) => ({
          value,
          label: (
            <>
              <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                {t(`allergyForm.severities.${value}`)}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                {t(`allergyForm.severityHints.${value}`)}
              </Typography>
            </>
          ),
        }))}
        error={messageOf('severity')}
      />
      <FormActions error={formError} busy={formState.isSubmitting} onCancel={onCancel} />
    </Stack>
  );
}
