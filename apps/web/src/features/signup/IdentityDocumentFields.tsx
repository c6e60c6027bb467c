import { ID_TYPES } from '@klaimor/contracts';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { FormThaiIdField } from '../../components/FormThaiIdField';
import { appLanguage } from '../../i18n/language';
import { usePersonTexts } from '../../i18n/person/person.texts';
import { reasonMessage } from '../../lib/error-messages';
import type { RegisterFormInput, RegisterFormOutput } from './register-form.schema';
import { useCountryOptions } from './signup.queries';

interface IdentityDocumentFieldsProps {
  /** The hint under a Thai ID number (what a scan of the card made of it, or the usual hint). */
  thaiIdHint: string;
}

/** Which document the patient registers with, then its number (and a passport's country). */
export function IdentityDocumentFields({ thaiIdHint }: IdentityDocumentFieldsProps) {
  const { t, i18n } = usePersonTexts();
  const lang = appLanguage(i18n);
  const { control, register, formState } = useFormContext<RegisterFormInput, unknown, RegisterFormOutput>();
  const idType = useWatch({ control, name: 'id_type' }) ?? 'thai_id';
  const { data: countries = [] } = useCountryOptions(lang, idType === 'passport');
  const describe = (reason: string | undefined) => reasonMessage(t, reason);
  const { ref: passportRef, ...passport } = register('passport_number');

  return (
    <>
      <Controller
        control={control}
        name="id_type"
        render={({ field }) => (
          <TextField
            id="register-id-type"
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
            id="register-passport-number"
            label={t('register.passportNumber')}
            required
            autoComplete="off"
            error={formState.errors.passport_number !== undefined}
            helperText={describe(formState.errors.passport_number?.message) ?? t('register.passportHint')}
            slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
          />
          <Controller
            control={control}
            name="nationality"
            render={({ field, fieldState }) => (
              <TextField
                id="register-nationality"
                select
                label={t('register.nationality')}
                name={field.name}
                value={field.value ?? ''}
                onChange={(e) => field.onChange(e.target.value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                required
                error={fieldState.error !== undefined}
                helperText={describe(fieldState.error?.message) ?? t('register.nationalityHint')}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">{t('register.birthday.choose')}</option>
                {countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </TextField>
            )}
          />
        </>
      ) : (
        <FormThaiIdField
          name="thai_id"
          control={control}
          label={t(idType === 'foreign_id' ? 'register.foreignId' : 'register.thaiId')}
          describeError={describe}
          hint={idType === 'foreign_id' ? t('register.foreignIdHint') : thaiIdHint}
        />
      )}
    </>
  );
}
