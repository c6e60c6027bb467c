import type { AuditAction, AuditDetails as AuditDetailsShape, FhirIdentifier } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { appointments, auditEvents, labResults, medications } from '../../db/schema.js';
import { type FhirError, fhirError, identifierTaken, resourceNotFound, versionMismatch } from './fhir-http.js';
import type { Created } from './fhir-resources.js';

/** An action of a hospital's system through the FHIR API: `fhir_slot.created`, `fhir_schedule.read`, …. */
export type FhirAuditAction = Extract<AuditAction, `fhir_${string}`>;

/** What an entry says beside its action: a prescription's allergy override, with the reason given. */
type AuditDetails = Extract<AuditDetailsShape, { kind: 'allergy_override' }>;

/**
 * The patient an act names, by its target: an appointment and a visit (an Encounter's id is its appointment's) name
 * the appointment's patient, a prescription the patient whose medicine it is.
 */
function patientOf(action: FhirAuditAction, target: string) {
  if (action.startsWith('fhir_appointment.') || action.startsWith('fhir_encounter.')) {
    return sql`(select ${appointments.userId} from ${appointments} where ${appointments.id} = ${target}::uuid)`;
  }
  // A Patient's id is the patient's own.
  if (action.startsWith('fhir_patient.')) return sql`${target}::uuid`;
  if (action.startsWith('fhir_diagnosticreport.')) {
    return sql`(select a.user_id from fhir_diagnostic_reports r join ${appointments} a on a.id = r.appointment_id
      where r.id = ${target}::uuid)`;
  }
  if (action.startsWith('fhir_observation.')) {
    return sql`(select ${labResults.userId} from ${labResults} where ${labResults.id} = ${target}::uuid)`;
  }
  if (action.startsWith('fhir_medicationrequest.')) {
    return sql`(select ${medications.userId} from ${medications} where ${medications.id} = ${target}::uuid)`;
  }
  return null;
}

/**
 * Who writes a facility's schedules and slots: a hospital's system through the FHIR API, or the facility's own feed
 * read by the app (no system: `systemClientId` null, the trail then naming nobody, as the feed's own audit entry says
 * who set it).
 */
export interface FhirWriter {
  facilityId: string;
  systemClientId: string | null;
}

/**
 * Appends what a hospital's system did to the facility's audit trail, under the system's registered name (no member,
 * no role): a change in the transaction that makes it, so the trail never records a change that did not happen nor
 * misses one that did. The target is the resource's own id; never a hospital's identifier or a token. An act on an
 * appointment is an act on its patient's data (PDPA), so it names the patient, who sees it in their access log.
 */
export async function recordSystemAct(
  executor: Db | Tx,
  system: FhirWriter,
  action: FhirAuditAction,
  target: string | null,
  details?: AuditDetails,
): Promise<void> {
  await executor.insert(auditEvents).values({
    staffMemberId: null,
    systemClientId: system.systemClientId,
    facilityId: system.facilityId,
    action,
    target,
    patientUserId: target ? patientOf(action, target) : null,
    details: details ?? null,
  });
}

/** Why the database would not make a change; the transaction that found it is rolled back whole. */
export type RefusalReason =
  | 'not_found'
  | 'version_mismatch'
  | 'identifier_taken'
  | 'unknown_clinic'
  | 'unknown_schedule'
  | 'schedule_inactive'
  | 'day_closed'
  | 'capacity_below_taken'
  | 'booked_slot_moved'
  | 'schedule_fixed'
  | 'slot_has_bookings'
  | 'schedule_has_bookings'
  | 'appointment_not_found'
  | 'patient_not_in_care'
  | 'encounter_not_found'
  | 'result_not_in_visit';

/** Thrown out of a repository's transaction (so nothing of it stays), and answered by the resource's refusal. */
export class Refusal extends Error {
  constructor(readonly reason: RefusalReason) {
    super(reason);
    this.name = 'Refusal';
  }
}

/** A refusal as the system is told it: status, FHIR issue type, the reason's code and words, the element at fault. */
export type RefusingType =
  'Schedule' | 'Slot' | 'Subscription' | 'Encounter' | 'MedicationRequest' | 'Observation' | 'DiagnosticReport';

export function refusalAnswer(type: RefusingType, reason: RefusalReason): FhirError {
  switch (reason) {
    case 'not_found':
      return resourceNotFound(type);
    case 'version_mismatch':
      return versionMismatch(type);
    case 'identifier_taken':
      return identifierTaken(type);
    case 'unknown_clinic':
      return fhirError(
        400,
        'value',
        reason,
        'สถานพยาบาลนี้ไม่มีคลินิกที่ใช้อักษรนี้ (ดูอักษรคลินิกในหน้าคลินิกของเจ้าหน้าที่)',
        'Schedule.actor',
      );
    case 'unknown_schedule':
      return fhirError(404, 'not-found', reason, 'ไม่พบ Schedule ที่อ้างถึง (หรือไม่ใช่ของสถานพยาบาลนี้)', 'Slot.schedule');
    case 'schedule_inactive':
      return fhirError(
        409,
        'business-rule',
        reason,
        'Schedule นี้ปิดไปแล้ว (active: false) เปิดใหม่ก่อนจึงจะเพิ่มหรือเปิด slot ได้',
        'Slot.schedule',
      );
    case 'day_closed':
      return fhirError(409, 'business-rule', reason, 'สถานพยาบาลปิดทำการวันนั้น จึงเปิดรับนัดในวันนั้นไม่ได้', 'Slot.start');
    case 'capacity_below_taken':
      return fhirError(
        409,
        'conflict',
        reason,
        'จำนวนที่รับได้น้อยกว่าจำนวนผู้ป่วยที่จองไว้แล้ว (ปิด slot ด้วย status busy-unavailable แทนได้)',
        'Slot.extension',
      );
    case 'booked_slot_moved':
      return fhirError(
        409,
        'conflict',
        reason,
        'slot นี้มีผู้ป่วยจองแล้ว จึงย้ายเวลาไม่ได้ ปิด slot นี้ (busy-unavailable) แล้วสร้าง slot ใหม่แทน',
        'Slot.start',
      );
    case 'schedule_fixed':
      return fhirError(
        400,
        'value',
        reason,
        'slot อยู่ใน Schedule เดิมเสมอ ย้ายไป Schedule อื่นไม่ได้ (สร้าง slot ใหม่ใน Schedule นั้นแทน)',
        'Slot.schedule',
      );
    case 'slot_has_bookings':
      return fhirError(
        409,
        'conflict',
        reason,
        'slot นี้มีการจองอยู่ จึงลบไม่ได้ ปิดด้วย status busy-unavailable แทน ผู้ป่วยที่จองไว้ยังคงมีนัดอยู่',
      );
    case 'appointment_not_found':
      return fhirError(
        422,
        'business-rule',
        reason,
        'ไม่พบนัดหมายที่อ้างถึงที่สถานพยาบาลนี้ (Appointment/<id> หรือรหัสการจองของผู้ป่วย)',
        'Encounter.appointment',
      );
    case 'patient_not_in_care':
      return fhirError(
        422,
        'business-rule',
        reason,
        'ไม่พบผู้ป่วยที่มาถึงแล้วที่สถานพยาบาลนี้ด้วยเลขประจำตัวประชาชนและวันเกิดนี้ (ต้องมีนัดที่เช็กอินแล้ว)',
        `${type}.subject`,
      );
    case 'encounter_not_found':
      return fhirError(
        422,
        'business-rule',
        reason,
        'ไม่พบ Encounter ที่อ้างถึงที่สถานพยาบาลนี้ (ส่ง Encounter ของการตรวจก่อน แล้วอ้างถึงด้วย Encounter/<id>)',
        `${type}.encounter`,
      );
    case 'result_not_in_visit':
      return fhirError(
        422,
        'business-rule',
        reason,
        'result ต้องเป็น Observation ที่ส่งไว้แล้วของ Encounter เดียวกันที่สถานพยาบาลนี้',
        `${type}.result`,
      );
    case 'schedule_has_bookings':
      return fhirError(
        409,
        'conflict',
        reason,
        'Schedule นี้มี slot ที่มีการจองอยู่ จึงลบไม่ได้ ปิดด้วย active: false แทน ผู้ป่วยที่จองไว้ยังคงมีนัดอยู่',
      );
  }
}

/**
 * Whether a create is conditional (FHIR's If-None-Exist): only when the header names the very identifier the body
 * carries, since the unique index that holds the condition is on the resource's own identifier.
 */
export function conditionalOn(
  type: RefusingType,
  own: FhirIdentifier | null,
  ifNoneExist: FhirIdentifier | null,
): boolean {
  if (!ifNoneExist) return false;
  if (!own || own.system !== ifNoneExist.system || own.value !== ifNoneExist.value) {
    throw fhirError(
      400,
      'invalid',
      'invalid_if_none_exist',
      `If-None-Exist ต้องเป็น identifier เดียวกับที่อยู่ใน ${type} ที่ส่งมา`,
      `${type}.identifier`,
    );
  }
  return true;
}

/** A repository's work, its Refusal answered as the resource's OperationOutcome. */
export async function answeredAs<T>(type: RefusingType, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof Refusal) throw refusalAnswer(type, error.reason);
    throw error;
  }
}

/**
 * A create a resend must answer with what it already made (FHIR's conditional create): when it is conditional, the
 * record the hospital's identifier names, whatever has become of the visit since; else `make`'s. A repository's
 * refusal is answered as the type's OperationOutcome.
 */
export function createOnce<Row, R>(
  type: RefusingType,
  conditional: boolean,
  {
    existing,
    make,
    toFhir,
  }: {
    existing: () => Promise<Row | null>;
    make: () => Promise<{ row: Row; created: boolean }>;
    toFhir: (row: Row) => R;
  },
): Promise<Created<R>> {
  return answeredAs(
    type,
    (async () => {
      const made = conditional ? await existing() : null;
      if (made) return { resource: toFhir(made), created: false };
      const { row, created } = await make();
      return { resource: toFhir(row), created };
    })(),
  );
}
