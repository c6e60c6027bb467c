import type { ReactNode } from 'react';
import { useSelectedPerson, type ShownPerson } from './use-selected-person';
import { NamedText, type AnyT } from '../components/NamedText';

/**
 * The words of a heading over someone's data, saying whose it is: the text `key` over the patient's own ("นัดหมายของ
 * ฉัน", "My appointments"), and `<key>For` naming the family member they look after ("นัดหมายของคุณบุญมา", "บุญมา's
 * appointments"), whose name, between <name></name> in the text, is marked as written in Thai when it is. `shown` is
 * the person a screen shows when it is not the one chosen (the notification centre shows the patient's own instead
 * of a dependent who hears their own).
 */
export function useWhoseHeading(
  shown?: ShownPerson | null,
): (t: AnyT, key: string, values?: Record<string, string | number>) => ReactNode {
  const chosen = useSelectedPerson().person;
  const person = shown === undefined ? chosen : shown;
  const name = person?.link ? person.firstname : null;
  return (t, key, values = {}) =>
    name === null ? t(key, values) : <NamedText t={t} i18nKey={`${key}For`} values={{ ...values, name }} />;
}
