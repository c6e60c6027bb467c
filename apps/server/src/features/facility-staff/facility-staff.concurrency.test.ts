import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApps, createTestApps } from '../../test/test-app.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { asStaff, enrolStaff, nextStaffEmail, queryRows } from '../staff/staff-test-helpers.js';

/**
 * The last-admin rule under concurrency: two app instances on one database (two pools on PostgreSQL, as two server
 * processes), the admins of one facility each taking another's admin role away at the same moment.
 */
let t: TestApps;

beforeAll(async () => {
  t = await createTestApps(2);
  await seedFacilities(createHospitalsRepository(t.database.db));
});
afterAll(() => t.close());

const FACILITIES = ['vajira-hospital', 'police-general-hospital', 'phramongkutklao-hospital'];
const ADMINS = 6;

describe('admins removing each other at once', () => {
  it.each(FACILITIES)(
    'at %s: six admins each take the next one out at the same moment, and one admin stays',
    async (facility) => {
      const admins: Awaited<ReturnType<typeof enrolStaff>>[] = [];
      for (let i = 0; i < ADMINS; i++)
        admins.push(
          await enrolStaff(t.apps[i % 2], t.database, t.config, nextStaffEmail(), { facility, role: 'admin' }),
        );
      const base = `/api/staff/facilities/${facility}/staff`;
      // Half remove the next admin, half make them a clinician: both ways of losing an admin, on both servers.
      const outcomes = await Promise.all(
        admins.map((admin, i) => {
          const next = admins[(i + 1) % ADMINS].memberId;
          return t.apps[i % 2].inject(
            i % 2 === 0
              ? { method: 'DELETE', url: `${base}/${next}`, ...asStaff(admin.session) }
              : { method: 'PUT', url: `${base}/${next}`, payload: { roles: ['clinician'] }, ...asStaff(admin.session) },
          );
        }),
      );

      // Each either went through, found itself no longer an admin (403) or its target gone (404), was the one refused
      // (409), or had been removed from its only facility first, which ends its sessions (401).
      for (const res of outcomes) expect([200, 204, 401, 403, 404, 409], res.body).toContain(res.statusCode);
      const left = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from staff_roles r join facilities f on f.id = r.facility_id where f.stable_id = ${facility} and r.role = 'admin'`,
      );
      expect(left[0].n).toBeGreaterThanOrEqual(1);
    },
  );
});
