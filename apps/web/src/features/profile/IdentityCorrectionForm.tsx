import { CorrectIdentityBody, Gender, formatThaiMobile, type UserProfile } from '@klaimor/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import { ChoiceField } from '../../components/ChoiceField';
import { CountryField } from '../../components/CountryField';
import { FormActions } from '../../components/FormActions';
import { FormDateField } from '../../components/FormDateField';
import { FormThaiIdField } from '../../components/FormThaiIdField';
import { usePersonTexts } from '../../i18n/person/person.texts';
import { apiErrorMessage, reasonMessage } from '../../lib/error-messages';
import { birthYears } from '../../lib/thai-date';
import { useContractForm } from '../../lib/use-contract-form';
import { useCorrectIdentity, useRequestIdentityCode } from './profile.queries';

type CorrectionInput = z.input<typeof CorrectIdentityBody>;
type CorrectionOutput = z.output<typeof CorrectIdentityBody>;
const FIELDS = [
  'firstname',
  'lastname',
  'birthday',
  'gender',
  'thai_id',
  'passport_number',
  'new_passport_number',
  'new_nationality',
  'code',
] as const;

export interface IdentityCorrectionFormProps {
  profile: UserProfile;
  onCancel: () => void;
  onSaved: () => void;
}

/**
 * Fixing a typo in the registered name, birth date or gender, and a passport holder's passport (a typo, or a new
 * passport). These are who the patient is to a hospital, so the patient proves it twice: the number of the document
 * already registered, and a fresh code sent to their phone.
 */
export function IdentityCorrectionForm({ profile, onCancel, onSaved }: IdentityCorrectionFormProps) {
  const { t } = usePersonTexts();
  const requestCode = useRequestIdentityCode();
  const correct = useCorrectIdentity();
  const passport = profile.id_type === 'passport';
  // Only the registered document's boxes are in the form, so only they are sent.
  const document: Partial<CorrectionInput> = passport
    ? {
        passport_number: '',
        new_passport_number: profile.passport_number ?? '',
        new_nationality: profile.nationality ?? '',
      }
    : { thai_id: '' };
  const proof = passport ? ('passport_number' as const) : ('thai_id' as const);
  const { form, formError, setFormError, showError, onSubmit } = useContractForm<CorrectionInput, CorrectionOutput>({
    resolver: zodResolver(CorrectIdentityBody),
    defaultValues: {
      firstname: profile.firstname,
      lastname: profile.lastname,
      birthday: profile.birthday,
      gender: profile.gender,
      ...document,
      code: '',
    },
    fields: FIELDS,
    errorMessage: (error) => apiErrorMessage(t, error),
    errorCodes: { thai_id_mismatch: proof, passport_taken: 'new_passport_number' },
  });
  const {
    control,
    register,
    formState: { errors, isSubmitting },
  } = form;
  const text = (name: 'firstname' | 'lastname' | 'passport_number' | 'new_passport_number' | 'code', hint?: string) => {
    const { ref, ...rest } = register(name);
    return {
      ...rest,
      id: `identity-${name}`,
      inputRef: ref,
      error: errors[name] !== undefined,
      helperText: reasonMessage(t, errors[name]?.message) ?? hint,
    };
  };

  // The code is asked for once what it would confirm reads right.
  const sendCode = async () => {
    setFormError(null);
    const document = passport ? (['new_passport_number', 'new_nationality', proof] as const) : ([proof] as const);
    if (!(await form.trigger(['firstname', 'lastname', 'birthday', 'gender', ...document]))) return;
    requestCode.mutate(undefined, { onError: showError });
  };

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={onSubmit(async (body) => {
        await correct.mutateAsync(body);
        onSaved();
      })}
      aria-label={t('identity.formLabel')}
      sx={{ mt: 2 }}
    >
      <Alert severity="info">{t(passport ? 'identity.whyPassport' : 'identity.why')}</Alert>
      <TextField {...text('firstname')} label={t('register.firstname')} required autoComplete="given-name" />
      <TextField {...text('lastname')} label={t('register.lastname')} required autoComplete="family-name" />
      <FormDateField
        name="birthday"
        control={control}
        label={t('register.birthday.label')}
        required
        {...birthYears()}
        describeError={(reason) => reasonMessage(t, reason)}
      />
      <ChoiceField
        name="gender"
        control={control}
        id="identity-gender"
        label={t('register.gender')}
        options={Gender.options.map((g) => ({ value: g, label: t(`gender.${g}`) }))}
        none={{ label: t('gender.none'), value: null }}
      />
      {passport ? (
        <>
          <TextField
            {...text('new_passport_number', t('identity.newPassportNumberHint'))}
            label={t('identity.newPassportNumber')}
            required
            autoComplete="off"
            slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
          />
          <CountryField
            control={control}
            name="new_nationality"
            id="identity-new_nationality"
            label={t('identity.newNationality')}
            hint={t('identity.newNationalityHint')}
            choose={t('register.birthday.choose')}
            describeError={(reason) => reasonMessage(t, reason)}
          />
          <TextField
            {...text('passport_number', t('identity.passportNumberHint'))}
            label={t('identity.passportNumber')}
            required
            autoComplete="off"
            slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
          />
        </>
      ) : (
        <FormThaiIdField
          name="thai_id"
          control={control}
          label={t(profile.id_type === 'foreign_id' ? 'identity.foreignId' : 'identity.thaiId')}
          describeError={(reason) => reasonMessage(t, reason)}
          hint={t('identity.thaiIdHint')}
        />
      )}
      {requestCode.isSuccess ? (
        <>
          <Typography role="status">
            {t('identity.codeSent', { phone: formatThaiMobile(profile.phone ?? '') })}
          </Typography>
          <TextField
            {...text('code')}
            label={t('identity.code')}
            required
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
          <Button onClick={() => void sendCode()} loading={requestCode.isPending} sx={{ alignSelf: 'flex-start' }}>
            {t('identity.sendAgain')}
          </Button>
          <FormActions error={formError} onCancel={onCancel} busy={isSubmitting} submitLabel={t('identity.save')} />
        </>
      ) : (
        <>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <Stack direction="row" spacing={1.5}>
            <Button variant="outlined" onClick={onCancel} sx={{ flex: 1 }}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="contained"
              onClick={() => void sendCode()}
              loading={requestCode.isPending}
              sx={{ flex: 2 }}
            >
              {t('identity.sendCode')}
            </Button>
          </Stack>
        </>
      )}
    </Stack>
  );
}
