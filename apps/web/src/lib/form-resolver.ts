import { zodResolver } from '@hookform/resolvers/zod';
import { get, set, type FieldError, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Validates a form with a contract schema, after turning what the boxes hold (text for numbers, one
 * form for both kinds of a union) into the request body. Issues keep the body's paths, so a form names
 * its fields as the body does; on success the submit handler receives the parsed body itself.
 */
export function contractResolver<TForm extends FieldValues, S extends z.ZodType>(
  schema: S,
  toInput: (values: TForm) => z.input<S>,
): Resolver<TForm, unknown, z.output<S>> {
  const validate = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, z.output<S>>;
  return (values, context, options) =>
    validate(toInput(values) as FieldValues, context, options as never) as ReturnType<
      Resolver<TForm, unknown, z.output<S>>
    >;
}

/** A number box's text as a number: '' is none; Thai readers may type a comma for thousands. */
export function numberFromText(text: string): number | null {
  const cleaned = text.replace(/[,\s]/g, '');
  return cleaned === '' ? null : Number(cleaned);
}

/** Every error of a resolver's nested errors by its dotted path ('days.0.closes'), without the elements they point at. */
function errorsByPath(errors: object, prefix = ''): [string, FieldError][] {
  return Object.entries(errors).flatMap(([key, value]: [string, unknown]): [string, FieldError][] => {
    if (key === 'ref' || value === null || typeof value !== 'object') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    const { type, message } = value as Partial<FieldError>;
    const own: [string, FieldError][] = typeof type === 'string' ? [[path, { type, message }]] : [];
    return [...own, ...errorsByPath(value, path)];
  });
}

/**
 * A resolver for a form whose boxes are not shaped as its body (seven weekday rows, for a body that lists the open
 * days only): each issue of the body's path goes to the form's field `fieldOf` names, or is dropped for null. The
 * same `fieldOf` can place the server's field reasons (useContractForm's `fields`).
 */
export function withFieldNames<TForm extends FieldValues, TBody>(
  resolver: Resolver<TForm, unknown, TBody>,
  fieldOf: (path: string, values: TForm) => string | null,
): Resolver<TForm, unknown, TBody> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    const errors: FieldErrors<TForm> = {};
    for (const [path, error] of errorsByPath(result.errors)) {
      const name = fieldOf(path, values);
      if (name !== null && get(errors, name) === undefined) set(errors, name, error);
    }
    return { values: {}, errors };
  };
}
