import {
  CareInvitationBody,
  type CareRelationship,
  type CareInvitationInput,
  type CareLink,
  type CareScopes,
} from '@klaimor/contracts';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Controller, useWatch, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { FormActions } from '../../components/FormActions';
import { useTextFields } from '../../components/use-text-fields';
import { apiErrorMessage, reasonMessage } from '../../lib/error-messages';
import { contractResolver } from '../../lib/form-resolver';
import { useContractForm } from '../../lib/use-contract-form';
import { NEW_GRANT } from './AddDependentForm';
import { RelationshipField } from './RelationshipField';
import { ScopeFields } from './ScopeFields';
import { useInviteToCare } from './family.queries';
import { useCareTexts } from '../../i18n/care/care.texts';
import { useFamilyTexts } from './family.texts';

export interface InviteFormValues {
  phone: string;
  relationship: CareRelationship | null;
  scopes: CareScopes;
  guardianDeclared: boolean;
}

export function toInvitationBody({
  phone,
  relationship,
  scopes,
  guardianDeclared,
}: InviteFormValues): CareInvitationInput {
  return {
    phone: phone.replace(/\D/g, ''),
    relationship: relationship as CareRelationship,
    scopes,
    ...(guardianDeclared ? { guardianDeclared } : {}),
  };
}

const resolver = contractResolver(CareInvitationBody, toInvitationBody);

export interface InviteFormProps {
  onInvited: (link: CareLink) => void;
  onCancel: () => void;
}

/**
 * Someone who has the app, found by their mobile number: an adult answers the invitation in their own account; a
 * child confirms the patient's declaration of being their parent or guardian with a code to the child's own phone.
 */
export function InviteForm({ onInvited, onCancel }: InviteFormProps) {
  const { t } = useFamilyTexts();
  const { t: careText } = useCareTexts();
  const invite = useInviteToCare();
  const { form, formError, onSubmit } = useContractForm<InviteFormValues, z.output<typeof CareInvitationBody>>({
    resolver,
    defaultValues: { phone: '', relationship: null, scopes: NEW_GRANT, guardianDeclared: false },
    fields: (key) => (key === 'phone' || key === 'relationship' ? key : key.startsWith('scopes') ? 'scopes' : null),
    errorMessage: (error) => apiErrorMessage(t, error),
    errorCodes: { care_no_account: 'phone', care_link_exists: 'phone', care_self: 'phone' },
  });
  const { control, register, getFieldState, formState, setValue } = form;
  const [scopes, relationship] = useWatch({ control, name: ['scopes', 'relationship'] });
  const messageOf = (name: FieldPath<InviteFormValues>) =>
    reasonMessage(t, getFieldState(name, formState).error?.message);
  const text = useTextFields(register, 'invite', messageOf);
  const scopesError = formState.errors.scopes?.see?.message ?? formState.errors.scopes?.message;
  const guardian = relationship === 'parent' || relationship === 'guardian';

  const submit = onSubmit(async (body) => onInvited(await invite.mutateAsync(body)));

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)} aria-label={t('add.invite')}>
      {text('phone', t('add.phone'), { required: true, inputMode: 'numeric', hint: t('add.myPhoneHint') })}
      <Controller
        control={control}
        name="relationship"
        render={({ field, fieldState }) => (
          <RelationshipField
            id="invite-relationship"
            label={t('add.relationshipShort')}
            hint={t('add.relationshipLabel', { name: careText('switcher.someone') })}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            helperText={reasonMessage(t, fieldState.error?.message)}
          />
        )}
      />
      <ScopeFields
        value={scopes}
        onChange={(next) => setValue('scopes', next, { shouldValidate: formState.isSubmitted })}
        error={reasonMessage(t, scopesError)}
      />
      {guardian ? (
        <Stack spacing={1}>
          <Typography variant="body2">{t('add.minorNote')}</Typography>
          <Typography variant="body2">{t('add.childConfirms')}</Typography>
          <Controller
            control={control}
            name="guardianDeclared"
            render={({ field }) => (
              <FormControlLabel
                sx={{ minHeight: 44 }}
                control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                label={t('add.guardianDeclared')}
              />
            )}
          />
        </Stack>
      ) : null}
      <FormActions error={formError} submitLabel={t('add.invite')} busy={formState.isSubmitting} onCancel={onCancel} />
    </Stack>
  );
}
