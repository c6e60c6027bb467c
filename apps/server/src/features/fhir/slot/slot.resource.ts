import { FhirSlotInput, type FhirIdentifier, SLOT_CAPACITY_EXTENSION } from '@klaimor/contracts';
import type { Slot } from '@medplum/fhirtypes';
import { type SQL, sql } from 'drizzle-orm';
import { screeningSlots } from '../../../db/schema.js';
import { expectResourceType, fhirError, idMismatch, invalidResource } from '../fhir-http.js';
import { type FhirResourceDefinition, type SearchRequest, type SystemAtFacility, isOwnId } from '../fhir-resources.js';
import {
  type SearchParam,
  alternatives,
  anyOf,
  instantCondition,
  invalidSearchValue,
  tokenCondition,
} from '../fhir-search.js';
import { answeredAs, conditionalOn, refusalAnswer } from '../fhir-store.js';
import { type SlotRepository, type SlotValues, type SlotView, slotStatus } from './slot.repository.js';

/*
 * A FHIR Slot is a row of `screening_slots`, the table the staff's sessions fill: patients book it exactly as they book
 * a staff-made slot (the same one-row `taken < capacity` update, the same queue and deposit). Its places are SMART
 * Scheduling Links' slot-capacity extension (1 unless given); its status is the app's to say on the way out (free or
 * busy by the places taken, busy-unavailable once withdrawn), while on the way in free and busy both offer it and
 * busy-unavailable withdraws it, the patients in it keeping their places.
 */

const TYPE = 'Slot';

export function toFhirSlot(row: SlotView): Slot {
  return {
    resourceType: TYPE,
    id: row.id,
    meta: { versionId: String(row.version), lastUpdated: row.updatedAt.toISOString() },
    ...(row.identifierSystem &&
      row.identifierValue && { identifier: [{ system: row.identifierSystem, value: row.identifierValue }] }),
    extension: [{ url: SLOT_CAPACITY_EXTENSION, valueInteger: row.capacity }],
    schedule: { reference: `Schedule/${row.scheduleId}` },
    status: row.status,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
  };
}

/** A body as the values a slot keeps; refused (400, naming each element at fault) when it is not a Slot we take. */
function slotValuesOf(body: unknown): SlotValues & { id: string | undefined } {
  expectResourceType(TYPE, body);
  const parsed = FhirSlotInput.safeParse(body, { reportInput: true });
  if (!parsed.success) throw invalidResource(TYPE, parsed.error);
  const input = parsed.data;
  const scheduleId = input.schedule.reference.slice('Schedule/'.length);
  // A schedule id the app never hands out names no schedule of any facility.
  if (!isOwnId(scheduleId)) throw refusalAnswer(TYPE, 'unknown_schedule');
  return {
    id: input.id,
    scheduleId,
    start: new Date(input.start),
    end: new Date(input.end),
    capacity: input.extension?.[0]?.valueInteger ?? 1,
    offered: input.status !== 'busy-unavailable',
    identifier: input.identifier?.[0] ?? null,
  };
}

const startInPast = () => fhirError(400, 'value', 'start_in_past', 'เวลาเริ่มของ slot ต้องอยู่ในอนาคต', 'Slot.start');

/** `schedule=Schedule/<id>` (or the id alone): the slots of that list. */
function scheduleCondition(param: SearchParam): SQL {
  return anyOf(
    alternatives(param).map((reference) => {
      const id = reference.startsWith('Schedule/') ? reference.slice('Schedule/'.length) : reference;
      return isOwnId(id) ? sql`${screeningSlots.systemScheduleId} = ${id}` : sql`false`;
    }),
  );
}

/** Every code of FHIR's SlotStatus: those the app never says match nothing, any other word is refused. */
const SLOT_STATUS_CODES = new Set(['free', 'busy', 'busy-unavailable', 'busy-tentative', 'entered-in-error']);

function statusCondition(param: SearchParam): SQL {
  return anyOf(
    alternatives(param).map((code) => {
      if (!SLOT_STATUS_CODES.has(code)) throw invalidSearchValue('status', [...SLOT_STATUS_CODES].join(', '));
      return sql`${slotStatus} = ${code}`;
    }),
  );
}

function conditionOf(param: SearchParam): SQL {
  switch (param.name) {
    case 'schedule':
      return scheduleCondition(param);
    case 'start':
      return instantCondition(param, screeningSlots.startsAt);
    case 'status':
      return statusCondition(param);
    case 'identifier':
      return tokenCondition(param, screeningSlots.identifierSystem, screeningSlots.identifierValue);
    default:
      throw new Error(`no condition for ${param.name}`);
  }
}

const conditional = (values: SlotValues, ifNoneExist: FhirIdentifier | null) =>
  conditionalOn(TYPE, values.identifier, ifNoneExist);
const answered = <T>(work: Promise<T>): Promise<T> => answeredAs(TYPE, work);

export function slotResource(slots: SlotRepository): FhirResourceDefinition<Slot> {
  return {
    type: TYPE,
    documentation:
      'A bookable time of a Schedule: patients book it in the app like any slot of the facility (its clinic, doctor ' +
      `and deposit are the Schedule's). Places: the extension ${SLOT_CAPACITY_EXTENSION} (valueInteger, 1 unless ` +
      'given); status is free or busy by the places taken, busy-unavailable once withdrawn (sending busy-unavailable ' +
      'withdraws it; patients booked keep their places). Places below those booked, new times for a slot with ' +
      'bookings, and deleting a slot any appointment names are refused (409): withdraw it instead.',
    searchParams: [
      { name: 'schedule', type: 'reference', documentation: 'The Schedule: Schedule/<id>' },
      {
        name: 'start',
        type: 'date',
        documentation: 'When it starts, with eq, ne, gt, lt, ge, le; a date without a zone is a Bangkok date',
      },
      { name: 'status', type: 'token', documentation: 'free, busy or busy-unavailable' },
      { name: 'identifier', type: 'token', documentation: "The hospital's own identifier: system|value" },
    ],
    conditionalCreate: true,
    interactions: {
      async read(system: SystemAtFacility, id: string) {
        const row = await slots.one(system.facilityId, id);
        return row && toFhirSlot(row);
      },

      async 'search-type'(system: SystemAtFacility, request: SearchRequest) {
        const rows = await slots.search(
          system.facilityId,
          request.params.map(conditionOf),
          request.cursor,
          request.count + 1,
        );
        const page = rows.slice(0, request.count);
        const last = page.at(-1);
        return {
          matches: page.map(toFhirSlot),
          next: rows.length > request.count && last ? { micros: last.cursorMicros, id: last.id } : null,
        };
      },

      async create(system, body, ifNoneExist) {
        const values = slotValuesOf(body);
        const isConditional = conditional(values, ifNoneExist);
        if (values.start.getTime() <= Date.now()) throw startInPast();
        const { row, created } = await answered(slots.create(system, values, isConditional));
        return { resource: toFhirSlot(row), created };
      },

      async update(system, id, body, ifMatch) {
        const values = slotValuesOf(body);
        if (values.id !== id) throw idMismatch(TYPE);
        const before = await slots.one(system.facilityId, id);
        if (before && before.startsAt.getTime() !== values.start.getTime() && values.start.getTime() <= Date.now()) {
          throw startInPast();
        }
        return toFhirSlot(await answered(slots.update(system, id, values, ifMatch)));
      },

      async delete(system, id, ifMatch) {
        await answered(slots.remove(system, id, ifMatch));
      },
    },
  };
}
