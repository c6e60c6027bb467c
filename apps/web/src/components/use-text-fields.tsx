import TextField from '@mui/material/TextField';
import type { KeyboardEvent } from 'react';
import type { FieldPath, FieldValues, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

export interface TextFieldOptions {
  required?: boolean;
  /** Two lines or more, growing with what is typed. */
  multiline?: boolean;
  /** One line of text that wraps as it grows, so a long one is read whole; Enter sends the form, as in a line. */
  wraps?: boolean;
  /** Said under the box while nothing is wrong; "ไม่บังคับ" for an optional box without one. */
  hint?: string;
  /** The phone keyboard for a number: digits only, or digits and a point. */
  inputMode?: 'numeric' | 'decimal';
}

/** Enter in a wrapping line sends its form instead of starting a new line. */
function sendOnEnter(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
  event.preventDefault();
  (event.target as HTMLTextAreaElement).form?.requestSubmit();
}

/**
 * The text boxes of a record form: each registered with the form, its id `<idPrefix>-<field>`, and under it what is
 * wrong with it (`messageOf`, in the feature's words), else its hint.
 */
export function useTextFields<TValues extends FieldValues>(
  register: UseFormRegister<TValues>,
  idPrefix: string,
  messageOf: (name: FieldPath<TValues>) => string | undefined,
) {
  const { t } = useTranslation();
  return (name: FieldPath<TValues>, label: string, options: TextFieldOptions = {}) => {
    const { ref, ...field } = register(name);
    const message = messageOf(name);
    return (
      <TextField
        {...field}
        inputRef={ref}
        id={`${idPrefix}-${name.replace('.', '-')}`}
        label={label}
        required={options.required}
        multiline={options.multiline || options.wraps}
        minRows={options.multiline ? 2 : undefined}
        onKeyDown={options.wraps ? sendOnEnter : undefined}
        error={message !== undefined}
        helperText={message ?? options.hint ?? (options.required ? undefined : t('common.optional'))}
        slotProps={options.inputMode ? { htmlInput: { inputMode: options.inputMode, autoComplete: 'off' } } : undefined}
      />
    );
  };
}
