// A prescription sent by a hospital's system reaching the patient's checklist: for each of VISITS patients who booked,
// arrived (checked in by the system) and whose visit the system recorded (an Encounter), the time from POST
// /fhir/MedicationRequest (a conditional create under the hospital's identifier: two doses a day for 5 days) to the
// patient's GET /api/checklist showing today's doses of it. Through the real app in process (Fastify inject), one
// after another, so the figure is the API's and the database's, not the network's.
// Usage: tsx bench/fhir-medication-to-checklist.ts   (DATABASE_URL set: a fresh database on that PostgreSQL server,
// else embedded PGlite on disk, durable, as the app opens it)
import { randomUUID } from 'node:crypto';
import {
  CLINIC_IDENTIFIER_SYSTEM,
  COURSE_OF_THERAPY_SYSTEM,
  DRUG_FORM_SYSTEM,
  ICD10_SYSTEM,
  SLOT_CAPACITY_EXTENSION,
  UCUM_SYSTEM,
} from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { buildApp } from '../apps/server/src/app.js';
import { testConfig } from '../apps/server/src/config.js';
import { systemClients, users } from '../apps/server/src/db/schema.js';
import { createSessionsRepository } from '../apps/server/src/features/auth/sessions.repository.js';
import { createSessionsService } from '../apps/server/src/features/auth/sessions.service.js';
import { SessionCache } from '../apps/server/src/features/auth/session-cache.js';
import { createHospitalsRepository } from '../apps/server/src/features/hospitals/hospitals.repository.js';
import { seedFacilities } from '../apps/server/src/features/hospitals/seed-facilities.js';
import { addDemoSchedules } from '../apps/server/src/features/schedules/demo-schedules.js';
import { CLIENT_ASSERTION_TYPE } from '../apps/server/src/features/system-clients/token.service.js';
import { openBenchDatabase } from './bench-database.js';
import { summarise } from './timing.js';

const VISITS = Number(process.env.BENCH_VISITS ?? 60);
const FHIR_JSON = 'application/fhir+json';
const SCOPES = [
  'system/Schedule.cruds',
  'system/Slot.cruds',
  'system/Appointment.rs',
  'system/Appointment.u',
  'system/Encounter.cr',
  'system/MedicationRequest.cr',
];

const database = await openBenchDatabase({ onDisk: true });
try {
  await database.migrate();
  await seedFacilities(createHospitalsRepository(database.db));
  await addDemoSchedules(database.db);
  const config = testConfig();
  const app = await buildApp({ config, database });
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const facility = rows<{ id: string; stable_id: string }>(
    await database.db.execute(
      sql`select f.id, f.stable_id from facilities f join clinics c on c.facility_id = f.id where c.queue_prefix = 'A' limit 1`,
    ),
  )[0]!;

  // The facility's system, registered as an admin would, with its token from a signed assertion.
  const { privateKey, publicKey } = await generateKeyPair('ES384');
  const kid = randomUUID();
  const clientId = `sys_${randomUUID().replaceAll('-', '').slice(0, 22)}`;
  await database.db.insert(systemClients).values({
    facilityId: facility.id,
    name: 'bench HIS',
    clientId,
    jwks: { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'ES384' }] },
    scopes: SCOPES,
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
      scope: SCOPES.join(' '),
    }).toString(),
  });
  if (tokenReply.statusCode !== 200) throw new Error(`token: ${tokenReply.statusCode} ${tokenReply.body}`);
  const headers = {
    authorization: `Bearer ${(tokenReply.json() as { access_token: string }).access_token}`,
    accept: FHIR_JSON,
    'content-type': FHIR_JSON,
  };
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: object, extra = {}) => {
    const res = await app.inject({
      method,
      url: `/fhir${url}`,
      headers: { ...headers, ...extra },
      ...(body && { payload: JSON.stringify(body) }),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as Record<string, unknown> & { id: string };
  };
  const sessions = createSessionsService(
    createSessionsRepository(database.db),
    new SessionCache(0),
    { session: async () => {} },
    30,
  );

  const schedule = await call('POST', '/Schedule', {
    resourceType: 'Schedule',
    actor: [
      { type: 'HealthcareService', identifier: { system: CLINIC_IDENTIFIER_SYSTEM, value: 'A' } },
      { type: 'Practitioner', display: 'แพทย์ทดสอบ' },
    ],
  });

  /** A patient who booked a slot of the system's, paid, arrived today, and whose visit the system recorded. */
  async function visited(n: number): Promise<{ session: string; encounterId: string }> {
    const [user] = await database.db
      .insert(users)
      .values({
        phone: `08${String(n).padStart(8, '0')}`,
        thaiId: `B${String(n).padStart(12, '0')}`,
        firstname: 'ทดสอบ',
        lastname: `คนที่ ${n}`,
        birthday: '1960-01-01',
        address: '1',
        subdistrict: 'ลุมพินี',
        district: 'ปทุมวัน',
        province: 'กรุงเทพมหานคร',
        postcode: '10330',
      })
      .returning();
    const session = await sessions.start(user!.id);
    const start = new Date(Math.ceil((Date.now() + 86_400_000 + n * 900_000) / 60_000) * 60_000);
    const slot = await call('POST', '/Slot', {
      resourceType: 'Slot',
      schedule: { reference: `Schedule/${schedule.id}` },
      status: 'free',
      start: start.toISOString().replace('.000Z', 'Z'),
      end: new Date(start.getTime() + 900_000).toISOString().replace('.000Z', 'Z'),
      extension: [{ url: SLOT_CAPACITY_EXTENSION, valueInteger: 1 }],
    });
    const cookies = { klaimor_session: session };
    const booking = await app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: { 'idempotency-key': randomUUID() },
      payload: { hospitalId: facility.stable_id, slotId: slot.id, symptoms: 'ไข้ ไอ', duration: '2 วัน' },
      cookies,
    });
    if (booking.statusCode !== 201) throw new Error(`booking: ${booking.body}`);
    const appointmentId = (booking.json() as { data: { id: string }[] }).data[0]!.id;
    const paid = await app.inject({ method: 'POST', url: `/api/dev/payments/${appointmentId}/paid`, cookies });
    if (paid.statusCode !== 200) throw new Error(`payment: ${paid.body}`);
    // The day of the appointment comes.
    await database.db.execute(
      sql`update screening_slots set starts_at = now() - interval '1 minute', ends_at = now() + interval '30 minutes' where id = ${slot.id}`,
    );
    const appointment = await call('GET', `/Appointment/${appointmentId}`);
    await call('PUT', `/Appointment/${appointmentId}`, { ...appointment, status: 'arrived' });
    const encounter = await call('POST', '/Encounter', {
      resourceType: 'Encounter',
      status: 'finished',
      class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB' },
      contained: [
        {
          resourceType: 'Condition',
          id: 'dx',
          code: { text: 'ไข้หวัด', coding: [{ system: ICD10_SYSTEM, code: 'J06.9' }] },
        },
      ],
      appointment: [{ reference: `Appointment/${appointmentId}` }],
      diagnosis: [{ condition: { reference: '#dx' } }],
    });
    return { session, encounterId: encounter.id };
  }

  const setupStarted = performance.now();
  const patients = [];
  for (let n = 0; n < VISITS; n++) patients.push(await visited(n));
  const setupSec = +((performance.now() - setupStarted) / 1000).toFixed(1);

  const PRESCRIPTIONS = 'https://his.bench.example/prescriptions';
  const total: number[] = [];
  const posted: number[] = [];
  for (const [n, { session, encounterId }] of patients.entries()) {
    const started = performance.now();
    const made = await call(
      'POST',
      '/MedicationRequest',
      {
        resourceType: 'MedicationRequest',
        identifier: [{ system: PRESCRIPTIONS, value: `rx-${n}` }],
        status: 'active',
        intent: 'order',
        medicationCodeableConcept: { text: 'อะม็อกซีซิลลิน 500 มก.' },
        encounter: { reference: `Encounter/${encounterId}` },
        courseOfTherapyType: { coding: [{ system: COURSE_OF_THERAPY_SYSTEM, code: 'acute' }] },
        dosageInstruction: [
          {
            timing: { repeat: { when: ['PCM', 'PCV'], frequency: 1, period: 1, periodUnit: 'd' } },
            doseAndRate: [{ doseQuantity: { value: 1, unit: 'tablet', system: DRUG_FORM_SYSTEM, code: 'TAB' } }],
          },
        ],
        dispenseRequest: { expectedSupplyDuration: { value: 5, unit: 'days', system: UCUM_SYSTEM, code: 'd' } },
      },
      { 'if-none-exist': `identifier=${PRESCRIPTIONS}|rx-${n}` },
    );
    posted.push(performance.now() - started);
    // The patient's checklist, asked until it shows the dose (it does at once: the prescription is the checklist's).
    let polls = 0;
    for (;;) {
      polls++;
      const res = await app.inject({ method: 'GET', url: '/api/checklist', cookies: { klaimor_session: session } });
      const doses = (res.json() as { data: { doses: { medicationId: string }[] }[] }).data[0]!.doses;
      if (doses.filter((d) => d.medicationId === made.id).length === 2) break;
      if (polls > 1000) throw new Error('the dose never reached the checklist');
    }
    total.push(performance.now() - started);
    if (polls !== 1) throw new Error(`the checklist showed the dose only at the ${polls}th asking`);
  }
  await app.close();
  console.log(
    JSON.stringify({
      database: database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
      visits: VISITS,
      setupSec,
      post: summarise(posted),
      postToChecklist: { ...summarise(total), max: +Math.max(...total).toFixed(3) },
    }),
  );
} finally {
  await database.close();
}
