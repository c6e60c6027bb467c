import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import enMedications from '../features/medications/locales/en.json';
import thMedications from '../features/medications/locales/th.json';
import { formatUnits } from '../features/medications/medications-format';

const englishTexts = import.meta.glob<{ default: unknown }>('../**/locales/en.json', { eager: true });

function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  return [];
}

describe('English texts', () => {
  it('write counted words with plural forms, never "(s)"', () => {
    const hedged = Object.entries(englishTexts).flatMap(([file, texts]) =>
      strings(texts.default)
        .filter(([, text]) => /\w\((s|es)\)/.test(text))
        .map(([key]) => `${file}: ${key}`),
    );
    expect(Object.keys(englishTexts).length).toBeGreaterThan(5);
    expect(hedged).toEqual([]);
  });

  it('say "1 tablet" and "2 tablets", while Thai keeps one form', async () => {
    const i18n = createInstance();
    await i18n.init({
      lng: 'en',
      resources: { en: { medications: enMedications }, th: { medications: thMedications } },
    });
    const t = i18n.getFixedT('en', 'medications');
    expect(formatUnits(1, 'tablet', t)).toBe('1 tablet');
    expect(formatUnits(2, 'tablet', t)).toBe('2 tablets');
    expect(formatUnits(0.5, 'tablet', t)).toBe('0.5 tablets');
    expect(t('summary.remaining', { count: 1 })).toBe('1 dose left');
    expect(t('checklist.panelCount', { count: 3 })).toBe('3 medicines');
    const th = i18n.getFixedT('th', 'medications');
    expect(formatUnits(2, 'tablet', th)).toBe('2 เม็ด');
  });
});
