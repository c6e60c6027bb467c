import { randomUUID } from 'node:crypto';
import type { SlotFeed } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../../test/test-app.js';
import { adminOf, clinicAt } from '../fhir/fhir-test-helpers.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { FACILITY, asStaff, queryRows } from '../staff/staff-test-helpers.js';
import { type FeedServer, feedSchedule, feedSlot, hoursFromNow, startFeedServer } from './feed-server.js';

let t: TestApp;
let feed: FeedServer;
let admin: string;
const base = `/api/staff/facilities/${FACILITY}/slot-feed`;

beforeAll(async () => {
  t = await createTestApp();
  await seedFacilities(createHospitalsRepository(t.database.db));
  await clinicAt(t.app, t.database, t.config, FACILITY, 'A', 'อายุรกรรม');
  admin = await adminOf(t.app, t.database, t.config, FACILITY);
  feed = await startFeedServer();
});
afterAll(async () => {
  await feed.close();
  await t.close();
});

const setFeed = (manifestUrl: string) =>
  t.app.inject({ method: 'PUT', url: base, payload: { manifestUrl }, ...asStaff(admin) });

async function readNow(): Promise<SlotFeed> {
  const res = await t.app.inject({ method: 'POST', url: `${base}/read`, ...asStaff(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SlotFeed;
}

interface SlotRow {
  id: string;
  value: string;
  starts_at: string;
  capacity: number;
  taken: number;
  withdrawn: boolean;
  version: number;
}

/** The facility's slots read from this feed, by the feed's own ids. */
async function feedSlots(): Promise<Map<string, SlotRow>> {
  const rows = await queryRows<SlotRow>(
    t.database.db,
    sql`select id, identifier_value as value, starts_at::text, capacity, taken, withdrawn_at is not null as withdrawn,
          version
        from screening_slots where identifier_system = ${`${feed.url}#Slot`} order by identifier_value`,
  );
  return new Map(rows.map((row) => [row.value, row]));
}

/** A patient books through the app's own booking API, as any patient does. */
async function book(slotId: string): Promise<string> {
  const { session } = await registerPatient(t.app, nextPhone());
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { 'idempotency-key': randomUUID() },
    payload: { hospitalId: FACILITY, slotId, symptoms: 'ไอ มีไข้', duration: '2 วัน' },
    cookies: { klaimor_session: session },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data[0].id as string;
}

const starts = { s1: hoursFromNow(72), s2: hoursFromNow(73), s3: hoursFromNow(74), moved: hoursFromNow(96) };

describe("a facility's availability feed", () => {
  beforeEach(() => {
    feed.publish(
      [feedSchedule('general')],
      [
        feedSlot('s1', 'general', starts.s1),
        feedSlot('s2', 'general', starts.s2, 2),
        feedSlot('s3', 'general', starts.s3, 3),
      ],
    );
  });

  it('refuses an address that is not https (plain http only on this machine in demo mode)', async () => {
    const res = await setFeed('http://his.hospital.example/$bulk-publish');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ manifestUrl: 'insecure_url' });
    expect((await setFeed('ftp://his.hospital.example/x')).statusCode).toBe(400);
  });

  it('is set by the admin and read: its slots are added and offered to patients', async () => {
    const set = await setFeed(feed.url);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ manifestUrl: feed.url, lastReadAt: null, lastError: null });

    const outcome = await readNow();
    expect(outcome).toMatchObject({ lastError: null, lastAdded: 3, lastChanged: 0, lastWithdrawn: 0 });
    expect(outcome.lastReadAt).not.toBeNull();
    const slots = await feedSlots();
    expect([...slots.keys()]).toEqual(['s1', 's2', 's3']);
    expect(slots.get('s2')).toMatchObject({ capacity: 2, withdrawn: false });

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/hospitals/${FACILITY}/slots?from=${starts.s1.toISOString().slice(0, 10)}&to=${starts.moved.toISOString().slice(0, 10)}`,
    });
    const offered = (res.json().data as { id: string }[]).map((s) => s.id);
    expect(offered).toEqual(expect.arrayContaining([slots.get('s1')!.id, slots.get('s2')!.id]));

    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_events where action like 'slot_feed.%' order by at`,
    );
    expect(audit.map((a) => a.action)).toEqual(['slot_feed.set', 'slot_feed.read_now']);
  });

  it('read again unchanged, changes nothing', async () => {
    const before = await feedSlots();
    expect(await readNow()).toMatchObject({ lastError: null, lastAdded: 0, lastChanged: 0, lastWithdrawn: 0 });
    expect(await feedSlots()).toEqual(before);
  });

  it('applies a changed time and withdraws a booked slot it no longer lists, the patient keeping the place', async () => {
    const before = await feedSlots();
    const appointment = await book(before.get('s1')!.id);
    feed.publish(
      [feedSchedule('general')],
      [feedSlot('s2', 'general', starts.moved, 2), feedSlot('s3', 'general', starts.s3, 3, 'busy')],
    );

    expect(await readNow()).toMatchObject({ lastError: null, lastAdded: 0, lastChanged: 1, lastWithdrawn: 2 });
    const after = await feedSlots();
    expect(after.get('s1')).toMatchObject({ id: before.get('s1')!.id, withdrawn: true, taken: 1 });
    expect(Date.parse(after.get('s2')!.starts_at)).toBe(starts.moved.getTime());
    expect(after.get('s3')).toMatchObject({ withdrawn: true });
    const [kept] = await queryRows<{ slot_id: string; status: string }>(
      t.database.db,
      sql`select slot_id, status from appointments where id = ${appointment}`,
    );
    expect(kept).toMatchObject({ slot_id: before.get('s1')!.id });
    expect(kept!.status).not.toMatch(/cancel/);
  });

  describe('broken, changes nothing and tells the admin why', () => {
    const brokenBy = async (break_: () => void, code: string) => {
      const before = await feedSlots();
      break_();
      expect(await readNow()).toMatchObject({
        lastError: code,
        lastAdded: null,
        lastChanged: null,
        lastWithdrawn: null,
      });
      expect(await feedSlots()).toEqual(before);
    };

    it('answering 500', () =>
      brokenBy(() => feed.files.set('/$bulk-publish', { status: 500, body: 'oops' }), 'http_status'));

    it('a slot file answering 404', () => brokenBy(() => feed.files.delete('/slots.ndjson'), 'http_status'));

    it('with a manifest that is not JSON', () =>
      brokenBy(() => feed.files.set('/$bulk-publish', { status: 200, body: '{"output": [' }), 'bad_json'));

    it('with a manifest without its output list', () =>
      brokenBy(() => feed.files.set('/$bulk-publish', { status: 200, body: '{"files": []}' }), 'invalid_manifest'));

    it('with one slot the app cannot take (its end before its start), even among good ones', () =>
      brokenBy(() => {
        const bad = { ...feedSlot('s9', 'general', starts.s3), end: starts.s1.toISOString() };
        feed.files.set('/slots.ndjson', {
          status: 200,
          body: [feedSlot('s8', 'general', starts.s2), bad].map((s) => JSON.stringify(s)).join('\n'),
        });
      }, 'invalid_resource'));

    it('with a slot of a schedule it does not list', () =>
      brokenBy(
        () => feed.publish([feedSchedule('general')], [feedSlot('s8', 'other', starts.s2)]),
        'unknown_schedule',
      ));

    it('moving a booked slot: refused whole, the other changes not applied either', () =>
      brokenBy(
        () =>
          feed.publish(
            [feedSchedule('general')],
            [feedSlot('s7', 'general', starts.s3), feedSlot('s1', 'general', starts.moved)],
          ),
        'booked_slot_moved',
      ));

    it('larger than a manifest can be', () =>
      brokenBy(
        () =>
          feed.files.set('/$bulk-publish', {
            status: 200,
            body: JSON.stringify({ output: [], pad: 'x'.repeat(70_000) }),
          }),
        'too_large',
      ));

    it('unreachable', async () => {
      await setFeed('http://127.0.0.1:9/$bulk-publish');
      expect(await readNow()).toMatchObject({ lastError: 'unreachable', lastAdded: null });
      await setFeed(feed.url);
    });
  });

  it('is read by the job at once when its address is new, then once its interval has passed, not before', async () => {
    const hits = () => feed.hits.get('/$bulk-publish') ?? 0;
    await setFeed(feed.url);
    expect(await t.app.readSlotFeeds()).toBe(1);
    const before = hits();
    expect(await t.app.readSlotFeeds()).toBe(0);
    await t.database.db.execute(
      sql`update slot_feeds set last_read_at = now() - make_interval(mins => ${t.config.slotFeeds.intervalMinutes - 1})`,
    );
    expect(await t.app.readSlotFeeds()).toBe(0);
    await t.database.db.execute(
      sql`update slot_feeds set last_read_at = now() - make_interval(mins => ${t.config.slotFeeds.intervalMinutes})`,
    );
    expect(await t.app.readSlotFeeds()).toBe(1);
    expect(hits()).toBe(before + 1);
    const read = await t.app.inject({ method: 'GET', url: base, ...asStaff(admin) });
    expect(read.json().data).toMatchObject({ lastError: null, lastAdded: 0, lastChanged: 0, lastWithdrawn: 0 });
  });

  it('cleared by the admin, is no longer read', async () => {
    const cleared = await t.app.inject({ method: 'DELETE', url: base, ...asStaff(admin) });
    expect(cleared.json()).toEqual({ data: null });
    expect((await t.app.inject({ method: 'GET', url: base, ...asStaff(admin) })).json()).toEqual({ data: null });
    const res = await t.app.inject({ method: 'POST', url: `${base}/read`, ...asStaff(admin) });
    expect(res.statusCode).toBe(404);
    expect(await t.app.readSlotFeeds()).toBe(0);
  });
});
