// Publishing slots through the FHIR API as a hospital's system does: one system with a bearer token (got at the token
// endpoint with a signed assertion), 8 requests at a time, each a conditional create of one Slot under the hospital's
// own identifier, for BENCH_DURATION seconds; then every slot is sent again, as a system retrying after a timeout,
// which must make none. Through the real app in process (Fastify inject), so the figure is the API's and the
// database's, not the network's.
// Usage: tsx bench/fhir-slots.ts   (DATABASE_URL set: a fresh database on that PostgreSQL server, else embedded PGlite
// on disk, durable, as the app opens it)
import { randomUUID } from 'node:crypto';
import { CLINIC_IDENTIFIER_SYSTEM, SLOT_CAPACITY_EXTENSION } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { systemClients } from '../apps/server/src/db/schema.js';
import { createHospitalsRepository } from '../apps/server/src/features/hospitals/hospitals.repository.js';
import { seedFacilities } from '../apps/server/src/features/hospitals/seed-facilities.js';
import { addDemoSchedules } from '../apps/server/src/features/schedules/demo-schedules.js';
import { CLIENT_ASSERTION_TYPE } from '../apps/server/src/features/system-clients/token.service.js';
import { openBenchDatabase } from './bench-database.js';

const AT_ONCE = 8;
const SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const FHIR_JSON = 'application/fhir+json';
const SLOT_IDS = 'https://his.bench.example/slots';

const database = await openBenchDatabase({ onDisk: true });
try {
  await database.migrate();
  await seedFacilities(createHospitalsRepository(database.db));
  // The demo facilities' clinics (each has the general clinic, letter A).
  await addDemoSchedules(database.db);
  const config = testConfig();
  const app = await buildApp({ config, database });
  const facility = (
    (await database.db.execute(
      sql`select f.id from facilities f join clinics c on c.facility_id = f.id where c.queue_prefix = 'A' limit 1`,
    )) as unknown as { rows: { id: string }[] }
  ).rows[0]!.id;

  const { privateKey, publicKey } = await generateKeyPair('ES384');
  const kid = randomUUID();
  const clientId = `sys_${randomUUID().replaceAll('-', '').slice(0, 22)}`;
  await database.db.insert(systemClients).values({
    facilityId: facility,
    name: 'bench HIS',
    clientId,
    jwks: { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'ES384' }] },
    scopes: ['system/Schedule.cruds', 'system/Slot.cruds'],
  });
  const assertion = await new SignJWT({ jti: randomUUID() })
    .setProtectedHeader({ alg: 'ES384', kid, typ: 'JWT' })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(config.smart.tokenEndpoint)
    .setExpirationTime('4m')
    .sign(privateKey);
  const tokenReply = await app.inject({
    method: 'POST',
    url: '/fhir/auth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: CLIENT_ASSERTION_TYPE,
      client_assertion: assertion,
      scope: 'system/Schedule.cruds system/Slot.cruds',
    }).toString(),
  });
  if (tokenReply.statusCode !== 200) throw new Error(`token: ${tokenReply.statusCode} ${tokenReply.body}`);
  const headers = {
    authorization: `Bearer ${(tokenReply.json() as { access_token: string }).access_token}`,
    accept: FHIR_JSON,
    'content-type': FHIR_JSON,
  };
  const post = (url: string, body: object, identifier?: string) =>
    app.inject({
      method: 'POST',
      url: `/fhir${url}`,
      headers: identifier ? { ...headers, 'if-none-exist': `identifier=${SLOT_IDS}|${identifier}` } : headers,
      payload: JSON.stringify(body),
    });

  const schedule = await post('/Schedule', {
    resourceType: 'Schedule',
    actor: [
      { type: 'HealthcareService', identifier: { system: CLINIC_IDENTIFIER_SYSTEM, value: 'A' } },
      { type: 'Practitioner', display: 'แพทย์ทดสอบ' },
    ],
  });
  if (schedule.statusCode !== 201) throw new Error(`schedule: ${schedule.statusCode} ${schedule.body}`);
  const scheduleId = (schedule.json() as { id: string }).id;

  // Slots of 15 minutes from tomorrow on, each a distinct time, numbered in the order they are asked for.
  const firstStart = Math.ceil((Date.now() + 86_400_000) / 900_000) * 900_000;
  const slotOf = (n: number) => {
    const start = new Date(firstStart + n * 900_000);
    return {
      resourceType: 'Slot',
      identifier: [{ system: SLOT_IDS, value: `bench-${n}` }],
      schedule: { reference: `Schedule/${scheduleId}` },
      status: 'free',
      start: start.toISOString().replace('.000Z', 'Z'),
      end: new Date(start.getTime() + 900_000).toISOString().replace('.000Z', 'Z'),
      extension: [{ url: SLOT_CAPACITY_EXTENSION, valueInteger: 3 }],
    };
  };

  let next = 0;
  let published = 0;
  let failed = 0;
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (Date.now() < until) {
        const n = next++;
        const res = await post('/Slot', slotOf(n), `bench-${n}`);
        if (res.statusCode === 201) published++;
        else failed++;
      }
    }),
  );

  // The same slots again, as a system that lost the replies: each answers the slot already made, none is added.
  let resent = 0;
  let resentMade = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: AT_ONCE }, async (_, lane) => {
      for (let n = lane; n < next; n += AT_ONCE) {
        const res = await post('/Slot', slotOf(n), `bench-${n}`);
        resent++;
        if (res.statusCode !== 200) resentMade++;
      }
    }),
  );
  const resentSeconds = (performance.now() - started) / 1000;
  const stored = (
    (await database.db.execute(
      sql`select count(*)::int as n from screening_slots where identifier_system = ${SLOT_IDS}`,
    )) as unknown as { rows: { n: number }[] }
  ).rows[0]!.n;
  await app.close();
  console.log(
    JSON.stringify({
      database: database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
      atOnce: AT_ONCE,
      seconds: SECONDS,
      published,
      failed,
      slotsPerSec: +(published / SECONDS).toFixed(1),
      resent,
      resentPerSec: +(resent / resentSeconds).toFixed(1),
      resentMade,
      stored,
    }),
  );
} finally {
  await database.close();
}
