import { KNOWN_INSURERS, type Coverage } from '@klaimor/contracts';
import type { TFunction } from 'i18next';

type Lang = 'th' | 'en';

/** The insurer as a Thai patient knows it; the directory's own name for unknown ones and in English. */
export function insurerName(insurer: string, lang: Lang): string {
  const known = KNOWN_INSURERS.find((i) => i.id === insurer);
  return known && lang === 'th' ? known.nameTh : insurer;
}

/** Whole baht with thousands separators: '8,000,000 บาท'. */
export function formatBaht(amount: number, t: TFunction<'coverage'>, lang: Lang): string {
  return t('baht', { amount: new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'th-TH').format(amount) });
}

/** The card's headline: the scheme's name, or the plan's. */
export function coverageName(coverage: Coverage, t: TFunction<'coverage'>, lang: Lang): string {
  if (coverage.kind === 'public') return coverage.scheme ? t(`schemes.${coverage.scheme}`) : t('sections.public');
  return coverage.planName ?? (coverage.insurer ? insurerName(coverage.insurer, lang) : t('sections.private'));
}
