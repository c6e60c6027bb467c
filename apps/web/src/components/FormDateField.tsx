import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { DateSelectField } from './DateSelectField';

interface FormDateFieldProps<T extends FieldValues, TBody> {
  /** A field of the form that holds an ISO date, or '' when none. */
  name: FieldPathByValue<T, string>;
  /** TBody is what the form's resolver makes of the values (a contract's body, see useContractForm). */
  control: Control<T, unknown, TBody>;
  label: string;
  /** Gregorian years offered, newest first in the list. */
  fromYear: number;
  toYear: number;
  required?: boolean;
  /**
   * Words the schema's reason for rejecting the date. The calling form supplies it: the words live in its
   * own namespace, and a staff form words a date out of range as the dates that field allows.
   */
  describeError: (reason: string | undefined) => string | undefined;
  /** Shown under the date while it has no error. */
  hint?: string;
}

/** A date of a react-hook-form form, asked as day, month and Buddhist-Era year (DateSelectField). */
export function FormDateField<T extends FieldValues, TBody = T>({
  name,
  control,
  label,
  fromYear,
  toYear,
  required = false,
  describeError,
  hint,
}: FormDateFieldProps<T, TBody>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateSelectField
          label={label}
          name={name}
          required={required}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          fromYear={fromYear}
          toYear={toYear}
          error={fieldState.error !== undefined}
          helperText={describeError(fieldState.error?.message) ?? hint}
        />
      )}
    />
  );
}
