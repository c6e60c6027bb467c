import {
  CLINIC_IDENTIFIER_SYSTEM,
  FhirId,
  FhirInstant,
  MAX_SLOT_PLACES,
  SLOT_CAPACITY_EXTENSION,
  type SlotFeedError,
} from '@klaimor/contracts';
import { z } from 'zod';
import {
  AddressRefused,
  type HttpAllowed,
  REACH_OF,
  TooLarge,
  guardedFetch,
  urlAllowed,
} from '../../shared/guarded-fetch.js';

/*
 * Reading a facility's availability feed as SMART Scheduling Links publishes it: a `$bulk-publish` manifest (JSON)
 * whose `output` lists ndjson files by type, each line one FHIR resource. The Schedules and Slots are read (the
 * Locations are not: the feed is the facility's own, so its place is the facility); every line is checked with the
 * schemas below, and one line the app cannot take fails the whole read.
 */

/** A manifest is a short list of files. */
export const MAX_MANIFEST_BYTES = 64 * 1024;
/** One ndjson file: some thousands of slots at ~300 bytes each. */
export const MAX_FILE_BYTES = 8 * 1024 * 1024;
/** How many Schedules and Slots one feed may hold in all. */
export const MAX_RESOURCES = 20_000;
/** How many files a manifest may list. */
const MAX_FILES = 100;
/** How long one file may take to arrive. */
export const FETCH_TIMEOUT_MS = 20_000;

/** A read that could not go on: the machine code the admin is told. */
export class FeedFailure extends Error {
  constructor(readonly code: SlotFeedError) {
    super(code);
    this.name = 'FeedFailure';
  }
}

const Manifest = z.looseObject({
  output: z.array(z.looseObject({ type: z.string(), url: z.string() })).max(MAX_FILES),
  error: z.array(z.unknown()).optional(),
});

/** The clinic a Schedule is of, when it names one the app's way (the clinic's queue letter). */
const ClinicActor = z.looseObject({
  identifier: z.looseObject({ system: z.literal(CLINIC_IDENTIFIER_SYSTEM), value: z.string().regex(/^[A-Z]$/) }),
});

export const FeedSchedule = z.looseObject({
  resourceType: z.literal('Schedule'),
  id: FhirId,
  actor: z.array(z.looseObject({})).min(1),
});

const CapacityExtension = z.looseObject({
  url: z.literal(SLOT_CAPACITY_EXTENSION),
  valueInteger: z.number().int().min(1).max(MAX_SLOT_PLACES),
});

export const FeedSlot = z
  .looseObject({
    resourceType: z.literal('Slot'),
    id: FhirId,
    schedule: z.looseObject({ reference: z.string().regex(/^Schedule\/[A-Za-z0-9\-.]{1,64}$/) }),
    // SMART Scheduling Links: free or busy. busy-unavailable (FHIR's own) is taken as busy.
    status: z.enum(['free', 'busy', 'busy-unavailable']),
    start: FhirInstant,
    end: FhirInstant,
    extension: z.array(z.looseObject({ url: z.string() })).optional(),
  })
  .superRefine((slot, ctx) => {
    if (Date.parse(slot.end) <= Date.parse(slot.start)) ctx.addIssue({ code: 'custom', path: ['end'], message: '' });
    const capacity = slot.extension?.filter((e) => e.url === SLOT_CAPACITY_EXTENSION) ?? [];
    if (capacity.length > 1 || (capacity[0] && !CapacityExtension.safeParse(capacity[0]).success)) {
      ctx.addIssue({ code: 'custom', path: ['extension'], message: '' });
    }
  });

/** A Schedule of the feed: its own id, and the clinic letter it names (null: the facility's first clinic). */
export interface ReadSchedule {
  id: string;
  clinicLetter: string | null;
}

/** A Slot of the feed: its own id, its Schedule's id, when, how many patients, and whether it is offered. */
export interface ReadSlot {
  id: string;
  scheduleId: string;
  start: Date;
  end: Date;
  capacity: number;
  offered: boolean;
}

export interface ReadFeed {
  schedules: ReadSchedule[];
  slots: ReadSlot[];
}

/** GETs one address of the feed, held to the allowed addresses, a size and a time; its body as text. */
async function get(url: string, http: HttpAllowed, maxBytes: number): Promise<string> {
  if (!urlAllowed(url, http)) throw new FeedFailure('unreachable');
  const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  let response: Response;
  try {
    response = await guardedFetch(REACH_OF[http], maxBytes)(url, {
      headers: new Headers({ accept: 'application/json, application/fhir+ndjson, application/x-ndjson' }),
      signal,
    });
  } catch (error) {
    if (error instanceof TooLarge) throw new FeedFailure('too_large');
    if (error instanceof AddressRefused) throw new FeedFailure('unreachable');
    throw new FeedFailure(signal.aborted ? 'timeout' : 'unreachable');
  }
  if (response.status !== 200) throw new FeedFailure('http_status');
  return response.text();
}

function json(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new FeedFailure('bad_json');
  }
}

/** The lines of an ndjson file, each parsed and checked; blank lines are skipped. */
function* resources<T>(text: string, schema: z.ZodType<T>): Generator<T> {
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const parsed = schema.safeParse(json(line));
    if (!parsed.success) throw new FeedFailure('invalid_resource');
    yield parsed.data;
  }
}

/**
 * Reads the whole feed: the manifest, then every Schedule and Slot file it lists (relative addresses are resolved
 * against the manifest's). Throws a FeedFailure at the first thing wrong; nothing is applied by reading.
 */
export async function fetchFeed(manifestUrl: string, http: HttpAllowed): Promise<ReadFeed> {
  const manifest = Manifest.safeParse(json(await get(manifestUrl, http, MAX_MANIFEST_BYTES)));
  if (!manifest.success) throw new FeedFailure('invalid_manifest');
  const files = manifest.data.output.flatMap((entry) => {
    if (entry.type !== 'Schedule' && entry.type !== 'Slot') return [];
    let url: string;
    try {
      url = new URL(entry.url, manifestUrl).toString();
    } catch {
      throw new FeedFailure('invalid_manifest');
    }
    return [{ type: entry.type, url }];
  });

  const schedules = new Map<string, ReadSchedule>();
  const slots = new Map<string, ReadSlot>();
  for (const file of files) {
    const text = await get(file.url, http, MAX_FILE_BYTES);
    if (file.type === 'Schedule') {
      for (const schedule of resources(text, FeedSchedule)) {
        if (schedules.has(schedule.id)) throw new FeedFailure('invalid_resource');
        const clinic = schedule.actor.map((a) => ClinicActor.safeParse(a)).find((a) => a.success);
        schedules.set(schedule.id, { id: schedule.id, clinicLetter: clinic?.data?.identifier.value ?? null });
      }
    } else {
      for (const slot of resources(text, FeedSlot)) {
        if (slots.has(slot.id)) throw new FeedFailure('invalid_resource');
        const capacity = slot.extension?.find((e) => e.url === SLOT_CAPACITY_EXTENSION) as
          { valueInteger: number } | undefined;
        slots.set(slot.id, {
          id: slot.id,
          scheduleId: slot.schedule.reference.slice('Schedule/'.length),
          start: new Date(slot.start),
          end: new Date(slot.end),
          capacity: capacity?.valueInteger ?? 1,
          offered: slot.status === 'free',
        });
      }
    }
    if (schedules.size + slots.size > MAX_RESOURCES) throw new FeedFailure('too_large');
  }
  for (const slot of slots.values()) {
    if (!schedules.has(slot.scheduleId)) throw new FeedFailure('unknown_schedule');
  }
  return { schedules: [...schedules.values()], slots: [...slots.values()] };
}
