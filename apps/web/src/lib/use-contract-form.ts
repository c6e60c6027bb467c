import { useState, type BaseSyntheticEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Mode,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { isApiError, type ApiErrorCode } from '../api/client';

export interface ContractFormOptions<TValues extends FieldValues, TBody> {
  /** The contract's check of the boxes (see contractResolver): the submit handler receives the parsed body. */
  resolver: Resolver<TValues, unknown, TBody>;
  defaultValues: DefaultValues<TValues>;
  /**
   * The form's fields a server's per-field reason may land on: the names themselves (a reason's key is the field's
   * name), or a function from the reason's key (and what the boxes hold) to the field, null when the form has no
   * such field.
   */
  fields: readonly FieldPath<TValues>[] | ((key: string, values: TValues) => FieldPath<TValues> | null);
  /** A failure as one sentence in the feature's words. */
  errorMessage: (error: unknown) => string;
  /**
   * Error codes that are one field's fault (`places_below_booked` on the places): the field takes the code as its
   * reason and the sentence is said above the buttons as well.
   */
  errorCodes?: Partial<Record<ApiErrorCode, FieldPath<TValues>>>;
  mode?: Mode;
}

export interface ContractForm<TValues extends FieldValues, TBody> {
  form: UseFormReturn<TValues, unknown, TBody>;
  /** The sentence of the last failure no field could show, to put above the buttons; null when none. */
  formError: string | null;
  setFormError: (message: string | null) => void;
  /** Says a failure on the form: a field's code on that field, the server's field reasons on theirs, else one sentence. */
  showError: (error: unknown) => void;
  /** Runs one save, the form's error cleared first; a failure is shown on the form. */
  run: (save: () => Promise<unknown>) => Promise<void>;
  /** The form's submit handler: the contract checks the boxes, then `save` sends the body. */
  onSubmit: (save: (body: TBody) => Promise<unknown>) => (event?: BaseSyntheticEvent) => Promise<void>;
}

/**
 * A form checked with a contract's schema whose failures come back to it: the wiring every add/edit form repeats
 * (react-hook-form with the contract's resolver, checked once a field is left; an error above the buttons; the
 * server's 400 `fields` and the known conflict codes put back on the fields they are about).
 */
export function useContractForm<TValues extends FieldValues, TBody>({
  resolver,
  defaultValues,
  fields,
  errorMessage,
  errorCodes = {},
  mode = 'onTouched',
}: ContractFormOptions<TValues, TBody>): ContractForm<TValues, TBody> {
  const form = useForm<TValues, unknown, TBody>({ resolver, mode, defaultValues });
  const [formError, setFormError] = useState<string | null>(null);
  const fieldOf =
    typeof fields === 'function'
      ? fields
      : (key: string) => (fields.includes(key as FieldPath<TValues>) ? (key as FieldPath<TValues>) : null);

  const showError = (error: unknown): void => {
    const field = isApiError(error) ? errorCodes[error.code] : undefined;
    if (isApiError(error) && field) {
      form.setError(field, { type: 'server', message: error.code }, { shouldFocus: true });
      setFormError(errorMessage(error));
      return;
    }
    let shown = false;
    for (const [key, reason] of Object.entries(isApiError(error) ? error.fields : {})) {
      const name = fieldOf(key, form.getValues());
      if (name === null) continue;
      form.setError(name, { type: 'server', message: reason }, { shouldFocus: !shown });
      shown = true;
    }
    if (!shown) setFormError(errorMessage(error));
  };

  const run = async (save: () => Promise<unknown>): Promise<void> => {
    setFormError(null);
    try {
      await save();
    } catch (error) {
      showError(error);
    }
  };

  const onSubmit = (save: (body: TBody) => Promise<unknown>) => form.handleSubmit((body) => run(() => save(body)));

  return { form, formError, setFormError, showError, run, onSubmit };
}
