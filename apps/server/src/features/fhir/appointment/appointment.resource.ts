import { isDeepStrictEqual } from 'node:util';
import { StaffCancelBody, THAI_CID_SYSTEM, bookingReference, queueLabel } from '@klaimor/contracts';
import type { Appointment } from '@medplum/fhirtypes';
import { type SQL, inArray, sql } from 'drizzle-orm';
import { appointments, hospitalNumbers, screeningSlots, users } from '../../../db/schema.js';
import { AppError } from '../../../errors.js';
import {
  FhirError,
  expectResourceType,
  fhirError,
  idMismatch,
  resourceNotFound,
  versionMismatch,
} from '../fhir-http.js';
import type { FhirResourceDefinition, SearchRequest, SystemAtFacility } from '../fhir-resources.js';
import { type SearchParam, alternatives, anyOf, instantCondition, invalidSearchValue } from '../fhir-search.js';
import { Refusal } from '../fhir-store.js';
import { type PatientFields, toFhirPatient } from '../patient/patient.resource.js';
import {
  type AppointmentRepository,
  type AppointmentView,
  type SystemStatusChange,
  statusNow,
} from './appointment.repository.js';

/*
 * A FHIR Appointment is one booking a patient made at the facility (an `appointments` row), read by the hospital's own
 * system so the patient is expected, and moved on by it as the front desk moves it: arrived (checked in, with the day's
 * queue number), no-show, cancelled by the hospital. The patient is carried as a contained Patient with only what a
 * hospital that will treat them needs to register them (PDPA's data minimisation): name, identity document, birth date
 * and the hospital number the facility recorded; never the phone number or the address. Contained so a system reading its bookings has each patient at once, and linked (`link.other`) to the `Patient`
 * it may read alone; the participant's reference also carries the identity document, so `patient:identifier` finds it.
 */

const TYPE = 'Appointment';

/** The booking reference the patient shows at the desk (the first 8 hex digits of the appointment's id, upper case). */
export const BOOKING_REFERENCE_SYSTEM = 'https://klaimor.app/fhir/sid/booking-reference';
/** The day's queue number a check-in gives, as called and printed ("A012"), valid on that day only. */
export const QUEUE_NUMBER_SYSTEM = 'https://klaimor.app/fhir/sid/queue-number';
const HN_PREFIX = 'https://klaimor.app/fhir/sid/hn/';

type FhirStatus = Appointment['status'];
const FHIR_STATUSES: readonly FhirStatus[] = [
  'proposed',
  'pending',
  'booked',
  'arrived',
  'fulfilled',
  'cancelled',
  'noshow',
  'entered-in-error',
  'checked-in',
  'waitlist',
];

/** Our status as FHIR's: a patient checked in and one with the doctor have both arrived (FHIR has no later step). */
const STATUS_OF: Record<string, FhirStatus> = {
  awaiting_deposit: 'pending',
  booked: 'booked',
  checked_in: 'arrived',
  in_consultation: 'arrived',
  completed: 'fulfilled',
  cancelled: 'cancelled',
  expired: 'cancelled',
  no_show: 'noshow',
};
const STATUSES_AS: (status: FhirStatus) => string[] = (status) =>
  Object.entries(STATUS_OF)
    .filter(([, fhir]) => fhir === status)
    .map(([ours]) => ours);

function cancelationReason(row: AppointmentView): string | null {
  if (row.status === 'expired') return 'ไม่ได้ชำระมัดจำภายในเวลาที่กำหนด';
  if (row.status !== 'cancelled') return null;
  if (row.cancelledBy === 'patient') return 'ผู้ป่วยยกเลิกนัด';
  return row.cancelReason ?? 'โรงพยาบาลยกเลิกนัด';
}

/** The appointment's patient, as the Patient resource reads them. */
const patientOf = (row: AppointmentView): PatientFields => ({
  userId: row.userId!,
  ...row.patient,
  hospitalNumber: row.hospitalNumber,
  facilityStableId: row.facilityStableId,
});

export function toFhirAppointment(row: AppointmentView): Appointment {
  const status = STATUS_OF[row.status]!;
  const reason = cancelationReason(row);
  const patient = toFhirPatient(patientOf(row));
  const name = patient.name![0]!.text!;
  const identifiers = patient.identifier;
  return {
    resourceType: TYPE,
    id: row.id,
    meta: { versionId: String(row.version), lastUpdated: row.updatedAt.toISOString() },
    // Contained, so a system reading its bookings has each patient at once; linked to the Patient it may read alone.
    contained: [
      { ...patient, id: 'patient', link: [{ other: { reference: `Patient/${patient.id}` }, type: 'seealso' }] },
    ],
    identifier: [
      { use: 'official', system: BOOKING_REFERENCE_SYSTEM, value: bookingReference(row.id) },
      // The queue number is an identifier of the visit on its day (the desk calls the patient by it), not a state.
      ...(row.queueNumber !== null && row.queueDate !== null
        ? [
            {
              use: 'temp' as const,
              type: { text: 'Queue number' },
              system: QUEUE_NUMBER_SYSTEM,
              value: queueLabel(row.queuePrefix ?? '', row.queueNumber),
              period: { start: row.queueDate, end: row.queueDate },
            },
          ]
        : []),
    ],
    status,
    ...(reason && { cancelationReason: { text: reason } }),
    serviceType: [{ text: row.clinicName }],
    // What the patient typed when booking, for the clinician to read before seeing them.
    reasonCode: [{ text: row.symptoms }],
    comment: `เป็นมา ${row.duration}`,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    created: row.createdAt.toISOString(),
    slot: [{ reference: `Slot/${row.slotId}` }],
    participant: [
      {
        actor: { reference: '#patient', type: 'Patient', identifier: identifiers[0], display: name },
        required: 'required',
        status: 'accepted',
      },
    ],
  };
}

/* ------------------------------------------------------------------ search */

function statusCondition(param: SearchParam): SQL {
  return anyOf(
    alternatives(param).map((code) => {
      if (!(FHIR_STATUSES as readonly string[]).includes(code)) {
        throw invalidSearchValue('status', `ใช้รหัสสถานะของ FHIR: ${FHIR_STATUSES.join(', ')}`);
      }
      const ours = STATUSES_AS(code as FhirStatus);
      return ours.length ? inArray(statusNow, ours) : sql`false`;
    }),
  );
}

/** `patient:identifier=system|value`: the patient's identity document (Thai ID, passport) or the facility's HN. */
function patientCondition(param: SearchParam): SQL {
  // The patient is no resource of this API, so it can be named only by an identifier.
  if (param.modifier !== 'identifier')
    throw invalidSearchValue('patient', `ใช้ patient:identifier=${THAI_CID_SYSTEM}|<เลข>`);
  return anyOf(
    alternatives(param).map((token) => {
      const bar = token.indexOf('|');
      const [system, value] = bar < 0 ? [null, token] : [token.slice(0, bar), token.slice(bar + 1)];
      if (!value) throw invalidSearchValue('patient', 'ต้องมีเลขที่ค้นหา');
      const document = sql`${users.thaiId} = ${value}`;
      const passport = sql`${users.passportNumber} = ${value}`;
      const hn = sql`${hospitalNumbers.hospitalNumber} = ${value}`;
      if (system === null) return sql`(${document} or ${passport} or ${hn})`;
      if (system === THAI_CID_SYSTEM) return document;
      const passportOf = /^http:\/\/hl7\.org\/fhir\/sid\/passport-([A-Z]{3})$/.exec(system);
      if (passportOf) return sql`${passport} and ${users.nationality} = ${passportOf[1]}`;
      // The HN system names the facility: another facility's numbers are not this one's patients.
      if (system.startsWith(HN_PREFIX)) {
        return sql`${hn} and ${system} = ${HN_PREFIX} || (select f.stable_id from facilities f where f.id = ${appointments.facilityId})`;
      }
      return sql`false`;
    }),
  );
}

/** `identifier=[system|]value`: the booking reference the patient shows, or a queue number given on the day. */
function identifierCondition(param: SearchParam): SQL {
  return anyOf(
    alternatives(param).map((token) => {
      const bar = token.indexOf('|');
      const [system, value] = bar < 0 ? [null, token] : [token.slice(0, bar), token.slice(bar + 1)];
      if (!value) throw invalidSearchValue('identifier', 'ต้องมีค่าที่ค้นหา');
      const booking = /^[0-9A-Fa-f]{8}$/.test(value)
        ? sql`${appointments.id}::text like ${`${value.toLowerCase()}%`}`
        : sql`false`;
      const queue = sql`(select c.queue_prefix from clinics c where c.id = ${appointments.queueClinicId})
        || lpad(${appointments.queueNumber}::text, 3, '0') = ${value}`;
      if (system === null) return sql`(${booking} or coalesce(${queue}, false))`;
      if (system === BOOKING_REFERENCE_SYSTEM) return booking;
      if (system === QUEUE_NUMBER_SYSTEM) return sql`coalesce(${queue}, false)`;
      return sql`false`;
    }),
  );
}

function conditionOf(param: SearchParam): SQL {
  switch (param.name) {
    case 'date':
      return instantCondition(param, screeningSlots.startsAt);
    case 'status':
      return statusCondition(param);
    case 'patient':
      return patientCondition(param);
    case 'identifier':
      return identifierCondition(param);
    default:
      throw new Error(`no condition for ${param.name}`);
  }
}

/* ------------------------------------------------------------------ update */

/** What an update may change: the status, with the reason when it cancels. The rest is the booking the patient made. */
const CHANGEABLE = new Set(['status', 'cancelationReason', 'meta']);

const notChangeable = (fields: string[]) =>
  new FhirError(
    422,
    fields.map((field) => ({
      code: 'business-rule' as const,
      reason: 'field_not_changeable',
      diagnostics: `Appointment.${field}: เปลี่ยนไม่ได้ ระบบของโรงพยาบาลเปลี่ยนได้เฉพาะ status (arrived, noshow, cancelled พร้อม cancelationReason)`,
      expression: `Appointment.${field}`,
    })),
  );

/** The body as the status it asks for, once every other element is the appointment's as it stands. */
function statusChangeOf(body: Record<string, unknown>, current: Appointment): SystemStatusChange | null {
  const status = body.status;
  if (typeof status !== 'string' || !(FHIR_STATUSES as readonly string[]).includes(status)) {
    throw fhirError(400, 'value', 'invalid_choice', `Appointment.status: ใช้รหัสสถานะของ FHIR`, 'Appointment.status');
  }
  const cancelling = status === 'cancelled' && current.status !== 'cancelled';
  // The queue number is the server's, written by the check-in: a copy read before it (another check-in won the race)
  // still names this appointment, so the check-in it asks for is answered as done rather than refused.
  const withoutQueue = (resource: Record<string, unknown>): Record<string, unknown> => ({
    ...resource,
    ...(Array.isArray(resource.identifier) && {
      identifier: (resource.identifier as { system?: unknown }[]).filter((i) => i?.system !== QUEUE_NUMBER_SYSTEM),
    }),
  });
  const stored = withoutQueue(JSON.parse(JSON.stringify(current)) as Record<string, unknown>);
  const sent = withoutQueue(body);
  const fields = [...new Set([...Object.keys(stored), ...Object.keys(sent)])].filter(
    (key) =>
      !(CHANGEABLE.has(key) && (key !== 'cancelationReason' || cancelling)) &&
      !isDeepStrictEqual(sent[key], stored[key]),
  );
  if (fields.length) throw notChangeable(fields);
  if (status === current.status) return null;
  switch (status) {
    case 'arrived':
      return { kind: 'check_in' };
    case 'noshow':
      return { kind: 'no_show' };
    case 'cancelled': {
      const given = (body.cancelationReason as { text?: unknown } | undefined)?.text;
      const reason = StaffCancelBody.shape.reason.safeParse(given);
      if (!reason.success) {
        throw fhirError(
          400,
          'required',
          'cancelation_reason_required',
          'การยกเลิกต้องมีเหตุผล (cancelationReason.text ไม่เกิน 200 ตัวอักษร) ซึ่งผู้ป่วยจะได้เห็น',
          'Appointment.cancelationReason',
        );
      }
      return { kind: 'cancel', reason: reason.data };
    }
    case 'fulfilled':
      // Completing is the clinician's recording of the visit, in one transaction with what they found.
      throw fhirError(
        409,
        'business-rule',
        'visit_record_required',
        'นัดหมายจะเป็น fulfilled เมื่อบันทึกผลการตรวจแล้วเท่านั้น (ส่งผลการตรวจเป็น Encounter)',
        'Appointment.status',
      );
    default:
      throw fhirError(
        422,
        'business-rule',
        'status_not_settable',
        `ระบบของโรงพยาบาลเปลี่ยนสถานะเป็น ${status} ไม่ได้ ใช้ได้: arrived, noshow, cancelled`,
        'Appointment.status',
      );
  }
}

const answered = async <T>(work: Promise<T>): Promise<T> => {
  try {
    return await work;
  } catch (error) {
    if (error instanceof Refusal) {
      throw error.reason === 'version_mismatch' ? versionMismatch(TYPE) : resourceNotFound(TYPE);
    }
    // The lifecycle's refusal, with the app's own code (appointment_status_conflict, check_in_not_today, …).
    if (error instanceof AppError && error.status === 409) {
      throw fhirError(409, 'business-rule', error.code, error.message, 'Appointment.status');
    }
    throw error;
  }
};

export interface AppointmentResourceDeps {
  appointments: AppointmentRepository;
  /** Asks the payment provider at once for a refund a cancellation owes, as the front desk's cancel does. */
  returnDeposits: () => Promise<unknown>;
}

export function appointmentResource({
  appointments: repository,
  returnDeposits,
}: AppointmentResourceDeps): FhirResourceDefinition<Appointment> {
  return {
    type: TYPE,
    documentation:
      "The facility's bookings. status: pending (awaiting the deposit), booked, arrived (checked in, with the day's " +
      `queue number as an identifier of system ${QUEUE_NUMBER_SYSTEM}), fulfilled, cancelled (with cancelationReason), ` +
      'noshow. The patient is a contained Patient (name, identity document, birth date, the hospital number), linked to ' +
      'the Patient resource. An ' +
      'update changes the status only: arrived, noshow, or cancelled with cancelationReason.text (a paid deposit is ' +
      'refunded in full); fulfilled comes with the recorded visit.',
    searchParams: [
      {
        name: 'date',
        type: 'date',
        documentation: "The slot's start (a date without a zone is a Bangkok date), with eq, ne, gt, lt, ge, le",
      },
      { name: 'status', type: 'token', documentation: 'FHIR Appointment status codes' },
      {
        name: 'patient',
        type: 'reference',
        modifiers: ['identifier'],
        documentation: `patient:identifier=${THAI_CID_SYSTEM}|<13 digits>, or the hospital number: ${HN_PREFIX}<facility>|<HN>`,
      },
      {
        name: 'identifier',
        type: 'token',
        documentation: `The booking reference (${BOOKING_REFERENCE_SYSTEM}) or the day's queue number (${QUEUE_NUMBER_SYSTEM})`,
      },
    ],
    conditionalCreate: false,
    interactions: {
      async read(system: SystemAtFacility, id: string) {
        const row = await repository.one(system.facilityId, id);
        return row && toFhirAppointment(row);
      },

      async 'search-type'(system: SystemAtFacility, request: SearchRequest) {
        const rows = await repository.search(
          system.facilityId,
          request.params.map(conditionOf),
          request.cursor,
          request.count + 1,
        );
        const page = rows.slice(0, request.count);
        // Every patient a system sees is a read of that patient's data, in their access log as a staff list is.
        await repository.recordListed(
          system,
          page.flatMap((row) => (row.userId ? [row.userId] : [])),
        );
        const last = page.at(-1);
        return {
          matches: page.map(toFhirAppointment),
          next: rows.length > request.count && last ? { micros: last.cursorMicros, id: last.id } : null,
        };
      },

      async update(system, id, body, ifMatch) {
        expectResourceType(TYPE, body);
        const given = body as Record<string, unknown>;
        if (given.id !== id) throw idMismatch(TYPE);
        const { row, refundOwed } = await answered(
          repository.changeStatus(system, id, ifMatch, (current) => statusChangeOf(given, toFhirAppointment(current))),
        );
        if (refundOwed) await returnDeposits();
        return toFhirAppointment(row);
      },
    },
  };
}
