import {
  AddDependentBody,
  AGE_OF_MAJORITY,
  type CareRelationship,
  IsoDate,
  ageOn,
  todayInBangkok,
  type AddDependent,
  type AddDependentInput,
  type CareLink,
  type CareScopes,
  type IdType,
} from '@klaimor/contracts';
import DocumentScannerIcon from '@mui/icons-material/DocumentScanner';
import HomeIcon from '@mui/icons-material/Home';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Controller, FormProvider, useWatch, type FieldPath } from 'react-hook-form';
import { AddressFields, type AddressValues } from '../../components/AddressFields';
import { DevSmsBanner } from '../../components/DevSmsBanner';
import { FormActions } from '../../components/FormActions';
import { FormDateField } from '../../components/FormDateField';
import { IdentityDocumentFields, onlyTheChosenDocument } from '../../components/IdentityDocumentFields';
import { LoadingState } from '../../components/LoadingState';
import { useTextFields } from '../../components/use-text-fields';
import { apiErrorMessage, reasonMessage } from '../../lib/error-messages';
import { contractResolver } from '../../lib/form-resolver';
import { useContractForm } from '../../lib/use-contract-form';
import { useCurrentUser } from '../../session/current-user';
import type { IdCardScan } from '../signup/ocr/read-id-card';
import { marksOfReading } from '../signup/ocr/ocr-review';
import { RelationshipField } from './RelationshipField';
import { ScopeFields } from './ScopeFields';
import { useAddDependent, useRequestConsentCode } from './family.queries';
import { useCareTexts } from '../../i18n/care/care.texts';
import { useFamilyTexts } from './family.texts';

// The camera and the card reader load only when the patient chooses to scan (signup's own scanner).
const IdCardCapture = lazy(() => import('../signup/IdCardCapture').then((m) => ({ default: m.IdCardCapture })));

export interface DependentFormValues extends AddressValues {
  id_type: IdType;
  thai_id: string;
  passport_number: string;
  nationality: string;
  firstname: string;
  lastname: string;
  birthday: string;
  relationship: CareRelationship | null;
  scopes: CareScopes;
  guardianDeclared: boolean;
  phone: string;
  code: string;
}

export const NEW_GRANT: CareScopes = { see: true, book: true, medicines: true, alerts: true };

/** Under 20 on the birthday given: the caregiver declares being a parent or guardian instead of the person's consent. */
export function isMinor(birthday: string): boolean {
  return IsoDate.safeParse(birthday).success && ageOn(birthday, todayInBangkok()) < AGE_OF_MAJORITY;
}

/**
 * The form's boxes as the request body: the chosen document's only, a minor's with the declaration, an adult's with
 * the number and the code.
 */
export function toDependentBody(values: DependentFormValues): AddDependentInput {
  const { guardianDeclared, phone, code, relationship, ...person } = onlyTheChosenDocument(values);
  const base = {
    ...person,
    thai_id: person.thai_id?.replace(/\D/g, ''),
    relationship: relationship as CareRelationship,
  };
  return isMinor(values.birthday) ? { ...base, guardianDeclared } : { ...base, phone: phone.replace(/\D/g, ''), code };
}

const resolver = contractResolver(AddDependentBody, toDependentBody);

const FIELDS = new Set<string>([
  'id_type',
  'thai_id',
  'passport_number',
  'nationality',
  'firstname',
  'lastname',
  'birthday',
  'address',
  'subdistrist',
  'district',
  'province',
  'postcode',
  'relationship',
  'guardianDeclared',
  'phone',
  'code',
]);

const EMPTY: DependentFormValues = {
  id_type: 'thai_id',
  thai_id: '',
  passport_number: '',
  nationality: '',
  firstname: '',
  lastname: '',
  birthday: '',
  address: '',
  subdistrist: '',
  district: '',
  province: '',
  postcode: '',
  relationship: null,
  scopes: NEW_GRANT,
  guardianDeclared: false,
  phone: '',
  code: '',
};

export interface AddDependentFormProps {
  onAdded: (link: CareLink) => void;
  onCancel: () => void;
}

/**
 * A family member without the app, registered under the signed-in patient: from their ID card (scanned on this phone,
 * or typed), where they live (the patient's own address at a tap), and what the patient will do for them. A child is
 * added on the patient's declaration of being their parent or guardian; an adult agrees by reading out a code sent
 * to a mobile number they control.
 */
export function AddDependentForm({ onAdded, onCancel }: AddDependentFormProps) {
  const { t } = useFamilyTexts();
  const { t: careText } = useCareTexts();
  const me = useCurrentUser();
  const add = useAddDependent();
  const requestCode = useRequestConsentCode();
  const [scanning, setScanning] = useState(false);
  const [scanned, setScanned] = useState(false);
  const { form, formError, onSubmit } = useContractForm<DependentFormValues, AddDependent>({
    resolver,
    defaultValues: EMPTY,
    fields: (key) =>
      FIELDS.has(key) ? (key as FieldPath<DependentFormValues>) : key.startsWith('scopes') ? 'scopes' : null,
    errorMessage: (error) => apiErrorMessage(t, error),
    errorCodes: {
      otp_invalid: 'code',
      otp_expired: 'code',
      otp_locked: 'code',
      thai_id_taken: 'thai_id',
      passport_taken: 'passport_number',
      care_has_account: 'phone',
    },
  });
  const { control, register, getFieldState, formState, setValue, setError } = form;
  const [birthday, firstname, phone, scopes] = useWatch({
    control,
    name: ['birthday', 'firstname', 'phone', 'scopes'],
  });
  const minor = isMinor(birthday);
  const adult = IsoDate.safeParse(birthday).success && !minor;
  const thisYear = Number(todayInBangkok().slice(0, 4));
  const digits = phone.replace(/\D/g, '');

  const messageOf = (name: FieldPath<DependentFormValues>) =>
    reasonMessage(t, getFieldState(name, formState).error?.message);
  const text = useTextFields(register, 'dependent', messageOf);
  const scopesError = formState.errors.scopes?.see?.message ?? formState.errors.scopes?.message;

  const sameAddress = () => {
    const profile = me.data;
    if (!profile) return;
    const options = { shouldValidate: true, shouldDirty: true };
    setValue('address', profile.address, options);
    setValue('subdistrist', profile.subdistrict || profile.subdistrist, options);
    setValue('district', profile.district, options);
    setValue('province', profile.province, options);
    setValue('postcode', profile.postcode, options);
  };

  const onRead = (scan: IdCardScan) => {
    const marks = marksOfReading(scan.reading);
    for (const field of [
      'thai_id',
      'firstname',
      'lastname',
      'birthday',
      'address',
      'subdistrist',
      'district',
      'province',
      'postcode',
    ] as const) {
      const mark = marks[field];
      if (mark) setValue(field, mark.value, { shouldDirty: true });
    }
    // The card read is a Thai ID card.
    if (marks.thai_id) setValue('id_type', 'thai_id', { shouldDirty: true });
    setScanning(false);
    setScanned(true);
  };

  const submit = onSubmit(async (body) => {
    if (minor && !body.guardianDeclared) {
      setError('guardianDeclared', { type: 'manual', message: 'guardian_required' });
      return;
    }
    const [link] = await add.mutateAsync(body);
    if (link) onAdded(link);
  });

  if (scanning) {
    return (
      <Suspense fallback={<LoadingState />}>
        <IdCardCapture onManual={() => setScanning(false)} onRead={onRead} />
      </Suspense>
    );
  }

  return (
    <FormProvider {...form}>
      <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)} aria-label={t('add.title')}>
        <Button
          variant="outlined"
          startIcon={<DocumentScannerIcon />}
          onClick={() => setScanning(true)}
          sx={{ minHeight: 44 }}
        >
          {t('add.scan')}
        </Button>
        {scanned ? <Alert severity="info">{t('add.scanDone')}</Alert> : null}
        {text('firstname', t('add.firstname'), { required: true })}
        {text('lastname', t('add.lastname'), { required: true })}
        <IdentityDocumentFields
          idPrefix="dependent"
          thaiIdHint={t('add.thaiIdHint')}
          describeError={(reason) => reasonMessage(t, reason)}
        />
        <FormDateField
          control={control}
          name="birthday"
          label={t('add.birthday')}
          required
          fromYear={thisYear - 120}
          toYear={thisYear}
          describeError={(reason) => reasonMessage(t, reason)}
        />
        <Box>
          <Button
            variant="text"
            startIcon={<HomeIcon />}
            onClick={sameAddress}
            disabled={!me.data}
            sx={{ minHeight: 44, mb: 1 }}
          >
            {t('add.sameAddress')}
          </Button>
          <AddressFields idPrefix="dependent" />
        </Box>
        <Controller
          control={control}
          name="relationship"
          render={({ field, fieldState }) => (
            <RelationshipField
              id="dependent-relationship"
              label={t('add.relationshipShort')}
              hint={t('add.relationshipLabel', { name: firstname || careText('switcher.someone') })}
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
        {minor ? (
          <Stack spacing={1}>
            <Typography variant="body2">{t('add.minorNote')}</Typography>
            <Controller
              control={control}
              name="guardianDeclared"
              render={({ field, fieldState }) => (
                <FormControl error={fieldState.error !== undefined}>
                  <FormControlLabel
                    sx={{ minHeight: 44 }}
                    control={
                      <Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />
                    }
                    label={t('add.guardianDeclared')}
                  />
                  {fieldState.error ? (
                    <FormHelperText>{reasonMessage(t, fieldState.error.message)}</FormHelperText>
                  ) : null}
                </FormControl>
              )}
            />
          </Stack>
        ) : null}
        {adult ? (
          <Stack spacing={1.5}>
            <Typography variant="body2">{t('add.adultNote')}</Typography>
            {text('phone', t('add.phone'), { required: true, inputMode: 'numeric' })}
            <Button
              variant="outlined"
              disabled={digits.length !== 10}
              loading={requestCode.isPending}
              onClick={() => requestCode.mutate({ phone: digits })}
              sx={{ minHeight: 44, alignSelf: 'flex-start' }}
            >
              {requestCode.isSuccess ? t('add.resendCode') : t('add.sendCode')}
            </Button>
            {requestCode.isError ? <Alert severity="error">{apiErrorMessage(t, requestCode.error)}</Alert> : null}
            {requestCode.isSuccess ? (
              <>
                <Typography role="status">{t('add.codeSent', { phone: requestCode.variables.phone })}</Typography>
                <DevSmsBanner phone={requestCode.variables.phone} />
              </>
            ) : null}
            {text('code', t('add.code'), {
              required: true,
              inputMode: 'numeric',
              hint: requestCode.isSuccess ? undefined : t('add.codeFirst'),
            })}
          </Stack>
        ) : null}
        <FormActions
          error={formError}
          submitLabel={t('add.submit')}
          busy={formState.isSubmitting}
          onCancel={onCancel}
        />
      </Stack>
    </FormProvider>
  );
}
