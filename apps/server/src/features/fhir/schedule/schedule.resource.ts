import {
  CLINIC_IDENTIFIER_SYSTEM,
  DEPOSIT_EXTENSION,
  type FhirIdentifier,
  FhirScheduleInput,
} from '@klaimor/contracts';
import type { Schedule } from '@medplum/fhirtypes';
import { type SQL, sql } from 'drizzle-orm';
import { clinics, systemSchedules } from '../../../db/schema.js';
import { expectResourceType, idMismatch, invalidResource } from '../fhir-http.js';
import type { FhirResourceDefinition, SearchRequest, SystemAtFacility } from '../fhir-resources.js';
import {
  type SearchParam,
  alternatives,
  anyOf,
  invalidSearchValue,
  periodCondition,
  tokenCondition,
} from '../fhir-search.js';
import { answeredAs, conditionalOn } from '../fhir-store.js';
import type { ScheduleRepository, ScheduleValues, ScheduleView } from './schedule.repository.js';

/*
 * A FHIR Schedule is one clinic session list a hospital's system keeps (a `system_schedules` row), not the clinic
 * itself: a clinic may run several lists (one per doctor, or a morning and an afternoon one), each with its own doctor
 * and deposit, while the clinic stays what staff made it (its letter, its queue). So the Schedule's actor is the clinic,
 * named by its queue letter (which never changes once given, and which staff see beside its name), and the doctor, by
 * name only; the deposit, which FHIR has no element for, is the app's own extension. Its slots are rows of
 * `screening_slots` like the staff's, taking the list's clinic, doctor and deposit, so patients book them alike.
 */

const TYPE = 'Schedule';

export function toFhirSchedule(row: ScheduleView): Schedule {
  return {
    resourceType: TYPE,
    id: row.id,
    meta: { versionId: String(row.version), lastUpdated: row.updatedAt.toISOString() },
    ...(row.identifierSystem &&
      row.identifierValue && { identifier: [{ system: row.identifierSystem, value: row.identifierValue }] }),
    active: row.active,
    extension: [{ url: DEPOSIT_EXTENSION, valueMoney: { value: row.depositAmount, currency: 'THB' } }],
    actor: [
      {
        type: 'HealthcareService',
        identifier: { system: CLINIC_IDENTIFIER_SYSTEM, value: row.clinicLetter },
        display: row.clinicName,
      },
      ...(row.doctor ? [{ type: 'Practitioner' as const, display: row.doctor }] : []),
    ],
    ...((row.planningStart || row.planningEnd) && {
      planningHorizon: {
        ...(row.planningStart && { start: row.planningStart }),
        ...(row.planningEnd && { end: row.planningEnd }),
      },
    }),
    ...(row.comment && { comment: row.comment }),
  };
}

/** A body as the values a list keeps; refused (400, naming each element at fault) when it is not a Schedule we take. */
export function scheduleValuesOf(body: unknown): ScheduleValues & { id: string | undefined } {
  expectResourceType(TYPE, body);
  const parsed = FhirScheduleInput.safeParse(body, { reportInput: true });
  if (!parsed.success) throw invalidResource(TYPE, parsed.error);
  const input = parsed.data;
  const clinic = input.actor.find((a) => a.type === 'HealthcareService')!;
  const doctor = input.actor.find((a) => a.type === 'Practitioner');
  return {
    id: input.id,
    clinicLetter: clinic.identifier.value,
    doctor: doctor?.display ?? null,
    depositAmount: input.extension?.[0]?.valueMoney.value ?? null,
    active: input.active ?? true,
    planningStart: input.planningHorizon?.start ?? null,
    planningEnd: input.planningHorizon?.end ?? null,
    comment: input.comment ?? null,
    identifier: input.identifier?.[0] ?? null,
  };
}

/** `actor:identifier=[system|]letter`: the lists of the clinic with that letter. */
function actorCondition(param: SearchParam): SQL {
  // The clinic is no resource of this API, so it can be named only by its identifier.
  if (param.modifier !== 'identifier')
    throw invalidSearchValue('actor', `ใช้ actor:identifier=${CLINIC_IDENTIFIER_SYSTEM}|A`);
  return anyOf(
    alternatives(param).map((token) => {
      const bar = token.indexOf('|');
      const [system, letter] = bar < 0 ? [null, token] : [token.slice(0, bar), token.slice(bar + 1)];
      if (system !== null && system !== CLINIC_IDENTIFIER_SYSTEM) return sql`false`;
      return sql`${clinics.queuePrefix} = ${letter}`;
    }),
  );
}

/** The planning horizon as a range of instants: from its first Bangkok day's start to its last day's end. */
const horizonStart = sql`coalesce((${systemSchedules.planningStart}::timestamp at time zone 'Asia/Bangkok'), '-infinity'::timestamptz)`;
const horizonEnd = sql`coalesce(((${systemSchedules.planningEnd} + 1)::timestamp at time zone 'Asia/Bangkok'), 'infinity'::timestamptz)`;

function conditionOf(param: SearchParam): SQL {
  switch (param.name) {
    case 'identifier':
      return tokenCondition(param, systemSchedules.identifierSystem, systemSchedules.identifierValue);
    case 'actor':
      return actorCondition(param);
    case 'date':
      return periodCondition(param, horizonStart, horizonEnd);
    case 'active':
      return anyOf(
        alternatives(param).map((v) => {
          if (v !== 'true' && v !== 'false') throw invalidSearchValue('active', 'true หรือ false');
          return sql`${systemSchedules.active} = ${v === 'true'}`;
        }),
      );
    default:
      throw new Error(`no condition for ${param.name}`);
  }
}

const conditional = (values: ScheduleValues, ifNoneExist: FhirIdentifier | null) =>
  conditionalOn(TYPE, values.identifier, ifNoneExist);
const answered = <T>(work: Promise<T>): Promise<T> => answeredAs(TYPE, work);

export function scheduleResource(schedules: ScheduleRepository): FhirResourceDefinition<Schedule> {
  return {
    type: TYPE,
    documentation:
      "A clinic's session list: actor is the clinic (HealthcareService by its queue letter, identifier system " +
      `${CLINIC_IDENTIFIER_SYSTEM}) and optionally the doctor (Practitioner, by display); the deposit its slots ask is ` +
      `the extension ${DEPOSIT_EXTENSION} (valueMoney in THB; the facility's own deposit when not given). ` +
      'active: false withdraws its slots (patients already booked keep their places). A list whose slots have bookings ' +
      'cannot be deleted (409): set active to false instead.',
    searchParams: [
      { name: 'identifier', type: 'token', documentation: "The hospital's own identifier: system|value" },
      {
        name: 'actor',
        type: 'reference',
        modifiers: ['identifier'],
        documentation: `The clinic, by its queue letter: actor:identifier=${CLINIC_IDENTIFIER_SYSTEM}|A`,
      },
      {
        name: 'date',
        type: 'date',
        documentation: 'The planning horizon (Bangkok days), with eq, ne, gt, lt, ge, le',
      },
      { name: 'active', type: 'token', documentation: 'true or false' },
    ],
    conditionalCreate: true,
    interactions: {
      async read(system: SystemAtFacility, id: string) {
        const row = await schedules.one(system.facilityId, id);
        return row && toFhirSchedule(row);
      },

      async 'search-type'(system: SystemAtFacility, request: SearchRequest) {
        const rows = await schedules.search(
          system.facilityId,
          request.params.map(conditionOf),
          request.cursor,
          request.count + 1,
        );
        const page = rows.slice(0, request.count);
        const last = page.at(-1);
        return {
          matches: page.map(toFhirSchedule),
          next: rows.length > request.count && last ? { micros: last.cursorMicros, id: last.id } : null,
        };
      },

      async create(system, body, ifNoneExist) {
        const values = scheduleValuesOf(body);
        const { row, created } = await answered(schedules.create(system, values, conditional(values, ifNoneExist)));
        return { resource: toFhirSchedule(row), created };
      },

      async update(system, id, body, ifMatch) {
        const values = scheduleValuesOf(body);
        if (values.id !== id) throw idMismatch(TYPE);
        return toFhirSchedule(await answered(schedules.update(system, id, values, ifMatch)));
      },

      async delete(system, id, ifMatch) {
        await answered(schedules.remove(system, id, ifMatch));
      },
    },
  };
}
