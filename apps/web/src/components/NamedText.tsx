import type { TFunction } from 'i18next';
import { Trans } from 'react-i18next';
import { writtenLanguage } from '../lib/written-language';

/** Any namespace's `t`: the key is the caller's, whose text marks the name as <name>{{name}}</name>. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyT = TFunction<any, any>;

/**
 * A sentence of the app's with a person's name in it ("You are <name>{{name}}</name>'s child"): the name is marked as
 * written in Thai when it is, so on a screen shown in English a screen reader reads it in Thai.
 */
export function NamedText({
  t,
  i18nKey,
  values,
}: {
  t: AnyT;
  i18nKey: string;
  values: Record<string, string | number> & { name: string };
}) {
  return (
    <Trans
      t={t}
      i18nKey={i18nKey}
      values={values}
      components={{ name: <span lang={writtenLanguage(values.name)} /> }}
    />
  );
}
