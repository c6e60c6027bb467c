import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import th from './locales/th.json';

export const LANGUAGES = ['th', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

const STORAGE_KEY = 'klaimor.lang';

function storedLanguage(): Language {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'en' ? 'en' : 'th';
  } catch {
    return 'th';
  }
}

// Thai is the source of truth and ships in the main bundle; the English bundle
// is fetched only when someone switches to it.
void i18n.use(initReactI18next).init({
  resources: { th: { translation: th } },
  lng: 'th',
  fallbackLng: 'th',
  supportedLngs: LANGUAGES,
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

async function ensureBundle(lang: Language): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  if (lang === 'en') {
    const en = await import('./locales/en.json');
    i18n.addResourceBundle('en', 'translation', en.default, true, true);
  }
}

/** Switches the language, loading its texts first, and remembers the choice. */
export async function changeLanguage(lang: Language): Promise<void> {
  await ensureBundle(lang);
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
  document.title = i18n.t('app.name');
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // private mode: the choice lasts for this visit only
  }
}

/** Applies the remembered language before the first render (no Thai flash for English readers). */
export async function restoreLanguage(): Promise<void> {
  const lang = storedLanguage();
  if (lang !== 'th') {
    try {
      await changeLanguage(lang);
    } catch {
      // English bundle unavailable: stay in Thai
    }
  }
}

export function currentLanguage(): Language {
  return i18n.resolvedLanguage === 'en' ? 'en' : 'th';
}

export { i18n };
