import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Dates in tests are Thai dates: pin the zone for every worker.
process.env.TZ = 'Asia/Bangkok';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Typing through user-event is slow on a busy 2-core machine; the assertions, not the clock, decide.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file opens its own embedded database; two at a time fits two cores.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'deploy',
          include: ['deploy/**/*.test.ts'],
          environment: 'node',
          // Starts PostgreSQL, two app processes and nginx once for the file; the web build too when there is none.
          testTimeout: 30_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
