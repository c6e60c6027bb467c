import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PATIENT } from '../apps/server/src/demo/seed.js';
import { messageForm } from '../apps/server/src/features/messages/messages-test-helpers.js';
import { stop } from '../apps/server/src/test/server-process.js';
import { type CallOptions, type Stack, root, startStack } from './stack.js';

/**
 * The app as it is deployed (deploy/stack.ts): nginx ending TLS with the repository's configuration in front of two app
 * processes on one PostgreSQL database, clients connecting from distinct loopback addresses.
 */
const OTP_PER_ADDRESS = 3;
/** The directory's limit a minute for one address, low enough for a burst to pass it. */
const DIRECTORY_PER_MINUTE = 5;
const HSTS = 'max-age=31536000; includeSubDomains';

/** A mobile number no other request of this run uses, so only the per-address limit can refuse it. */
const freshPhone = () => `09${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
const spoofedAddress = () => `203.0.113.${1 + (randomBytes(1)[0] % 250)}`;

let stack: Stack;
/** The demo patient's session cookie (`klaimor_session=…`), once signed in through the proxy. */
let demoSession: string;
const call = (url: string, options?: CallOptions) => stack.call(url, options);
const accessLog = () => stack.accessLog();

beforeAll(async () => {
  stack = await startStack({
    env: { OTP_MAX_PER_IP_PER_HOUR: String(OTP_PER_ADDRESS), RATE_LIMITS: `directory=${DIRECTORY_PER_MINUTE}` },
  });
}, 180_000);

afterAll(async () => {
  await stack?.close();
}, 60_000);

describe('two app processes behind nginx with TLS', () => {
  it('started together on an empty database, they migrate it and seed the demo data once', async () => {
    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    try {
      const journal = JSON.parse(
        readFileSync(path.join(root, 'apps/server/src/db/migrations/meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const migrations = await client.query<{ times: number }>(
        'select count(*)::int as times from drizzle.__drizzle_migrations group by hash',
      );
      expect(migrations.rows).toHaveLength(journal.entries.length);
      expect(migrations.rows.every((m) => m.times === 1)).toBe(true);
      const demo = await client.query('select id from users where phone = $1', [DEMO_PATIENT.phone]);
      expect(demo.rows).toHaveLength(1);
    } finally {
      await client.end();
    }
  });

  it('serves pages and the API over https with HSTS, and sends plain http to https', async () => {
    const page = await call(`${stack.httpsOrigin}/`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<html lang="th">');
    expect(page.headers['strict-transport-security']).toBe(HSTS);

    const health = await call(`${stack.httpsOrigin}/api/health`);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ data: [{ status: 'ok', database: 'ok' }] });
    // Once, not twice: nginx's own header stands in for the app's.
    expect(health.headers['strict-transport-security']).toBe(HSTS);

    const plain = await call(`${stack.httpOrigin}/login?next=%2Fmyhealth`);
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe(`${stack.httpsOrigin}/login?next=%2Fmyhealth`);
  });

  it('signs the demo patient in through the proxy with a Secure session cookie', async () => {
    const phone = DEMO_PATIENT.phone;
    const from = '127.0.0.4';
    expect((await call(`${stack.httpsOrigin}/api/auth/otp`, { method: 'POST', json: { phone }, from })).status).toBe(
      202,
    );
    // Each process keeps its own development outbox: the code is in the one nginx sent the request to.
    const outboxes = await Promise.all(
      stack.apps.map(async (app) => {
        const reply = await call(`http://127.0.0.1:${app.port}/api/dev/sms?phone=${phone}`);
        return (JSON.parse(reply.body) as { data: { code: string }[] }).data;
      }),
    );
    const [latest] = outboxes.flat();
    expect(latest).toBeDefined();

    const verified = await call(`${stack.httpsOrigin}/api/auth/otp/verify`, {
      method: 'POST',
      json: { phone, code: latest.code },
      from,
    });
    expect(verified.status).toBe(200);
    expect(JSON.parse(verified.body)).toEqual({ data: [{ next: 'home' }] });
    const session = (verified.headers['set-cookie'] ?? []).find((c) => c.startsWith('klaimor_session='));
    expect(session).toBeDefined();
    expect(session!.split(';').map((part) => part.trim().toLowerCase())).toEqual(
      expect.arrayContaining(['secure', 'httponly']),
    );
    demoSession = session!.split(';')[0]!;
  });

  it('carries a message with a phone photo, far larger than any other body, to the hospital', async () => {
    const cookie = { cookie: demoSession };
    const facilities = await call(`${stack.httpsOrigin}/api/messages/facilities`, { headers: cookie });
    const [facility] = (JSON.parse(facilities.body) as { data: { id: string }[] }).data;
    expect(facility, facilities.body).toBeDefined();
    // A photo as a phone takes it: a few megabytes, noise so it does not compress away.
    const noise = randomBytes(1200 * 900 * 3);
    const photo = await sharp(noise, { raw: { width: 1200, height: 900, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    const form = await messageForm({ facilityId: facility!.id, subject: 'สอบถามผื่น', text: 'มีผื่นขึ้นที่แขนตามรูป' }, [
      { name: 'IMG_0002.jpg', type: 'image/jpeg', bytes: photo },
    ]);
    const sent = await call(`${stack.httpsOrigin}/api/messages`, {
      method: 'POST',
      headers: cookie,
      raw: { bytes: form.payload, type: form.headers['content-type'] },
    });
    expect(sent.status, sent.body).toBe(201);
  });

  const requestCode = (origin: string, from: string, spoofed: string) =>
    call(`${origin}/api/auth/otp`, {
      method: 'POST',
      json: { phone: freshPhone() },
      headers: { 'x-forwarded-for': spoofed },
      from,
    });

  it('counts codes by the address nginx saw, whatever X-Forwarded-For the client sends', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= OTP_PER_ADDRESS; i++) {
      statuses.push((await requestCode(stack.httpsOrigin, '127.0.0.5', spoofedAddress())).status);
    }
    expect(statuses).toEqual([...Array<number>(OTP_PER_ADDRESS).fill(202), 429]);
    // Another client, from another address, is still served.
    expect((await requestCode(stack.httpsOrigin, '127.0.0.6', spoofedAddress())).status).toBe(202);
  });

  it('counts a client that reaches a process directly by its own address, whatever it sends', async () => {
    const direct = `http://127.0.0.1:${stack.apps[0].port}`;
    const statuses: number[] = [];
    for (let i = 0; i <= OTP_PER_ADDRESS; i++) {
      statuses.push((await requestCode(direct, '127.0.0.7', spoofedAddress())).status);
    }
    expect(statuses).toEqual([...Array<number>(OTP_PER_ADDRESS).fill(202), 429]);
    expect((await requestCode(direct, '127.0.0.8', spoofedAddress())).status).toBe(202);
  });

  it('holds a burst from one address to the request limit of each process, whatever X-Forwarded-For it sends', async () => {
    const search = (from: string) =>
      call(`${stack.httpsOrigin}/api/hospitals?q=${encodeURIComponent('ศิริราช')}`, {
        headers: { 'x-forwarded-for': spoofedAddress() },
        from,
      });
    const burst = await Promise.all(Array.from({ length: 40 }, () => search('127.0.0.9')));
    const served = burst.filter((r) => r.status === 200).length;
    // Counted in each process's memory: the two processes between them let in between one and two limits' worth.
    expect(served).toBeGreaterThanOrEqual(DIRECTORY_PER_MINUTE);
    expect(served).toBeLessThanOrEqual(2 * DIRECTORY_PER_MINUTE);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(40 - served);
    expect((await search('127.0.0.10')).status).toBe(200);
  });

  it('sends requests to both processes', async () => {
    for (let i = 0; i < 10; i++) expect((await call(`${stack.httpsOrigin}/api/health`)).status).toBe(200);
    const upstreams = accessLog().map((line) => /upstream=(\S+)/.exec(line)?.[1]);
    for (const app of stack.apps) expect(upstreams).toContain(`127.0.0.1:${app.port}`);
  });

  it('keeps answering every idempotent request while one process stops', async () => {
    const [leaving, staying] = stack.apps;
    const loggedBefore = accessLog().length;
    const failures: string[] = [];
    const latencies: number[] = [];
    let running = true;
    // Four clients asking without pause, until the stopped process is gone and a while after.
    const client = async (n: number) => {
      while (running) {
        const started = performance.now();
        const target = n % 2 ? '/api/health' : '/';
        try {
          const reply = await call(`${stack.httpsOrigin}${target}`, { from: `127.0.1.${n + 1}` });
          if (reply.status !== 200) failures.push(`${target}: ${reply.status} ${reply.body.slice(0, 200)}`);
        } catch (error) {
          failures.push(`${target}: ${(error as Error).message}`);
        }
        latencies.push(performance.now() - started);
      }
    };
    const clients = [0, 1, 2, 3].map(client);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const stoppedAt = performance.now();
    await stop(leaving);
    const goneAfterMs = performance.now() - stoppedAt;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    running = false;
    await Promise.all(clients);

    expect(failures).toEqual([]);
    // It finished what it had and closed its connections from nginx, well before the 10 s after which it gives up.
    expect(leaving.child.exitCode).toBe(0);
    expect(goneAfterMs).toBeLessThan(3_000);
    const during = accessLog().slice(loggedBefore);
    // Once the process is gone, nginx sends everything straight to the other one.
    for (const line of during.slice(-10)) {
      expect(line).toContain(`upstream=127.0.0.1:${staying.port} upstream_status=200`);
    }
    const retried = during.filter((line) => /upstream=\S+, /.test(line)).length;
    console.log(
      `failover: ${latencies.length} requests, none failed; the stopped process was gone ${Math.round(goneAfterMs)} ms ` +
        `after SIGTERM; ${retried} requests were sent on to the other process; slowest ${Math.round(Math.max(...latencies))} ms, ` +
        `median ${Math.round(latencies.sort((a, b) => a - b)[latencies.length >> 1])} ms`,
    );
  });
});
