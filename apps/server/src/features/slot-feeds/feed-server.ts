import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLINIC_IDENTIFIER_SYSTEM, SLOT_CAPACITY_EXTENSION } from '@klaimor/contracts';

/** A hospital system's availability feed for tests: a real HTTP server on this machine serving a manifest and ndjson. */
export interface FeedServer {
  /** The manifest's address. */
  url: string;
  /** What it serves: each path's status and body (`/$bulk-publish`, `/schedules.ndjson`, `/slots.ndjson`). */
  files: Map<string, { status: number; body: string }>;
  /** How many times each path was asked for. */
  hits: Map<string, number>;
  /** Milliseconds the manifest's answer waits (two reads at once overlap). */
  delayMs: number;
  /** Serves these Schedules and Slots under a standard manifest. */
  publish(schedules: object[], slots: object[]): void;
  close(): Promise<void>;
}

export async function startFeedServer(): Promise<FeedServer> {
  const files = new Map<string, { status: number; body: string }>();
  const hits = new Map<string, number>();
  const state = { delayMs: 0 };
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url!, 'http://localhost').pathname);
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const file = files.get(path);
    const answer = () => {
      if (!file) return response.writeHead(404).end();
      response.writeHead(file.status, { 'content-type': 'application/json' }).end(file.body);
    };
    if (path === '/$bulk-publish' && state.delayMs > 0) setTimeout(answer, state.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const feed: FeedServer = {
    url: `${origin}/$bulk-publish`,
    files,
    hits,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    publish(schedules, slots) {
      files.set('/$bulk-publish', {
        status: 200,
        body: JSON.stringify({
          transactionTime: new Date().toISOString(),
          request: `${origin}/$bulk-publish`,
          output: [
            { type: 'Location', url: `${origin}/locations.ndjson` },
            { type: 'Schedule', url: `${origin}/schedules.ndjson` },
            { type: 'Slot', url: 'slots.ndjson' },
          ],
          error: [],
        }),
      });
      files.set('/locations.ndjson', { status: 200, body: '{"resourceType":"Location","id":"main"}\n' });
      files.set('/schedules.ndjson', { status: 200, body: schedules.map((s) => JSON.stringify(s)).join('\n') + '\n' });
      files.set('/slots.ndjson', { status: 200, body: slots.map((s) => JSON.stringify(s)).join('\n') + '\n' });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return feed;
}

/** A Schedule as SMART Scheduling Links publishes it, of the clinic with this letter when one is given. */
export const feedSchedule = (id: string, clinicLetter?: string) => ({
  resourceType: 'Schedule',
  id,
  serviceType: [{ text: 'ตรวจทั่วไป' }],
  actor: [
    { reference: 'Location/main' },
    ...(clinicLetter
      ? [{ type: 'HealthcareService', identifier: { system: CLINIC_IDENTIFIER_SYSTEM, value: clinicLetter } }]
      : []),
  ],
});

/** The start of the hour `hoursAhead` from now, to the minute. */
export const hoursFromNow = (hoursAhead: number) =>
  new Date(Math.ceil((Date.now() + hoursAhead * 3_600_000) / 60_000) * 60_000);

/** A Slot as SMART Scheduling Links publishes it: 15 minutes from `start`, free or busy, with its places. */
export const feedSlot = (id: string, scheduleId: string, start: Date, capacity = 1, status = 'free') => ({
  resourceType: 'Slot',
  id,
  schedule: { reference: `Schedule/${scheduleId}` },
  status,
  start: start.toISOString().replace('.000Z', 'Z'),
  end: new Date(start.getTime() + 15 * 60_000).toISOString().replace('.000Z', 'Z'),
  extension: [
    { url: SLOT_CAPACITY_EXTENSION, valueInteger: capacity },
    {
      url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/booking-deep-link',
      valueUrl: 'https://his.example/book',
    },
  ],
});
