import type { Namespace, TFunction } from 'i18next';
import { i18n } from '../i18n';
import { isApiError } from '../api/client';

type LooseT = (key: string, options?: Record<string, unknown>) => string;

/** The namespace a `t` from useTranslation(ns) reads first; the shared texts are its fallback. */
const namespaceOf = (t: unknown): string | readonly string[] | undefined => (t as { ns?: string | readonly string[] }).ns;

/** Whether `key` resolves for this `t`: in its own namespace (a feature's texts) or the shared ones. */
const resolves = (t: unknown, key: string): boolean => i18n.exists(key, { ns: namespaceOf(t) as Namespace | undefined });

/** A field reason code (contracts `reasons`, or a conflict code) as a sentence for the patient. */
export function reasonMessage<N extends Namespace>(t: TFunction<N>, reason: string | undefined): string | undefined {
  if (!reason) return undefined;
  const key = `validation.${reason}`;
  return (t as unknown as LooseT)(resolves(t, key) ? key : 'validation.unknown');
}

/** Any failure of an API call as a sentence for the patient. */
export function apiErrorMessage<N extends Namespace>(t: TFunction<N>, error: unknown): string {
  const loose = t as unknown as LooseT;
  if (!isApiError(error)) return loose('errors.unknown_error');
  const key = `errors.${error.code}`;
  return loose(resolves(t, key) ? key : 'errors.unknown_error', { seconds: error.retryAfterSec ?? 30 });
}
