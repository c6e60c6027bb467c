import { z } from 'zod';
import { dataOf } from './envelope.js';
import { Icd10Code, optionalText, reasons, requiredText } from './fields.js';

/**
 * What prescribing safely needs to know of a patient ("ประวัติแพ้ยาและโรคประจำตัว"): the substances they react to and
 * their long-term conditions. The patient writes them, and so does a clinician in care; an entry a clinician wrote is
 * theirs to remove, not the patient's.
 */

/** What kind of substance (FHIR AllergyIntolerance.category); only a medication allergy is checked against a drug. */
export const AllergyCategory = z.enum(['medication', 'food', 'environment'], { error: reasons.invalidChoice });
export type AllergyCategory = z.infer<typeof AllergyCategory>;

/** How bad the reaction was (FHIR AllergyIntolerance.reaction.severity). */
export const AllergySeverity = z.enum(['mild', 'moderate', 'severe'], { error: reasons.invalidChoice });
export type AllergySeverity = z.infer<typeof AllergySeverity>;

/** POST /api/allergies (the patient) and …/appointments/:id/allergies (a clinician in care). */
export const AllergyBody = z.strictObject({
  /** The drug or drug group, food or thing, as the patient or the clinician names it: "เพนิซิลลิน", "กุ้ง". */
  substance: requiredText(120),
  category: AllergyCategory,
  /** What happened: "ผื่นขึ้นทั้งตัว", "หายใจไม่ออก". */
  reaction: optionalText(200),
  severity: AllergySeverity,
});
export type AllergyInput = z.input<typeof AllergyBody>;
export type AllergyBody = z.output<typeof AllergyBody>;

/** POST /api/conditions and …/appointments/:id/conditions: a condition from COMMON_CONDITIONS, or in words (no code). */
export const ConditionBody = z.strictObject({
  name: requiredText(120),
  icd10: Icd10Code.nullable().optional(),
});
export type ConditionInput = z.input<typeof ConditionBody>;
export type ConditionBody = z.output<typeof ConditionBody>;

/** Who wrote an entry: the patient (or a caregiver for them), or a clinician of a facility (named for the patient). */
export const RecordedBy = z.discriminatedUnion('by', [
  z.object({ by: z.literal('patient') }),
  z.object({
    by: z.literal('clinician'),
    clinician: z.string(),
    facility: z.object({ id: z.string(), nameTh: z.string(), nameEn: z.string() }),
  }),
]);
export type RecordedBy = z.infer<typeof RecordedBy>;

export const Allergy = z.object({
  id: z.string(),
  substance: z.string(),
  category: AllergyCategory,
  reaction: z.string().nullable(),
  severity: AllergySeverity,
  recordedBy: RecordedBy,
  recordedAt: z.string(),
});
export type Allergy = z.infer<typeof Allergy>;

export const Condition = z.object({
  id: z.string(),
  name: z.string(),
  icd10: z.string().nullable(),
  recordedBy: RecordedBy,
  recordedAt: z.string(),
});
export type Condition = z.infer<typeof Condition>;

/** GET /api/health-background: allergies (severe first) and conditions, each in the order recorded. */
export const HealthBackground = z.object({ allergies: z.array(Allergy), conditions: z.array(Condition) });
export type HealthBackground = z.infer<typeof HealthBackground>;
export const HealthBackgroundReply = dataOf(HealthBackground);

/**
 * The long-term conditions most Thai patients carry, with their WHO ICD-10 codes, offered as choices so that a patient
 * who does not know a code still records a coded condition. Anything else is written in words.
 */
export const COMMON_CONDITIONS = [
  { icd10: 'E11', th: 'เบาหวานชนิดที่ 2', en: 'Type 2 diabetes' },
  { icd10: 'E10', th: 'เบาหวานชนิดที่ 1', en: 'Type 1 diabetes' },
  { icd10: 'I10', th: 'ความดันโลหิตสูง', en: 'High blood pressure' },
  { icd10: 'E78.5', th: 'ไขมันในเลือดสูง', en: 'High blood cholesterol' },
  { icd10: 'N18', th: 'โรคไตเรื้อรัง', en: 'Chronic kidney disease' },
  { icd10: 'I25', th: 'โรคหัวใจขาดเลือด', en: 'Coronary heart disease' },
  { icd10: 'I50', th: 'ภาวะหัวใจล้มเหลว', en: 'Heart failure' },
  { icd10: 'I48', th: 'หัวใจเต้นผิดจังหวะ (AF)', en: 'Atrial fibrillation' },
  { icd10: 'I64', th: 'โรคหลอดเลือดสมอง (อัมพฤกษ์ อัมพาต)', en: 'Stroke' },
  { icd10: 'J45', th: 'โรคหอบหืด', en: 'Asthma' },
  { icd10: 'J44', th: 'โรคปอดอุดกั้นเรื้อรัง', en: 'COPD' },
  { icd10: 'M10', th: 'โรคเกาต์', en: 'Gout' },
  { icd10: 'D56', th: 'โรคธาลัสซีเมีย', en: 'Thalassaemia' },
  { icd10: 'B18', th: 'ไวรัสตับอักเสบเรื้อรัง', en: 'Chronic viral hepatitis' },
  { icd10: 'E03.9', th: 'ไทรอยด์ทำงานต่ำ', en: 'Underactive thyroid' },
  { icd10: 'E05', th: 'ไทรอยด์เป็นพิษ', en: 'Overactive thyroid' },
  { icd10: 'G40', th: 'โรคลมชัก', en: 'Epilepsy' },
  { icd10: 'G20', th: 'โรคพาร์กินสัน', en: "Parkinson's disease" },
  { icd10: 'F03', th: 'ภาวะสมองเสื่อม', en: 'Dementia' },
  { icd10: 'F32', th: 'โรคซึมเศร้า', en: 'Depression' },
  { icd10: 'M17', th: 'ข้อเข่าเสื่อม', en: 'Knee osteoarthritis' },
  { icd10: 'M81', th: 'โรคกระดูกพรุน', en: 'Osteoporosis' },
] as const;

/**
 * Drug groups whose members one allergy covers: an allergy to "penicillin" stands against amoxicillin too. Names as
 * prescribers write them in English (generic and common brand) and as Thai patients write them.
 */
const DRUG_GROUPS: readonly (readonly string[])[] = [
  [
    'penicillin',
    'amoxicillin',
    'amoxycillin',
    'ampicillin',
    'cloxacillin',
    'dicloxacillin',
    'flucloxacillin',
    'piperacillin',
    'augmentin',
    'เพนิซิลลิน',
    'เพนนิซิลลิน',
    'อะม็อกซีซิลลิน',
    'อะมอกซีซิลลิน',
    'อะม็อกซี่',
  ],
  ['sulfa', 'sulfonamide', 'sulfamethoxazole', 'cotrimoxazole', 'bactrim', 'ซัลฟา'],
  [
    'nsaid',
    'nsaids',
    'ibuprofen',
    'naproxen',
    'diclofenac',
    'mefenamic',
    'piroxicam',
    'aspirin',
    'เอ็นเสด',
    'ไอบูโพรเฟน',
    'แอสไพริน',
    'ยาแก้อักเสบชนิดไม่ใช่สเตียรอยด์',
  ],
  ['cephalosporin', 'cephalexin', 'cefalexin', 'cefazolin', 'ceftriaxone', 'cefuroxime', 'cefixime', 'cefdinir'],
];

/** Lower case, without spaces, dashes, dots or slashes: "Co-trimoxazole" and "cotrimoxazole" are one name. */
const squash = (name: string) => name.toLowerCase().replace(/[\s\-./()]+/g, '');

/** The groups a name belongs to: it names the group, or one of its members, somewhere in it. */
const groupsOf = (name: string) => DRUG_GROUPS.filter((group) => group.some((member) => name.includes(member)));

/** Whether a drug as written falls under a substance a patient is allergic to (by name, or by drug group). */
export function drugMatchesAllergy(drug: string, substance: string): boolean {
  const d = squash(drug);
  const s = squash(substance);
  if (s.length < 3 || d.length < 3) return false;
  if (d.includes(s) || s.includes(d)) return true;
  const groups = groupsOf(s);
  return groups.length > 0 && groupsOf(d).some((group) => groups.includes(group));
}

/** The patient's medication allergies a drug falls under: any makes the prescription need an override with a reason. */
export function allergyConflicts<A extends Pick<Allergy, 'substance' | 'category'>>(
  drug: string,
  allergies: readonly A[],
): A[] {
  return allergies.filter((a) => a.category === 'medication' && drugMatchesAllergy(drug, a.substance));
}
