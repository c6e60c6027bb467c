import { describe, expect, it } from 'vitest';
import {
  AllergyBody,
  COMMON_CONDITIONS,
  ConditionBody,
  allergyConflicts,
  drugMatchesAllergy,
} from './allergies-conditions.js';
import { Icd10Code } from './fields.js';

describe('drugMatchesAllergy', () => {
  it.each([
    ['Amoxicillin', 'penicillin'],
    ['amoxicillin/clavulanate (Augmentin)', 'เพนิซิลลิน'],
    ['Dicloxacillin 250 mg', 'Penicillin G'],
    ['Co-trimoxazole', 'ซัลฟา'],
    ['Bactrim forte', 'sulfonamides'],
    ['Ibuprofen', 'NSAIDs'],
    ['แอสไพริน 81', 'aspirin'],
    ['Cefalexin', 'cephalosporin'],
    ['Allopurinol 100 mg', 'allopurinol'],
    ['คาร์บามาซีพีน', 'คาร์บามาซีพีน'],
    ['Sulfasalazine', 'sulfa'],
    ['Piperacillin/tazobactam', 'Penicilin'],
    ['Ceftazidime', 'cephalosporins'],
    ['Celecoxib', 'NSAID'],
    ['Allopurinol', 'allopurinol (rash)'],
    ['Amoxicillin', 'เพนนิซิลิน'],
  ])('%s falls under an allergy to %s', (drug, substance) => {
    expect(drugMatchesAllergy(drug, substance)).toBe(true);
  });

  it.each([
    ['Paracetamol', 'penicillin'],
    ['Azithromycin', 'เพนิซิลลิน'],
    ['Cefalexin', 'penicillin'],
    ['Metformin', 'NSAIDs'],
    ['ยา', 'ยาแก้ปวด'],
    // A salt's name is not a drug's: sulfate is not sulfa.
    ['Ferrous sulfate', 'Bactrim'],
    ['Salbutamol sulfate', 'Co-trimoxazole'],
    ['Morphine sulfate', 'Sulfa'],
    ['Fluticasone nasal spray', 'ASA'],
    ['Metformin 500 mg', 'Glipizide 5 mg'],
  ])('%s does not fall under an allergy to %s', (drug, substance) => {
    expect(drugMatchesAllergy(drug, substance)).toBe(false);
  });

  it('checks only medication allergies', () => {
    const allergies = [
      { substance: 'amoxicillin', category: 'food' as const },
      { substance: 'penicillin', category: 'medication' as const },
    ];
    expect(allergyConflicts('Amoxicillin', allergies)).toEqual([allergies[1]]);
  });
});

describe('the bodies', () => {
  it('keeps an ICD-10 code upper-cased and every common condition codes validly', () => {
    expect(ConditionBody.parse({ name: 'เบาหวาน', icd10: ' e11.9 ' }).icd10).toBe('E11.9');
    for (const c of COMMON_CONDITIONS) expect(Icd10Code.safeParse(c.icd10).success, c.icd10).toBe(true);
  });

  it('asks an allergy for its substance, kind and severity', () => {
    const issues = AllergyBody.safeParse({}).error?.issues.map((i) => i.path.join('.'));
    expect(issues).toEqual(['substance', 'category', 'severity']);
  });
});
