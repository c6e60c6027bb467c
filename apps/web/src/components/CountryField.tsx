import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { appLanguage } from '../i18n/language';
import type { DateLanguage } from '../lib/thai-date';

/**
 * The countries to pick a passport's from, by name in the reader's language. The names (both languages, some 7 KB)
 * load only when a form shows this field: most patients have a Thai ID.
 */
function useCountryOptions(lang: DateLanguage) {
  return useQuery({
    queryKey: ['country-options', lang],
    queryFn: async () => (await import('../lib/countries')).countryOptions(lang),
    staleTime: Infinity,
  });
}

interface CountryFieldProps<T extends FieldValues, TBody> {
  /** A field of the form holding the country's ISO 3166-1 alpha-3 code ('' for none chosen). */
  name: FieldPathByValue<T, string | undefined>;
  control: Control<T, unknown, TBody>;
  id: string;
  label: string;
  /** Shown under the list while it has no error. */
  hint: string;
  /** The words of the first, empty choice. */
  choose: string;
  describeError: (reason: string | undefined) => string | undefined;
}

/** A passport's issuing country, chosen from every country by its name (a native select: the phone's own picker). */
export function CountryField<T extends FieldValues, TBody = T>({
  name,
  control,
  id,
  label,
  hint,
  choose,
  describeError,
}: CountryFieldProps<T, TBody>) {
  const { i18n } = useTranslation();
  const { data: countries = [] } = useCountryOptions(appLanguage(i18n));
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          id={id}
          select
          label={label}
          name={field.name}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          required
          error={fieldState.error !== undefined}
          helperText={describeError(fieldState.error?.message) ?? hint}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{choose}</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </TextField>
      )}
    />
  );
}
