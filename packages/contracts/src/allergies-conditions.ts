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
 * Drug groups whose members one allergy covers: an allergy to "penicillin" stands against amoxicillin too. Each group is
 * named by words (generic and common brand names, as prescribers write them, and as Thai patients write them) and by
 * stems of its members' generic names.
 */
interface DrugGroup {
  words: readonly string[];
  /** A word of the name starting or ending so is of the group: "…cillin", "cef…". */
  prefixes?: readonly string[];
  suffixes?: readonly string[];
}

const DRUG_GROUPS: readonly DrugGroup[] = [
  {
    words: [
      'penicillin',
      'penicilin',
      'augmentin',
      'tazocin',
      'เพนิซิลลิน',
      'เพนนิซิลลิน',
      'เพนิซิลิน',
      'เพนนิซิลิน',
      'อะม็อกซี',
      'อะมอกซี',
    ],
    suffixes: ['cillin', 'cilin'],
  },
  {
    words: ['sulfa', 'sulpha', 'sulfonamide', 'sulfonamides', 'sulphonamide', 'cotrimoxazole', 'bactrim', 'ซัลฟา'],
    prefixes: ['sulfameth', 'sulfadi', 'sulfasal', 'sulphameth'],
  },
  {
    words: [
      'nsaid',
      'nsaids',
      'ibuprofen',
      'naproxen',
      'diclofenac',
      'mefenamic',
      'piroxicam',
      'meloxicam',
      'celecoxib',
      'etoricoxib',
      'indomethacin',
      'ketorolac',
      'aspirin',
      'เอ็นเสด',
      'ไอบูโพรเฟน',
      'แอสไพริน',
      'ยาแก้อักเสบชนิดไม่ใช่สเตียรอยด์',
    ],
  },
  { words: ['cephalosporin', 'cephalosporins', 'เซฟาโลสปอริน'], prefixes: ['cef', 'ceph'] },
];

/** Thai is written without spaces between words: a Thai name is matched anywhere in the other, a Latin one by words. */
const THAI = /[\u0E00-\u0E7F]/;

/** The words of a name, lower-cased: "Amoxicillin/Clavulanic acid (Augmentin)" → amoxicillin, clavulanic, acid, augmentin. */
const wordsOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/co-trimoxazole/g, 'cotrimoxazole')
    .split(/[\s\-./()+,]+/)
    .filter(Boolean);

/** Whether one of a name's words is this word, or (Thai) holds it. */
const hasWord = (words: readonly string[], word: string) =>
  words.some((w) => w === word || (THAI.test(word) && w.includes(word)));

const groupsOf = (name: string) => {
  const words = wordsOf(name);
  return DRUG_GROUPS.filter(
    (group) =>
      group.words.some((member) => hasWord(words, member)) ||
      words.some(
        (w) =>
          !THAI.test(w) &&
          (group.prefixes?.some((prefix) => w.startsWith(prefix)) ||
            group.suffixes?.some((suffix) => w.endsWith(suffix))),
      ),
  );
};

/** Words that name a salt, a form or nothing of a drug's own: "ferrous sulfate" and "morphine sulfate" share no drug. */
const NOT_A_DRUG = new Set([
  'sulfate',
  'sulphate',
  'hydrochloride',
  'hcl',
  'sodium',
  'potassium',
  'calcium',
  'acid',
  'and',
  'with',
  'allergy',
  'allergic',
  'tablet',
  'tablets',
  'capsule',
  'cream',
  'syrup',
  'injection',
  'drops',
  'forte',
]);

/** The words that say which drug: three letters at least, no salt or form word, no strength ("500", "mg"). */
const drugWordsOf = (name: string) =>
  wordsOf(name).filter((w) => w.length >= 3 && !NOT_A_DRUG.has(w) && !/\d/.test(w) && !/^(mg|mcg|ml|iu)$/.test(w));

/**
 * Whether a drug as written falls under a substance a patient is allergic to: a word of the substance is a word of the
 * drug (a Thai name found within the other, since Thai runs words together; "sulfa" is not "ferrous sulfate"), or both
 * are of one drug group.
 */
export function drugMatchesAllergy(drug: string, substance: string): boolean {
  const drugWords = drugWordsOf(drug);
  const substanceWords = drugWordsOf(substance);
  if (drugWords.length === 0 || substanceWords.length === 0) return false;
  if (substanceWords.some((w) => hasWord(drugWords, w))) return true;
  const groups = groupsOf(substance);
  return groups.length > 0 && groupsOf(drug).some((group) => groups.includes(group));
}

/** The patient's medication allergies a drug falls under: any makes the prescription need an override with a reason. */
export function allergyConflicts<A extends Pick<Allergy, 'substance' | 'category'>>(
  drug: string,
  allergies: readonly A[],
): A[] {
  return allergies.filter((a) => a.category === 'medication' && drugMatchesAllergy(drug, a.substance));
}
