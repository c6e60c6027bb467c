import {
  ALLERGY_OVERRIDE_EXTENSION,
  ATC_SYSTEM,
  COURSE_OF_THERAPY_SYSTEM,
  DRUG_FORM_SYSTEM,
  type FhirDosage,
  FhirMedicationRequestInput,
  type FixedDoseTime,
  type MedicationForm,
  PrescriptionBody,
  type PrescriptionInput,
  UCUM_SYSTEM,
  todayInBangkok,
} from '@klaimor/contracts';
import type { Dosage, MedicationRequest } from '@medplum/fhirtypes';
import type { z } from 'zod';
import { AppError } from '../../../errors.js';
import type { AllergiesConditionsService } from '../../allergies-conditions/allergies-conditions.service.js';
import { allergyOverrides } from '../../consultations/allergy-check.js';
import { documentIdentifier } from '../../my-data/fhir-export.js';
import { FhirError, type FhirIssue, expectResourceType, fhirError, invalidResource } from '../fhir-http.js';
import { type FhirResourceDefinition, type SystemAtFacility, isOwnId } from '../fhir-resources.js';
import { Refusal, conditionalOn, createOnce } from '../fhir-store.js';
import type { MedicationRequestRepository, MedicationRequestView } from './medication-request.repository.js';

/*
 * A FHIR MedicationRequest is a prescription made at a visit the hospital's system recorded (its Encounter): it joins
 * the patient's medicines and their daily checklist exactly as a clinician's prescription does (from today, for the
 * days of supply, the units dispensed as the stock the checklist counts down), and a drug the patient is recorded as
 * allergic to needs the prescriber's reason, as at the staff screen.
 *
 * The dose plan is the app's (units at breakfast, lunch, dinner and bedtime, before or after the meals; or every N
 * hours from a first time; or as needed), read from dosageInstruction:
 * - timing.repeat.when: PCM, PCD, PCV (after breakfast, lunch, dinner; CM, CD, CV with the meal count as after), ACM,
 *   ACD, ACV (before the meal), PC, C and AC (the three meals), HS (bedtime); one dosageInstruction per amount, so two
 *   tablets at bedtime and one after breakfast are two. A plan is before or after meals, not both.
 * - timing.repeat frequency 1, period 4, 6, 8 or 12, periodUnit h, timeOfDay the first dose: every N hours.
 * - asNeededBoolean or asNeededCodeableConcept (text: when), with maxDosePerPeriod n per 1 d: as needed.
 * doseAndRate.doseQuantity.value is the whole units each time, its code (HL7 orderable drug form: TAB, CAP, …; UCUM
 * mL) the form; dispenseRequest.expectedSupplyDuration (d) the days; courseOfTherapyType continuous a long-term
 * medicine (the patient may ask for a refill); patientInstruction (or text) what the patient reads.
 */

const TYPE = 'MedicationRequest';

type MealTiming = 'before' | 'after';
const MEALS: FixedDoseTime[] = ['afterBreakfast', 'afterLunch', 'afterDinner'];
const WHEN: Record<string, { times: FixedDoseTime[]; timing: MealTiming | null }> = {
  AC: { times: MEALS, timing: 'before' },
  ACM: { times: ['afterBreakfast'], timing: 'before' },
  ACD: { times: ['afterLunch'], timing: 'before' },
  ACV: { times: ['afterDinner'], timing: 'before' },
  C: { times: MEALS, timing: 'after' },
  CM: { times: ['afterBreakfast'], timing: 'after' },
  CD: { times: ['afterLunch'], timing: 'after' },
  CV: { times: ['afterDinner'], timing: 'after' },
  PC: { times: MEALS, timing: 'after' },
  PCM: { times: ['afterBreakfast'], timing: 'after' },
  PCD: { times: ['afterLunch'], timing: 'after' },
  PCV: { times: ['afterDinner'], timing: 'after' },
  HS: { times: ['beforeBed'], timing: null },
};
/** The code each time is written back as. */
const WHEN_OF: Record<FixedDoseTime, Record<MealTiming, string>> = {
  afterBreakfast: { after: 'PCM', before: 'ACM' },
  afterLunch: { after: 'PCD', before: 'ACD' },
  afterDinner: { after: 'PCV', before: 'ACV' },
  beforeBed: { after: 'HS', before: 'HS' },
};

/** HL7's orderable drug forms (and UCUM's mL) as the app's forms; TAB when no code is given, as the staff form. */
const FORMS: Record<string, MedicationForm> = {
  TAB: 'tablet',
  CAP: 'capsule',
  mL: 'liquid',
  SOL: 'liquid',
  ORSOL: 'liquid',
  SUSP: 'liquid',
  ORSUSP: 'liquid',
  SYRUP: 'liquid',
  INJ: 'injection',
  INJSOL: 'injection',
  INHL: 'inhaler',
  INHLSOL: 'inhaler',
  DROP: 'drops',
  OPDROP: 'drops',
  OTDROP: 'drops',
  CRM: 'topical',
  OINT: 'topical',
  GEL: 'topical',
  LTN: 'topical',
};
const FORM_CODES: Record<MedicationForm, { code: string; system: string; unit: string }> = {
  tablet: { code: 'TAB', system: DRUG_FORM_SYSTEM, unit: 'tablet' },
  capsule: { code: 'CAP', system: DRUG_FORM_SYSTEM, unit: 'capsule' },
  liquid: { code: 'mL', system: UCUM_SYSTEM, unit: 'mL' },
  injection: { code: 'INJ', system: DRUG_FORM_SYSTEM, unit: 'injection' },
  inhaler: { code: 'INHL', system: DRUG_FORM_SYSTEM, unit: 'puff' },
  drops: { code: 'DROP', system: DRUG_FORM_SYSTEM, unit: 'drop' },
  topical: { code: 'CRM', system: DRUG_FORM_SYSTEM, unit: 'application' },
  other: { code: 'other', system: DRUG_FORM_SYSTEM, unit: 'unit' },
};

const refused = (reason: string, diagnostics: string, expression: string) =>
  fhirError(400, 'value', reason, diagnostics, `${TYPE}.${expression}`);

/** The dose plan of the dosage instructions, as the staff form's prescription fields. */
function dosePlanOf(
  dosages: readonly FhirDosage[],
): Pick<PrescriptionInput, 'doses' | 'mealTiming' | 'intervalDose' | 'asNeeded'> {
  const amountOf = (d: FhirDosage) => d.doseAndRate[0]!.doseQuantity.value;
  const asNeeded = dosages.filter((d) => d.asNeededBoolean || d.asNeededCodeableConcept);
  if (asNeeded.length) {
    if (dosages.length > 1) {
      throw refused('mixed_dose_kinds', 'ยาที่ใช้เมื่อมีอาการมี dosageInstruction ได้รายการเดียว', 'dosageInstruction');
    }
    const [d] = asNeeded;
    if (!d!.maxDosePerPeriod) {
      throw fhirError(
        400,
        'required',
        'required',
        'ยาที่ใช้เมื่อมีอาการต้องระบุ maxDosePerPeriod (ครั้งต่อวัน)',
        `${TYPE}.dosageInstruction[0].maxDosePerPeriod`,
      );
    }
    return {
      asNeeded: {
        amount: amountOf(d!),
        maxPerDay: d!.maxDosePerPeriod.numerator.value,
        reason: d!.asNeededCodeableConcept?.text ?? null,
      },
    };
  }
  const doses: Record<FixedDoseTime, number> = { afterBreakfast: 0, afterLunch: 0, afterDinner: 0, beforeBed: 0 };
  const timings = new Set<MealTiming>();
  let intervalDose: PrescriptionInput['intervalDose'] = null;
  dosages.forEach((d, i) => {
    const repeat = d.timing?.repeat;
    if (repeat?.when) {
      for (const code of repeat.when) {
        const { times, timing } = WHEN[code]!;
        if (timing) timings.add(timing);
        for (const time of times) {
          if (doses[time] > 0) {
            throw refused('duplicate_dose_time', 'เวลาเดียวกันระบุซ้ำในหลายรายการ', `dosageInstruction[${i}].timing`);
          }
          doses[time] = amountOf(d);
        }
      }
    } else if (repeat?.periodUnit === 'h' && repeat.timeOfDay && (repeat.frequency ?? 1) === 1) {
      if (intervalDose || dosages.length > 1) {
        throw refused('mixed_dose_kinds', 'ยาทุก N ชั่วโมงมี dosageInstruction ได้รายการเดียว', 'dosageInstruction');
      }
      intervalDose = {
        everyHours: repeat.period as 4,
        firstTime: repeat.timeOfDay[0]!.slice(0, 5),
        amount: amountOf(d),
      };
    } else {
      throw fhirError(
        400,
        'required',
        'required',
        'ระบุเวลาใช้ยา: timing.repeat.when (PCM, ACM, HS, …), ทุก N ชั่วโมง (period, periodUnit h, timeOfDay) หรือ asNeeded',
        `${TYPE}.dosageInstruction[${i}].timing`,
      );
    }
  });
  if (timings.size > 1) {
    throw refused('mixed_meal_timing', 'ยาหนึ่งรายการกินก่อนอาหารหรือหลังอาหารอย่างใดอย่างหนึ่ง', 'dosageInstruction');
  }
  return { doses, mealTiming: timings.has('before') ? 'before' : 'after', intervalDose };
}

function formOf(dosages: readonly FhirDosage[]): MedicationForm {
  const code = dosages[0]!.doseAndRate[0]!.doseQuantity.code;
  return code === undefined ? 'tablet' : (FORMS[code] ?? 'other');
}

/** Where a prescription field is in the FHIR body, for a refusal of the staff form's own rules. */
const ELEMENT_OF: Record<string, string> = {
  drug: 'medicationCodeableConcept.text',
  atcCode: 'medicationCodeableConcept.coding',
  days: 'dispenseRequest.expectedSupplyDuration.value',
  instructions: 'dosageInstruction[0].patientInstruction',
  allergyOverrideReason: 'extension',
};

function prescriptionRefused(error: z.ZodError): FhirError {
  return new FhirError(
    400,
    error.issues.slice(0, 20).map((issue): FhirIssue => {
      const element = ELEMENT_OF[String(issue.path[0])] ?? 'dosageInstruction';
      const reason = issue.code === 'custom' || /^[a-z_]+$/.test(issue.message) ? issue.message : 'invalid_choice';
      return {
        code: 'value',
        reason,
        diagnostics: `${TYPE}.${element}: ${reason}`,
        expression: `${TYPE}.${element}`,
      };
    }),
  );
}

export interface MedicationRequestValues {
  identifier: { system: string; value: string } | null;
  encounterId: string;
  prescription: PrescriptionBody;
}

/** The body as the prescription the staff form would make, held to the same rules (PrescriptionBody). */
export function medicationRequestValuesOf(body: unknown): MedicationRequestValues {
  expectResourceType(TYPE, body);
  const parsed = FhirMedicationRequestInput.safeParse(body, { reportInput: true });
  if (!parsed.success) throw invalidResource(TYPE, parsed.error);
  const input = parsed.data;
  const dosage = input.dosageInstruction;
  const prescription = PrescriptionBody.safeParse({
    drug: input.medicationCodeableConcept.text,
    atcCode: input.medicationCodeableConcept.coding?.[0]?.code ?? null,
    strength: null,
    form: formOf(dosage),
    ...dosePlanOf(dosage),
    days: input.dispenseRequest.expectedSupplyDuration.value,
    longTerm: input.courseOfTherapyType?.coding[0]?.code === 'continuous',
    instructions: dosage[0]!.patientInstruction ?? dosage[0]!.text ?? null,
    ...(input.extension?.[0] && { allergyOverrideReason: input.extension[0].valueString }),
  } satisfies PrescriptionInput);
  if (!prescription.success) throw prescriptionRefused(prescription.error);
  const encounterId = input.encounter.reference.slice('Encounter/'.length);
  return { identifier: input.identifier?.[0] ?? null, encounterId, prescription: prescription.data };
}

/* ------------------------------------------------------------------ the prescription as FHIR */

function dosagesOf(row: MedicationRequestView): Dosage[] {
  const form = FORM_CODES[row.form as MedicationForm] ?? FORM_CODES.other;
  const instruction = row.instructions ? { patientInstruction: row.instructions } : {};
  const dose = (value: number) => [{ doseQuantity: { value, ...form } }];
  if (row.asNeededAmount !== null) {
    return [
      {
        ...instruction,
        ...(row.asNeededReason ? { asNeededCodeableConcept: { text: row.asNeededReason } } : { asNeededBoolean: true }),
        doseAndRate: dose(row.asNeededAmount),
        maxDosePerPeriod: {
          numerator: { value: row.asNeededMaxPerDay! },
          denominator: { value: 1, unit: 'day', system: UCUM_SYSTEM, code: 'd' },
        },
      },
    ];
  }
  if (row.intervalHours !== null) {
    return [
      {
        ...instruction,
        timing: {
          repeat: {
            frequency: 1,
            period: row.intervalHours,
            periodUnit: 'h',
            timeOfDay: [`${row.intervalFirstTime}:00`],
          },
        },
        doseAndRate: dose(row.intervalAmount!),
      },
    ];
  }
  // One dosage per amount, its times in the day's order.
  const byAmount = new Map<number, string[]>();
  for (const time of ['afterBreakfast', 'afterLunch', 'afterDinner', 'beforeBed'] as const) {
    const amount = row[time];
    if (amount > 0)
      byAmount.set(amount, [...(byAmount.get(amount) ?? []), WHEN_OF[time][row.mealTiming as MealTiming]]);
  }
  return [...byAmount].map(([amount, when]) => ({
    ...instruction,
    timing: { repeat: { when, frequency: 1, period: 1, periodUnit: 'd' } },
    doseAndRate: dose(amount),
  })) as Dosage[];
}

function statusOf(row: MedicationRequestView): MedicationRequest['status'] {
  if (row.recordStatus === 'entered_in_error') return 'entered-in-error';
  if (row.recordStatus === 'amended' || row.stoppedAt) return 'stopped';
  if (row.endDate && row.endDate < todayInBangkok()) return 'completed';
  return 'active';
}

export function toFhirMedicationRequest(row: MedicationRequestView): MedicationRequest {
  const days = row.endDate ? (Date.parse(row.endDate) - Date.parse(row.startDate)) / 86_400_000 + 1 : null;
  return {
    resourceType: TYPE,
    id: row.id,
    meta: { versionId: String(row.version), lastUpdated: row.updatedAt.toISOString() },
    ...(row.identifierSystem &&
      row.identifierValue && { identifier: [{ system: row.identifierSystem, value: row.identifierValue }] }),
    status: statusOf(row),
    intent: 'order',
    medicationCodeableConcept: {
      text: row.name,
      ...(row.atcCode && { coding: [{ system: ATC_SYSTEM, code: row.atcCode }] }),
    },
    subject: {
      type: 'Patient',
      identifier: documentIdentifier({
        id_type: row.patient.idType as 'thai_id',
        thai_id: row.patient.thaiId,
        passport_number: row.patient.passportNumber,
        nationality: row.patient.nationality,
      }),
    },
    encounter: { reference: `Encounter/${row.encounterId}` },
    authoredOn: row.createdAt.toISOString(),
    courseOfTherapyType: {
      coding: [{ system: COURSE_OF_THERAPY_SYSTEM, code: row.longTerm ? 'continuous' : 'acute' }],
    },
    dosageInstruction: dosagesOf(row),
    dispenseRequest: {
      ...(row.endDate && { validityPeriod: { start: row.startDate, end: row.endDate } }),
      ...(days !== null && {
        expectedSupplyDuration: { value: days, unit: 'days', system: UCUM_SYSTEM, code: 'd' },
      }),
    },
  };
}

/* ------------------------------------------------------------------ the resource */

const allergyOverrideRequired = () =>
  fhirError(
    422,
    'business-rule',
    'allergy_override_required',
    'ผู้ป่วยมีประวัติแพ้ยานี้ การสั่งยาต้องระบุเหตุผลของแพทย์ในส่วนขยาย ' +
      `${ALLERGY_OVERRIDE_EXTENSION} (valueString อย่างน้อย 10 ตัวอักษร) ซึ่งผู้ป่วยจะเห็น`,
    `${TYPE}.extension`,
  );

export interface MedicationRequestResourceDeps {
  prescriptions: MedicationRequestRepository;
  allergies: AllergiesConditionsService['allergies'];
}

export function medicationRequestResource({
  prescriptions,
  allergies,
}: MedicationRequestResourceDeps): FhirResourceDefinition<MedicationRequest> {
  return {
    type: TYPE,
    documentation:
      "A prescription made at a visit this facility's system recorded (encounter: Encounter/<id>; the patient is the " +
      "visit's, in care today): it joins the patient's medicines and daily checklist from today for " +
      'dispenseRequest.expectedSupplyDuration days. status active, intent order, medicationCodeableConcept.text the ' +
      `name the patient reads (coding ${ATC_SYSTEM} when a drug of the app's list). dosageInstruction: timing.repeat.when ` +
      'PCM/PCD/PCV (after meals), ACM/ACD/ACV (before), PC/AC/C (the three meals), HS (bedtime), one dosageInstruction ' +
      'per amount; or every 4, 6, 8 or 12 hours (period, periodUnit h, timeOfDay the first dose); or asNeeded with ' +
      'maxDosePerPeriod n per 1 d. doseAndRate.doseQuantity: whole units, its code the form (TAB, CAP, mL, …). ' +
      `courseOfTherapyType continuous: long-term. A drug the patient is allergic to needs ${ALLERGY_OVERRIDE_EXTENSION} ` +
      '(422 allergy_override_required otherwise). If-None-Exist on the identifier makes a resend answer the one made.',
    searchParams: [],
    conditionalCreate: true,
    interactions: {
      async read(system: SystemAtFacility, id: string) {
        const row = await prescriptions.one(system.facilityId, id);
        return row && toFhirMedicationRequest(row);
      },

      async create(system, body, ifNoneExist) {
        const values = medicationRequestValuesOf(body);
        const conditional = conditionalOn(TYPE, values.identifier, ifNoneExist);
        return createOnce(TYPE, conditional, {
          existing: () => prescriptions.byIdentifier(system.facilityId, values.identifier!),
          toFhir: toFhirMedicationRequest,
          async make() {
            if (!isOwnId(values.encounterId)) throw new Refusal('encounter_not_found');
            const userId = await prescriptions.patientOfVisit(system.facilityId, values.encounterId);
            const overrides = refusingAllergies(await allergies(userId), values.prescription);
            return prescriptions.create(
              system,
              values.encounterId,
              values.identifier,
              values.prescription,
              overrides,
              conditional,
            );
          },
        });
      },
    },
  };
}

/** The allergies the drug overrides, with the prescriber's reason; a drug over one without a reason is refused (422). */
function refusingAllergies(known: Parameters<typeof allergyOverrides>[0], prescription: PrescriptionBody) {
  try {
    return allergyOverrides(known, [prescription], () => 'allergyOverrideReason');
  } catch (error) {
    if (error instanceof AppError && error.status === 400) throw allergyOverrideRequired();
    throw error;
  }
}
