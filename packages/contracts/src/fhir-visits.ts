import { z } from 'zod';
import { isRealIsoDate } from './dates.js';
import { reasons } from './fields.js';
import { FhirId, FhirIdentifier, FhirMeta, fhirString } from './fhir-scheduling.js';
import { THAI_CID_SYSTEM } from './fhir-systems.js';

/*
 * What a hospital's own system may send to the FHIR API (R4) of a visit it saw: the Encounter (what the clinician
 * found, advice and follow-up) and its MedicationRequests (the prescriptions). Only the elements the app keeps, in
 * FHIR's JSON shape; anything else is refused by name. The patient is named by the booking (the Appointment) or by
 * the Thai ID with the birth date, never by a name.
 */

/** The clinician's advice to the patient at the end of the visit, in Thai, shown in their history. */
export const VISIT_ADVICE_EXTENSION = 'https://klaimor.app/fhir/StructureDefinition/visit-advice';
/** The day the patient should come back (after today). */
export const FOLLOW_UP_EXTENSION = 'https://klaimor.app/fhir/StructureDefinition/follow-up-date';
/** Why a drug is prescribed although the patient is recorded as allergic to it (at least 10 letters). */
export const ALLERGY_OVERRIDE_EXTENSION = 'https://klaimor.app/fhir/StructureDefinition/allergy-override-reason';
/** ICD-10 (WHO) as FHIR names it. */
export const ICD10_SYSTEM = 'http://hl7.org/fhir/sid/icd-10';
/** WHO ATC, the code of a drug of the app's list. */
export const ATC_SYSTEM = 'http://www.whocc.no/atc';
/** HL7's orderable drug forms (TAB, CAP, …): what a dose is counted in. */
export const DRUG_FORM_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v3-orderableDrugForm';
export const COURSE_OF_THERAPY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/medicationrequest-course-of-therapy';
export const UCUM_SYSTEM = 'http://unitsofmeasure.org';

const FhirDate = z.string({ error: reasons.required }).refine(isRealIsoDate, { error: reasons.invalidDate });
const Coding = z.strictObject({
  system: fhirString(200).optional(),
  code: fhirString(100).optional(),
  display: fhirString(200).optional(),
});
const identifiers = z.array(FhirIdentifier, { error: reasons.invalidChoice }).max(1, { error: reasons.tooLong });

/** A reference to a resource of this API by its id (`Encounter/<id>`). */
const referenceTo = (type: string) =>
  z.string({ error: reasons.required }).regex(new RegExp(`^${type}/[A-Za-z0-9\\-.]{1,64}$`), {
    error: reasons.invalidReference,
  });

/* ------------------------------------------------------------------ Encounter */

/** The patient, when named by their Thai ID and birth date (both must match the app's record). */
const ContainedPatient = z.strictObject({
  resourceType: z.literal('Patient'),
  id: FhirId,
  identifier: z
    .array(
      z.strictObject({
        system: z.literal(THAI_CID_SYSTEM, { error: reasons.invalidChoice }),
        value: z.string({ error: reasons.required }).regex(/^\d{13}$/, { error: reasons.invalidThaiId }),
      }),
      { error: reasons.required },
    )
    .length(1, { error: reasons.required }),
  birthDate: FhirDate,
});

/** What the clinician found: words the patient reads (code.text), with the ICD-10 code when given. */
const ContainedCondition = z.strictObject({
  resourceType: z.literal('Condition'),
  id: FhirId,
  code: z.strictObject({
    text: fhirString(1000),
    coding: z
      .array(
        z.strictObject({
          system: z.literal(ICD10_SYSTEM, { error: reasons.invalidChoice }),
          code: fhirString(10),
          display: fhirString(200).optional(),
        }),
      )
      .max(1, { error: reasons.tooLong })
      .optional(),
  }),
  subject: z.strictObject({ reference: z.string().max(80) }).optional(),
});

const Contained = z.discriminatedUnion('resourceType', [ContainedPatient, ContainedCondition], {
  error: reasons.invalidChoice,
});

const AdviceExtension = z.strictObject({ url: z.literal(VISIT_ADVICE_EXTENSION), valueString: fhirString(2000) });
const FollowUpExtension = z.strictObject({ url: z.literal(FOLLOW_UP_EXTENSION), valueDate: FhirDate });
const EncounterExtension = z.discriminatedUnion('url', [AdviceExtension, FollowUpExtension], {
  error: reasons.invalidChoice,
});

/** The booking: `Appointment/<id>`, or the booking reference the patient shows. */
const AppointmentRef = z.strictObject({
  reference: referenceTo('Appointment').optional(),
  identifier: FhirIdentifier.optional(),
  display: fhirString(200).optional(),
});

/** The visit of a booked patient, recorded as the clinician's staff screen records it. */
export const FhirEncounterInput = z
  .strictObject({
    resourceType: z.literal('Encounter', { error: reasons.invalidChoice }),
    id: FhirId.optional(),
    meta: FhirMeta.optional(),
    identifier: identifiers.optional(),
    contained: z.array(Contained).max(2, { error: reasons.tooLong }).optional(),
    /** A visit is sent once it is over: what the patient reads is what was found. */
    status: z.literal('finished', { error: reasons.invalidChoice }),
    class: Coding,
    subject: z
      .strictObject({ reference: z.string().max(80).optional(), display: fhirString(200).optional() })
      .optional(),
    appointment: z.array(AppointmentRef).max(1, { error: reasons.tooLong }).optional(),
    period: z.strictObject({ start: z.string().max(40).optional(), end: z.string().max(40).optional() }).optional(),
    diagnosis: z
      .array(
        z.strictObject({
          condition: z.strictObject({ reference: z.string().regex(/^#[A-Za-z0-9\-.]{1,64}$/) }),
          rank: z.number().int().min(1).optional(),
        }),
        { error: reasons.required },
      )
      .length(1, { error: reasons.required }),
    extension: z.array(EncounterExtension).max(2, { error: reasons.tooLong }).optional(),
  })
  .superRefine((encounter, ctx) => {
    const contained = encounter.contained ?? [];
    const ref = encounter.diagnosis[0]?.condition.reference.slice(1);
    if (!contained.some((c) => c.resourceType === 'Condition' && c.id === ref)) {
      ctx.addIssue({ code: 'custom', message: reasons.invalidReference, path: ['diagnosis', 0, 'condition'] });
    }
    const patients = contained.filter((c) => c.resourceType === 'Patient');
    const booking = encounter.appointment?.[0];
    if (patients.length > 1) ctx.addIssue({ code: 'custom', message: reasons.tooLong, path: ['contained'] });
    // The patient is named one way: by the booking, or by the Thai ID and birth date (a contained Patient as subject).
    if (!booking && patients.length === 0) {
      ctx.addIssue({ code: 'custom', message: reasons.required, path: ['appointment'] });
    }
    if (booking && !booking.reference === !booking.identifier) {
      ctx.addIssue({ code: 'custom', message: reasons.invalidReference, path: ['appointment', 0] });
    }
    if (patients.length === 1 && encounter.subject?.reference !== `#${patients[0]!.id}`) {
      ctx.addIssue({ code: 'custom', message: reasons.invalidReference, path: ['subject'] });
    }
    const urls = (encounter.extension ?? []).map((e) => e.url);
    if (new Set(urls).size !== urls.length)
      ctx.addIssue({ code: 'custom', message: reasons.tooLong, path: ['extension'] });
  });
export type FhirEncounterInput = z.infer<typeof FhirEncounterInput>;

/* ------------------------------------------------------------------ MedicationRequest */

/** FHIR's event timings the app's meal and bedtime doses are (before, with and after each meal; bedtime). */
export const MEAL_WHEN_CODES = [
  'AC',
  'ACM',
  'ACD',
  'ACV',
  'C',
  'CM',
  'CD',
  'CV',
  'PC',
  'PCM',
  'PCD',
  'PCV',
  'HS',
] as const;

const Quantity = z.strictObject({
  value: z.number({ error: reasons.required }),
  unit: fhirString(50).optional(),
  system: fhirString(200).optional(),
  code: fhirString(50).optional(),
});

const Dosage = z.strictObject({
  sequence: z.number().int().optional(),
  text: fhirString(500).optional(),
  patientInstruction: fhirString(500).optional(),
  timing: z
    .strictObject({
      repeat: z.strictObject({
        when: z
          .array(z.enum(MEAL_WHEN_CODES, { error: reasons.invalidChoice }))
          .min(1)
          .optional(),
        frequency: z.number().int().optional(),
        period: z.number().optional(),
        periodUnit: z.enum(['h', 'd'], { error: reasons.invalidChoice }).optional(),
        timeOfDay: z
          .array(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:00)?$/, { error: reasons.invalidTime }))
          .length(1, { error: reasons.tooLong })
          .optional(),
      }),
    })
    .optional(),
  asNeededBoolean: z.boolean().optional(),
  asNeededCodeableConcept: z.strictObject({ text: fhirString(100) }).optional(),
  doseAndRate: z
    .array(z.strictObject({ doseQuantity: Quantity }), { error: reasons.required })
    .length(1, { error: reasons.required }),
  /** An as-needed medicine's most a day: numerator `value` per denominator 1 `d`. */
  maxDosePerPeriod: z
    .strictObject({
      numerator: z.strictObject({ value: z.number({ error: reasons.required }), unit: z.string().max(50).optional() }),
      denominator: z.strictObject({
        value: z.literal(1, { error: reasons.invalidChoice }),
        unit: z.string().max(50).optional(),
        system: z.literal(UCUM_SYSTEM).optional(),
        code: z.literal('d', { error: reasons.invalidChoice }),
      }),
    })
    .optional(),
});
export type FhirDosage = z.infer<typeof Dosage>;

/** The patient as a system names them beside a visit it already named them by: not read (the visit's patient is it). */
const PatientSubject = z
  .strictObject({
    reference: z.string().max(80).optional(),
    type: z.literal('Patient').optional(),
    identifier: z
      .strictObject({
        use: z.enum(['official', 'usual', 'secondary']).optional(),
        type: z
          .strictObject({ coding: z.array(Coding).max(3).optional(), text: fhirString(200).optional() })
          .optional(),
        system: fhirString(200),
        value: fhirString(200),
      })
      .optional(),
    display: fhirString(200).optional(),
  })
  .optional();

/** A prescription made at the visit (the Encounter), as the clinician's own prescription is made. */
export const FhirMedicationRequestInput = z.strictObject({
  resourceType: z.literal('MedicationRequest', { error: reasons.invalidChoice }),
  id: FhirId.optional(),
  meta: FhirMeta.optional(),
  identifier: identifiers.optional(),
  status: z.literal('active', { error: reasons.invalidChoice }),
  intent: z.literal('order', { error: reasons.invalidChoice }),
  medicationCodeableConcept: z.strictObject({
    text: fhirString(120),
    coding: z
      .array(
        z.strictObject({
          system: z.literal(ATC_SYSTEM, { error: reasons.invalidChoice }),
          code: fhirString(10),
          display: fhirString(200).optional(),
        }),
      )
      .max(1, { error: reasons.tooLong })
      .optional(),
  }),
  /** The visit's patient is the prescription's: any subject given is not read for it. */
  subject: PatientSubject,
  encounter: z.strictObject({ reference: referenceTo('Encounter') }),
  /** The server's (when it was stored): what a system read may be sent back with it. */
  authoredOn: z.string().max(40).optional(),
  courseOfTherapyType: z
    .strictObject({
      coding: z
        .array(
          z.strictObject({
            system: z.literal(COURSE_OF_THERAPY_SYSTEM, { error: reasons.invalidChoice }),
            code: z.enum(['acute', 'continuous'], { error: reasons.invalidChoice }),
          }),
        )
        .length(1),
    })
    .optional(),
  dosageInstruction: z.array(Dosage, { error: reasons.required }).min(1, { error: reasons.required }).max(5),
  dispenseRequest: z.strictObject({
    expectedSupplyDuration: z.strictObject({
      value: z.number({ error: reasons.required }),
      unit: z.string().optional(),
      system: z.literal(UCUM_SYSTEM).optional(),
      code: z.literal('d', { error: reasons.invalidChoice }),
    }),
    quantity: Quantity.optional(),
    /** The server's (the days the doses are due): what a system read may be sent back with it. */
    validityPeriod: z.strictObject({ start: z.string().max(40), end: z.string().max(40) }).optional(),
  }),
  extension: z
    .array(z.strictObject({ url: z.literal(ALLERGY_OVERRIDE_EXTENSION), valueString: fhirString(500) }))
    .max(1, { error: reasons.tooLong })
    .optional(),
});
export type FhirMedicationRequestInput = z.infer<typeof FhirMedicationRequestInput>;

/* ------------------------------------------------------------------ Observation */

/** FHIR `dateTime` to the day at least: a date, or a time with its zone. */
const FhirDateTime = z
  .string({ error: reasons.required })
  .regex(/^\d{4}-\d{2}-\d{2}(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-](0\d|1[0-4]):[0-5]\d))?$/, {
    error: reasons.invalidDateTime,
  })
  .refine((v) => isRealIsoDate(v.slice(0, 10)) && !Number.isNaN(Date.parse(v)), { error: reasons.invalidDateTime });

const RangeEnd = z.strictObject({
  value: z.number({ error: reasons.required }),
  unit: fhirString(50).optional(),
  system: z.literal(UCUM_SYSTEM, { error: reasons.invalidChoice }).optional(),
  code: fhirString(50).optional(),
});

/**
 * One result of a visit (a laboratory value or a vital sign), as the clinician's results form records it: a LOINC test
 * of the app's catalogue, its value in the test's UCUM unit, the range it was read against, the day it was taken.
 * `final` gives it to the patient at once; `preliminary` holds it for the clinician to release.
 */
export const FhirObservationInput = z.strictObject({
  resourceType: z.literal('Observation', { error: reasons.invalidChoice }),
  id: FhirId.optional(),
  meta: FhirMeta.optional(),
  identifier: identifiers.optional(),
  status: z.enum(['final', 'preliminary'], { error: reasons.invalidChoice }),
  category: z
    .array(z.strictObject({ coding: z.array(Coding).max(3).optional(), text: fhirString(100).optional() }))
    .max(2, { error: reasons.tooLong })
    .optional(),
  code: z.strictObject({
    coding: z
      .array(
        z.strictObject({
          system: z.literal('http://loinc.org', { error: reasons.invalidChoice }),
          code: fhirString(20),
          display: fhirString(200).optional(),
        }),
        { error: reasons.required },
      )
      .length(1, { error: reasons.required }),
    text: fhirString(200).optional(),
  }),
  subject: PatientSubject,
  encounter: z.strictObject({ reference: referenceTo('Encounter') }),
  effectiveDateTime: FhirDateTime,
  /** The server's (when it was stored): what a system read may be sent back with it. */
  issued: z.string().max(40).optional(),
  valueQuantity: z.strictObject({
    value: z.number({ error: reasons.required }),
    unit: fhirString(50).optional(),
    system: z.literal(UCUM_SYSTEM, { error: reasons.invalidChoice }),
    code: fhirString(50),
  }),
  referenceRange: z
    .array(z.strictObject({ low: RangeEnd.optional(), high: RangeEnd.optional(), text: fhirString(200).optional() }))
    .max(1, { error: reasons.tooLong })
    .optional(),
});
export type FhirObservationInput = z.infer<typeof FhirObservationInput>;

/* ------------------------------------------------------------------ DiagnosticReport */

/**
 * A report grouping results of one visit the system sent as Observations (`result`: `Observation/<id>`, each of that
 * visit): `final` gives the held ones to the patient, who is told once, as a clinician's release does.
 */
export const FhirDiagnosticReportInput = z.strictObject({
  resourceType: z.literal('DiagnosticReport', { error: reasons.invalidChoice }),
  id: FhirId.optional(),
  meta: FhirMeta.optional(),
  identifier: identifiers.optional(),
  status: z.enum(['final', 'preliminary'], { error: reasons.invalidChoice }),
  category: z
    .array(z.strictObject({ coding: z.array(Coding).max(3).optional(), text: fhirString(100).optional() }))
    .max(2, { error: reasons.tooLong })
    .optional(),
  code: z.strictObject({
    text: fhirString(200),
    coding: z
      .array(
        z.strictObject({
          system: z.literal('http://loinc.org', { error: reasons.invalidChoice }),
          code: fhirString(20),
          display: fhirString(200).optional(),
        }),
      )
      .max(1, { error: reasons.tooLong })
      .optional(),
  }),
  subject: PatientSubject,
  encounter: z.strictObject({ reference: referenceTo('Encounter') }),
  effectiveDateTime: FhirDateTime.optional(),
  /** The server's (when it was stored): what a system read may be sent back with it. */
  issued: z.string().max(40).optional(),
  result: z
    .array(z.strictObject({ reference: referenceTo('Observation') }), { error: reasons.required })
    .min(1, { error: reasons.required })
    .max(30, { error: reasons.tooLong }),
  conclusion: fhirString(2000).optional(),
});
export type FhirDiagnosticReportInput = z.infer<typeof FhirDiagnosticReportInput>;
