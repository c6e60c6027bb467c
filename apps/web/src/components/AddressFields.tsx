import type { ThaiAddressMatch } from '@klaimor/contracts';
import { suggestThaiAddresses } from '@klaimor/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { reasonMessage } from '../lib/error-messages';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { usePersonTexts } from '../i18n/person/person.texts';
import { writtenLanguage } from '../lib/written-language';

/** The address part of a form; field names as the API spells them (subdistrist, sic). */
export interface AddressValues {
  address: string;
  subdistrist: string;
  district: string;
  province: string;
  postcode: string;
}

type SuggestName = 'subdistrist' | 'district' | 'postcode';
const matchKey = { subdistrist: 'subdistrict', district: 'district', postcode: 'postcode' } as const;

export const addressSuggestionKeys = {
  all: ['thai-address'] as const,
  query: (q: string) => [...addressSuggestionKeys.all, q] as const,
};

interface SuggestFieldProps {
  name: SuggestName;
  label: string;
  idPrefix: string;
  numeric?: boolean;
  autoComplete: string;
}

/** A box that offers real places as the patient types; picking one fills the other three boxes. */
function SuggestField({ name, label, idPrefix, numeric = false, autoComplete }: SuggestFieldProps) {
  const { t } = usePersonTexts();
  const { control, setValue } = useFormContext<AddressValues>();
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query.trim(), 250);
  const suggestions = useQuery({
    queryKey: addressSuggestionKeys.query(debounced),
    queryFn: () => suggestThaiAddresses(debounced),
    enabled: debounced.length >= 2,
    staleTime: Infinity,
  });
  const options = debounced.length >= 2 ? (suggestions.data ?? []) : [];

  const fill = (match: ThaiAddressMatch) => {
    const opts = { shouldValidate: true, shouldDirty: true, shouldTouch: true } as const;
    setValue('subdistrist', match.subdistrict, opts);
    setValue('district', match.district, opts);
    setValue('province', match.province, opts);
    setValue('postcode', match.postcode, opts);
    setQuery('');
  };

  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Autocomplete<ThaiAddressMatch, false, false, true>
          id={`${idPrefix}-${name}`}
          freeSolo
          autoHighlight
          options={options}
          filterOptions={(x) => x}
          loading={suggestions.isFetching}
          loadingText={t('address.searching')}
          value={field.value ?? ''}
          inputValue={field.value ?? ''}
          getOptionLabel={(option) => (typeof option === 'string' ? option : option[matchKey[name]])}
          isOptionEqualToValue={() => false}
          onInputChange={(_event, value, reason) => {
            if (reason === 'input' || reason === 'clear') {
              field.onChange(value);
              setQuery(value);
            }
          }}
          onChange={(_event, value) => {
            if (value && typeof value === 'object') fill(value);
            else field.onChange(value ?? '');
          }}
          onBlur={field.onBlur}
          renderOption={({ key, ...props }, option) => (
            <Box component="li" key={key} {...props}>
              <Typography variant="body2">
                {t('address.suggestion', {
                  subdistrict: option.subdistrict,
                  district: option.district,
                  province: option.province,
                  postcode: option.postcode,
                })}
              </Typography>
            </Box>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              name={name}
              label={label}
              required
              inputRef={field.ref}
              error={fieldState.error !== undefined}
              helperText={
                reasonMessage(t, fieldState.error?.message) ??
                (name === 'postcode' ? undefined : t('address.suggestHint'))
              }
              slotProps={{
                ...params.slotProps,
                htmlInput: {
                  ...params.slotProps.htmlInput,
                  autoComplete,
                  ...(numeric ? { inputMode: 'numeric' as const, maxLength: 5 } : {}),
                },
              }}
            />
          )}
        />
      )}
    />
  );
}

export interface AddressFieldsProps {
  /** Prefix for element ids, unique per form. */
  idPrefix: string;
}

/** Address, subdistrict, district, province and postcode, with suggestions from the Thai address list. */
export function AddressFields({ idPrefix }: AddressFieldsProps) {
  const { t } = usePersonTexts();
  const {
    control,
    formState: { errors },
  } = useFormContext<AddressValues>();
  return (
    <Stack spacing={2}>
      {/* Controlled: "same address as mine" fills it, and its label must know there is a value to move up from. */}
      <Controller
        name="address"
        control={control}
        render={({ field: { ref, value, ...field }, fieldState }) => (
          <TextField
            {...field}
            value={value ?? ''}
            id={`${idPrefix}-address`}
            inputRef={ref}
            label={t('address.address')}
            placeholder={t('address.addressPlaceholder')}
            required
            multiline
            minRows={2}
            maxRows={4}
            autoComplete="street-address"
            // The address as the patient wrote it: read in Thai when it is, on a form shown in English.
            slotProps={{ htmlInput: { lang: writtenLanguage(value) } }}
            error={fieldState.error !== undefined}
            // The label stays short so it never gets cut at large text sizes; what to write goes under the box.
            helperText={reasonMessage(t, fieldState.error?.message) ?? t('address.addressHint')}
          />
        )}
      />
      <SuggestField name="subdistrist" label={t('address.subdistrict')} idPrefix={idPrefix} autoComplete="off" />
      <SuggestField name="district" label={t('address.district')} idPrefix={idPrefix} autoComplete="off" />
      {/* Controlled: a suggestion fills it, and its label must know there is a value to move up from. */}
      <Controller
        name="province"
        control={control}
        render={({ field: { ref, value, ...field } }) => (
          <TextField
            {...field}
            value={value ?? ''}
            id={`${idPrefix}-province`}
            inputRef={ref}
            label={t('address.province')}
            required
            autoComplete="address-level1"
            error={errors.province !== undefined}
            helperText={reasonMessage(t, errors.province?.message)}
          />
        )}
      />
      <SuggestField
        name="postcode"
        label={t('address.postcode')}
        idPrefix={idPrefix}
        numeric
        autoComplete="postal-code"
      />
    </Stack>
  );
}
