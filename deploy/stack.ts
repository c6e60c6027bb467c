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
import { freePort } from '../apps/server/src/test/free-port.js';
import { type ServerProcess, healthy, killAll, spawnServer, stop } from '../apps/server/src/test/server-process.js';

/**
 * The app as it is deployed: nginx (deploy/nginx/klaimor.conf.template, the file the README tells operators to use)
 * ending TLS in front of two app processes on one PostgreSQL database. Everything real: the nginx and openssl of the
 * machine, a certificate made now, the server started as `npm start` starts it, PostgreSQL (DATABASE_URL's server, or a
 * throwaway one started here). Clients connect from distinct loopback addresses (Linux routes all of 127.0.0.0/8 to
 * the loopback interface), so that each is a different client to nginx and to the app. Used by the deploy test and by
 * the surge benchmark.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.join(here, '..');
const TEMPLATE = path.join(here, 'nginx/klaimor.conf.template');
const WEB_DIST = path.join(root, 'apps/web/dist');

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

/** Fails the run, saying what to install, when a binary the stack needs is missing: it never passes without them. */
function requireTools(databaseGiven: boolean): { nginx: string; openssl: string } {
  const nginx = findBinary('nginx');
  const openssl = findBinary('openssl');
  // Where scripts/postgres-for-tests.sh looks for them.
  const postgres =
    databaseGiven ||
    process.env.DATABASE_URL ||
    (existsSync('/usr/lib/postgresql') &&
      readdirSync('/usr/lib/postgresql').some((version) => existsSync(`/usr/lib/postgresql/${version}/bin/initdb`)));
  const missing = [
    !nginx && 'nginx (apt-get install -y nginx)',
    !openssl && 'openssl (apt-get install -y openssl)',
    !postgres && 'PostgreSQL server binaries, or DATABASE_URL (apt-get install -y postgresql)',
  ].filter(Boolean);
  if (missing.length) throw new Error(`the deployment cannot start without ${missing.join('; ')}`);
  return { nginx: nginx!, openssl: openssl! };
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
  /** A body as it is (a multipart form), with its content type; in place of `json`. */
  raw?: { bytes: Buffer; type: string };
  /** The loopback address the client connects from (ignored when `agent` is given: the agent's own is used). */
  from?: string;
  /** Connections kept open between requests, as a browser keeps them; without it, a connection of its own. */
  agent?: https.Agent;
}

/** Fills in the template's ${KLAIMOR_*} names, as envsubst does with the list the README gives; none may be left. */
function renderTemplate(values: Record<string, string>): string {
  return readFileSync(TEMPLATE, 'utf8').replace(/\$\{(KLAIMOR_[A-Z0-9_]+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value is given for ${name}`);
    return values[name];
  });
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

export interface StackOptions {
  /** Environment for both app processes, over the stack's own (demo mode, PostgreSQL, PUBLIC_URL, TRUST_PROXY). */
  env?: Record<string, string>;
  /** An empty database to start on; else a new one on DATABASE_URL's server, or on a PostgreSQL started here. */
  databaseUrl?: string;
  /** Serve the built web app (built first when there is none); the API alone otherwise. */
  webApp?: boolean;
  /** nginx's `worker_connections`: each client takes one, and one more for the process it is passed to. */
  workerConnections?: number;
}

export interface Stack {
  httpsOrigin: string;
  httpOrigin: string;
  apps: ServerProcess[];
  databaseUrl: string;
  /** nginx's access log, a line a request. */
  accessLog(): string[];
  /** One request over https (trusting only the stack's certificate) or http. */
  call(url: string, options?: CallOptions): Promise<Reply>;
  /** An agent keeping its connections open, from one loopback address, trusting the stack's certificate. */
  agent(from: string): https.Agent;
  /** Stops nginx and the processes, drops the database the stack made and stops the PostgreSQL it started. */
  close(): Promise<void>;
}

/** Starts PostgreSQL (or takes the database given), two app processes on it at the same moment, and nginx before them. */
export async function startStack({
  env = {},
  databaseUrl: givenDatabase,
  webApp = true,
  workerConnections = 256,
}: StackOptions = {}): Promise<Stack> {
  const tools = requireTools(Boolean(givenDatabase));
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'klaimor-deploy-'));
  // nginx's workers (as root: the package's user) and PostgreSQL (as root: the postgres user) reach into it.
  chmodSync(tmp, 0o755);
  let nginx: ChildProcess | null = null;
  let nginxOutput = '';
  let apps: ServerProcess[] = [];
  let dropDatabase: (() => Promise<void>) | null = null;
  let stopOwnPostgres: (() => void) | null = null;

  const close = async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    }
    await Promise.all(apps.map(stop));
    killAll();
    await dropDatabase?.();
    stopOwnPostgres?.();
    rmSync(tmp, { recursive: true, force: true });
  };

  /** PostgreSQL: DATABASE_URL's server, or one started here on a free port; either way a new, empty database on it. */
  async function emptyDatabase(): Promise<string> {
    let serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) {
      const pgEnv = { ...process.env, PGPORT_TEST: String(await freePort()), TMPDIR: tmp };
      const script = path.join(root, 'scripts/postgres-for-tests.sh');
      const started = spawnSync(script, ['start'], { env: pgEnv, encoding: 'utf8' });
      if (started.status !== 0) throw new Error(`PostgreSQL did not start: ${started.stderr}`);
      stopOwnPostgres = () => void spawnSync(script, ['stop'], { env: pgEnv });
      serverUrl = started.stdout.trim();
    }
    const name = `klaimor_deploy_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    dropDatabase = () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }

  let ca = '';
  /** One request on a connection of its own (no agent) or the agent's, over https or http. */
  const call = (url: string, { method = 'GET', headers = {}, json, raw, from, agent }: CallOptions = {}) => {
    const body = raw?.bytes ?? (json === undefined ? undefined : JSON.stringify(json));
    const type = raw?.type ?? (json === undefined ? undefined : 'application/json');
    const target = new URL(url);
    const options: https.RequestOptions = {
      method,
      agent: agent ?? false,
      ...(!agent && { localAddress: from }),
      headers: { ...headers, ...(type !== undefined && { 'content-type': type }) },
      ...(target.protocol === 'https:' && { ca }),
    };
    return new Promise<Reply>((resolve, reject) => {
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
  };

  try {
    if (webApp && !existsSync(path.join(WEB_DIST, 'index.html'))) {
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

    const databaseUrl = givenDatabase ?? (await emptyDatabase());
    const appPorts = [await freePort(), await freePort()];
    // nginx starts after the processes, on ports chosen now: the processes' PUBLIC_URL is nginx's https address.
    const [httpsPort, httpPort] = [await freePort(), await freePort()];
    const httpsOrigin = `https://127.0.0.1:${httpsPort}`;
    const httpOrigin = `http://127.0.0.1:${httpPort}`;
    // Both at the same moment, on the empty database: each migrates and seeds, and they must not trip over each other.
    apps = appPorts.map((port) =>
      spawnServer(port, tmp, {
        DATABASE_URL: databaseUrl,
        PUBLIC_URL: httpsOrigin,
        // nginx connects to the processes from 127.0.0.1; nobody else may say who the client is.
        TRUST_PROXY: '127.0.0.1',
        ...(webApp && { WEB_DIST_DIR: WEB_DIST }),
        ...env,
      }),
    );
    await Promise.all(apps.map(healthy));

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
    // The main file an nginx package ships, cut to what this needs, with every path in the stack's directory: it runs
    // without root (and as root, its workers as the package's user). The deployment file is included as is.
    writeFileSync(
      path.join(tmp, 'nginx.conf'),
      `pid ${path.join(tmp, 'nginx.pid')};
error_log ${path.join(tmp, 'error.log')} warn;
worker_processes 1;
events { worker_connections ${workerConnections}; }
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
    const check = spawnSync(tools.nginx, [...args, '-t'], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx refuses the configuration:\n${check.stderr}`);
    const proxy = spawn(tools.nginx, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx = proxy;
    proxy.stdout.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    proxy.stderr.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    for (let tries = 0; ; tries++) {
      if (proxy.exitCode !== null) throw new Error(`nginx exited with ${proxy.exitCode}:\n${nginxOutput}`);
      try {
        if ((await call(`${httpsOrigin}/api/health`)).status === 200) break;
      } catch (error) {
        if (tries > 50) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    return {
      httpsOrigin,
      httpOrigin,
      apps,
      databaseUrl,
      accessLog: () => readFileSync(path.join(tmp, 'access.log'), 'utf8').trim().split('\n'),
      call,
      agent: (from) => new https.Agent({ keepAlive: true, maxSockets: 1, localAddress: from, ca }),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
