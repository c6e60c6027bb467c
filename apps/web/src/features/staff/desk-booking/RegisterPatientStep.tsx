import {
  CONSENT_VERSION,
  type DeskPatient,
  Gender,
  ThaiMobile,
  findThaiAddressMismatch,
  formatThaiMobile,
} from '@klaimor/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { isApiError } from '../../../api/client';
import { AddressFields } from '../../../components/AddressFields';
import { ChoiceField } from '../../../components/ChoiceField';
import { FormDateField } from '../../../components/FormDateField';
import { IdentityDocumentFields, onlyTheChosenDocument } from '../../../components/IdentityDocumentFields';
import { usePersonTexts } from '../../../i18n/person/person.texts';
import { appLanguage } from '../../../i18n/language';
import { reasonMessage } from '../../../lib/error-messages';
import { showFieldReasons } from '../../../lib/field-reasons';
import { contractResolver } from '../../../lib/form-resolver';
import { birthYears } from '../../../lib/thai-date';
import { staffErrorMessage } from '../shared/staff-errors';
import { useStaffTexts } from '../staff.texts';
import { useRegisterAtDesk, useSendRegistrationCode } from './desk-booking.queries';
import {
  DeskRegistrationFormSchema,
  type DeskRegistrationFormInput,
  type DeskRegistrationFormOutput,
  isDeskRegistrationField,
} from './desk-registration.schema';

export interface RegisterPatientStepProps {
  facilityId: string;
  /** The number the desk searched for and did not find, to start from. */
  initialPhone: string | null;
  onRegistered: (patient: DeskPatient) => void;
  onBack: () => void;
}

/** An error already in words (the server's answer about the code), not a reason to word. */
const WORDED = 'worded';

const EMPTY: DeskRegistrationFormInput = {
  code: '',
  firstname: '',
  lastname: '',
  id_type: 'thai_id',
  thai_id: '',
  birthday: '',
  address: '',
  subdistrist: '',
  district: '',
  province: '',
  postcode: '',
};

/**
 * Registers a patient who has no smartphone: the desk reads the consent to them, a code goes to their own number, and
 * the code they read out (when they agree) proves the number is theirs and records their consent with the details.
 */
export function RegisterPatientStep({ facilityId, initialPhone, onRegistered, onBack }: RegisterPatientStepProps) {
  const { t, i18n } = useStaffTexts();
  const { t: tPerson } = usePersonTexts();
  const lang = appLanguage(i18n);
  const [typedPhone, setTypedPhone] = useState(initialPhone ?? '');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<{ phone: string; minutes: number } | null>(null);
  /** Seconds until another code may be sent, counted down a second at a time. */
  const [waiting, setWaiting] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const sendCode = useSendRegistrationCode(facilityId);
  const registerAtDesk = useRegisterAtDesk(facilityId);
  const form = useForm<DeskRegistrationFormInput, unknown, DeskRegistrationFormOutput>({
    resolver: contractResolver(DeskRegistrationFormSchema, onlyTheChosenDocument),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  useEffect(() => {
    if (waiting <= 0) return;
    const timer = setTimeout(() => setWaiting((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [waiting]);

  const send = async () => {
    setPhoneError(undefined);
    const phone = ThaiMobile.safeParse(typedPhone);
    if (!phone.success) {
      setPhoneError(reasonMessage(t, phone.error.issues[0]?.message));
      return;
    }
    try {
      const sent = await sendCode.mutateAsync(phone.data);
      setSentTo({ phone: phone.data, minutes: Math.round(sent.expiresInSec / 60) });
      setWaiting(sent.resendAfterSec);
    } catch (error) {
      setPhoneError(staffErrorMessage(t, error, lang));
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    if (!sentTo) return;
    setFormError(null);
    const mismatch = await findThaiAddressMismatch(values).catch(() => null);
    if (mismatch) {
      showFieldReasons(mismatch, setError, isDeskRegistrationField);
      return;
    }
    try {
      const patient = await registerAtDesk.mutateAsync({
        ...values,
        phone: sentTo.phone,
        consent_version: CONSENT_VERSION,
      });
      onRegistered(patient);
    } catch (error) {
      if (isApiError(error, 'otp_invalid') || isApiError(error, 'otp_expired') || isApiError(error, 'otp_locked'))
        setError('code', { type: WORDED, message: staffErrorMessage(t, error, lang) }, { shouldFocus: true });
      else if (isApiError(error, 'thai_id_taken'))
        setError('thai_id', { type: 'server', message: 'thai_id_taken' }, { shouldFocus: true });
      else if (isApiError(error, 'passport_taken'))
        setError('passport_number', { type: 'server', message: 'passport_taken' }, { shouldFocus: true });
      else if (!(isApiError(error) && showFieldReasons(error.fields, setError, isDeskRegistrationField)))
        setFormError(staffErrorMessage(t, error, lang));
    }
  });

  const text = (name: 'firstname' | 'lastname' | 'code') => {
    const { ref, ...rest } = register(name);
    return {
      ...rest,
      id: `desk-register-${name}`,
      inputRef: ref,
      error: errors[name] !== undefined,
      helperText: errors[name]?.type === WORDED ? errors[name]?.message : reasonMessage(tPerson, errors[name]?.message),
    };
  };

  return (
    <Stack spacing={2}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('deskBooking.registerHeading')}
      </Typography>
      <Typography>{t('deskBooking.registerIntro')}</Typography>
      <Paper variant="outlined" component="section" aria-labelledby="desk-consent-heading" sx={{ p: 2 }}>
        <Typography id="desk-consent-heading" sx={{ fontWeight: 600, mb: 1 }}>
          {t('deskBooking.consentHeading')}
        </Typography>
        <Typography sx={{ fontSize: '1.1rem', lineHeight: 1.7 }}>{t('deskBooking.consentScript')}</Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1 }}>
          <Button component="a" href="/terms" target="_blank" rel="noopener" sx={{ minHeight: 44 }}>
            {t('deskBooking.readTerms')}
          </Button>
          <Button component="a" href="/privacy" target="_blank" rel="noopener" sx={{ minHeight: 44 }}>
            {t('deskBooking.readPrivacy')}
          </Button>
        </Box>
      </Paper>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
        <TextField
          id="desk-register-phone"
          label={t('deskBooking.phone')}
          value={typedPhone}
          onChange={(e) => {
            setTypedPhone(e.target.value);
            setSentTo(null);
          }}
          error={phoneError !== undefined}
          helperText={phoneError ?? t('deskBooking.phoneHint')}
          slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'off', maxLength: 20 } }}
          sx={{ flex: '1 1 240px' }}
        />
        <Button
          variant={sentTo ? 'outlined' : 'contained'}
          size="large"
          loading={sendCode.isPending}
          disabled={waiting > 0}
          onClick={() => void send()}
        >
          {waiting > 0
            ? t('deskBooking.resendIn', { seconds: waiting })
            : t(sentTo ? 'deskBooking.resend' : 'deskBooking.sendCode')}
        </Button>
      </Box>
      {sentTo ? (
        <FormProvider {...form}>
          <Stack
            component="form"
            noValidate
            spacing={2}
            onSubmit={(e) => void onSubmit(e)}
            aria-label={t('deskBooking.registerHeading')}
          >
            <Alert severity="success" role="status">
              {t('deskBooking.codeSent', { phone: formatThaiMobile(sentTo.phone), minutes: sentTo.minutes })}
            </Alert>
            <TextField
              {...text('code')}
              label={t('deskBooking.code')}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } }}
            />
            <Divider />
            <Typography component="h4" sx={{ fontWeight: 600 }}>
              {t('deskBooking.detailsHeading')}
            </Typography>
            <TextField {...text('firstname')} label={tPerson('register.firstname')} required autoComplete="off" />
            <TextField {...text('lastname')} label={tPerson('register.lastname')} required autoComplete="off" />
            <IdentityDocumentFields idPrefix="desk-register" />
            <FormDateField
              name="birthday"
              control={control}
              label={tPerson('register.birthday.label')}
              required
              {...birthYears()}
              describeError={(reason) => reasonMessage(tPerson, reason)}
            />
            <ChoiceField
              name="gender"
              control={control}
              id="desk-register-gender"
              label={tPerson('register.gender')}
              options={Gender.options.map((g) => ({ value: g, label: tPerson(`gender.${g}`) }))}
              none={{ label: tPerson('gender.none'), value: undefined }}
              hint={tPerson('common.optional')}
            />
            <AddressFields idPrefix="desk-register" />
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1 }}>
              <Button onClick={onBack}>{t('deskBooking.back')}</Button>
              <Button type="submit" variant="contained" loading={isSubmitting}>
                {t('deskBooking.register')}
              </Button>
            </Box>
          </Stack>
        </FormProvider>
      ) : (
        <Box>
          <Button onClick={onBack}>{t('deskBooking.back')}</Button>
        </Box>
      )}
    </Stack>
  );
}
