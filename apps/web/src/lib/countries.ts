import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';
import th from 'i18n-iso-countries/langs/th.json';
import type { DateLanguage } from './thai-date';

// Only the two languages the app speaks, in the chunk loaded once a form asks for a passport's country.
countries.registerLocale(th);
countries.registerLocale(en);

export interface CountryOption {
  /** ISO 3166-1 alpha-3, as printed in a passport. */
  code: string;
  name: string;
}

/** Every country by its name in the reader's language, in that language's order. */
export function countryOptions(lang: DateLanguage): CountryOption[] {
  const names = countries.getNames(lang, { select: 'official' });
  return Object.entries(names)
    .map(([alpha2, name]) => ({ code: countries.alpha2ToAlpha3(alpha2) ?? alpha2, name }))
    .sort((a, b) => a.name.localeCompare(b.name, lang));
}
