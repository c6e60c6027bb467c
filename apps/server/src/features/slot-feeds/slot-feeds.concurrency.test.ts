import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApps, createTestApps } from '../../test/test-app.js';
import { adminOf, clinicAt } from '../fhir/fhir-test-helpers.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { FACILITY, asStaff } from '../staff/staff-test-helpers.js';
import { type FeedServer, feedSchedule, feedSlot, hoursFromNow, startFeedServer } from './feed-server.js';

/**
 * Two app instances on one database (two pools on PostgreSQL, as two server processes): each one's round of the job
 * and the admin's "read now" claim the feed in its row first, so one feed is read by one server at a time.
 */
let t: TestApps;
let feed: FeedServer;
let admin: string;
const base = `/api/staff/facilities/${FACILITY}/slot-feed`;

beforeAll(async () => {
  t = await createTestApps(2);
  await seedFacilities(createHospitalsRepository(t.database.db));
  await clinicAt(t.apps[0]!, t.database, t.config, FACILITY, 'A');
  admin = await adminOf(t.apps[0]!, t.database, t.config, FACILITY);
  feed = await startFeedServer();
  feed.publish(
    [feedSchedule('general', 'A')],
    [feedSlot('s1', 'general', hoursFromNow(72)), feedSlot('s2', 'general', hoursFromNow(73))],
  );
  const set = await t.apps[0]!.inject({
    method: 'PUT',
    url: base,
    payload: { manifestUrl: feed.url },
    ...asStaff(admin),
  });
  expect(set.statusCode, set.body).toBe(200);
});
afterAll(async () => {
  await feed.close();
  await t.close();
});

describe('a feed due on two servers at once', () => {
  it('is read by one of them only, and the admin reading it meanwhile is told it is being read', async () => {
    feed.delayMs = 300;
    const rounds = Promise.all([t.apps[0]!.readSlotFeeds(), t.apps[1]!.readSlotFeeds()]);
    // While a round holds it, the admin's read on either server is refused rather than run alongside.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const meanwhile = await t.apps[1]!.inject({ method: 'POST', url: `${base}/read`, ...asStaff(admin) });
    expect(meanwhile.statusCode, meanwhile.body).toBe(409);
    expect(meanwhile.json().error.code).toBe('slot_feed_busy');

    expect((await rounds).sort()).toEqual([0, 1]);
    expect(feed.hits.get('/$bulk-publish')).toBe(1);
    const read = await t.apps[0]!.inject({ method: 'GET', url: base, ...asStaff(admin) });
    expect(read.json().data).toMatchObject({ lastError: null, lastAdded: 2 });

    // Read a moment ago: not due again on either server until its interval has passed.
    expect(await Promise.all([t.apps[0]!.readSlotFeeds(), t.apps[1]!.readSlotFeeds()])).toEqual([0, 0]);
    expect(feed.hits.get('/$bulk-publish')).toBe(1);
  });

  it('read now on both servers at once is read once, the other told it is being read', async () => {
    feed.delayMs = 200;
    const answers = await Promise.all(
      t.apps.map((app) => app.inject({ method: 'POST', url: `${base}/read`, ...asStaff(admin) })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(feed.hits.get('/$bulk-publish')).toBe(2);
  });
});
