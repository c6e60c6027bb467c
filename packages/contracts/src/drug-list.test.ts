import { describe, expect, it } from 'vitest';
import { AtcCode, DRUG_LIST } from './drug-list.js';
import { MedicationForm } from './medications.js';
import { PrescriptionBody } from './staff-appointments.js';

describe('the drug list', () => {
  it('codes every drug in ATC, names it in Thai too, and lists each product once', () => {
    for (const drug of DRUG_LIST) {
      expect(AtcCode.safeParse(drug.atc).success, drug.name).toBe(true);
      expect(MedicationForm.safeParse(drug.form).success, drug.name).toBe(true);
      expect(drug.th).toMatch(/[\u0E00-\u0E7F]/);
    }
    const products = DRUG_LIST.map((drug) => `${drug.atc} ${drug.strength} ${drug.form}`);
    expect(new Set(products).size).toBe(products.length);
  });

  it("lets a prescription name a listed drug's code, and refuses a code that is not listed", () => {
    const prescription = { drug: 'Amlodipine', strength: '5 mg', doses: { afterBreakfast: 1 }, days: 30 };
    expect(PrescriptionBody.safeParse({ ...prescription, atcCode: 'C08CA01' }).success).toBe(true);
    expect(PrescriptionBody.safeParse({ ...prescription, atcCode: null }).success).toBe(true);
    // Paracetamol's code on amlodipine.
    for (const atcCode of ['Z99ZZ99', 'amlodipine', 'C08CA1', 'N02BE01']) {
      const issues = PrescriptionBody.safeParse({ ...prescription, atcCode }).error?.issues;
      expect(
        issues?.map((i) => [i.path.join('.'), i.message]),
        atcCode,
      ).toEqual([['atcCode', 'invalid_choice']]);
    }
  });
});
