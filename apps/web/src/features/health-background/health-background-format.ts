import { COMMON_CONDITIONS, type Condition } from '@klaimor/contracts';
import type { Language } from '../../i18n/language';

export type CommonCondition = (typeof COMMON_CONDITIONS)[number];

const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** The common condition a name is, in either language ("ความดันโลหิตสูง", "high blood pressure"); undefined if none. */
export function commonConditionNamed(name: string): CommonCondition | undefined {
  return COMMON_CONDITIONS.find((c) => same(c.th, name) || same(c.en, name));
}

/**
 * A condition's name in the reader's language when it is one of the common ones as the list names it (saved in Thai,
 * read in English); a name written any other way (a clinician's own words) is shown as written.
 */
export function conditionName(condition: Pick<Condition, 'name' | 'icd10'>, lang: Language): string {
  const common = commonConditionNamed(condition.name);
  return common && common.icd10 === condition.icd10 ? common[lang] : condition.name;
}

/** Whether a common condition is what the patient is looking for: by its name in either language, or its code. */
export function conditionMatches(choice: CommonCondition, typed: string): boolean {
  const words = typed.trim().toLocaleLowerCase();
  return (
    words === '' ||
    choice.th.includes(words) ||
    choice.en.toLocaleLowerCase().includes(words) ||
    choice.icd10.toLocaleLowerCase().startsWith(words)
  );
}
