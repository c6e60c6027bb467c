import { defineConfig } from '@playwright/test';
import { findChromium } from './scripts/find-chromium.mjs';

// E2E_PORT lets a second checkout run the journeys beside this one.
const PORT = Number(process.env.E2E_PORT ?? 3100);

// The journeys run against the production build on a fresh embedded database.
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'artifacts/e2e-report.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: findChromium() ?? undefined,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'rm -rf artifacts/e2e-data && npm run --silent build && npx tsx apps/server/src/server.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: 'artifacts/e2e-data',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      OTP_MAX_PER_IP_PER_HOUR: '1000',
      // Many journeys sign the one demo patient in within the hour; the per-phone limit has its own API tests.
      OTP_MAX_PER_PHONE_PER_HOUR: '100',
      // A journey logs in again within a minute of signing up; the 30 s rule has its own API tests.
      OTP_RESEND_AFTER_SEC: '2',
      TZ: 'Asia/Bangkok',
    },
  },
});
