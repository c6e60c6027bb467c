import type { ErrorCode } from '@klaimor/contracts';
import type { Namespace, TFunction } from 'i18next';
import { addFeatureTexts, i18n } from '../i18n';
import { isApiError } from '../api/client';
import th from './messages/locales/th.json';

// What a field's reason and an API error say: with the forms and calls that can fail, not in every first screen.
addFeatureTexts('messages', th, () => import('./messages/locales/en.json'));

type LooseT = (key: string, options?: Record<string, unknown>) => string;

/** Where a `t` from useTranslation(ns) looks: its own namespace (a feature's words for a reason win), then the messages. */
const namespacesOf = (t: unknown): string[] => [
  ...[(t as { ns?: string | readonly string[] }).ns ?? 'translation'].flat(),
  'messages',
];

/** Whether `key` resolves for this `t`: in its own namespace, the shared texts or the messages. */
const resolves = (t: unknown, key: string): boolean =>
  i18n.exists(key, { ns: namespacesOf(t) as unknown as Namespace });

/** A field reason code (contracts `reasons`, or a conflict code) as a sentence for the patient. */
export function reasonMessage<N extends Namespace>(t: TFunction<N>, reason: string | undefined): string | undefined {
  if (!reason) return undefined;
  const key = `validation.${reason}`;
  return (t as unknown as LooseT)(resolves(t, key) ? key : 'validation.unknown', { ns: namespacesOf(t) });
}

/** What an error code says, where no API call failed yet (a payment provider known to be unavailable). */
export function errorCodeMessage<N extends Namespace>(t: TFunction<N>, code: ErrorCode): string {
  return (t as unknown as LooseT)(`errors.${code}`, { ns: namespacesOf(t) });
}

/** Any failure of an API call as a sentence for the patient. */
export function apiErrorMessage<N extends Namespace>(t: TFunction<N>, error: unknown): string {
  const loose = t as unknown as LooseT;
  const ns = namespacesOf(t);
  if (!isApiError(error)) return loose('errors.unknown_error', { ns });
  const key = `errors.${error.code}`;
  return loose(resolves(t, key) ? key : 'errors.unknown_error', { seconds: error.retryAfterSec ?? 30, ns });
}
