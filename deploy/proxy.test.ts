import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PATIENT } from '../apps/server/src/demo/seed.js';
import { freePort } from '../apps/server/src/test/free-port.js';
import { type ServerProcess, healthy, killAll, spawnServer, stop } from '../apps/server/src/test/server-process.js';

/**
 * The app as it is deployed: nginx (deploy/nginx/klaimor.conf.template, the file the README tells operators to use)
 * ending TLS in front of two app processes on one PostgreSQL database. Everything real: the nginx and openssl of the
 * machine, a certificate made now, the server started as `npm start` starts it, PostgreSQL (DATABASE_URL's server, or a
 * throwaway one started here). Clients connect from distinct loopback addresses (Linux routes all of 127.0.0.0/8 to
 * the loopback interface), so that each is a different client to nginx and to the app.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
const TEMPLATE = path.join(here, 'nginx/klaimor.conf.template');
const WEB_DIST = path.join(root, 'apps/web/dist');
const OTP_PER_ADDRESS = 3;
/** The directory's limit a minute for one address, low enough for a burst to pass it. */
const DIRECTORY_PER_MINUTE = 5;
const HSTS = 'max-age=31536000; includeSubDomains';

/** Where a binary is: on PATH, or in the sbin directories a non-root PATH lacks (Debian puts nginx in /usr/sbin). */
function findBinary(name: string): string | null {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  for (const dir of dirs.filter(Boolean)) {
    try {
      accessSync(path.join(dir, name), constants.X_OK);
      return path.join(dir, name);
    } catch {
      // not here
    }
  }
  return null;
}

/** Fails the run, saying what to install, when a binary this test needs is missing: it never passes without them. */
function requireTools(): { nginx: string; openssl: string } {
  const nginx = findBinary('nginx');
  const openssl = findBinary('openssl');
  // Where scripts/postgres-for-tests.sh looks for them.
  const postgres =
    process.env.DATABASE_URL ||
    (existsSync('/usr/lib/postgresql') &&
      readdirSync('/usr/lib/postgresql').some((version) => existsSync(`/usr/lib/postgresql/${version}/bin/initdb`)));
  const missing = [
    !nginx && 'nginx (apt-get install -y nginx)',
    !openssl && 'openssl (apt-get install -y openssl)',
    !postgres && 'PostgreSQL server binaries, or DATABASE_URL (apt-get install -y postgresql)',
  ].filter(Boolean);
  if (missing.length) throw new Error(`the deployment test cannot run without ${missing.join('; ')}`);
  return { nginx: nginx!, openssl: openssl! };
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
  /** The loopback address the client connects from. */
  from?: string;
}

let ca: string;

/** One request on a connection of its own (no agent), over https (trusting only the test's certificate) or http. */
function call(url: string, { method = 'GET', headers = {}, json, from }: CallOptions = {}): Promise<Reply> {
  const body = json === undefined ? undefined : JSON.stringify(json);
  const target = new URL(url);
  const options: https.RequestOptions = {
    method,
    agent: false,
    localAddress: from,
    headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(target.protocol === 'https:' && { ca }),
  };
  return new Promise((resolve, reject) => {
    const request = (target.protocol === 'https:' ? https : http).request(target, options, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: text }));
      response.on('error', reject);
    });
    request.setTimeout(15_000, () => request.destroy(new Error(`${method} ${url}: no answer in 15 s`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** Fills in the template's ${KLAIMOR_*} names, as envsubst does with the list the README gives; none may be left. */
function renderTemplate(values: Record<string, string>): string {
  return readFileSync(TEMPLATE, 'utf8').replace(/\$\{(KLAIMOR_[A-Z0-9_]+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`the test gives no value for ${name}`);
    return values[name];
  });
}

/** A mobile number no other request of this run uses, so only the per-address limit can refuse it. */
const freshPhone = () => `09${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0')}`;
const spoofedAddress = () => `203.0.113.${1 + (randomBytes(1)[0] % 250)}`;

let tmp: string;
let nginx: ChildProcess | null = null;
let nginxOutput = '';
let apps: ServerProcess[] = [];
let httpsOrigin: string;
let httpOrigin: string;
let databaseUrl: string;
let dropDatabase: (() => Promise<void>) | null = null;
let stopOwnPostgres: (() => void) | null = null;
const accessLog = () => readFileSync(path.join(tmp, 'access.log'), 'utf8').trim().split('\n');

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

/** PostgreSQL: DATABASE_URL's server, or one started here on a free port; either way a new, empty database on it. */
async function emptyDatabase(): Promise<string> {
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const env = { ...process.env, PGPORT_TEST: String(await freePort()), TMPDIR: tmp };
    const script = path.join(root, 'scripts/postgres-for-tests.sh');
    const started = spawnSync(script, ['start'], { env, encoding: 'utf8' });
    if (started.status !== 0) throw new Error(`PostgreSQL did not start: ${started.stderr}`);
    stopOwnPostgres = () => void spawnSync(script, ['stop'], { env });
    serverUrl = started.stdout.trim();
  }
  const name = `klaimor_deploy_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  dropDatabase = () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function startNginx(binary: string, appPorts: number[], httpsPort: number, httpPort: number): Promise<void> {
  writeFileSync(
    path.join(tmp, 'klaimor.conf'),
    renderTemplate({
      KLAIMOR_PUBLIC_URL: httpsOrigin,
      KLAIMOR_SERVER_NAME: '127.0.0.1',
      KLAIMOR_HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
      KLAIMOR_HTTP_LISTEN: `127.0.0.1:${httpPort}`,
      KLAIMOR_TLS_CERTIFICATE: path.join(tmp, 'cert.pem'),
      KLAIMOR_TLS_CERTIFICATE_KEY: path.join(tmp, 'key.pem'),
      KLAIMOR_APP_1: `127.0.0.1:${appPorts[0]}`,
      KLAIMOR_APP_2: `127.0.0.1:${appPorts[1]}`,
      KLAIMOR_ACCESS_LOG: path.join(tmp, 'access.log'),
    }),
  );
  // The main file an nginx package ships, cut to what this needs, with every path in the test's directory: it runs
  // without root (and as root, its workers as the package's user). The deployment file is included as is.
  writeFileSync(
    path.join(tmp, 'nginx.conf'),
    `pid ${path.join(tmp, 'nginx.pid')};
error_log ${path.join(tmp, 'error.log')} warn;
worker_processes 1;
events { worker_connections 256; }
http {
  client_body_temp_path ${path.join(tmp, 'client_body')};
  proxy_temp_path ${path.join(tmp, 'proxy')};
  fastcgi_temp_path ${path.join(tmp, 'fastcgi')};
  uwsgi_temp_path ${path.join(tmp, 'uwsgi')};
  scgi_temp_path ${path.join(tmp, 'scgi')};
  include ${path.join(tmp, 'klaimor.conf')};
}
`,
  );
  const args = ['-p', tmp, '-c', path.join(tmp, 'nginx.conf'), '-e', path.join(tmp, 'error.log')];
  const check = spawnSync(binary, [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refuses the configuration:\n${check.stderr}`);
  nginx = spawn(binary, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  nginx.stdout!.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
  nginx.stderr!.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
  for (let tries = 0; ; tries++) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited with ${nginx.exitCode}:\n${nginxOutput}`);
    try {
      if ((await call(`${httpsOrigin}/api/health`)).status === 200) return;
    } catch (error) {
      if (tries > 50) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  const tools = requireTools();
  tmp = mkdtempSync(path.join(os.tmpdir(), 'klaimor-deploy-'));
  // nginx's workers (as root: the package's user) and PostgreSQL (as root: the postgres user) reach into it.
  chmodSync(tmp, 0o755);

  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`the web app did not build:\n${build.stdout}${build.stderr}`);
  }

  execFileSync(tools.openssl, [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout',
    path.join(tmp, 'key.pem'),
    '-out',
    path.join(tmp, 'cert.pem'),
  ]);
  ca = readFileSync(path.join(tmp, 'cert.pem'), 'utf8');

  databaseUrl = await emptyDatabase();
  const appPorts = [await freePort(), await freePort()];
  // nginx starts after the processes, on ports chosen now: the processes' PUBLIC_URL is nginx's https address.
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  httpsOrigin = `https://127.0.0.1:${httpsPort}`;
  httpOrigin = `http://127.0.0.1:${httpPort}`;
  // Both at the same moment, on the empty database: each migrates and seeds, and they must not trip over each other.
  apps = appPorts.map((port) =>
    spawnServer(port, tmp, {
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: httpsOrigin,
      // nginx connects to the processes from 127.0.0.1; nobody else may say who the client is.
      TRUST_PROXY: '127.0.0.1',
      WEB_DIST_DIR: WEB_DIST,
      OTP_MAX_PER_IP_PER_HOUR: String(OTP_PER_ADDRESS),
      RATE_LIMITS: `directory=${DIRECTORY_PER_MINUTE}`,
    }),
  );
  await Promise.all(apps.map(healthy));
  await startNginx(tools.nginx, appPorts, httpsPort, httpPort);
}, 180_000);

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx!.once('exit', resolve));
    nginx.kill('SIGTERM');
    await exited;
  }
  await Promise.all(apps.map(stop));
  killAll();
  await dropDatabase?.();
  stopOwnPostgres?.();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
}, 60_000);

describe('two app processes behind nginx with TLS', () => {
  it('started together on an empty database, they migrate it and seed the demo data once', async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
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
    const page = await call(`${httpsOrigin}/`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<html lang="th">');
    expect(page.headers['strict-transport-security']).toBe(HSTS);

    const health = await call(`${httpsOrigin}/api/health`);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ data: [{ status: 'ok', database: 'ok' }] });
    // Once, not twice: nginx's own header stands in for the app's.
    expect(health.headers['strict-transport-security']).toBe(HSTS);

    const plain = await call(`${httpOrigin}/login?next=%2Fmyhealth`);
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe(`${httpsOrigin}/login?next=%2Fmyhealth`);
  });

  it('signs the demo patient in through the proxy with a Secure session cookie', async () => {
    const phone = DEMO_PATIENT.phone;
    const from = '127.0.0.4';
    expect((await call(`${httpsOrigin}/api/auth/otp`, { method: 'POST', json: { phone }, from })).status).toBe(202);
    // Each process keeps its own development outbox: the code is in the one nginx sent the request to.
    const outboxes = await Promise.all(
      apps.map(async (app) => {
        const reply = await call(`http://127.0.0.1:${app.port}/api/dev/sms?phone=${phone}`);
        return (JSON.parse(reply.body) as { data: { code: string }[] }).data;
      }),
    );
    const [latest] = outboxes.flat();
    expect(latest).toBeDefined();

    const verified = await call(`${httpsOrigin}/api/auth/otp/verify`, {
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
      statuses.push((await requestCode(httpsOrigin, '127.0.0.5', spoofedAddress())).status);
    }
    expect(statuses).toEqual([...Array<number>(OTP_PER_ADDRESS).fill(202), 429]);
    // Another client, from another address, is still served.
    expect((await requestCode(httpsOrigin, '127.0.0.6', spoofedAddress())).status).toBe(202);
  });

  it('counts a client that reaches a process directly by its own address, whatever it sends', async () => {
    const direct = `http://127.0.0.1:${apps[0].port}`;
    const statuses: number[] = [];
    for (let i = 0; i <= OTP_PER_ADDRESS; i++) {
      statuses.push((await requestCode(direct, '127.0.0.7', spoofedAddress())).status);
    }
    expect(statuses).toEqual([...Array<number>(OTP_PER_ADDRESS).fill(202), 429]);
    expect((await requestCode(direct, '127.0.0.8', spoofedAddress())).status).toBe(202);
  });

  it('holds a burst from one address to the request limit of each process, whatever X-Forwarded-For it sends', async () => {
    const search = (from: string) =>
      call(`${httpsOrigin}/api/hospitals?q=${encodeURIComponent('ศิริราช')}`, {
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
    for (let i = 0; i < 10; i++) expect((await call(`${httpsOrigin}/api/health`)).status).toBe(200);
    const upstreams = accessLog().map((line) => /upstream=(\S+)/.exec(line)?.[1]);
    for (const app of apps) expect(upstreams).toContain(`127.0.0.1:${app.port}`);
  });

  it('keeps answering every idempotent request while one process stops', async () => {
    const [leaving, staying] = apps;
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
          const reply = await call(`${httpsOrigin}${target}`, { from: `127.0.1.${n + 1}` });
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
