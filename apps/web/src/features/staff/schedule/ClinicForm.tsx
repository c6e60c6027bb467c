import { ClinicBody, ClinicNamesBody, type Clinic } from '@klaimor/contracts';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { FormActions } from '../../../components/FormActions';
import { appLanguage } from '../../../i18n/language';
import { contractResolver } from '../../../lib/form-resolver';
import { useContractForm } from '../../../lib/use-contract-form';
import { useSaveClinic } from '../shared/clinics.queries';
import { fieldMessage, staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';

interface ClinicValues {
  queuePrefix: string;
  nameTh: string;
  nameEn: string;
}
type ClinicSave = z.output<typeof ClinicBody> | z.output<typeof ClinicNamesBody>;

const resolvers: Record<'add' | 'rename', Resolver<ClinicValues, unknown, ClinicSave>> = {
  add: contractResolver(ClinicBody, (v: ClinicValues) => v),
  rename: contractResolver(ClinicNamesBody, ({ nameTh, nameEn }: ClinicValues) => ({ nameTh, nameEn })),
};

export interface ClinicFormProps {
  facilityId: string;
  /** The clinic to rename; null adds one. */
  clinic: Clinic | null;
  /** A letter no clinic has yet, offered for a new one. */
  freeLetter: string;
  onSaved: (clinic: Clinic) => void;
  onCancel: () => void;
}

/** Adds a clinic with its queue letter and names, or renames one (the letter of a clinic never changes). */
export function ClinicForm({ facilityId, clinic, freeLetter, onSaved, onCancel }: ClinicFormProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const save = useSaveClinic(facilityId);
  const { form, formError, onSubmit } = useContractForm<ClinicValues, ClinicSave>({
    resolver: resolvers[clinic ? 'rename' : 'add'],
    defaultValues: {
      queuePrefix: clinic?.queuePrefix ?? freeLetter,
      nameTh: clinic?.nameTh ?? '',
      nameEn: clinic?.nameEn ?? '',
    },
    fields: ['queuePrefix', 'nameTh', 'nameEn'],
    errorMessage: (error) => staffErrorMessage(t, error, lang),
    errorCodes: { clinic_prefix_taken: 'queuePrefix' },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const submit = onSubmit(async (body) => onSaved(await save.mutateAsync({ id: clinic?.id, body })));

  const field = (name: keyof ClinicValues, hint?: string, disabled = false) => {
    const { ref, ...rest } = register(name);
    const message = fieldMessage(t, name, errors[name]?.message);
    return (
      <TextField
        {...rest}
        inputRef={ref}
        id={`clinic-${name}`}
        label={t(`clinics.form.${name}`)}
        required={!disabled}
        disabled={disabled}
        error={message !== undefined}
        helperText={message ?? hint}
        slotProps={{
          htmlInput: name === 'queuePrefix' ? { maxLength: 1, autoCapitalize: 'characters', autoComplete: 'off' } : {},
        }}
      />
    );
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)}>
      {field('queuePrefix', t(clinic ? 'clinics.form.prefixFixed' : 'clinics.form.prefixHint'), clinic !== null)}
      {field('nameTh')}
      {field('nameEn')}
      <FormActions error={formError} busy={isSubmitting} onCancel={onCancel} />
    </Stack>
  );
}
