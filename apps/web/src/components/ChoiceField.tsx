import TextField from '@mui/material/TextField';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { reasonMessage } from '../lib/error-messages';

interface ChoiceFieldProps<T extends FieldValues> {
  name: Path<T>;
  control: Control<T>;
  id: string;
  label: string;
  options: readonly { value: string; label: string }[];
  /** The blank first choice: its label, and the value it stands for in the form. */
  none: { label: string; value: null | undefined };
  hint?: string;
}

/** An optional choice from a short list, as the phone's own picker (a native select). */
export function ChoiceField<T extends FieldValues>({
  name,
  control,
  id,
  label,
  options,
  none,
  hint,
}: ChoiceFieldProps<T>) {
  const { t } = useTranslation();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          id={id}
          select
          name={field.name}
          label={label}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value === '' ? none.value : e.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error !== undefined}
          helperText={reasonMessage(t, fieldState.error?.message) ?? hint}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{none.label}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </TextField>
      )}
    />
  );
}
