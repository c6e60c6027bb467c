// A surge: a popular clinic opens a day of places and patients come all at once, each signing up from nothing (a code
// by SMS, registration) and booking, against the app as deployed: two processes on PostgreSQL behind nginx with TLS
// (deploy/stack.ts), the default request limits on. Prints one JSON line of figures; exits non-zero when a request
// failed otherwise than by a request limit (429) or a full slot (409), or the database holds a slot oversold or a
// booking that is not exactly the ones the patients were told of.
// Usage: tsx bench/surge.ts   (DATABASE_URL: an empty database to start on; else one on a PostgreSQL started here)
//   BENCH_SURGE_PATIENTS (2000), BENCH_SURGE_SECONDS (60): how many arrive, evenly, over how long;
//   BENCH_SURGE_PER_ADDRESS (10): patients sharing one client address, as a mobile carrier's shared address does.
//   The processes inherit the environment: RATE_LIMITS or OTP_MAX_PER_IP_PER_HOUR set there change their limits.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { CONSENT_VERSION, todayInBangkok } from '@klaimor/contracts';
import { generate } from 'otplib';
import pg from 'pg';
import { DEMO_STAFF, DEMO_STAFF_FACILITY, DEMO_STAFF_PASSWORD } from '../apps/server/src/features/staff/demo-staff.js';
import { type CallOptions, type Reply, startStack } from '../deploy/stack.js';
import { thaiIdWithCheckDigit } from './ocr/people.js';
import { summarise } from './timing.js';

const PATIENTS = Number(process.env.BENCH_SURGE_PATIENTS ?? 2000);
const SECONDS = Number(process.env.BENCH_SURGE_SECONDS ?? 60);
const PER_ADDRESS = Number(process.env.BENCH_SURGE_PER_ADDRESS ?? 10);
/** One morning of five hour-long slots, with places for 15% of the patients: far fewer places than people. */
const SLOTS = 5;
const PLACES_PER_SLOT = Math.max(1, Math.round((PATIENTS * 0.15) / SLOTS));
const STEPS = ['otp', 'verify', 'register', 'slots', 'book'] as const;
type Step = (typeof STEPS)[number];
/** The limits the processes run with: the defaults unless the environment, which they inherit, changes them. */
const LIMITS =
  ['RATE_LIMITS', 'OTP_MAX_PER_IP_PER_HOUR', 'OTP_MAX_PER_PHONE_PER_HOUR']
    .filter((name) => process.env[name])
    .map((name) => `${name}=${process.env[name]}`)
    .join(' ') || 'default limits';

const loadBefore = os.loadavg();
const stack = await startStack({
  databaseUrl: process.env.DATABASE_URL || undefined,
  webApp: false,
  // Debian's nginx.conf has 768; each client in flight takes one connection and one more to the process.
  workerConnections: 4096,
});
const failures: string[] = [];
try {
  const api = `${stack.httpsOrigin}/api`;

  // The clinic opens its places through the staff API, as its admin would: the demo hospital's admin signs in, adds a
  // clinic of its own (so that its slots are only these) and an extra session a week from now.
  const admin = DEMO_STAFF.find((member) => member.role === 'admin')!;
  const signedIn = await stack.call(`${api}/staff/sign-in`, {
    method: 'POST',
    from: '127.3.0.1',
    json: { email: admin.email, password: DEMO_STAFF_PASSWORD, code: await generate({ secret: admin.totpSecret }) },
  });
  const staff = { cookie: cookiesOf(signedIn, {}), from: '127.3.0.1' };
  const facilityApi = `${api}/staff/facilities/${DEMO_STAFF_FACILITY}`;
  const clinic = dataOf<{ id: string }>(
    await stack.call(`${facilityApi}/clinics`, {
      method: 'POST',
      from: staff.from,
      headers: { cookie: cookieHeader(staff.cookie) },
      json: { queuePrefix: 'V', nameTh: 'คลินิกวัคซีน', nameEn: 'Vaccination clinic' },
    }),
    201,
  );
  const day = addDays(todayInBangkok(), 7);
  dataOf(
    await stack.call(`${facilityApi}/schedule/extra-sessions`, {
      method: 'POST',
      from: staff.from,
      headers: { cookie: cookieHeader(staff.cookie) },
      json: {
        onDate: day,
        sessionStart: '09:00',
        sessionEnd: `${String(9 + SLOTS).padStart(2, '0')}:00`,
        slotMinutes: 60,
        places: PLACES_PER_SLOT,
        clinicId: clinic.id,
        clinician: 'พญ.กมลวรรณ ใจงาม',
        depositAmount: 0,
      },
    }),
    201,
  );

  const latencies: Record<Step, number[]> = { otp: [], verify: [], register: [], slots: [], book: [] };
  const outcomes = new Map<string, number>();
  const statuses = new Map<string, number>();
  const booked: string[] = [];
  let requests = 0;
  let harnessRequests = 0;
  let inFlight = 0;
  let mostInFlight = 0;
  const journeys: number[] = [];
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

  /** A refusal the surge may meet: a request limit, or a slot taken by others first. */
  const expected = (name: Step, reply: Reply, code: string | undefined) =>
    (reply.status === 429 && (code === 'rate_limited' || code === 'otp_rate_limited')) ||
    (reply.status === 409 && name === 'book');

  async function patient(i: number): Promise<void> {
    const address = Math.floor(i / PER_ADDRESS);
    const agent = stack.agent(`127.1.${Math.floor(address / 250)}.${(address % 250) + 1}`);
    const phone = `09${String(10_000_000 + i).padStart(8, '0')}`;
    const cookies: Record<string, string> = {};
    const started = performance.now();
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    /** One request of the patient's: timed, its status counted; a reply the surge should never give is a failure. */
    const step = async (name: Step, url: string, options: CallOptions = {}): Promise<Reply | null> => {
      const t = performance.now();
      requests++;
      let reply: Reply;
      try {
        reply = await stack.call(url, {
          ...options,
          agent,
          headers: { ...options.headers, ...(Object.keys(cookies).length && { cookie: cookieHeader(cookies) }) },
        });
      } catch (error) {
        failures.push(`${name}: ${(error as Error).message}`);
        count(statuses, `${name} no answer`);
        return null;
      }
      latencies[name].push(performance.now() - t);
      cookiesOf(reply, cookies);
      if (reply.status < 300) return reply;
      const code = errorCodeOf(reply);
      count(statuses, `${name} ${reply.status} ${code ?? '-'}`);
      if (!expected(name, reply, code)) failures.push(`${name}: ${reply.status} ${reply.body.slice(0, 200)}`);
      return reply;
    };
    const end = (outcome: string) => {
      count(outcomes, outcome);
      journeys.push(performance.now() - started);
      inFlight--;
      agent.destroy();
    };

    const sent = await step('otp', `${api}/auth/otp`, { method: 'POST', json: { phone } });
    if (sent?.status !== 202) return end(`refused at otp (${sent?.status ?? 'no answer'})`);
    const code = await readCode(i, phone);
    if (!code) {
      failures.push('the code sent is in neither process outbox');
      return end('no code');
    }
    const verified = await step('verify', `${api}/auth/otp/verify`, { method: 'POST', json: { phone, code } });
    if (verified?.status !== 200) return end(`refused at verify (${verified?.status ?? 'no answer'})`);
    const registered = await step('register', `${api}/users`, {
      method: 'POST',
      json: {
        phone,
        thai_id: thaiIdWithCheckDigit(`3${String(10_000_000_000 + i).slice(0, 11)}`),
        firstname: 'ผู้ป่วย',
        lastname: `ทดสอบ ${i}`,
        birthday: '1980-01-01',
        address: '1 ถนนพรานนก',
        subdistrist: 'ศิริราช',
        district: 'บางกอกน้อย',
        province: 'กรุงเทพมหานคร',
        postcode: '10700',
        consent_version: CONSENT_VERSION,
      },
    });
    if (registered?.status !== 201) return end(`refused at register (${registered?.status ?? 'no answer'})`);
    const listed = await step('slots', `${api}/hospitals/${DEMO_STAFF_FACILITY}/slots?from=${day}&to=${day}`);
    if (listed?.status !== 200) return end(`refused at slots (${listed?.status ?? 'no answer'})`);
    const open = (JSON.parse(listed.body) as { data: { id: string; clinic: { id: string }; remaining: number }[] }).data
      .filter((slot) => slot.clinic.id === clinic.id && slot.remaining > 0)
      .map((slot) => slot.id);
    // Each tries the open slots in an order of their own, the next one when a slot fills under them.
    for (const slotId of shuffled(open)) {
      const reply = await step('book', `${api}/appointments`, {
        method: 'POST',
        headers: { 'idempotency-key': randomUUID() },
        json: { hospitalId: DEMO_STAFF_FACILITY, slotId, symptoms: 'ฉีดวัคซีนไข้หวัดใหญ่', duration: '-' },
      });
      if (reply?.status === 201) {
        booked.push(dataOf<{ id: string }>(reply, 201).id);
        return end('booked');
      }
      if (reply?.status !== 409) return end(`refused at book (${reply?.status ?? 'no answer'})`);
    }
    end('found every slot full');
  }

  /** The code just sent, from the development outbox of whichever process sent it (read directly, not through nginx). */
  async function readCode(i: number, phone: string): Promise<string | null> {
    // The harness's own addresses, one a patient, so that its reads count against no patient's limits.
    const from = `127.2.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    for (let tries = 0; tries < 5; tries++) {
      for (const app of stack.apps) {
        harnessRequests++;
        const reply = await stack.call(`http://127.0.0.1:${app.port}/api/dev/sms?phone=${phone}`, { from });
        if (reply.status !== 200) throw new Error(`the outbox answered ${reply.status}: ${reply.body.slice(0, 200)}`);
        const [latest] = (JSON.parse(reply.body) as { data: { code: string }[] }).data;
        if (latest) return latest.code;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return null;
  }

  const surgeStarted = performance.now();
  const gapMs = (SECONDS * 1000) / PATIENTS;
  await Promise.all(
    Array.from({ length: PATIENTS }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * gapMs));
      await patient(i);
    }),
  );
  const surgeSec = (performance.now() - surgeStarted) / 1000;
  const loadAfter = os.loadavg();

  // What the database holds: no slot with more patients than places, and exactly the bookings patients were told of.
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  const slots = (
    await db.query<{ id: string; capacity: number; taken: number; held: number }>(
      `select s.id, s.capacity, s.taken,
         (select count(*)::int from appointments a where a.slot_id = s.id and a.status in ('awaiting_deposit', 'booked')) as held
       from screening_slots s where s.clinic_id = $1`,
      [clinic.id],
    )
  ).rows;
  const stored = (
    await db.query<{ id: string }>(
      `select a.id from appointments a join screening_slots s on s.id = a.slot_id where s.clinic_id = $1`,
      [clinic.id],
    )
  ).rows.map((row) => row.id);
  const twice = (
    await db.query<{ n: number }>(
      `select count(*)::int as n from (select a.user_id from appointments a join screening_slots s on s.id = a.slot_id
        where s.clinic_id = $1 group by a.user_id having count(*) > 1) x`,
      [clinic.id],
    )
  ).rows[0].n;
  await db.end();
  const oversold = slots.filter((s) => s.held > s.capacity || s.taken > s.capacity).length;
  const storedSet = new Set(stored);
  const notStored = booked.filter((id) => !storedSet.has(id)).length;
  const bookedSet = new Set(booked);
  const untold = stored.filter((id) => !bookedSet.has(id)).length;
  if (slots.length !== SLOTS) failures.push(`the session made ${slots.length} slots, not ${SLOTS}`);
  if (oversold) failures.push(`${oversold} slots hold more patients than places`);
  if (notStored || untold || bookedSet.size !== booked.length || twice) {
    failures.push(
      `bookings: ${notStored} told but not stored, ${untold} stored but not told, ${twice} patients booked twice`,
    );
  }

  const all = STEPS.flatMap((name) => latencies[name]);
  console.log(
    JSON.stringify({
      machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}`,
      loadAverage: [loadBefore[0], loadAfter[0]].map((n) => +n.toFixed(2)),
      patients: PATIENTS,
      seconds: SECONDS,
      limits: LIMITS,
      perAddress: PER_ADDRESS,
      addresses: Math.ceil(PATIENTS / PER_ADDRESS),
      places: SLOTS * PLACES_PER_SLOT,
      slots: SLOTS,
      surgeSec: +surgeSec.toFixed(1),
      requests,
      requestsPerSec: +(requests / surgeSec).toFixed(1),
      harnessRequests,
      mostInFlight,
      outcomes: Object.fromEntries([...outcomes].sort((a, b) => b[1] - a[1])),
      non2xx: Object.fromEntries([...statuses].sort()),
      latencyMs: {
        ...Object.fromEntries(STEPS.map((name) => [name, rounded(summarise(latencies[name]))])),
        all: rounded(summarise(all)),
        journey: rounded(summarise(journeys)),
      },
      database: {
        booked: stored.length,
        placesTaken: slots.reduce((sum, s) => sum + s.held, 0),
        oversoldSlots: oversold,
        toldButNotStored: notStored,
        storedButNotTold: untold,
        patientsBookedTwice: twice,
      },
      failures: failures.length,
    }),
  );
} finally {
  await stack.close();
}
if (failures.length) {
  const kinds = new Map<string, number>();
  for (const f of failures) kinds.set(f, (kinds.get(f) ?? 0) + 1);
  console.error(`the surge failed: ${[...kinds].map(([f, n]) => `${n} x ${f}`).join('\n  ')}`);
  process.exitCode = 1;
}

function rounded({ p50, p99 }: { p50: number; p99: number }) {
  return { p50: Math.round(p50), p99: Math.round(p99) };
}

function errorCodeOf(reply: Reply): string | undefined {
  try {
    return (JSON.parse(reply.body) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}

function dataOf<T>(reply: Reply, status: number): T {
  if (reply.status !== status) throw new Error(`expected ${status}, got ${reply.status}: ${reply.body.slice(0, 300)}`);
  return (JSON.parse(reply.body) as { data: T[] }).data[0];
}

/** Keeps the cookies a reply sets (a cleared one is dropped), as a browser would for the app's own origin. */
function cookiesOf(reply: Reply, jar: Record<string, string>): Record<string, string> {
  for (const line of reply.headers['set-cookie'] ?? []) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
    if (value) jar[name] = value;
    else delete jar[name];
  }
  return jar;
}

function cookieHeader(jar: Record<string, string>): string {
  return Object.entries(jar)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}
