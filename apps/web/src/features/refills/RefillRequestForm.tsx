import { RefillRequestBody, type Medication } from '@klaimor/contracts';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { useWatch, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormActions } from '../../components/FormActions';
import { useTextFields } from '../../components/use-text-fields';
import { apiErrorMessage, reasonMessage } from '../../lib/error-messages';
import { contractResolver } from '../../lib/form-resolver';
import { useContractForm } from '../../lib/use-contract-form';
import { usePersonProfile } from '../../session/person-profile';
import { DeliveryChoice } from './DeliveryChoice';
import { PharmacyChoice } from './PharmacyChoice';
import { PostAddress, hasPostalAddress } from './PostAddress';
import { NO_CHOICE, refillInput, type RefillValues } from './refill-form';
import { useRequestRefill } from './refills.queries';
import { useRefillsTexts } from './refills.texts';

/** The note's room, as the contract allows. */
const NOTE_MAX = 500;
/** "12/500": how much of the note's room is used. */
const countOf = (text: string) => `${text.length.toLocaleString('th-TH')}/${NOTE_MAX.toLocaleString('th-TH')}`;

/**
 * Asks for more of one medicine: how to get it (and, for the nearby way, which pharmacy), with a note to the clinician
 * if the patient wants. Checked with the contract's schema; once sent, the list of requests shows it.
 */
export function RefillRequestForm({ medication }: { medication: Medication }) {
  const { t } = useRefillsTexts();
  const navigate = useNavigate();
  const request = useRequestRefill();
  const profile = usePersonProfile();
  const resolver = useMemo(
    () => contractResolver(RefillRequestBody, (v: RefillValues) => refillInput(medication.id, v)),
    [medication.id],
  );
  const { form, formError, setFormError, onSubmit } = useContractForm<RefillValues, RefillRequestBody>({
    resolver,
    defaultValues: NO_CHOICE,
    fields: ['delivery', 'pharmacyId', 'note'],
    errorCodes: { pharmacy_not_in_scheme: 'pharmacyId' },
    errorMessage: (error) => apiErrorMessage(t, error),
  });
  const { control, register, getFieldState, formState } = form;
  const [delivery, note] = useWatch({ control, name: ['delivery', 'note'] });
  const reasonOf = (name: FieldPath<RefillValues>) => getFieldState(name, formState).error?.message;
  const messageOf = (name: FieldPath<RefillValues>) => reasonMessage(t, reasonOf(name));
  const fields = useTextFields(register, 'refill', messageOf);
  const pharmacyReason = reasonOf('pharmacyId');

  const submit = onSubmit(async (body) => {
    // The server would take an empty address as it stands: a parcel needs one first.
    if (body.delivery === 'post' && !hasPostalAddress(profile.data)) {
      setFormError(t('request.post.noAddress'));
      return;
    }
    await request.mutateAsync(body);
    await navigate('/refills', { replace: true, state: { sent: true } });
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)}>
      <DeliveryChoice control={control} />
      {delivery === 'near_home_pharmacy' ? (
        <PharmacyChoice
          control={control}
          message={
            pharmacyReason === undefined
              ? undefined
              : pharmacyReason === 'pharmacy_not_in_scheme'
                ? t('errors.pharmacy_not_in_scheme')
                : t('request.pharmacy.required')
          }
        />
      ) : null}
      {delivery === 'post' ? <PostAddress profile={profile.data} /> : null}
      {fields('note', t('request.note.label'), {
        multiline: true,
        hint: `${t('request.note.hint')} · ${t('common.optional')} ${countOf(note)}`,
      })}
      <FormActions
        error={formError}
        busy={formState.isSubmitting}
        onCancel={() => void navigate('/todo')}
        submitLabel={t('request.submit')}
      />
    </Stack>
  );
}
