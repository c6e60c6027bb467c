export const LANGUAGES = ['th', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Where the device keeps the language the patient chose. */
export const LANGUAGE_STORAGE_KEY = 'klaimor.lang';

/**
 * The language dates, names and contract texts are written in: English for an English reader, Thai otherwise
 * (also before i18next has resolved one, since Thai is the source of truth). Pass the `i18n` of `useTranslation()`,
 * so the component draws again when the language changes.
 */
export function appLanguage(i18n: { resolvedLanguage?: string }): Language {
  return i18n.resolvedLanguage === 'en' ? 'en' : 'th';
}
