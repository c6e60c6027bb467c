import type { Allergy, AllergyBody, Condition, ConditionBody, HealthBackground, RecordedBy } from '@klaimor/contracts';
import { AppError } from '../../errors.js';
import type {
  AllergiesConditionsRepository,
  ClinicianAuthor,
  EntryRemover,
} from './allergies-conditions.repository.js';

const entryNotFound = () => new AppError(404, 'not_found', 'ไม่พบรายการนี้');
const removalRefused = (remover: EntryRemover) =>
  remover.by === 'patient'
    ? new AppError(
        409,
        'recorded_by_clinician',
        'รายการนี้แพทย์ของโรงพยาบาลเป็นผู้บันทึก ลบเองไม่ได้ หากไม่ถูกต้อง กรุณาแจ้งโรงพยาบาลที่บันทึก',
      )
    : new AppError(409, 'recorded_elsewhere', 'รายการนี้บันทึกโดยผู้ป่วยหรือสถานพยาบาลอื่น ลบได้เฉพาะผู้ที่บันทึก');

type Authored = {
  clinician: string | null;
  facility: { id: string; nameTh: string; nameEn: string } | null;
};

function recordedBy({ clinician, facility }: Authored): RecordedBy {
  return clinician !== null && facility !== null ? { by: 'clinician', clinician, facility } : { by: 'patient' };
}

/** The patient's allergies and long-term conditions: theirs to write, and a clinician's in care. */
export function createAllergiesConditionsService(repo: AllergiesConditionsRepository) {
  async function allergies(userId: string): Promise<Allergy[]> {
    return (await repo.allergiesOf(userId)).map(({ allergy, ...by }) => ({
      id: allergy.id,
      substance: allergy.substance,
      category: allergy.category as Allergy['category'],
      reaction: allergy.reaction,
      severity: allergy.severity as Allergy['severity'],
      recordedBy: recordedBy(by),
      recordedAt: allergy.createdAt.toISOString(),
    }));
  }

  async function conditions(userId: string): Promise<Condition[]> {
    return (await repo.conditionsOf(userId)).map(({ condition, ...by }) => ({
      id: condition.id,
      name: condition.name,
      icd10: condition.icd10,
      recordedBy: recordedBy(by),
      recordedAt: condition.createdAt.toISOString(),
    }));
  }

  async function removed(outcome: Promise<'removed' | 'forbidden' | 'missing'>, remover: EntryRemover) {
    const result = await outcome;
    if (result === 'missing') throw entryNotFound();
    if (result === 'forbidden') throw removalRefused(remover);
  }

  return {
    allergies,
    async background(userId: string): Promise<HealthBackground> {
      const [a, c] = await Promise.all([allergies(userId), conditions(userId)]);
      return { allergies: a, conditions: c };
    },
    /** Adds an allergy (a clinician's when `by` is given); returns its id. */
    addAllergy: (userId: string, body: AllergyBody, by: ClinicianAuthor | null = null) =>
      repo.addAllergy(userId, body, by),
    addCondition: (userId: string, body: ConditionBody, by: ClinicianAuthor | null = null) =>
      repo.addCondition(userId, body, by),
    removeAllergy: (userId: string, id: string, remover: EntryRemover) =>
      removed(repo.removeAllergy(userId, id, remover), remover),
    removeCondition: (userId: string, id: string, remover: EntryRemover) =>
      removed(repo.removeCondition(userId, id, remover), remover),
  };
}
export type AllergiesConditionsService = ReturnType<typeof createAllergiesConditionsService>;
