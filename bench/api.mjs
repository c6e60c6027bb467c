// GET /api/users/me with a live session against the production server, next to a bare Fastify route.
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { tsImport } from 'tsx/esm/api';

// The terms version a registration consents to, from the contracts (TypeScript) the server shares.
const { CONSENT_VERSION } = await tsImport('../packages/contracts/src/consent-version.ts', import.meta.url);
const { UNREACHED_RATE_LIMITS } = await tsImport('../apps/server/src/plugins/request-limits.ts', import.meta.url);

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;

/** Resolves once `url` answers 2xx; throws after `ms`. */
export async function waitFor(url, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

/** Ends a child process and waits until it has exited, so the next run gets the port. */
export function stopChild(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

function startApp(port, env) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'klaimor-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      // One client standing for many people: the request limits would refuse it within the minute.
      RATE_LIMITS: UNREACHED_RATE_LIMITS,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { child, stop: () => stopChild(child).then(() => rmSync(dataDir, { recursive: true, force: true })) };
}

function startBare(port) {
  const child = fork(path.join(import.meta.dirname, 'bare-server.mjs'), {
    env: { ...process.env, PORT: String(port) },
  });
  return { child, stop: () => stopChild(child) };
}

/** Signs a new patient up through the real API and returns their session cookie. */
async function sessionCookie(base) {
  const phone = `09${String(Date.now()).slice(-8)}`;
  const idBase = `1${String(Date.now()).slice(-11)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(idBase[i]) * (13 - i);
  const thaiId = `${idBase}${(11 - (sum % 11)) % 10}`;
  const post = (url, body, cookie) =>
    fetch(base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie && { cookie }) },
      body: JSON.stringify(body),
    });
  await post('/api/auth/otp', { phone });
  const [sms] = (await (await fetch(`${base}/api/dev/sms?phone=${phone}`)).json()).data;
  const verified = await post('/api/auth/otp/verify', { phone, code: sms.code });
  const registration = verified.headers.getSetCookie()[0].split(';')[0];
  const registered = await post(
    '/api/users',
    {
      phone,
      thai_id: thaiId,
      firstname: 'ทดสอบ',
      lastname: 'ความเร็ว',
      birthday: '1990-01-01',
      address: '1',
      subdistrist: 'ลุมพินี',
      district: 'ปทุมวัน',
      province: 'กรุงเทพมหานคร',
      postcode: '10330',
      consent_version: CONSENT_VERSION,
    },
    registration,
  );
  if (registered.status !== 201)
    throw new Error(`registration failed: ${registered.status} ${await registered.text()}`);
  return registered.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('klaimor_session='));
}

function load(url, headers = {}, duration = DURATION) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const summary = (r) => ({ rps: Math.round(r.requests.average), p99ms: r.latency.p99, non2xx: r.non2xx + r.errors });

/** Measures one database setup; `databaseUrl` undefined means the embedded PGlite. */
export async function benchApi(label, databaseUrl) {
  const appPort = 3901;
  const barePort = 3902;
  const app = startApp(appPort, { DATABASE_URL: databaseUrl ?? '' });
  const bare = startBare(barePort);
  try {
    await waitFor(`http://127.0.0.1:${appPort}/api/health`);
    await waitFor(`http://127.0.0.1:${barePort}/bare`);
    const cookie = await sessionCookie(`http://127.0.0.1:${appPort}`);
    await load(`http://127.0.0.1:${appPort}/api/users/me`, { cookie }, 3); // warm-up
    await load(`http://127.0.0.1:${barePort}/bare`, {}, 3);
    const bareResult = summary(await load(`http://127.0.0.1:${barePort}/bare`));
    const meResult = summary(await load(`http://127.0.0.1:${appPort}/api/users/me`, { cookie }));
    return { label, me: meResult, bare: bareResult, ratio: +(meResult.rps / bareResult.rps).toFixed(3) };
  } finally {
    await Promise.all([app.stop(), bare.stop()]);
  }
}
