import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
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
    validate(toInput(values) as FieldValues, context, options as never) as ReturnType<Resolver<TForm, unknown, z.output<S>>>;
}

/** A number box's text as a number: '' is none; Thai readers may type a comma for thousands. */
export function numberFromText(text: string): number | null {
  const cleaned = text.replace(/[,\s]/g, '');
  return cleaned === '' ? null : Number(cleaned);
}
