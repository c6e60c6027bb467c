import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import { caretAfterDigits, groupThaiIdDigits } from '../../lib/thai-id-input';

export interface ThaiIdFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: boolean;
  helperText?: string;
  placeholder?: string;
}

/** The 13-digit national ID, grouped 1-2345-67890-12-3 while it is typed. */
export function ThaiIdField({
  label,
  name,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  helperText,
  placeholder,
}: ThaiIdFieldProps) {
  return (
    <TextField
      label={label}
      name={name}
      value={groupThaiIdDigits(value)}
      onChange={(event) => {
        const input = event.target;
        const caret = input.selectionStart ?? input.value.length;
        const digitsBefore = input.value.slice(0, caret).replace(/\D/g, '').length;
        const grouped = groupThaiIdDigits(input.value);
        onChange(grouped);
        // Keep the caret after the same digit once the dashes have moved.
        requestAnimationFrame(() => {
          if (document.activeElement === input) {
            const at = caretAfterDigits(grouped, digitsBefore);
            input.setSelectionRange(at, at);
          }
        });
      }}
      onBlur={onBlur}
      inputRef={inputRef}
      required
      error={error}
      helperText={helperText}
      placeholder={placeholder}
      autoComplete="off"
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
}
