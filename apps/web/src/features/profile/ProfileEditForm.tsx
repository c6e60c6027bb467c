import type { UserProfile } from '@klaimor/contracts';
import { BloodGroup, UpdateProfileBody, findThaiAddressMismatch } from '@klaimor/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../../api/client';
import { AddressFields } from '../../components/AddressFields';
import { ChoiceField } from '../../components/ChoiceField';
import { apiErrorMessage, reasonMessage } from '../../lib/error-messages';
import { showFieldReasons } from '../../lib/field-reasons';
import { useUpdateProfile } from './profile.queries';
import { usePersonTexts } from '../../i18n/person/person.texts';

type EditInput = z.input<typeof UpdateProfileBody>;
type EditOutput = z.output<typeof UpdateProfileBody>;

const EDITABLE = ['email', 'address', 'subdistrist', 'district', 'province', 'postcode', 'blood_group'] as const;
type Editable = (typeof EDITABLE)[number];
const isEditable = (name: string): name is Editable => (EDITABLE as readonly string[]).includes(name);

export interface ProfileEditFormProps {
  profile: UserProfile;
  onCancel: () => void;
  onSaved: () => void;
}

/** What a patient may change: e-mail, address and blood group (PATCH /api/users, same schema as the server). */
export function ProfileEditForm({ profile, onCancel, onSaved }: ProfileEditFormProps) {
  const { t } = usePersonTexts();
  const update = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<EditInput, unknown, EditOutput>({
    resolver: zodResolver(UpdateProfileBody),
    mode: 'onTouched',
    defaultValues: {
      email: profile.email ?? '',
      address: profile.address,
      subdistrist: profile.subdistrict || profile.subdistrist,
      district: profile.district,
      province: profile.province,
      postcode: profile.postcode,
      blood_group: profile.blood_group,
    },
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const { ref: emailRef, ...email } = register('email');

  const showFieldErrors = (fields: Record<string, string>): boolean => showFieldReasons(fields, setError, isEditable);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const { subdistrist = '', district = '', province = '', postcode = '' } = values;
    try {
      const mismatch = await findThaiAddressMismatch({ subdistrist, district, province, postcode });
      if (mismatch) {
        showFieldErrors(mismatch);
        return;
      }
    } catch {
      // address list unavailable: the server checks again
    }
    try {
      await update.mutateAsync(values);
      onSaved();
    } catch (error) {
      if (!(isApiError(error) && showFieldErrors(error.fields))) setFormError(apiErrorMessage(t, error));
    }
  });

  return (
    <FormProvider {...form}>
      <Stack
        component="form"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        spacing={2}
        aria-label={t('profile.editFormLabel')}
      >
        <TextField
          {...email}
          id="profile-email"
          inputRef={emailRef}
          label={t('register.email')}
          type="email"
          autoComplete="email"
          error={errors.email !== undefined}
          helperText={reasonMessage(t, errors.email?.message) ?? t('common.optional')}
        />
        <ChoiceField
          name="blood_group"
          control={control}
          id="profile-blood-group"
          label={t('profile.fields.bloodGroup')}
          options={BloodGroup.options.map((g) => ({ value: g, label: g }))}
          none={{ label: t('common.notSpecified'), value: null }}
        />
        <AddressFields idPrefix="profile" />
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <Stack direction="row" spacing={1.5}>
          <Button variant="outlined" onClick={onCancel} sx={{ flex: 1 }}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting} sx={{ flex: 2 }}>
            {t('common.save')}
          </Button>
        </Stack>
      </Stack>
    </FormProvider>
  );
}
