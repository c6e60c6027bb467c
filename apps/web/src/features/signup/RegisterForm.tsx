import type { UserProfile } from '@klaimor/contracts';
import { Gender, findThaiAddressMismatch, formatThaiMobile } from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { isApiError } from '../../api/client';
import { AddressFields } from '../../components/AddressFields';
import { ChoiceField } from '../../components/ChoiceField';
import { FormDateField } from '../../components/FormDateField';
import { apiErrorMessage, reasonMessage } from '../../lib/error-messages';
import { showFieldReasons } from '../../lib/field-reasons';
import { contractResolver } from '../../lib/form-resolver';
import { birthYears } from '../../lib/thai-date';
import { useRefreshCurrentUser } from '../../session/current-user';
import { FreshCodeDialog } from './FreshCodeDialog';
import { IdentityDocumentFields, onlyTheChosenDocument } from '../../components/IdentityDocumentFields';
import { OcrFieldNote, ocrFieldSx } from './ocr/OcrFieldNote';
import { stillFromCard, type OcrReview } from './ocr/ocr-review';
import { useOcrTexts } from './ocr/ocr.texts';
import {
  RegisterFormSchema,
  isRegisterFormField,
  type RegisterFormField,
  type RegisterFormInput,
  type RegisterFormOutput,
} from './register-form.schema';
import type { RegisterDraft } from './signup-state';
import { useRegisterUser } from './signup.queries';
import { usePersonTexts } from '../../i18n/person/person.texts';

export interface RegisterFormProps {
  phone: string;
  defaultValues: RegisterDraft;
  onDraftChange: (draft: RegisterDraft) => void;
  onBack: () => void;
  onRegistered: (profile: UserProfile) => void;
  /** Fields a scan of the ID card filled in: marked for the patient to check before registering. */
  review?: OcrReview;
}

const ADDRESS_FIELDS = ['address', 'subdistrist', 'district', 'province', 'postcode'] as const;

/** Step 4, manual mode: the patient's details, validated with the contract, then POST /api/users. */
export function RegisterForm({ phone, defaultValues, onDraftChange, onBack, onRegistered, review }: RegisterFormProps) {
  const { t } = usePersonTexts();
  const { t: tOcr } = useOcrTexts();
  const navigate = useNavigate();
  const refreshCurrentUser = useRefreshCurrentUser();
  const registerUser = useRegisterUser();
  const form = useForm<RegisterFormInput, unknown, RegisterFormOutput>({
    resolver: contractResolver(RegisterFormSchema, onlyTheChosenDocument),
    defaultValues,
    mode: 'onTouched',
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const [phoneReason, setPhoneReason] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState<RegisterFormOutput | null>(null);
  const { getValues } = form;
  const values = useWatch({ control });
  const [checked, setChecked] = useState(false);
  const [checkMissing, setCheckMissing] = useState(false);

  /** How sure the scan was of a field that still holds what the card gave (undefined: not from the card). */
  const fromCard = (name: RegisterFormField) => {
    const mark = review?.fields[name];
    return mark && stillFromCard(name, values[name], mark) ? mark.confidence : undefined;
  };
  const marked = review ? (Object.keys(review.fields) as RegisterFormField[]).filter((name) => fromCard(name)) : [];
  const needsCheck = marked.length > 0;
  const addressFromCard = ADDRESS_FIELDS.map(fromCard).filter((c) => c !== undefined);
  const note = (name: RegisterFormField) => {
    const confidence = fromCard(name);
    return confidence ? <OcrFieldNote confidence={confidence} /> : undefined;
  };
  /** The same note as plain text, for the fields whose helper text is a string. */
  const noteText = (name: RegisterFormField) => {
    const confidence = fromCard(name);
    return confidence ? tOcr(confidence === 'low' ? 'field.check' : 'field.read') : undefined;
  };

  // Leaving the step (Back, or switching to the camera) hands what was typed to the wizard.
  useEffect(() => () => onDraftChange(getValues() as RegisterDraft), [onDraftChange, getValues]);

  // The phone is shown above the form, not as one of its fields.
  const showServerFieldErrors = (fields: Record<string, string>): boolean =>
    showFieldReasons(fields, setError, isRegisterFormField, (name, reason) => {
      if (name !== 'phone') return false;
      setPhoneReason(reason);
      return true;
    });

  const submit = async (values: RegisterFormOutput) => {
    setFormError(null);
    setPhoneReason(undefined);
    try {
      const profile = await registerUser.mutateAsync({ ...values, phone });
      onRegistered(profile);
    } catch (error) {
      if (isApiError(error, 'phone_not_verified')) setPending(values);
      else if (isApiError(error, 'phone_taken')) setPhoneReason('phone_taken');
      else if (isApiError(error, 'thai_id_taken'))
        setError('thai_id', { type: 'server', message: 'thai_id_taken' }, { shouldFocus: true });
      else if (isApiError(error, 'passport_taken'))
        setError('passport_number', { type: 'server', message: 'passport_taken' }, { shouldFocus: true });
      else if (!(isApiError(error) && showServerFieldErrors(error.fields))) setFormError(apiErrorMessage(t, error));
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    // Values read from the ID card go nowhere until the patient says they checked them.
    if (needsCheck && !checked) {
      setCheckMissing(true);
      return;
    }
    // The four address parts must name one real place.
    const mismatch = await findThaiAddressMismatch(values).catch(() => null); // list unavailable: the server checks again
    if (mismatch) {
      showServerFieldErrors(mismatch);
      return;
    }
    await submit(values);
  });

  const text = (name: 'firstname' | 'lastname' | 'email') => {
    const { ref, ...rest } = register(name);
    return {
      ...rest,
      id: `register-${name}`,
      inputRef: ref,
      error: errors[name] !== undefined,
      helperText: reasonMessage(t, errors[name]?.message) ?? note(name),
      sx: ocrFieldSx(fromCard(name)),
    };
  };

  return (
    <FormProvider {...form}>
      <Stack
        component="form"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        spacing={2}
        aria-label={t('register.formLabel')}
      >
        <TextField
          id="register-phone"
          label={t('register.phone')}
          value={formatThaiMobile(phone)}
          error={phoneReason !== undefined}
          helperText={
            phoneReason === 'phone_taken' ? (
              <>
                {reasonMessage(t, phoneReason)}{' '}
                <Link component={RouterLink} to="/login">
                  {t('register.toLogin')}
                </Link>
              </>
            ) : (
              (reasonMessage(t, phoneReason) ?? t('register.phoneVerified'))
            )
          }
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <TextField {...text('firstname')} label={t('register.firstname')} required autoComplete="given-name" />
        <TextField {...text('lastname')} label={t('register.lastname')} required autoComplete="family-name" />
        <Box sx={ocrFieldSx(fromCard('thai_id'))}>
          <IdentityDocumentFields
            idPrefix="register"
            thaiIdHint={
              noteText('thai_id') ??
              (review?.thaiIdRejected && !values.thai_id ? tOcr('field.idRejected') : t('register.thaiIdHint'))
            }
          />
        </Box>
        <Box sx={ocrFieldSx(fromCard('birthday'))}>
          <FormDateField
            name="birthday"
            control={control}
            label={t('register.birthday.label')}
            required
            {...birthYears()}
            describeError={(reason) => reasonMessage(t, reason)}
            hint={noteText('birthday')}
          />
        </Box>
        <Box sx={ocrFieldSx(fromCard('gender'))}>
          <ChoiceField
            name="gender"
            control={control}
            id="register-gender"
            label={t('register.gender')}
            options={Gender.options.map((g) => ({ value: g, label: t(`gender.${g}`) }))}
            none={{ label: t('gender.none'), value: undefined }}
            hint={fromCard('gender') ? tOcr('field.genderFromPrefix') : t('common.optional')}
          />
        </Box>
        <TextField
          {...text('email')}
          label={t('register.email')}
          type="email"
          autoComplete="email"
          helperText={reasonMessage(t, errors.email?.message) ?? t('common.optional')}
          slotProps={{ htmlInput: { inputMode: 'email' } }}
        />
        <Divider />
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t(
            values.id_type === 'thai_id' || !values.id_type
              ? 'register.addressHeading'
              : 'register.addressHeadingForeign',
          )}
        </Typography>
        {addressFromCard.length > 0 ? (
          <OcrFieldNote confidence={addressFromCard.includes('low') ? 'low' : 'high'} />
        ) : null}
        <Box sx={ocrFieldSx(addressFromCard.length ? (addressFromCard.includes('low') ? 'low' : 'high') : undefined)}>
          <AddressFields idPrefix="register" />
        </Box>
        {needsCheck ? (
          <div>
            <FormControlLabel
              control={
                <Checkbox
                  checked={checked}
                  onChange={(e) => {
                    setChecked(e.target.checked);
                    if (e.target.checked) setCheckMissing(false);
                  }}
                  slotProps={{ input: { 'aria-describedby': checkMissing ? 'register-ocr-checked' : undefined } }}
                />
              }
              label={tOcr('confirm.label')}
              sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 } }}
            />
            {checkMissing ? (
              <FormHelperText id="register-ocr-checked" error role="alert">
                {tOcr('confirm.missing')}
              </FormHelperText>
            ) : null}
          </div>
        ) : null}
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <Stack direction="row" spacing={1.5}>
          <Button variant="outlined" onClick={onBack} sx={{ flex: 1 }}>
            {t('common.back')}
          </Button>
          <Button type="submit" variant="contained" loading={isSubmitting || registerUser.isPending} sx={{ flex: 2 }}>
            {t('register.submit')}
          </Button>
        </Stack>
      </Stack>
      <FreshCodeDialog
        open={pending !== null}
        phone={phone}
        onClose={() => setPending(null)}
        onVerified={async (next) => {
          const values = pending;
          setPending(null);
          if (next === 'home') {
            // The number turned out to be registered already: that person is now logged in.
            await refreshCurrentUser();
            await navigate('/myhealth', { replace: true });
          } else if (values) {
            await submit(values);
          }
        }}
      />
    </FormProvider>
  );
}
