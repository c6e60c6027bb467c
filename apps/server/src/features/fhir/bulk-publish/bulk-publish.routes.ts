import { Readable } from 'node:stream';
import { SLOT_CAPACITY_EXTENSION, THAI_HCODE_SYSTEM } from '@klaimor/contracts';
import type { Location, Schedule, Slot } from '@medplum/fhirtypes';
import type { FastifyPluginAsync } from 'fastify';
import { fhirError } from '../fhir-http.js';
import type {
  BulkPublishRepository,
  PublishedClinic,
  PublishedFacility,
  PublishedSlot,
} from './bulk-publish.repository.js';

/*
 * The app's availability, published as SMART Scheduling Links: a `$bulk-publish` manifest naming one ndjson file each
 * of Locations (the facilities taking bookings), Schedules (their clinics) and Slots (every offered time ahead, made
 * by the staff or by a hospital's system), each slot with a link that opens its booking in the app. Public and
 * cacheable, as the specification asks: slot finders poll it every few minutes; the files are read from the database
 * as asked, so a place taken shows at the next minute's fetch.
 */

export const BOOKING_DEEP_LINK_EXTENSION =
  'http://fhir-registry.smarthealthit.org/StructureDefinition/booking-deep-link';
export const BOOKING_PHONE_EXTENSION = 'http://fhir-registry.smarthealthit.org/StructureDefinition/booking-phone';

const FILES = ['Location', 'Schedule', 'Slot'] as const;
type FileType = (typeof FILES)[number];
const NDJSON = 'application/fhir+ndjson';
/** Slot finders are asked not to fetch more than once a minute; a minute's copy is what they may keep. */
const CACHE = 'public, max-age=60';

export function toLocation(f: PublishedFacility, appOrigin: string): Location {
  const address = [f.address, f.subdistrict].filter((part): part is string => !!part);
  return {
    resourceType: 'Location',
    id: f.id,
    ...(f.mophCode && { identifier: [{ system: THAI_HCODE_SYSTEM, value: f.mophCode }] }),
    name: f.nameTh,
    telecom: [
      ...(f.phone ? [{ system: 'phone' as const, value: f.phone }] : []),
      { system: 'url', value: `${appOrigin}/map?hospital=${encodeURIComponent(f.stableId)}` },
    ],
    address: {
      ...(address.length > 0 && { line: address }),
      ...(f.district && { city: f.district }),
      ...(f.province && { state: f.province }),
      ...(f.postcode && { postalCode: f.postcode }),
      country: 'TH',
    },
    position: { latitude: f.lat, longitude: f.lng },
  };
}

export function toSchedule(c: PublishedClinic): Schedule {
  return {
    resourceType: 'Schedule',
    id: c.id,
    serviceType: [{ text: c.nameTh }],
    actor: [{ reference: `Location/${c.facilityId}` }],
  };
}

/**
 * A slot as a slot finder reads it: `free` with the places still open as its capacity (SMART's capacity counts
 * identical slots, and each open place is one), `busy` once every place is taken; the link books it in the app.
 */
export function toPublishedSlot(s: PublishedSlot, appOrigin: string): Slot {
  const open = s.capacity - s.taken;
  const link = `${appOrigin}/map?hospital=${encodeURIComponent(s.stableId)}&slot=${s.id}`;
  return {
    resourceType: 'Slot',
    id: s.id,
    schedule: { reference: `Schedule/${s.clinicId}` },
    status: open > 0 ? 'free' : 'busy',
    start: s.startsAt.toISOString(),
    end: s.endsAt.toISOString(),
    extension: [
      ...(open > 0 ? [{ url: SLOT_CAPACITY_EXTENSION, valueInteger: open }] : []),
      { url: BOOKING_DEEP_LINK_EXTENSION, valueUrl: link },
      ...(s.phone ? [{ url: BOOKING_PHONE_EXTENSION, valueString: s.phone }] : []),
    ],
  };
}

async function* lines(type: FileType, repository: BulkPublishRepository, appOrigin: string): AsyncGenerator<string> {
  if (type === 'Location') {
    for (const f of await repository.facilities()) yield `${JSON.stringify(toLocation(f, appOrigin))}\n`;
  } else if (type === 'Schedule') {
    for (const c of await repository.clinics()) yield `${JSON.stringify(toSchedule(c))}\n`;
  } else {
    let after: string | null = null;
    for (;;) {
      const page = await repository.slots(after);
      if (page.length === 0) return;
      yield page.map((s) => `${JSON.stringify(toPublishedSlot(s, appOrigin))}\n`).join('');
      after = page.at(-1)!.id;
    }
  }
}

export interface BulkPublishDeps {
  repository: BulkPublishRepository;
  /** The FHIR base as systems reach it (`${PUBLIC_URL}/fhir`). */
  base: string;
  /** The app's own origin, which the booking links open. */
  appOrigin: string;
}

/** `GET /fhir/$bulk-publish` and its files, public: what is offered is what the map shows anyone. */
export function bulkPublishRoutes({ repository, base, appOrigin }: BulkPublishDeps): FastifyPluginAsync {
  return async (scope) => {
    // The manifest is Bulk Data's JSON, not a FHIR resource: the FHIR scope's label for JSON replies is put back.
    scope.addHook('onSend', async (request, reply, payload) => {
      if (request.routeOptions.url === '/fhir/$bulk-publish' && reply.statusCode === 200) {
        reply.type('application/json; charset=utf-8');
      }
      return payload;
    });

    scope.get('/$bulk-publish', { schema: { hide: true } }, async (_request, reply) => {
      reply.header('cache-control', CACHE);
      return {
        transactionTime: new Date().toISOString(),
        request: `${base}/$bulk-publish`,
        output: FILES.map((type) => ({ type, url: `${base}/$bulk-publish/${type}.ndjson` })),
        error: [],
      };
    });

    scope.get<{ Params: { file: string } }>(
      '/$bulk-publish/:file',
      { schema: { hide: true } },
      async (request, reply) => {
        const type = FILES.find((t) => request.params.file === `${t}.ndjson`);
        if (!type) throw fhirError(404, 'not-found', 'not_found', 'ไม่มีไฟล์นี้ใน $bulk-publish (ดูรายการใน manifest)');
        reply.header('cache-control', CACHE).type(NDJSON);
        return reply.send(Readable.from(lines(type, repository, appOrigin)));
      },
    );
  };
}
