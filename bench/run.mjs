// npm run bench: prints the figures the README records. Not part of the test suite.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { benchApi } from './api.mjs';
import { benchWeb } from './web.mjs';

const only = process.argv[2]; // "api" or "web" to run one half
const results = { machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}` };
console.log(`machine: ${results.machine}`);

async function withPostgres(fn) {
  let adminUrl = process.env.DATABASE_URL;
  let started = false;
  if (!adminUrl) {
    try {
      adminUrl = execFileSync('scripts/postgres-for-tests.sh', ['start'], { encoding: 'utf8' }).trim();
      started = true;
    } catch {
      console.log('PostgreSQL server not available (apt-get install postgresql): PostgreSQL figures skipped');
      return null;
    }
  }
  const name = `klaimor_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    if (started) execFileSync('scripts/postgres-for-tests.sh', ['stop']);
  }
}

if (only !== 'web') {
  results.api = [await benchApi('PGlite (embedded)')];
  const onPostgres = await withPostgres((url) => benchApi('PostgreSQL', url));
  if (onPostgres) results.api.push(onPostgres);
  console.log('\nGET /api/users/me (autocannon, 50 connections) vs a bare Fastify route, same run:');
  for (const r of results.api) {
    console.log(
      `  ${r.label.padEnd(18)} me ${r.me.rps} req/s p99 ${r.me.p99ms} ms | bare ${r.bare.rps} req/s p99 ${r.bare.p99ms} ms | ratio ${r.ratio}` +
        (r.me.non2xx ? ` | ${r.me.non2xx} non-2xx!` : ''),
    );
  }
}

if (only !== 'api') {
  results.web = await benchWeb();
  console.log('\nFirst screen JavaScript (gzip) and Lighthouse mobile:');
  for (const page of results.web) {
    console.log(`  ${page.path.padEnd(10)} JS ${page.jsGzipKb} KB gzip | performance ${page.performance} | accessibility ${page.accessibility}`);
  }
}

mkdirSync('artifacts', { recursive: true });
writeFileSync('artifacts/bench.json', `${JSON.stringify(results, null, 2)}\n`);
console.log('\nwritten to artifacts/bench.json');
