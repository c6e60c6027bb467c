import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

/**
 * Puts per-field reason codes (from the server's `error.fields`, or a local check) on a form's fields,
 * focusing the first. `subdistrict` lands on the form's `subdistrist`. Fields the form does not own go to
 * `elsewhere`, which says whether it showed them. True when any reason was shown.
 */
export function showFieldReasons<T extends FieldValues>(
  fields: Record<string, string>,
  setError: UseFormSetError<T>,
  owns: (name: string) => name is FieldPath<T>,
  elsewhere: (name: string, reason: string) => boolean = () => false,
): boolean {
  let shown = false;
  let focus = true;
  for (const [key, reason] of Object.entries(fields)) {
    const name = key === 'subdistrict' ? 'subdistrist' : key;
    if (owns(name)) {
      setError(name, { type: 'server', message: reason }, { shouldFocus: focus });
      focus = false;
      shown = true;
    } else if (elsewhere(name, reason)) shown = true;
  }
  return shown;
}
