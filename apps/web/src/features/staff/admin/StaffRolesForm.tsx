import { ChangeStaffRolesBody, type FacilityStaffMember, type StaffRole } from '@klaimor/contracts';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { FormActions } from '../../../components/FormActions';
import { appLanguage } from '../../../i18n/language';
import { contractResolver } from '../../../lib/form-resolver';
import { useContractForm } from '../../../lib/use-contract-form';
import { staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import { RoleCheckboxes } from './RoleCheckboxes';
import { useChangeStaffRoles } from './admin.queries';

interface RolesValues {
  roles: StaffRole[];
}
type ChangeRoles = z.output<typeof ChangeStaffRolesBody>;
const resolver = contractResolver(ChangeStaffRolesBody, (v: RolesValues) => v);

export interface StaffRolesFormProps {
  facilityId: string;
  member: FacilityStaffMember;
  onSaved: (member: FacilityStaffMember) => void;
  onCancel: () => void;
}

/** Changes the roles a member holds here; the facility's last admin cannot give up the admin role (409 staff_last_admin). */
export function StaffRolesForm({ facilityId, member, onSaved, onCancel }: StaffRolesFormProps) {
  const { t, i18n } = useStaffTexts();
  const lang = appLanguage(i18n);
  const change = useChangeStaffRoles(facilityId);
  const { form, formError, onSubmit } = useContractForm<RolesValues, ChangeRoles>({
    resolver,
    defaultValues: { roles: member.roles },
    fields: ['roles'],
    errorMessage: (error) => staffErrorMessage(t, error, lang),
    errorCodes: { staff_last_admin: 'roles' },
  });
  const {
    control,
    formState: { isSubmitting },
  } = form;
  const submit = onSubmit(async (body) => onSaved(await change.mutateAsync({ member, body })));

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)}>
      <Typography color="text.secondary">
        {t('members.rolesForm.for', { name: member.displayName, email: member.email })}
      </Typography>
      <Controller
        control={control}
        name="roles"
        render={({ field, fieldState }) => <RoleCheckboxes {...field} reason={fieldState.error?.message} />}
      />
      <FormActions error={formError} busy={isSubmitting} onCancel={onCancel} />
    </Stack>
  );
}
