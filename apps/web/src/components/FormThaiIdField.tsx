import TextField from '@mui/material/TextField';
import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { caretAfterDigits, groupThaiIdDigits } from '../lib/thai-id-input';

interface FormThaiIdFieldProps<T extends FieldValues, TBody> {
  /** A field of the form that holds the ID number as typed (grouped with dashes). */
  name: FieldPathByValue<T, string | undefined>;
  /** TBody is what the form's resolver makes of the values (a contract's body, see useContractForm). */
  control: Control<T, unknown, TBody>;
  label: string;
  /** Words the schema's reason for rejecting the number; the calling form supplies it from its own namespace. */
  describeError: (reason: string | undefined) => string | undefined;
  /** Shown under the number while it has no error. */
  hint?: string;
}

/** The 13-digit national ID of a react-hook-form form, grouped 1-2345-67890-12-3 while it is typed. */
export function FormThaiIdField<T extends FieldValues, TBody = T>({
  name,
  control,
  label,
  describeError,
  hint,
}: FormThaiIdFieldProps<T, TBody>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          name={field.name}
          value={groupThaiIdDigits(field.value ?? '')}
          onChange={(event) => {
            const input = event.target;
            const caret = input.selectionStart ?? input.value.length;
            const digitsBefore = input.value.slice(0, caret).replace(/\D/g, '').length;
            const grouped = groupThaiIdDigits(input.value);
            field.onChange(grouped);
            // Keep the caret after the same digit once the dashes have moved.
            requestAnimationFrame(() => {
              if (document.activeElement === input) {
                const at = caretAfterDigits(grouped, digitsBefore);
                input.setSelectionRange(at, at);
              }
            });
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          required
          error={fieldState.error !== undefined}
          helperText={describeError(fieldState.error?.message) ?? hint}
          placeholder="1-2345-67890-12-3"
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      )}
    />
  );
}
