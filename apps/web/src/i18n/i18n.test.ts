import { describe, expect, it } from 'vitest';
import signup from '../features/signup/locales/th.json';
import { addFeatureTexts, changeLanguage, featureTextsReady, i18n } from '.';
import '../features/booking/booking.texts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

/**
 * English counts with plural forms (`key_one`, `key_other`, as i18next names them) where Thai has one text (`key`):
 * the forms of one key stand for Thai's key, each with its placeholders.
 */
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;
function byThaiKey(english: Map<string, string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [key, text] of english) {
    const base = key.replace(PLURAL_FORM, '');
    out.set(base, [...(out.get(base) ?? []), text]);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

// Every namespace: the shared texts and each feature's own, Thai beside English.
const catalogues = import.meta.glob<Tree>(['./locales/*.json', './*/locales/*.json', '../features/**/locales/*.json'], {
  eager: true,
  import: 'default',
});
const namespaces = [...new Set(Object.keys(catalogues).map((file) => file.replace(/[a-z]+\.json$/, '')))];

describe.each(namespaces)('translations in %s', (folder) => {
  const thKeys = leaves(catalogues[`${folder}th.json`]);
  const enTexts = leaves(catalogues[`${folder}en.json`] ?? {});
  const enKeys = byThaiKey(enTexts);

  it('English has exactly the keys of Thai (the source of truth)', () => {
    const missingInEn = [...thKeys.keys()].filter((k) => !enKeys.has(k));
    const extraInEn = [...enKeys.keys()].filter((k) => !thKeys.has(k));
    expect(thKeys.size).toBeGreaterThan(0);
    expect(missingInEn).toEqual([]);
    expect(extraInEn).toEqual([]);
  });

  it('uses the same {{placeholders}} in both languages', () => {
    const differing = [...thKeys].filter(([key, text]) =>
      (enKeys.get(key) ?? ['']).some((english) => placeholders(text).join() !== placeholders(english).join()),
    );
    expect(differing.map(([key]) => key)).toEqual([]);
  });

  it('has no empty texts', () => {
    const empty = [...thKeys, ...enTexts].filter(([key, text]) => text.trim() === '' && !key.endsWith('.separator'));
    expect(empty).toEqual([]);
  });
});

describe('translations', () => {
  it('finds the shared texts and the feature namespaces', () => {
    expect(namespaces).toEqual(
      expect.arrayContaining(['./locales/', '../features/booking/locales/', '../features/seek/locales/']),
    );
  });

  it('keeps the spec wording of the consent warning', () => {
    expect(signup.consent.warning).toBe('โปรดยอมรับข้อตกลงการใช้งานและนโยบายความเป็นส่วนตัว');
  });

  it('starts in Thai and loads English on demand', async () => {
    expect(i18n.t('app.name')).toBe('ใกล้หมอ');
    await changeLanguage('en');
    expect(i18n.t('app.name')).toBe('KlaiMor');
    expect(localStorage.getItem('klaimor.lang')).toBe('en');
    await changeLanguage('th');
    expect(i18n.t('nav.myHealth')).toBe('สุขภาพของฉัน');
  });

  it("loads a feature's English texts with the language, and falls back to the shared ones", async () => {
    expect(i18n.t('submit', { ns: 'booking' })).toBe('ส่งข้อมูล');
    expect(i18n.t('common.retry', { ns: 'booking' })).toBe(i18n.t('common.retry'));
    await changeLanguage('en');
    expect(i18n.t('submit', { ns: 'booking' })).toBe('Submit');
    await changeLanguage('th');
  });

  it("lets a page that comes with its feature's texts wait for their English, so an English reader sees no Thai", async () => {
    await changeLanguage('en');
    let arrive!: () => void;
    const english = new Promise<{ default: Record<string, unknown> }>((resolve) => {
      arrive = () => resolve({ default: { terms: { title: 'Terms of use' } } });
    });
    // As a lazily loaded page's texts module does, English already chosen.
    addFeatureTexts('legal', { terms: { title: 'ข้อตกลงการใช้งาน' } }, () => english);
    let ready = false;
    const waiting = featureTextsReady().then(() => (ready = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ready).toBe(false);
    arrive();
    await waiting;
    expect(i18n.t('terms.title', { ns: 'legal' })).toBe('Terms of use');
    await changeLanguage('th');
  });
});
