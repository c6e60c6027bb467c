import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * The server and the operators' commands as processes, started as `npm start` and `npm run <command>` start them
 * (tsx, production mode, no web build): for tests of what happens between processes sharing a database.
 */
const src = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverFile = path.join(src, 'server.ts');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  exited: Promise<number | null>;
  output(): string;
}

/**
 * The environment both the server and a command read: demo mode on `dataDir`, with a fixed key; on the embedded
 * database unless `env` names a DATABASE_URL (the suite's own is not passed on).
 */
export function processEnv(dataDir: string, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { DATABASE_URL: _suites, ...inherited } = process.env;
  return {
    ...inherited,
    APP_MODE: 'demo',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SECRET_KEY: 'process-test-key-'.padEnd(40, 'x'),
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'info',
    ...env,
  };
}

/** Every process started, for `killAll` to end whatever a test that timed out left running. */
const started: ChildProcess[] = [];

export function spawnServer(port: number, dataDir: string, env: Record<string, string> = {}): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', serverFile], {
    env: processEnv(dataDir, { PORT: String(port), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, port, exited, output: () => output };
}

/** Resolves once the process answers its health check; fails with its output should it exit first. */
export async function healthy(server: ServerProcess): Promise<void> {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  for (;;) {
    if (exitCode !== undefined) throw new Error(`a server exited with ${exitCode} while starting:\n${server.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${server.port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function stop(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
  await server.exited;
}

export function killAll(): void {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one of the operators' commands (a file under src/, with its arguments) to its end. */
export function runCommand(file: string, args: string[], dataDir: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(src, file), ...args], {
    env: processEnv(dataDir, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<CommandRun>((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

/**
 * A new, empty database on the suite's PostgreSQL server (DATABASE_URL), for processes to start on from nothing;
 * `drop` removes it, closing whatever is still connected.
 */
export async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('a scratch database needs DATABASE_URL');
  const name = `klaimor_test_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
