import { VisitBody, todayInBangkok, type Visit, type VisitInput } from '@klaimor/contracts';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FormActions } from '../../components/FormActions';
import { FormDateField } from '../../components/FormDateField';
import { useTextFields } from '../../components/use-text-fields';
import { apiErrorMessage, reasonMessage } from '../../lib/error-messages';
import { contractResolver } from '../../lib/form-resolver';
import { useContractForm } from '../../lib/use-contract-form';
import { useSaveVisit } from './visits.queries';
import { useVisitsTexts } from './visits.texts';

interface VisitFormValues {
  date: string;
  time: string;
  facility: string;
  department: string;
  doctor: string;
  diagnosis: string;
  notes: string;
}
type FieldName = keyof VisitFormValues;
const FIELDS: readonly FieldName[] = ['date', 'time', 'facility', 'department', 'doctor', 'diagnosis', 'notes'];

const toBody = (v: VisitFormValues): VisitInput => ({ ...v, time: v.time || null });
const resolver = contractResolver(VisitBody, toBody);

export interface VisitFormProps {
  /** A recorded visit to edit; null records a new one. */
  visit: Visit | null;
  onSaved: (visit: Visit) => void;
  onCancel: () => void;
}

/** Writes down a visit to a doctor: when, where, who, and what they said. */
export function VisitForm({ visit, onSaved, onCancel }: VisitFormProps) {
  const { t } = useVisitsTexts();
  const save = useSaveVisit();
  const { form, formError, onSubmit } = useContractForm<VisitFormValues, VisitBody>({
    resolver,
    defaultValues: {
      date: visit?.date ?? todayInBangkok(),
      time: visit?.time ?? '',
      facility: visit?.facility.name ?? '',
      department: visit?.department ?? '',
      doctor: visit?.doctor ?? '',
      diagnosis: visit?.diagnosis ?? '',
      notes: visit?.notes ?? '',
    },
    fields: FIELDS,
    errorMessage: (error) => apiErrorMessage(t, error),
  });
  const {
    control,
    register,
    formState: { errors, isSubmitting },
  } = form;
  const thisYear = Number(todayInBangkok().slice(0, 4));

  const text = useTextFields(register, 'visit', (name) => reasonMessage(t, errors[name]?.message));

  const submit = onSubmit(async (body) => onSaved(await save.mutateAsync({ id: visit?.id, body })));

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)}>
      <FormDateField
        control={control}
        name="date"
        label={t('fields.date')}
        required
        fromYear={thisYear - 100}
        toYear={thisYear}
        describeError={(reason) => reasonMessage(t, reason)}
      />
      <TextField
        {...register('time')}
        id="visit-time"
        type="time"
        label={t('fields.time')}
        error={errors.time !== undefined}
        helperText={reasonMessage(t, errors.time?.message) ?? t('common.optional')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      {text('facility', t('fields.facility'), { required: true })}
      {text('department', t('fields.department'))}
      {text('doctor', t('fields.doctor'))}
      {text('diagnosis', t('fields.diagnosis'), { multiline: true, hint: t('fields.diagnosisHint') })}
      {text('notes', t('fields.notes'), { multiline: true })}
      <FormActions error={formError} busy={isSubmitting} onCancel={onCancel} />
    </Stack>
  );
}
