import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { type TestApps, createTestApps } from '../../test/test-app.js';
import { STAFF_PASSWORD, enrolStaff, queryRows, signIn } from './staff-test-helpers.js';

let t: TestApps;
beforeAll(async () => {
  t = await createTestApps(2);
  await seedFacilities(createHospitalsRepository(t.database.db));
});
afterAll(() => t.close());

describe('staff sign-in under load', () => {
  it('looks at one of 20 wrong sign-ins arriving at once on two servers when the next try starts a long wait', async () => {
    const m = await enrolStaff(t.apps[0], t.database, t.config);
    const from = { address: '203.0.113.20' };
    const wrong = { email: m.email, password: 'not the password at all', code: m.recoveryCodes[0] };
    expect((await signIn(t.apps[0], wrong, from)).statusCode).toBe(401);
    // As if 14 tries in a row had come from there: the 15th is let through and starts a wait of 15 minutes, so
    // however slowly the 20 arrive, only one of them may reach the password.
    await t.database.db.execute(
      sql`update staff_sign_in_throttles set tries = 14, wait_until = now() where member_id = ${m.memberId}`,
    );
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(t.apps[i % 2], wrong, from)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(19);

    const rows = await queryRows<{ checked: number }>(
      t.database.db,
      sql`select count(*)::int as checked from audit_events where staff_member_id = ${m.memberId} and action = 'staff.sign_in_failed'`,
    );
    expect(rows[0].checked).toBe(2);

    // The right password is refused too while the wait lasts; the member at their own device is not.
    const right = { email: m.email, password: STAFF_PASSWORD, code: m.recoveryCodes[0] };
    expect((await signIn(t.apps[1], right, from)).statusCode).toBe(429);
    expect((await signIn(t.apps[1], right, { ...from, device: m.device })).statusCode).toBe(204);
  });
});
