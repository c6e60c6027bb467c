import i18n, { type Resources } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { appLanguage, LANGUAGE_STORAGE_KEY as STORAGE_KEY, LANGUAGES, type Language } from './language';
import th from './locales/th.json';

export { LANGUAGES, type Language };

function storedLanguage(): Language {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'en' ? 'en' : 'th';
  } catch {
    return 'th';
  }
}

// Thai is the source of truth: the shared texts ship in the main bundle, each feature's texts in
// that feature's own chunk. English is fetched only for someone who reads it.
void i18n.use(initReactI18next).init({
  resources: { th: { translation: th } },
  lng: 'th',
  fallbackLng: 'th',
  supportedLngs: LANGUAGES,
  defaultNS: 'translation',
  fallbackNS: 'translation',
  initAsync: false,
  interpolation: { escapeValue: false },
  // 'added': a page re-renders when English texts arrive after it was drawn.
  react: { useSuspense: false, bindI18nStore: 'added' },
});

type Texts = Record<string, unknown>;
type LoadTexts = () => Promise<{ default: Texts }>;

const englishLoaders = new Map<string, LoadTexts>([['translation', () => import('./locales/en.json')]]);

async function loadEnglish(ns: string): Promise<void> {
  if (i18n.hasResourceBundle('en', ns)) return;
  const en = await englishLoaders.get(ns)!();
  i18n.addResourceBundle('en', ns, en.default, true, true);
}

async function ensureBundle(lang: Language): Promise<void> {
  if (lang === 'en') await Promise.all([...englishLoaders.keys()].map(loadEnglish));
}

/** English texts of features registered while English was on, not yet in. */
const englishOnTheWay = new Set<Promise<void>>();

/**
 * Registers a feature's texts under its own namespace. Call it at the top of the feature's
 * `*.texts.ts` module, so the Thai texts travel in the feature's chunk, not in the first screen's.
 */
export function addFeatureTexts(ns: Exclude<keyof Resources, 'translation'>, thai: Texts, loadEn: LoadTexts): void {
  if (englishLoaders.has(ns)) return;
  englishLoaders.set(ns, loadEn);
  // Silently: the Thai texts come with the feature's code, before anything shows them. Announced, they would re-render
  // every component that translates, and during hydration React would then drop the prerendered page, with what the
  // patient had already typed into it (e2e/prerendered-typing.spec.ts).
  i18n.addResourceBundle('th', ns, thai, false, false, { silent: true });
  if (i18n.language === 'en') {
    const loaded = loadEnglish(ns)
      .catch(() => undefined)
      .finally(() => englishOnTheWay.delete(loaded));
    englishOnTheWay.add(loaded);
  }
}

/**
 * Resolves once the English texts of every feature registered so far are in (at once in Thai): a lazily loaded page
 * waits for it, so that an English reader never sees it drawn in Thai first (routes.tsx).
 */
export async function featureTextsReady(): Promise<void> {
  await Promise.all([...englishOnTheWay]);
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
  return appLanguage(i18n);
}

export { i18n };
