import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONSENT_VERSION } from '@klaimor/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port.js';

/**
 * The server as a process: started as `npm start` starts it, stopped with SIGTERM while patients are booking.
 * On PGlite on disk by default; on a fresh database of DATABASE_URL's server when the suite runs on PostgreSQL.
 */
const serverFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');
const PHONE = '0871234567';

let dataDir: string;
let databaseUrl = '';
let dropDatabase = async () => {};

interface Running {
  process: ChildProcess;
  base: string;
  exited: Promise<{ code: number | null; at: number }>;
  output(): string;
}

async function startServer(env: Record<string, string> = {}): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', serverFile], {
    env: {
      ...process.env,
      APP_MODE: 'demo',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SECRET_KEY: 'server-test-key-'.padEnd(40, 'x'),
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'info',
      OTP_MAX_PER_IP_PER_HOUR: '1000',
      OTP_RESEND_AFTER_SEC: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
  const base = `http://127.0.0.1:${port}`;
  const ready = (async () => {
    for (;;) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) return true;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  const started = await Promise.race([ready, exited.then(() => false)]);
  if (!started) throw new Error(`the server stopped while starting:\n${output}`);
  return { process: child, base, exited, output: () => output };
}

/** A reply of the API, as far as these tests read it. */
interface Reply {
  data: { id: string; code: string; next: string }[];
  error: { code: string };
}
const read = async (res: Response): Promise<Reply> => (await res.json()) as Reply;

async function signIn(base: string): Promise<string> {
  const json = { 'content-type': 'application/json' };
  const sent = await fetch(`${base}/api/auth/otp`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ phone: PHONE }),
  });
  expect(sent.status).toBe(202);
  const [sms] = (await read(await fetch(`${base}/api/dev/sms?phone=${PHONE}`))).data;
  const verified = await fetch(`${base}/api/auth/otp/verify`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ phone: PHONE, code: sms.code }),
  });
  expect(verified.status).toBe(200);
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if ((await read(verified)).data[0].next === 'home') return cookie;
  const registered = await fetch(`${base}/api/users`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({
      phone: PHONE,
      thai_id: '1101700230716',
      firstname: 'สมศรี',
      lastname: 'ทดสอบ',
      gender: 'female',
      birthday: '1960-03-01',
      address: '1 หมู่ 2',
      subdistrist: 'ศรีภูมิ',
      district: 'เมืองเชียงใหม่',
      province: 'เชียงใหม่',
      postcode: '50200',
      consent_version: CONSENT_VERSION,
    }),
  });
  expect(registered.status, await registered.clone().text()).toBe(201);
  return registered.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'klaimor-server-'));
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `klaimor_test_${randomBytes(6).toString('hex')}`;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(sql).finally(() => client.end());
    };
    await admin(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => admin(`drop database if exists ${name} with (force)`);
  }
});
afterAll(async () => {
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('stopping the server with SIGTERM', () => {
  it(
    'finishes the bookings under way and stores them, refuses the rest cleanly, and exits within 10 s',
    { timeout: 120_000 },
    async () => {
      const first = await startServer();
      const session = await signIn(first.base);
      const slots = (await read(await fetch(`${first.base}/api/hospitals/siriraj-hospital/slots`))).data;
      expect(slots.length).toBeGreaterThan(20);

      const attempts = slots.slice(0, 20).map((slot) => ({ key: randomUUID(), slotId: slot.id }));
      const replies = attempts.map(({ key, slotId }) =>
        fetch(`${first.base}/api/appointments`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': key, cookie: session },
          body: JSON.stringify({ hospitalId: 'siriraj-hospital', slotId, symptoms: 'เวียนหัว', duration: '2 วัน' }),
        }).then(
          async (res) => ({ status: res.status, body: await read(res), failure: '' }),
          (error: unknown) => ({ status: 0, body: null, failure: String((error as Error).cause ?? error) }),
        ),
      );
      // The signal comes as soon as the first booking is answered: the others are in flight or still arriving.
      await Promise.race(replies);
      const signalledAt = Date.now();
      first.process.kill('SIGTERM');
      const outcomes = await Promise.all(replies);
      const exit = await first.exited;

      expect(exit.code, first.output()).toBe(0);
      expect(exit.at - signalledAt).toBeLessThan(10_000);
      expect(first.output()).toContain('shut down');
      const booked = outcomes.filter((o) => o.status === 201).map((o) => o.body!.data[0].id);
      expect(booked.length).toBeGreaterThanOrEqual(1);
      for (const outcome of outcomes.filter((o) => o.status !== 201)) {
        // Refused before anything was stored: by the closing server in its own words, or never let in.
        if (outcome.status === 503) expect(outcome.body!.error.code).toBe('service_unavailable');
        else expect(outcome.status, outcome.failure).toBe(0);
      }

      const second = await startServer();
      try {
        const listed = (await read(await fetch(`${second.base}/api/appointments`, { headers: { cookie: session } })))
          .data;
        expect(listed.map((a) => a.id).sort()).toEqual([...booked].sort());
      } finally {
        second.process.kill('SIGTERM');
        expect((await second.exited).code).toBe(0);
      }
    },
  );
});

describe('production mode', () => {
  it(
    'refuses to start with the development drivers or without a secret key, and says why',
    { timeout: 60_000 },
    async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', serverFile], {
        env: { ...process.env, APP_MODE: 'production', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, PORT: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).not.toBe(0);
      expect(output).toContain('APP_MODE=production needs SMS_DRIVER=thaibulksms');
      expect(output).toContain('PAYMENT_PROVIDER=omise');
      expect(output).toContain('SECRET_KEY');
      expect(output).toContain('PUBLIC_URL=https://');
    },
  );
});
