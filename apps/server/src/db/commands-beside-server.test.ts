import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port.js';
import {
  type CommandRun,
  healthy,
  killAll,
  runCommand,
  scratchDatabase,
  spawnServer,
  stop,
} from '../test/server-process.js';

/**
 * The operators' commands that write data, run while a server is running on the same database: on PostgreSQL the
 * server honours what they wrote; on the embedded database (one process's) they refuse, saying why, and write nothing.
 */
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'klaimor-commands-'));
});
afterAll(() => {
  killAll();
  rmSync(dir, { recursive: true, force: true });
});

const createStaff = (dataDir: string, email: string, env: Record<string, string> = {}) =>
  runCommand(
    'features/staff/create-staff.ts',
    ['--facility', 'siriraj-hospital', '--email', email, '--role', 'admin'],
    dataDir,
    env,
  );

const createOperator = (dataDir: string, email: string, env: Record<string, string> = {}) =>
  runCommand('features/staff/create-operator.ts', ['--email', email], dataDir, env);

/** Follows an enrolment link to the end (password, authenticator code): the staff session cookie it starts. */
async function enrol(port: number, token: string): Promise<string> {
  const url = `http://127.0.0.1:${port}/api/staff/enrolment/${encodeURIComponent(token)}`;
  const post = (path: string, body: object) =>
    fetch(`${url}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify(body),
    });
  const started = await post('start', { password: 'a long operator password' });
  expect(started.status).toBe(200);
  const { secret } = ((await started.json()) as { data: [{ secret: string }] }).data[0];
  const confirmed = await post('confirm', { code: await generate({ secret }) });
  expect(confirmed.status).toBe(200);
  return confirmed.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

function importFacilities(dataDir: string, name: string, env: Record<string, string> = {}) {
  const file = path.join(dir, `${name}.geojson`);
  const id = Date.now();
  const point = { type: 'Point', coordinates: [100.52, 13.76] };
  const feature = { type: 'Feature', properties: { '@id': `node/${id}`, amenity: 'hospital', name }, geometry: point };
  writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features: [feature] }));
  return runCommand('features/hospitals/import-facilities.ts', [file], dataDir, env);
}

/** The enrolment token in the link the command printed. */
function enrolmentToken(run: CommandRun): string {
  expect(run.code, run.stderr).toBe(0);
  const link = /\/staff\/enrol#(\S+)/.exec(run.stdout);
  expect(link, run.stdout).not.toBeNull();
  return link![1];
}

const enrolment = (port: number, token: string) =>
  fetch(`http://127.0.0.1:${port}/api/staff/enrolment/${encodeURIComponent(token)}`);

async function directoryHas(port: number, name: string): Promise<boolean> {
  const reply = await fetch(`http://127.0.0.1:${port}/api/hospitals?q=${encodeURIComponent(name)}`);
  const { data } = (await reply.json()) as { data: { nameTh: string }[] };
  return data.some((facility) => facility.nameTh === name);
}

describe('commands beside a server on the embedded database', () => {
  it(
    'refuse while the server holds the database, and write what the server then reads once it has stopped',
    { timeout: 240_000 },
    async () => {
      const dataDir = path.join(dir, 'embedded');
      const server = spawnServer(await freePort(), dataDir);
      try {
        await healthy(server);
        const refused = await createStaff(dataDir, 'beside@example.com');
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain('another process is using the embedded database');
        expect(refused.stdout).not.toContain('/staff/enrol#');
        const operatorRefused = await createOperator(dataDir, 'operator@example.com');
        expect(operatorRefused.code).toBe(1);
        expect(operatorRefused.stderr).toContain('another process is using the embedded database');
        expect(operatorRefused.stdout).not.toContain('/staff/enrol#');
        const importRefused = await importFacilities(dataDir, 'โรงพยาบาลข้างเซิร์ฟเวอร์');
        expect(importRefused.code).toBe(1);
        expect(importRefused.stderr).toContain('another process is using the embedded database');
        // The server carries on, its database whole.
        expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).ok).toBe(true);
      } finally {
        await stop(server);
      }

      const token = enrolmentToken(await createStaff(dataDir, 'after@example.com'));
      expect((await importFacilities(dataDir, 'โรงพยาบาลหลังหยุด')).code).toBe(0);
      const again = spawnServer(await freePort(), dataDir);
      try {
        await healthy(again);
        expect((await enrolment(again.port, token)).status).toBe(200);
        expect(await directoryHas(again.port, 'โรงพยาบาลหลังหยุด')).toBe(true);
      } finally {
        await stop(again);
      }
    },
  );
});

// Several processes share a database only on a PostgreSQL server; not registered otherwise, so no run counts it skipped.
const onPostgres = process.env.DATABASE_URL ? describe : () => {};
onPostgres('commands beside a server on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  beforeAll(async () => {
    scratch = await scratchDatabase();
  });
  afterAll(() => scratch.drop());

  it('write while the server runs, and the server honours the writes at once', { timeout: 180_000 }, async () => {
    const dataDir = path.join(dir, 'postgres');
    const env = { DATABASE_URL: scratch.url };
    const server = spawnServer(await freePort(), dataDir, env);
    try {
      await healthy(server);
      const token = enrolmentToken(await createStaff(dataDir, 'beside@example.com', env));
      expect((await enrolment(server.port, token)).status).toBe(200);
      // The operator the command made is let into the console by the running server.
      const operatorToken = enrolmentToken(await createOperator(dataDir, 'operator@example.com', env));
      const cookie = await enrol(server.port, operatorToken);
      const console = await fetch(`http://127.0.0.1:${server.port}/api/operator/me`, { headers: { cookie } });
      expect(console.status).toBe(200);
      expect((await importFacilities(dataDir, 'โรงพยาบาลข้างเซิร์ฟเวอร์', env)).code).toBe(0);
      expect(await directoryHas(server.port, 'โรงพยาบาลข้างเซิร์ฟเวอร์')).toBe(true);
    } finally {
      await stop(server);
    }
  });
});
