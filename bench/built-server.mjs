// The production server as an installation runs it, for the browser benchmarks.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stopChild, waitFor } from './api.mjs';

let built = false;

/**
 * Builds the web app (once per run) and starts the production server on `port` on a fresh embedded database in demo
 * mode: its first start loads the shipped directory (the hand-listed places and the MOPH registry) before it answers.
 * `stop` ends it and removes its data.
 */
export async function startBuiltServer(port) {
  if (!built) execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  built = true;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'klaimor-bench-web-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    await stopChild(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The first start loads some 11,000 facilities: seconds on a busy machine.
    await waitFor(`http://127.0.0.1:${port}/api/health`, 180_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin: `http://127.0.0.1:${port}`, stop };
}
