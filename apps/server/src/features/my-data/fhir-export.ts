import { createHash } from 'node:crypto';
import {
  type Allergy,
  type Appointment,
  type AppointmentStatus,
  type CareBasis,
  type CareLinkStatus,
  type CareRelationship,
  type CareScopes,
  CARE_SCOPES,
  type Coverage,
  type FhirBundle,
  type FixedDoseTime,
  type HealthBackground,
  type HomeReading,
  type RecordedBy,
  type HealthScheme,
  type Medication,
  type PatientConsent,
  type SymptomNote,
  type UserProfile,
  type Visit,
  FIXED_DOSE_TIMES,
  type MealTiming,
  type LabResult,
  type ResultFlag,
  type ResultSeries,
  type Thread,
  labTest,
  THAI_CID_SYSTEM,
  THAI_HCODE_SYSTEM,
} from '@klaimor/contracts';
import type {
  AllergyIntolerance,
  Communication,
  DiagnosticReport,
  Appointment as FhirAppointment,
  Bundle,
  BundleEntry,
  CodeableConcept,
  Condition,
  Consent,
  Coverage as FhirCoverage,
  Dosage,
  Encounter,
  Identifier,
  MedicationRequest,
  MedicationStatement,
  Observation,
  Organization,
  Patient,
  RelatedPerson,
  Resource,
} from '@medplum/fhirtypes';

/**
 * Everything the app holds about a patient as a FHIR R4 Bundle of type `collection`, the format a
 * hospital system or another app can read. Pure: the caller gathers the records.
 * Each resource's fullUrl is `urn:uuid:<id>`; references between them use those URLs.
 */

export interface PatientRecords {
  profile: UserProfile;
  /** Every consent to the terms and privacy notice, oldest first. */
  consents: PatientConsent[];
  coverage: Coverage[];
  visits: Visit[];
  medications: Medication[];
  symptomNotes: SymptomNote[];
  /** Blood pressure, glucose and weight measured at home, oldest first. */
  homeReadings: HomeReading[];
  /** Allergies and long-term conditions. */
  healthBackground: HealthBackground;
  /** Test results released to the patient, by test. */
  results: ResultSeries[];
  /** Messages with care teams, each thread with its photos' JPEGs by id. */
  messages: { thread: Thread; photos: ReadonlyMap<string, Buffer> }[];
  appointments: Appointment[];
  /** Family care: every grant about the patient (any status), oldest first. */
  careGrants: CareGrantRecord[];
  /** The directory's facilities the records name (appointments, visits, prescriptions), as the directory has them. */
  facilities: FacilityRecord[];
}

export interface FacilityRecord {
  id: string;
  nameTh: string;
  mophCode: string | null;
  /** Its code and facts come from the MOPH registry, which the export credits. */
  fromRegistry: boolean;
}

export interface CareGrantRecord {
  id: string;
  caregiver: { id: string; firstname: string; lastname: string };
  relationship: CareRelationship;
  basis: CareBasis;
  status: CareLinkStatus;
  scopes: CareScopes;
  createdAt: string;
  revokedAt: string | null;
}

const LOINC = 'http://loinc.org';
const ICD10 = 'http://hl7.org/fhir/sid/icd-10';
const UCUM = 'http://unitsofmeasure.org';
const BANGKOK_OFFSET = '+07:00';
/** Where a registry facility's facts come from: the MOPH Health Data Center's facility registry. */
const REGISTRY_SOURCE = {
  uri: 'urn:klaimor:source:moph-hdc-facility-registry',
  credit: 'ทะเบียนสถานพยาบาล ศูนย์ข้อมูลสุขภาพ (HDC) กระทรวงสาธารณสุข',
};

const ref = (id: string) => `urn:uuid:${id}`;

/** A stable UUID for a resource made from another record (a screening's Encounter from its appointment). */
export function derivedUuid(kind: string, id: string): string {
  const hex = createHash('sha256').update(`${kind}:${id}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const text = (value: string): CodeableConcept => ({ text: value });
const loinc = (code: string, display: string): CodeableConcept => ({
  coding: [{ system: LOINC, code, display }],
  text: display,
});

/** A date and optional HH:MM in Thailand as a FHIR dateTime. */
const dateTime = (date: string, time: string | null) => (time ? `${date}T${time}:00${BANGKOK_OFFSET}` : date);

const organizationId = (facilityId: string) => derivedUuid('organization', facilityId);

/** A facility the records name, with its MOPH code and, for the registry's, the registry as its source. */
function organization(f: FacilityRecord): Organization {
  return {
    resourceType: 'Organization',
    id: organizationId(f.id),
    ...(f.fromRegistry && {
      meta: {
        source: REGISTRY_SOURCE.uri,
        tag: [{ system: 'urn:klaimor:source', code: 'moph-hdc-facility-registry', display: REGISTRY_SOURCE.credit }],
      },
    }),
    ...(f.mophCode && { identifier: [{ use: 'official' as const, system: THAI_HCODE_SYSTEM, value: f.mophCode }] }),
    name: f.nameTh,
  };
}

/** A reference to the facility's Organization when the export has it, else its name only. */
const facilityRef = (known: ReadonlySet<string>, id: string | null, display: string) =>
  id !== null && known.has(id) ? { reference: ref(organizationId(id)), display } : { display };

const IDENTIFIER_TYPES = 'http://terminology.hl7.org/CodeSystem/v2-0203';

/**
 * The registered document. A Thai's or a foreigner's 13-digit number is one number space of the civil registry (the
 * MOPH's 43 files keep both in CID), so both keep TH Core's system; the type's text says which card it is. A passport
 * is PPN in HL7's namespace of its issuing country (`passport-<ISO3>`, HL7 Terminology's NamingSystem passportNumNS).
 */
export function documentIdentifier(
  p: Pick<UserProfile, 'id_type' | 'passport_number' | 'nationality' | 'thai_id'>,
): Identifier {
  if (p.id_type === 'passport' && p.passport_number && p.nationality) {
    return {
      use: 'official',
      type: { coding: [{ system: IDENTIFIER_TYPES, code: 'PPN', display: 'Passport number' }] },
      system: `http://hl7.org/fhir/sid/passport-${p.nationality}`,
      value: p.passport_number,
    };
  }
  return {
    type: {
      coding: [{ system: IDENTIFIER_TYPES, code: 'NI' }],
      ...(p.id_type === 'foreign_id' && { text: "Foreigner's 13-digit identification number" }),
    },
    system: THAI_CID_SYSTEM,
    value: p.thai_id ?? undefined,
  };
}

function patient(p: UserProfile): Patient {
  return {
    resourceType: 'Patient',
    id: p.id,
    identifier: [documentIdentifier(p)],
    name: [{ use: 'official', family: p.lastname, given: [p.firstname], text: `${p.firstname} ${p.lastname}` }],
    telecom: [
      ...(p.phone ? [{ system: 'phone' as const, value: p.phone, use: 'mobile' as const }] : []),
      ...(p.email ? [{ system: 'email' as const, value: p.email }] : []),
    ],
    gender: p.gender === 'unspecified' || p.gender === null ? 'unknown' : p.gender,
    birthDate: p.birthday,
    address: [
      {
        use: 'home',
        line: [p.address, p.subdistrict],
        district: p.district,
        state: p.province,
        postalCode: p.postcode,
        country: 'TH',
        text: `${p.address} ${p.subdistrict} ${p.district} ${p.province} ${p.postcode}`,
      },
    ],
  };
}

/** The body that pays for each Thai public scheme. */
const SCHEME_PAYERS: Record<HealthScheme, { name: string; payer: string }> = {
  ucs: { name: 'หลักประกันสุขภาพแห่งชาติ (บัตรทอง)', payer: 'สำนักงานหลักประกันสุขภาพแห่งชาติ (สปสช.)' },
  sss: { name: 'ประกันสังคม', payer: 'สำนักงานประกันสังคม' },
  csmbs: { name: 'สวัสดิการรักษาพยาบาลข้าราชการ', payer: 'กรมบัญชีกลาง' },
  lgo: { name: 'สวัสดิการรักษาพยาบาลข้าราชการส่วนท้องถิ่น', payer: 'กรมส่งเสริมการปกครองท้องถิ่น' },
};

function coverage(c: Coverage, patientId: string): FhirCoverage {
  const scheme = c.scheme ? SCHEME_PAYERS[c.scheme] : null;
  const plan = c.planName ?? scheme?.name ?? '';
  const limit = c.coverageLimitBaht === null ? '' : ` วงเงิน ${c.coverageLimitBaht.toLocaleString('th-TH')} บาท`;
  return {
    resourceType: 'Coverage',
    id: c.id,
    // FHIR's status is the record's; an expired right shows in its period.
    status: 'active',
    type: c.scheme
      ? { coding: [{ code: c.scheme, display: scheme!.name }], text: scheme!.name }
      : text('ประกันสุขภาพเอกชน'),
    beneficiary: { reference: ref(patientId) },
    ...(c.memberNumber && { subscriberId: c.memberNumber }),
    payor: [{ display: scheme?.payer ?? c.insurer ?? '' }],
    ...((c.validFrom || c.validTo) && {
      period: { ...(c.validFrom && { start: c.validFrom }), ...(c.validTo && { end: c.validTo }) },
    }),
    class: [
      {
        type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/coverage-class', code: 'plan' }] },
        value: plan,
        name: `${plan}${limit}`,
      },
    ],
    ...((c.networkNote ?? c.registeredFacility) && { network: (c.networkNote ?? c.registeredFacility)! }),
  };
}

/** What the clinician found: the plain words, coded in ICD-10 when they gave a code. */
const finding = (v: Visit): CodeableConcept => ({
  ...(v.icd10 && { coding: [{ system: ICD10, code: v.icd10 }] }),
  text: v.diagnosis ?? v.icd10 ?? '',
});

function encounter(v: Visit, patientId: string, known: ReadonlySet<string>): Encounter {
  const screening = v.source === 'screening';
  const reason = screening ? v.symptoms : v.diagnosis;
  const recorded = screening && (v.diagnosis || v.icd10);
  return {
    resourceType: 'Encounter',
    id: screening ? derivedUuid('encounter', v.id) : v.id,
    // A visit the hospital marked entered in error should never have been recorded; an amended one still happened.
    status: v.correction?.status === 'entered_in_error' ? 'entered-in-error' : 'finished',
    class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' },
    ...(v.department && { serviceType: text(v.department) }),
    subject: { reference: ref(patientId) },
    ...(v.doctor && { participant: [{ individual: { display: v.doctor } }] }),
    ...(screening && { appointment: [{ reference: ref(v.id) }] }),
    period: { start: dateTime(v.date, v.time) },
    ...(reason && { reasonCode: [text(reason)] }),
    ...(recorded && { diagnosis: [{ condition: { reference: ref(derivedUuid('condition', v.id)) } }] }),
    serviceProvider: facilityRef(known, v.facility.id, v.facility.name),
  };
}

type TimingEvent = NonNullable<NonNullable<NonNullable<Dosage['timing']>['repeat']>['when']>[number];

/** HL7 v3 TimingEvent: after (PC) or before (AC) the morning, midday and evening meal (M, D, V), and at bedtime (HS). */
const DOSE_TIMING: Record<FixedDoseTime, Record<MealTiming, { when: TimingEvent; label: string }>> = {
  afterBreakfast: { after: { when: 'PCM', label: 'หลังอาหารเช้า' }, before: { when: 'ACM', label: 'ก่อนอาหารเช้า' } },
  afterLunch: { after: { when: 'PCD', label: 'หลังอาหารกลางวัน' }, before: { when: 'ACD', label: 'ก่อนอาหารกลางวัน' } },
  afterDinner: { after: { when: 'PCV', label: 'หลังอาหารเย็น' }, before: { when: 'ACV', label: 'ก่อนอาหารเย็น' } },
  beforeBed: { after: { when: 'HS', label: 'ก่อนนอน' }, before: { when: 'HS', label: 'ก่อนนอน' } },
};

const ATC = 'http://www.whocc.no/atc';

/** The drug as written, coded in ATC when it was chosen from the list. */
const drugOf = (m: Medication): CodeableConcept => ({
  ...(m.atcCode && { coding: [{ system: ATC, code: m.atcCode, display: m.name }] }),
  text: m.strength ? `${m.name} ${m.strength}` : m.name,
});

/**
 * The dosage in FHIR terms: one Dosage per meal or bedtime dose (`timing.repeat.when`), one for a custom time
 * (`timeOfDay`), one for every N hours (`period` N `h`, from its first clock), or an as-needed one (`asNeeded`, with the
 * day's maximum as `maxDosePerPeriod`).
 */
function dosage(m: Medication): Dosage[] {
  const unit = m.form;
  const instruction = m.instructions ? { patientInstruction: m.instructions } : {};
  const quantity = (value: number) => [{ doseQuantity: { value, unit } }];
  if (m.asNeeded) {
    const { amount, maxPerDay, reason } = m.asNeeded;
    return [
      {
        text: `${reason ?? 'เมื่อมีอาการ'} ครั้งละ ${amount} ${unit} ไม่เกินวันละ ${maxPerDay} ครั้ง`,
        ...(reason ? { asNeededCodeableConcept: text(reason) } : { asNeededBoolean: true }),
        doseAndRate: quantity(amount),
        maxDosePerPeriod: {
          numerator: { value: amount * maxPerDay, unit },
          denominator: { value: 1, unit: 'd', system: UCUM, code: 'd' },
        },
        ...instruction,
      },
    ];
  }
  if (m.intervalDose) {
    const { everyHours, firstTime, amount } = m.intervalDose;
    return [
      {
        text: `ทุก ${everyHours} ชั่วโมง เริ่ม ${firstTime} น. ครั้งละ ${amount} ${unit}`,
        timing: { repeat: { frequency: 1, period: everyHours, periodUnit: 'h', timeOfDay: [`${firstTime}:00`] } },
        doseAndRate: quantity(amount),
        ...instruction,
      },
    ];
  }
  const fixed = FIXED_DOSE_TIMES.filter((t) => m.doses[t] > 0).map((t): Dosage => {
    const { when, label } = DOSE_TIMING[t][m.mealTiming];
    return {
      text: `${label} ${m.doses[t]} ${unit}`,
      timing: { repeat: { frequency: 1, period: 1, periodUnit: 'd', when: [when] } },
      doseAndRate: quantity(m.doses[t]),
      ...instruction,
    };
  });
  const custom = m.customDose
    ? [
        {
          text: `${m.customDose.label} ${m.customDose.amount} ${unit}`,
          timing: {
            repeat: { frequency: 1, period: 1, periodUnit: 'd' as const, timeOfDay: [`${m.customDose.time}:00`] },
          },
          doseAndRate: quantity(m.customDose.amount),
        },
      ]
    : [];
  return [...fixed, ...custom];
}

function medicationStatement(m: Medication, patientId: string): MedicationStatement {
  const status =
    m.status === 'upcoming' ? 'intended' : m.status === 'active' ? 'active' : m.stoppedAt ? 'stopped' : 'completed';
  return {
    resourceType: 'MedicationStatement',
    id: m.id,
    status,
    medicationCodeableConcept: drugOf(m),
    subject: { reference: ref(patientId) },
    effectivePeriod: { start: m.startDate, ...(m.endDate && { end: m.endDate }) },
    dateAsserted: m.createdAt,
    dosage: dosage(m),
  };
}

/** What the clinician found at a screening they recorded, as the Condition its Encounter names. */
function condition(v: Visit, patientId: string): Condition {
  return {
    resourceType: 'Condition',
    id: derivedUuid('condition', v.id),
    category: [
      { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-category', code: 'encounter-diagnosis' }] },
    ],
    ...(v.correction?.status === 'entered_in_error' && {
      verificationStatus: {
        coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-ver-status', code: 'entered-in-error' }],
      },
    }),
    code: finding(v),
    subject: { reference: ref(patientId) },
    encounter: { reference: ref(derivedUuid('encounter', v.id)) },
    recordedDate: v.date,
  };
}

/**
 * Who wrote an allergy or a condition: a clinician (named with their facility; the export has no Practitioner
 * resources, and a recorder may not be an Organization), or the patient, who asserted it.
 */
function authorOf(by: RecordedBy, patientId: string) {
  return by.by === 'clinician'
    ? { recorder: { display: `${by.clinician} (${by.facility.nameTh})` } }
    : { asserter: { reference: ref(patientId) } };
}

const ACTIVE_ALLERGY = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical';
const ALLERGY_VERIFICATION = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification';

/**
 * An allergy as its history was given: unconfirmed when the patient reported it (a clinician's record of it claims no
 * test either, so it says nothing of verification); high risk after a severe reaction (criticality is a judgement of
 * the risk ahead, not made for the others); the reaction only when it was described.
 */
function allergyIntolerance(a: Allergy, patientId: string): AllergyIntolerance {
  return {
    resourceType: 'AllergyIntolerance',
    id: a.id,
    clinicalStatus: { coding: [{ system: ACTIVE_ALLERGY, code: 'active' }] },
    ...(a.recordedBy.by === 'patient' && {
      verificationStatus: { coding: [{ system: ALLERGY_VERIFICATION, code: 'unconfirmed' }] },
    }),
    category: [a.category],
    ...(a.severity === 'severe' && { criticality: 'high' as const }),
    code: { text: a.substance },
    patient: { reference: ref(patientId) },
    recordedDate: a.recordedAt,
    ...authorOf(a.recordedBy, patientId),
    ...(a.reaction && { reaction: [{ manifestation: [{ text: a.reaction }], severity: a.severity }] }),
  };
}

/** A long-term condition on the problem list, coded in ICD-10 when it was chosen from the list or by a clinician. */
function problem(c: HealthBackground['conditions'][number], patientId: string): Condition {
  return {
    resourceType: 'Condition',
    id: c.id,
    clinicalStatus: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' }],
    },
    category: [
      { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-category', code: 'problem-list-item' }] },
    ],
    code: { ...(c.icd10 && { coding: [{ system: ICD10, code: c.icd10, display: c.name }] }), text: c.name },
    subject: { reference: ref(patientId) },
    recordedDate: c.recordedAt,
    ...authorOf(c.recordedBy, patientId),
  };
}

/** A prescription's status in FHIR: a correction's first (replaced by an amendment: stopped before its end). */
function requestStatus(m: Medication): MedicationRequest['status'] {
  if (m.correction) return m.correction.status === 'entered_in_error' ? 'entered-in-error' : 'stopped';
  return m.status === 'ended' ? (m.stoppedAt ? 'stopped' : 'completed') : 'active';
}

/**
 * A medicine a hospital prescribed at a visit: the order, tied to that visit's Encounter. A corrected one says why in
 * its status reason; an amendment names the order it replaced (`priorPrescription`).
 */
function medicationRequest(m: Medication, patientId: string, known: ReadonlySet<string>): MedicationRequest {
  const { appointmentId, hospital } = m.prescribedBy!;
  return {
    resourceType: 'MedicationRequest',
    id: m.id,
    status: requestStatus(m),
    ...(m.correction && { statusReason: text(m.correction.reason) }),
    intent: 'order',
    medicationCodeableConcept: drugOf(m),
    subject: { reference: ref(patientId) },
    encounter: { reference: ref(derivedUuid('encounter', appointmentId)) },
    authoredOn: m.startDate,
    requester: facilityRef(known, hospital.id, hospital.nameTh),
    dosageInstruction: dosage(m),
    ...(m.replaces && { priorPrescription: { reference: ref(m.replaces) } }),
    // A correction on its first day leaves no day due (the end before the start): no period to give then.
    ...(m.endDate &&
      m.endDate >= m.startDate && { dispenseRequest: { validityPeriod: { start: m.startDate, end: m.endDate } } }),
  };
}

/** One Observation per diary note: the felt symptoms as its value, the measurements as components. */
function symptomObservation(n: SymptomNote, patientId: string): Observation {
  const components: Observation['component'] = [{ code: text('ความรุนแรงของอาการ (0-10)'), valueInteger: n.severity }];
  if (n.temperatureC !== null) {
    components.push({
      code: loinc('8310-5', 'Body temperature'),
      valueQuantity: { value: n.temperatureC, unit: '°C', system: UCUM, code: 'Cel' },
    });
  }
  if (n.bloodPressure) {
    const mmHg = (value: number) => ({ value, unit: 'mmHg', system: UCUM, code: 'mm[Hg]' });
    components.push(
      { code: loinc('8480-6', 'Systolic blood pressure'), valueQuantity: mmHg(n.bloodPressure.systolic) },
      { code: loinc('8462-4', 'Diastolic blood pressure'), valueQuantity: mmHg(n.bloodPressure.diastolic) },
    );
  }
  return {
    resourceType: 'Observation',
    id: n.id,
    status: 'final',
    category: [
      {
        coding: [
          { system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'survey', display: 'Survey' },
        ],
      },
    ],
    code: text('บันทึกอาการ'),
    subject: { reference: ref(patientId) },
    effectiveDateTime: dateTime(n.date, n.time),
    valueString: n.symptoms,
    component: components,
    ...(n.notes && { note: [{ text: n.notes }] }),
  };
}

const VITAL_SIGNS = [
  { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs' }] },
];
const mmHg = (value: number) => ({ value, unit: 'mmHg', system: UCUM, code: 'mm[Hg]' });

/** What a home reading measured: LOINC's code of it, and its value or components in UCUM. */
function homeReadingValue(r: HomeReading): Pick<Observation, 'code' | 'valueQuantity' | 'component'> {
  switch (r.kind) {
    case 'blood_pressure':
      // The vital-signs profile's blood pressure panel: systolic and diastolic as components, the pulse beside them.
      return {
        code: loinc('85354-9', 'Blood pressure panel with all children optional'),
        component: [
          { code: loinc('8480-6', 'Systolic blood pressure'), valueQuantity: mmHg(r.systolic!) },
          { code: loinc('8462-4', 'Diastolic blood pressure'), valueQuantity: mmHg(r.diastolic!) },
          ...(r.pulse !== null
            ? [
                {
                  code: loinc('8867-4', 'Heart rate'),
                  valueQuantity: { value: r.pulse, unit: 'beats/minute', system: UCUM, code: '/min' },
                },
              ]
            : []),
        ],
      };
    case 'glucose':
      return {
        code:
          r.timing === 'fasting'
            ? loinc('41604-0', 'Fasting glucose [Mass/volume] in Capillary blood by Glucometer')
            : loinc('41653-7', 'Glucose [Mass/volume] in Capillary blood by Glucometer'),
        valueQuantity: { value: r.glucose!, unit: 'mg/dL', system: UCUM, code: 'mg/dL' },
      };
    case 'weight':
      return {
        code: loinc('29463-7', 'Body weight'),
        valueQuantity: { value: r.weightKg!, unit: 'kg', system: UCUM, code: 'kg' },
      };
  }
}

/** A reading measured at home: a vital sign the patient reported (performer the Patient), with where it fell. */
function homeReadingObservation(r: HomeReading, patientId: string): Observation {
  return {
    resourceType: 'Observation',
    id: r.id,
    status: 'final',
    category: VITAL_SIGNS,
    ...homeReadingValue(r),
    subject: { reference: ref(patientId) },
    effectiveDateTime: r.takenAt,
    issued: r.createdAt,
    performer: [{ reference: ref(patientId) }],
    ...(r.flag && {
      interpretation: [{ coding: [{ system: INTERPRETATION, code: FLAG_CODE[r.flag] }] }],
    }),
    note: [{ text: r.enteredBy ? `วัดที่บ้าน บันทึกโดย ${r.enteredBy.displayName}` : 'วัดที่บ้าน บันทึกโดยผู้ป่วย' }],
  };
}

function bloodGroupObservation(p: UserProfile): Observation | null {
  if (!p.blood_group) return null;
  return {
    resourceType: 'Observation',
    id: derivedUuid('blood-group', p.id),
    status: 'final',
    category: [
      { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' }] },
    ],
    code: loinc('883-9', 'ABO group [Type] in Blood'),
    subject: { reference: ref(p.id) },
    valueString: p.blood_group,
  };
}

const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
const FLAG_CODE: Record<ResultFlag, 'L' | 'N' | 'H'> = { low: 'L', normal: 'N', high: 'H' };

/** The visit's Encounter, when the export has one (a visit not completed yet has none). */
const encounterOf = (appointmentId: string, encounters: ReadonlySet<string>) =>
  encounters.has(appointmentId) ? { encounter: { reference: ref(derivedUuid('encounter', appointmentId)) } } : {};

/** A released test result: its LOINC code, the value in UCUM, the range it was read against and where it fell. */
function resultObservation(r: LabResult, patientId: string, encounters: ReadonlySet<string>): Observation {
  const test = labTest(r.code)!;
  const quantity = (value: number) => ({ value, unit: test.unit, system: UCUM, code: test.ucum });
  return {
    resourceType: 'Observation',
    id: r.id,
    status: 'final',
    category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: test.category }] }],
    code: loinc(r.code, test.nameEn),
    subject: { reference: ref(patientId) },
    ...encounterOf(r.appointmentId, encounters),
    effectiveDateTime: r.takenOn,
    issued: r.releasedAt!,
    valueQuantity: quantity(r.value),
    ...(r.flag && { interpretation: [{ coding: [{ system: INTERPRETATION, code: FLAG_CODE[r.flag] }] }] }),
    ...((r.low !== null || r.high !== null) && {
      referenceRange: [
        { ...(r.low !== null && { low: quantity(r.low) }), ...(r.high !== null && { high: quantity(r.high) }) },
      ],
    }),
  };
}

/**
 * The laboratory results recorded together for a visit (one sitting: one request, one `recordedAt`), as the report
 * that gathers them; its vital signs stand alone.
 */
function labReports(
  results: LabResult[],
  patientId: string,
  known: ReadonlySet<string>,
  encounters: ReadonlySet<string>,
): DiagnosticReport[] {
  const lab = results.filter((r) => labTest(r.code)!.category === 'laboratory');
  const sittings = new Map<string, LabResult[]>();
  for (const r of lab) {
    const key = `${r.appointmentId}|${r.recordedAt}`;
    sittings.set(key, [...(sittings.get(key) ?? []), r]);
  }
  return [...sittings.entries()].map(([key, rows]) => ({
    resourceType: 'DiagnosticReport',
    id: derivedUuid('lab-report', key),
    status: 'final',
    category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'LAB' }] }],
    code: loinc('11502-2', 'Laboratory report'),
    subject: { reference: ref(patientId) },
    ...encounterOf(rows[0].appointmentId, encounters),
    effectiveDateTime: rows[0].takenOn,
    issued: rows.map((r) => r.releasedAt!).sort()[0],
    performer: [facilityRef(known, rows[0].facility.id, rows[0].facility.nameTh)],
    result: rows.map((r) => ({ reference: ref(r.id) })),
  }));
}

const APPOINTMENT_STATUS: Record<AppointmentStatus, FhirAppointment['status']> = {
  awaiting_deposit: 'pending',
  booked: 'booked',
  checked_in: 'arrived',
  in_consultation: 'arrived',
  completed: 'fulfilled',
  cancelled: 'cancelled',
  no_show: 'noshow',
  expired: 'cancelled',
};

function appointment(a: Appointment, patientId: string, known: ReadonlySet<string>): FhirAppointment {
  return {
    resourceType: 'Appointment',
    id: a.id,
    status: APPOINTMENT_STATUS[a.status],
    serviceType: [text('คัดกรองอาการ')],
    description: a.symptoms,
    comment: `ระยะเวลาที่พบอาการ: ${a.duration}`,
    start: a.start,
    end: a.end,
    created: a.createdAt,
    // A schedule may name no clinician: then the slot's doctor is empty, and FHIR allows no empty display.
    participant: [
      { actor: { reference: ref(patientId) }, status: 'accepted' },
      ...(a.doctor ? [{ actor: { display: a.doctor }, status: 'accepted' as const }] : []),
      { actor: facilityRef(known, a.hospital.id, a.hospital.nameTh), status: 'accepted' },
    ],
  };
}

/**
 * The bundle is built against Medplum's R4 types; it leaves as the contract's looser `FhirBundle`,
 * which TypeScript cannot see it matches (interfaces carry no index signature), hence the one cast.
 */
/** A consent to the app's terms and privacy notice: the latest is active, earlier ones were superseded by it. */
function consent(c: PatientConsent, pid: string, latest: boolean): Consent {
  return {
    resourceType: 'Consent',
    id: derivedUuid('consent', `${pid}:${c.version}:${c.givenAt}`),
    status: latest ? 'active' : 'inactive',
    scope: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/consentscope',
          code: 'patient-privacy',
          display: 'Privacy Consent',
        },
      ],
    },
    category: [{ coding: [{ system: LOINC, code: '59284-0', display: 'Patient Consent' }] }],
    patient: { reference: ref(pid) },
    dateTime: c.givenAt,
    policy: [{ uri: `urn:klaimor:terms-and-privacy:${c.version}` }],
    provision: { type: 'permit' },
  };
}

const ROLE_CODE = 'http://terminology.hl7.org/CodeSystem/v3-RoleCode';
/** What the caregiver is to the patient, as HL7 v3 RoleCode names it. */
const RELATIONSHIP_CODES: Record<CareRelationship, { code: string; display: string }> = {
  parent: { code: 'PRN', display: 'parent' },
  guardian: { code: 'GUARD', display: 'guardian' },
  child: { code: 'CHILD', display: 'child' },
  spouse: { code: 'SPS', display: 'spouse' },
  sibling: { code: 'SIB', display: 'sibling' },
  grandchild: { code: 'GRNDCHILD', display: 'grandchild' },
  relative: { code: 'FAMMEMB', display: 'family member' },
};

/** A caregiver of the patient under a family-care grant. */
function relatedPerson(g: CareGrantRecord, pid: string): RelatedPerson {
  const { code, display } = RELATIONSHIP_CODES[g.relationship];
  return {
    resourceType: 'RelatedPerson',
    id: derivedUuid('related-person', g.id),
    active: g.status === 'active',
    patient: { reference: ref(pid) },
    relationship: [{ coding: [{ system: ROLE_CODE, code, display }] }],
    name: [
      {
        family: g.caregiver.lastname,
        given: [g.caregiver.firstname],
        text: `${g.caregiver.firstname} ${g.caregiver.lastname}`,
      },
    ],
    period: { start: g.createdAt, ...(g.revokedAt ? { end: g.revokedAt } : {}) },
  };
}

/**
 * The grant itself: the patient (or, for a minor, the parent or guardian who declared it) permits the caregiver the
 * actions named, from when it was given until it was revoked. A pending invitation is a proposal.
 */
function careConsent(g: CareGrantRecord, pid: string): Consent {
  const caregiverRef = ref(derivedUuid('related-person', g.id));
  return {
    resourceType: 'Consent',
    id: g.id,
    status: g.status === 'active' ? 'active' : g.status === 'pending' ? 'proposed' : 'inactive',
    scope: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/consentscope',
          code: 'patient-privacy',
          display: 'Privacy Consent',
        },
      ],
    },
    category: [{ coding: [{ system: LOINC, code: '59284-0', display: 'Patient Consent' }] }],
    patient: { reference: ref(pid) },
    dateTime: g.createdAt,
    performer: [{ reference: g.basis === 'guardian' ? caregiverRef : ref(pid) }],
    policy: [{ uri: `urn:klaimor:family-care:${g.basis}` }],
    provision: {
      type: 'permit',
      period: { start: g.createdAt, ...(g.revokedAt ? { end: g.revokedAt } : {}) },
      actor: [
        {
          role: {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationType',
                code: 'IRCP',
                display: 'information recipient',
              },
            ],
          },
          reference: { reference: caregiverRef },
        },
      ],
      action: CARE_SCOPES.filter((scope) => g.scopes[scope]).map((scope) => ({
        coding: [{ system: 'urn:klaimor:care-scope', code: scope }],
      })),
    },
  };
}

/**
 * Each message of a thread with a care team: who wrote it to whom, when, the words and the photos (the JPEGs kept,
 * inline). The thread is the Communication's topic.
 */
function communications(
  { thread, photos }: PatientRecords['messages'][number],
  pid: string,
  known: ReadonlySet<string>,
): Communication[] {
  const facility = facilityRef(known, thread.facility.id, thread.facility.nameTh);
  return thread.messages.map((m) => ({
    resourceType: 'Communication',
    id: derivedUuid('communication', m.id),
    status: 'completed',
    subject: { reference: ref(pid) },
    topic: { text: thread.subject },
    sent: m.createdAt,
    sender:
      m.from === 'staff'
        ? { display: m.authorName }
        : m.byCaregiver
          ? { display: m.authorName }
          : { reference: ref(pid) },
    recipient: [m.from === 'staff' ? { reference: ref(pid) } : facility],
    payload: [
      { contentString: m.text },
      ...m.photos.flatMap((p) => {
        const jpeg = photos.get(p.id);
        return jpeg ? [{ contentAttachment: { contentType: 'image/jpeg', data: jpeg.toString('base64') } }] : [];
      }),
    ],
  }));
}

export function toFhirBundle(records: PatientRecords, now: Date = new Date()): FhirBundle {
  const pid = records.profile.id;
  const known = new Set(records.facilities.map((f) => f.id));
  const encounters = new Set(records.visits.filter((v) => v.source === 'screening').map((v) => v.id));
  const results = records.results.flatMap((series) => series.results);
  const resources: Resource[] = [
    patient(records.profile),
    ...records.consents.map((c, i) => consent(c, pid, i === records.consents.length - 1)),
    ...records.coverage.map((c) => coverage(c, pid)),
    ...records.visits.map((v) => encounter(v, pid, known)),
    ...records.visits.filter((v) => v.source === 'screening' && (v.diagnosis || v.icd10)).map((v) => condition(v, pid)),
    ...records.medications.map((m) =>
      m.prescribedBy ? medicationRequest(m, pid, known) : medicationStatement(m, pid),
    ),
    ...records.healthBackground.allergies.map((a) => allergyIntolerance(a, pid)),
    ...records.healthBackground.conditions.map((c) => problem(c, pid)),
    ...[bloodGroupObservation(records.profile)].filter((o): o is Observation => o !== null),
    ...records.symptomNotes.map((n) => symptomObservation(n, pid)),
    ...records.homeReadings.map((r) => homeReadingObservation(r, pid)),
    ...results.map((r) => resultObservation(r, pid, encounters)),
    ...labReports(results, pid, known, encounters),
    ...records.messages.flatMap((t) => communications(t, pid, known)),
    ...records.appointments.map((a) => appointment(a, pid, known)),
    ...records.careGrants.flatMap((g) => [relatedPerson(g, pid), careConsent(g, pid)]),
    ...records.facilities.map(organization),
  ];
  const entry: BundleEntry[] = resources.map((resource) => ({ fullUrl: ref(resource.id!), resource }));
  const bundle: Bundle = {
    resourceType: 'Bundle',
    id: derivedUuid('export', `${pid}:${now.toISOString()}`),
    type: 'collection',
    timestamp: now.toISOString(),
    entry,
  };
  return bundle as FhirBundle;
}
