import { ID_TYPES, type IdType } from '@klaimor/contracts';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { usePersonTexts } from '../i18n/person/person.texts';
import { reasonMessage } from '../lib/error-messages';
import { CountryField } from './CountryField';
import { FormThaiIdField } from './FormThaiIdField';

/** The boxes of a form (in a FormProvider) that these fields fill. */
export interface IdentityDocumentValues {
  id_type?: IdType;
  thai_id?: string;
  passport_number?: string;
  nationality?: string;
}

/** The boxes of the document chosen only: what was typed for another kind before switching is not sent. */
export function onlyTheChosenDocument<T extends IdentityDocumentValues>(values: T): T {
  const { thai_id, passport_number, nationality, ...rest } = values;
  if (values.id_type === 'passport')
    return { ...rest, passport_number: passport_number || undefined, nationality: nationality || undefined } as T;
  return { ...rest, thai_id } as T;
}

interface IdentityDocumentFieldsProps {
  /** The boxes' ids start with it (`<idPrefix>-id-type`). */
  idPrefix: string;
  /** The hint under a Thai ID number (what a scan of the card made of it, or the usual hint). */
  thaiIdHint?: string;
  /** Words a field's reason in the calling feature's namespace (its own words for a conflict win). */
  describeError?: (reason: string | undefined) => string | undefined;
}

/** Which document a person registers with (a patient, or a dependent), then its number (and a passport's country). */
export function IdentityDocumentFields({ idPrefix, thaiIdHint, describeError }: IdentityDocumentFieldsProps) {
  const { t } = usePersonTexts();
  const { control, register, formState } = useFormContext<IdentityDocumentValues>();
  const idType = useWatch({ control, name: 'id_type' }) ?? 'thai_id';
  const describe = describeError ?? ((reason: string | undefined) => reasonMessage(t, reason));
  const { ref: passportRef, ...passport } = register('passport_number');

  return (
    <>
      <Controller
        control={control}
        name="id_type"
        render={({ field }) => (
          <TextField
            id={`${idPrefix}-id-type`}
            select
            label={t('register.idType')}
            name={field.name}
            value={field.value ?? 'thai_id'}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            required
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {ID_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`register.idTypes.${type}`)}
              </option>
            ))}
          </TextField>
        )}
      />
      {idType === 'passport' ? (
        <>
          <TextField
            {...passport}
            inputRef={passportRef}
            id={`${idPrefix}-passport-number`}
            label={t('register.passportNumber')}
            required
            autoComplete="off"
            error={formState.errors.passport_number !== undefined}
            helperText={describe(formState.errors.passport_number?.message) ?? t('register.passportHint')}
            slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
          />
          <CountryField
            control={control}
            name="nationality"
            id={`${idPrefix}-nationality`}
            label={t('register.nationality')}
            hint={t('register.nationalityHint')}
            choose={t('register.birthday.choose')}
            describeError={describe}
          />
        </>
      ) : (
        <FormThaiIdField
          name="thai_id"
          control={control}
          label={t(idType === 'foreign_id' ? 'register.foreignId' : 'register.thaiId')}
          describeError={describe}
          hint={idType === 'foreign_id' ? t('register.foreignIdHint') : (thaiIdHint ?? t('register.thaiIdHint'))}
        />
      )}
    </>
  );
}
