import { generateKeyPairSync } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { seedDemoData } from '../../demo/seed.js';
import { type TestApp, createTestApp } from '../../test/test-app.js';
import { STAFF_COOKIE } from './staff-cookies.js';
import { DEMO_OPERATOR, DEMO_STAFF, DEMO_STAFF_PASSWORD } from './demo-staff.js';
import { queryRows, signIn, staffCookie, totpCode } from './staff-test-helpers.js';

let demo: TestApp;
let production: TestApp;
beforeAll(async () => {
  demo = await createTestApp();
  production = await createTestApp();
});
afterAll(async () => {
  await demo.close();
  await production.close();
});

const countStaff = async (t: TestApp) =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from staff_members`))[0].n;

describe('demo hospital staff', () => {
  it('are seeded in demo mode, once, and sign in with the published password and authenticator secrets', async () => {
    expect(demo.config.mode).toBe('demo');
    await seedDemoData(demo.database.db, demo.config);
    await seedDemoData(demo.database.db, demo.config);
    expect(await countStaff(demo)).toBe(DEMO_STAFF.length + 1); // and the operator
    for (const member of DEMO_STAFF) {
      const res = await signIn(demo.app, {
        email: member.email,
        password: DEMO_STAFF_PASSWORD,
        code: await totpCode(member.totpSecret),
      });
      expect(res.statusCode, res.body).toBe(204);
      const me = await demo.app.inject({
        method: 'GET',
        url: '/api/staff/me',
        cookies: { [STAFF_COOKIE]: staffCookie(res) },
      });
      expect(me.json().data[0].facilities).toEqual([
        { id: 'siriraj-hospital', nameTh: expect.any(String), nameEn: 'Siriraj Hospital', roles: [member.role] },
      ]);
    }
    // The demo operator works at no facility, and has the operator's console.
    const res = await signIn(demo.app, {
      email: DEMO_OPERATOR.email,
      password: DEMO_STAFF_PASSWORD,
      code: await totpCode(DEMO_OPERATOR.totpSecret),
    });
    expect(res.statusCode, res.body).toBe(204);
    const cookies = { [STAFF_COOKIE]: staffCookie(res) };
    const me = await demo.app.inject({ method: 'GET', url: '/api/staff/me', cookies });
    expect(me.json().data[0]).toMatchObject({ facilities: [], operator: true });
    expect((await demo.app.inject({ method: 'GET', url: '/api/operator/me', cookies })).statusCode).toBe(200);
  });

  it('do not exist in production mode: demo data is never seeded, and the staff seeding refuses anyway', async () => {
    const productionConfig = testConfig({
      APP_MODE: 'production',
      SMS_DRIVER: 'thaibulksms',
      THAIBULKSMS_API_KEY: 'k',
      THAIBULKSMS_API_SECRET: 's',
      THAIBULKSMS_SENDER: 'KlaiMor',
      PAYMENT_PROVIDER: 'omise',
      OMISE_SECRET_KEY: 'skey_test_production',
      PUBLIC_URL: 'https://klaimor.example',
      FHIR_SIGNING_KEY: JSON.stringify(
        generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey.export({ format: 'jwk' }),
      ),
    });
    expect(productionConfig.seedDemoData).toBe(false);
    await seedDemoData(production.database.db, productionConfig);
    expect(await countStaff(production)).toBe(0);
    const res = await signIn(production.app, {
      email: DEMO_STAFF[0].email,
      password: DEMO_STAFF_PASSWORD,
      code: await totpCode(DEMO_STAFF[0].totpSecret),
    });
    expect(res.statusCode).toBe(401);
  });
});
