import { z } from 'zod';
import { dataOf } from './envelope.js';
import { IsoDate, PastOrTodayDate, reasons } from './fields.js';

/**
 * Test results ("ผลตรวจ") of long-term care: what a clinician records for a visit, or later when the lab is back, and
 * releases to the patient when they choose (a result may be held to explain it first). Each test is coded in LOINC,
 * with its UCUM unit; each result keeps the reference range it was read against (the facility's, prefilled from the
 * common adult range below), so a later change of range does not rewrite what the patient was told.
 */

export const LOINC = 'http://loinc.org';
export const UCUM = 'http://unitsofmeasure.org';

/** The panels the clinician's form groups tests by. */
export const LabPanel = z.enum(['diabetes', 'lipids', 'kidney', 'vitals']);
export type LabPanel = z.infer<typeof LabPanel>;

export interface LabTest {
  /** LOINC code. */
  code: string;
  /** Short name, as Thai clinicians and patients say it (most are English abbreviations in Thai too). */
  nameTh: string;
  nameEn: string;
  panel: LabPanel;
  /** FHIR Observation.category: a laboratory test or a vital sign. */
  category: 'laboratory' | 'vital-signs';
  /** UCUM code (FHIR valueQuantity.code) and the unit as printed. */
  ucum: string;
  unit: string;
  /** Decimal places a value is written with. */
  decimals: number;
  /** The common adult reference range; null at an open end (HDL has no upper limit). */
  low: number | null;
  high: number | null;
  /** Values outside this are typing slips, not results: refused. */
  plausible: [number, number];
  /** Computed by the server from other results of the same sitting, never typed. */
  derived?: boolean;
}

const t = (test: LabTest) => test;

/**
 * Ranges: the Thai clinical practice guidelines for diabetes (2023), hypertension (2019, office BP below 140/90),
 * dyslipidaemia and CKD (KDIGO: eGFR 90 or more, urine albumin-creatinine ratio below 30 mg/g), and the Asian BMI
 * cut-offs the Thai guidelines use (18.5 to 22.9).
 */
export const LAB_TESTS: readonly LabTest[] = [
  t({
    code: '1558-6',
    nameTh: 'น้ำตาลในเลือดขณะอดอาหาร (FBS)',
    nameEn: 'Fasting blood sugar (FBS)',
    panel: 'diabetes',
    category: 'laboratory',
    ucum: 'mg/dL',
    unit: 'mg/dL',
    decimals: 0,
    low: 70,
    high: 99,
    plausible: [10, 1500],
  }),
  t({
    code: '4548-4',
    nameTh: 'น้ำตาลสะสม (HbA1c)',
    nameEn: 'HbA1c',
    panel: 'diabetes',
    category: 'laboratory',
    ucum: '%',
    unit: '%',
    decimals: 1,
    low: 4,
    high: 5.6,
    plausible: [2, 20],
  }),
  t({
    code: '2093-3',
    nameTh: 'คอเลสเตอรอลรวม',
    nameEn: 'Total cholesterol',
    panel: 'lipids',
    category: 'laboratory',
    ucum: 'mg/dL',
    unit: 'mg/dL',
    decimals: 0,
    low: null,
    high: 199,
    plausible: [30, 1500],
  }),
  t({
    code: '13457-7',
    nameTh: 'ไขมันแอลดีแอล (LDL)',
    nameEn: 'LDL cholesterol',
    panel: 'lipids',
    category: 'laboratory',
    ucum: 'mg/dL',
    unit: 'mg/dL',
    decimals: 0,
    low: null,
    high: 129,
    plausible: [5, 1000],
  }),
  t({
    code: '2085-9',
    nameTh: 'ไขมันเอชดีแอล (HDL)',
    nameEn: 'HDL cholesterol',
    panel: 'lipids',
    category: 'laboratory',
    ucum: 'mg/dL',
    unit: 'mg/dL',
    decimals: 0,
    low: 40,
    high: null,
    plausible: [5, 250],
  }),
  t({
    code: '2571-8',
    nameTh: 'ไตรกลีเซอไรด์',
    nameEn: 'Triglycerides',
    panel: 'lipids',
    category: 'laboratory',
    ucum: 'mg/dL',
    unit: 'mg/dL',
    decimals: 0,
    low: null,
    high: 149,
    plausible: [10, 10000],
  }),
  t({
    code: '2160-0',
    nameTh: 'ครีเอตินีน',
    nameEn: 'Creatinine',
    panel: 'kidney',
    category: 'laboratory',
    ucum: 'mg/dL',
    unit: 'mg/dL',
    decimals: 2,
    low: 0.6,
    high: 1.2,
    plausible: [0.1, 30],
  }),
  t({
    code: '98979-8',
    nameTh: 'อัตราการกรองของไต (eGFR)',
    nameEn: 'Kidney filtration (eGFR)',
    panel: 'kidney',
    category: 'laboratory',
    ucum: 'mL/min/{1.73_m2}',
    unit: 'mL/min/1.73m²',
    decimals: 0,
    low: 90,
    high: null,
    plausible: [1, 200],
    derived: true,
  }),
  t({
    code: '9318-7',
    nameTh: 'โปรตีนอัลบูมินในปัสสาวะ (UACR)',
    nameEn: 'Urine albumin (UACR)',
    panel: 'kidney',
    category: 'laboratory',
    ucum: 'mg/g',
    unit: 'mg/g',
    decimals: 0,
    low: null,
    high: 29,
    plausible: [0, 10000],
  }),
  t({
    code: '8480-6',
    nameTh: 'ความดันตัวบน',
    nameEn: 'Systolic blood pressure',
    panel: 'vitals',
    category: 'vital-signs',
    ucum: 'mm[Hg]',
    unit: 'mmHg',
    decimals: 0,
    low: 90,
    high: 139,
    plausible: [50, 300],
  }),
  t({
    code: '8462-4',
    nameTh: 'ความดันตัวล่าง',
    nameEn: 'Diastolic blood pressure',
    panel: 'vitals',
    category: 'vital-signs',
    ucum: 'mm[Hg]',
    unit: 'mmHg',
    decimals: 0,
    low: 60,
    high: 89,
    plausible: [20, 200],
  }),
  t({
    code: '29463-7',
    nameTh: 'น้ำหนัก',
    nameEn: 'Weight',
    panel: 'vitals',
    category: 'vital-signs',
    ucum: 'kg',
    unit: 'kg',
    decimals: 1,
    low: null,
    high: null,
    plausible: [1, 400],
  }),
  t({
    code: '8302-2',
    nameTh: 'ส่วนสูง',
    nameEn: 'Height',
    panel: 'vitals',
    category: 'vital-signs',
    ucum: 'cm',
    unit: 'cm',
    decimals: 0,
    low: null,
    high: null,
    plausible: [40, 250],
  }),
  t({
    code: '39156-5',
    nameTh: 'ดัชนีมวลกาย (BMI)',
    nameEn: 'Body mass index (BMI)',
    panel: 'vitals',
    category: 'vital-signs',
    ucum: 'kg/m2',
    unit: 'kg/m²',
    decimals: 1,
    low: 18.5,
    high: 22.9,
    plausible: [5, 100],
    derived: true,
  }),
];

export const LAB_TEST_CODES = LAB_TESTS.map((test) => test.code) as [string, ...string[]];
export const labTest = (code: string): LabTest | undefined => LAB_TESTS.find((test) => test.code === code);

export const LabTestCode = z.enum(LAB_TEST_CODES, { error: reasons.invalidChoice });

/** Below, within or above its reference range (FHIR interpretation L, N, H); null when the test has no range. */
export const ResultFlag = z.enum(['low', 'normal', 'high']);
export type ResultFlag = z.infer<typeof ResultFlag>;

export function flagOf(value: number, low: number | null, high: number | null): ResultFlag | null {
  if (low === null && high === null) return null;
  if (low !== null && value < low) return 'low';
  if (high !== null && value > high) return 'high';
  return 'normal';
}

const ResultValue = z.number({ error: reasons.invalidNumber }).finite({ error: reasons.invalidNumber });

/** One measured value; the range, when not given, is the facility's (LAB_TESTS' common one). */
export const ResultEntry = z
  .strictObject({
    code: LabTestCode,
    value: ResultValue,
    low: ResultValue.nullable().optional(),
    high: ResultValue.nullable().optional(),
  })
  .check((ctx) => {
    const { code, value, low, high } = ctx.value;
    const test = labTest(code);
    if (!test) return;
    const issue = (message: string, path: string) =>
      ctx.issues.push({ code: 'custom', message, path: [path], input: ctx.value });
    if (test.derived) issue(reasons.invalidChoice, 'code');
    else if (value < test.plausible[0] || value > test.plausible[1]) issue(reasons.outOfRange, 'value');
    if (low != null && high != null && low > high) issue(reasons.endBeforeStart, 'high');
  });
export type ResultEntry = z.output<typeof ResultEntry>;

/**
 * POST …/appointments/:id/results: the results of one sitting (the day the sample was taken or the measure made, not
 * before the visit), each test once. `release` gives them to the patient at once; otherwise they are held until
 * released. eGFR (CKD-EPI 2021, from creatinine, age and sex) and BMI (from weight and height) are computed.
 */
export const RecordResultsBody = z
  .strictObject({
    takenOn: PastOrTodayDate,
    results: z.array(ResultEntry).min(1, { error: reasons.required }).max(LAB_TESTS.length, { error: reasons.tooLong }),
    release: z.boolean({ error: reasons.invalidChoice }).default(false),
  })
  .refine((body) => new Set(body.results.map((r) => r.code)).size === body.results.length, {
    error: reasons.invalidChoice,
    path: ['results'],
  });
export type RecordResultsInput = z.input<typeof RecordResultsBody>;
export type RecordResultsBody = z.output<typeof RecordResultsBody>;

/** POST …/appointments/:id/results/release: gives the held results named (all of the visit's when none) to the patient. */
export const ReleaseResultsBody = z
  .strictObject({
    resultIds: z
      .array(z.uuid({ error: reasons.invalidChoice }))
      .max(100)
      .optional(),
  })
  .nullish();

export const LabResult = z.object({
  id: z.string(),
  code: z.string(),
  value: z.number(),
  unit: z.string(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  flag: ResultFlag.nullable(),
  takenOn: IsoDate,
  /** The visit it belongs to. */
  appointmentId: z.string(),
  facility: z.object({ id: z.string(), nameTh: z.string(), nameEn: z.string() }),
  /** When it was given to the patient; null while the clinician holds it (staff see held results, patients never). */
  releasedAt: z.string().nullable(),
  recordedAt: z.string(),
});
export type LabResult = z.infer<typeof LabResult>;

/** GET /api/results: the patient's released results, by test (in LAB_TESTS' order), each oldest first. */
export const ResultSeries = z.object({ code: z.string(), results: z.array(LabResult) });
export type ResultSeries = z.infer<typeof ResultSeries>;
export const ResultsReply = dataOf(ResultSeries);
/** Staff: the patient's results at this facility, held ones too, newest first. */
export const StaffResultsReply = dataOf(LabResult);

/**
 * eGFR by the CKD-EPI 2021 creatinine equation (Inker et al., NEJM 2021; no race term), mL/min/1.73m², from serum
 * creatinine in mg/dL, age in whole years and sex; null for a child (the equation is for adults) or when sex is not
 * recorded as female or male.
 */
export function egfrCkdEpi2021(creatinine: number, age: number, sex: string): number | null {
  if (age < 18 || (sex !== 'female' && sex !== 'male')) return null;
  const female = sex === 'female';
  const ratio = creatinine / (female ? 0.7 : 0.9);
  const alpha = female ? -0.241 : -0.302;
  return 142 * Math.min(ratio, 1) ** alpha * Math.max(ratio, 1) ** -1.2 * 0.9938 ** age * (female ? 1.012 : 1);
}

/** BMI, kg/m², from weight in kg and height in cm. */
export const bodyMassIndex = (weightKg: number, heightCm: number): number => weightKg / (heightCm / 100) ** 2;

/** A value rounded as its test is written (HbA1c 7.2, creatinine 1.05, LDL 131). */
export function roundedFor(code: string, value: number): number {
  const factor = 10 ** (labTest(code)?.decimals ?? 2);
  return Math.round(value * factor) / factor;
}
