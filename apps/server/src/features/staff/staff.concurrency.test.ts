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
  it('checks the password at most 5 times when 20 wrong sign-ins arrive at once on two servers', async () => {
    const m = await enrolStaff(t.apps[0], t.database, t.config);
    const wrong = { email: m.email, password: 'not the password at all', code: m.recoveryCodes[0] };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(t.apps[i % 2], wrong)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);

    const rows = await queryRows<{ failed_sign_ins: number; checked: number }>(
      t.database.db,
      sql`
      select failed_sign_ins,
        (select count(*)::int from audit_events where staff_member_id = ${m.memberId} and action = 'staff.sign_in_failed') as checked
      from staff_members where id = ${m.memberId}`,
    );
    expect(rows[0]).toEqual({ failed_sign_ins: 5, checked: 5 });

    // The right password is refused too while the lock lasts.
    const right = await signIn(t.apps[1], { email: m.email, password: STAFF_PASSWORD, code: m.recoveryCodes[0] });
    expect(right.statusCode).toBe(429);
  });
});
