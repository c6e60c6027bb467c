import { InviteStaffBody, type StaffInvitation, type StaffRole } from '@klaimor/contracts';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { FormActions } from '../../../components/FormActions';
import { appLanguage } from '../../../i18n/language';
import { contractResolver } from '../../../lib/form-resolver';
import { useContractForm } from '../../../lib/use-contract-form';
import { fieldMessage, staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import { RoleCheckboxes } from './RoleCheckboxes';
import { useInviteStaff } from './admin.queries';

interface InviteValues {
  email: string;
  displayName: string;
  roles: StaffRole[];
}
type Invite = z.output<typeof InviteStaffBody>;
const resolver = contractResolver(InviteStaffBody, (v: InviteValues) => v);

export interface InviteStaffFormProps {
  facilityId: string;
  onInvited: (invitation: StaffInvitation) => void;
  onCancel: () => void;
}

/** Invites someone by email with their roles here; the reply carries the enrolment link to pass on. */
export function InviteStaffForm({ facilityId, onInvited, onCancel }: InviteStaffFormProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const invite = useInviteStaff(facilityId);
  const { form, formError, onSubmit } = useContractForm<InviteValues, Invite>({
    resolver,
    defaultValues: { email: '', displayName: '', roles: [] },
    fields: ['email', 'displayName', 'roles'],
    errorMessage: (error) => staffErrorMessage(t, error, lang),
  });
  const {
    control,
    register,
    formState: { errors, isSubmitting },
  } = form;
  const submit = onSubmit(async (body) => onInvited(await invite.mutateAsync(body)));

  const text = (name: 'email' | 'displayName', options: { maxLength: number; email?: boolean }) => {
    const { ref, ...rest } = register(name);
    const message = fieldMessage(t, name, errors[name]?.message);
    return (
      <TextField
        {...rest}
        inputRef={ref}
        id={`invite-${name}`}
        type={options.email ? 'email' : 'text'}
        label={t(`members.inviteForm.${name}`)}
        required
        error={message !== undefined}
        helperText={message ?? t(`members.inviteForm.${name}Hint`)}
        slotProps={{
          htmlInput: {
            maxLength: options.maxLength,
            autoComplete: 'off',
            ...(options.email ? { inputMode: 'email', spellCheck: false } : {}),
          },
        }}
      />
    );
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)}>
      {text('email', { maxLength: 254, email: true })}
      {text('displayName', { maxLength: 200 })}
      <Controller
        control={control}
        name="roles"
        render={({ field, fieldState }) => <RoleCheckboxes {...field} reason={fieldState.error?.message} />}
      />
      <FormActions
        error={formError}
        submitLabel={t('members.inviteForm.submit')}
        busy={isSubmitting}
        onCancel={onCancel}
      />
    </Stack>
  );
}
