// The whole suite: typecheck, lint (import cycles and layers included), format, unit, API integration, browser
// end-to-end, the deployment behind nginx; then one summary line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import { CHROMIUM_MISSING, findChromium } from './find-chromium.mjs';

const env = { ...process.env, TZ: 'Asia/Bangkok', LANG: 'th_TH.UTF-8' };
mkdirSync('artifacts', { recursive: true });

function run(label, command, args) {
  console.log(`\n=== ${label}: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  return result.status === 0;
}

function vitestCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + report.numPendingTests + report.numTodoTests,
  };
}

function playwrightCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: stats.expected, failed: stats.unexpected + stats.flaky + stats.skipped };
}

const steps = [];
steps.push(['typecheck', run('typecheck', 'npm', ['run', '--silent', 'typecheck'])]);
steps.push(['lint', run('lint', 'npm', ['run', '--silent', 'lint'])]);
steps.push(['format', run('format', 'npm', ['run', '--silent', 'format:check'])]);
const vitestJson = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=artifacts/${name}.json`];
steps.push([
  'unit',
  run('unit', 'npx', ['vitest', 'run', '--project', 'contracts', '--project', 'web', ...vitestJson('unit-report')]),
]);
steps.push(['api', run('API integration', 'npx', ['vitest', 'run', '--project', 'api', ...vitestJson('api-report')])]);

if (findChromium()) {
  steps.push(['e2e', run('browser end-to-end', 'npx', ['playwright', 'test'])]);
  // On the build the browser tests just ran against.
  steps.push(['budget', run('first-screen JavaScript budget', 'node', ['apps/web/scripts/bundle-size.mjs'])]);
} else {
  console.error(`\n=== browser end-to-end: cannot run.\n${CHROMIUM_MISSING}`);
  steps.push(['e2e', false]);
}

// The deployment as it runs: nginx ending TLS before two app processes on PostgreSQL (deploy/proxy.test.ts). It needs
// nginx, openssl and PostgreSQL's server binaries (or DATABASE_URL), and fails saying which is missing.
steps.push([
  'deploy',
  run('behind nginx with TLS', 'npx', ['vitest', 'run', '--project', 'deploy', ...vitestJson('deploy-report')]),
]);

const counts = [
  vitestCounts('artifacts/unit-report.json'),
  vitestCounts('artifacts/api-report.json'),
  vitestCounts('artifacts/deploy-report.json'),
  playwrightCounts('artifacts/e2e-report.json'),
];
const passed = counts.reduce((n, c) => n + c.passed, 0);
const failedTests = counts.reduce((n, c) => n + c.failed, 0);
const failedSteps = steps.filter(([, ok]) => !ok).map(([name]) => name);

console.log(`\nsteps: ${steps.map(([name, ok]) => `${name} ${ok ? 'ok' : 'FAILED'}`).join(', ')}`);
console.log(
  `tests: ${passed} passed, ${failedTests + (failedSteps.length && !failedTests ? failedSteps.length : 0)} failed`,
);
process.exit(failedSteps.length ? 1 : 0);
