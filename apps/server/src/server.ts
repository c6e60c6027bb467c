import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemoData } from './db/seed.js';
import { startJobQueue } from './jobs/job-queue.js';
import { loggerOptions } from './plugins/logging.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SHUTDOWN_GRACE_MS = 10_000;
const config = loadConfig();
const database = openDatabase(config);
await database.migrate();
if (config.seedDemoData) await seedDemoData(database.db, config);

const app = await buildApp({
  config: { ...config, webDistDir: config.webDistDir ?? path.resolve(here, '../../web/dist') },
  database,
  logger: loggerOptions(config.logLevel),
});

// Background work on the job queue, once across every process sharing the database: each minute old codes go,
// schedules roll forward, unpaid holds give their places back and owed deposits are asked for again; the minute's
// reminders are queued and sent.
const jobs = await startJobQueue(
  database,
  [
    { name: 'housekeeping', cron: '* * * * *', run: () => app.housekeeping() },
    {
      name: 'reminders',
      cron: '* * * * *',
      // Counts only: who was reminded of what is personal data.
      run: async () => {
        const round = await app.sendReminders();
        if (round.sent + round.skipped > 0) app.log.info({ reminders: round }, 'reminders sent');
      },
    },
  ],
  (err) => app.log.error({ err }, 'job queue'),
);

/**
 * Stops taking requests and jobs, lets those under way finish, then closes the database; a process
 * that cannot finish within SHUTDOWN_GRACE_MS stops anyway (what it had not committed is rolled back by the database).
 */
async function shutdown(signal: string): Promise<void> {
  app.log.info(`${signal}: shutting down`);
  setTimeout(() => {
    app.log.error(`did not shut down within ${SHUTDOWN_GRACE_MS / 1000} s: stopping now`);
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  await Promise.all([app.close(), jobs.stop()]);
  await database.close();
  app.log.info('shut down');
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.host, port: config.port });
app.log.info(
  config.mode === 'demo'
    ? `ใกล้หมอ is running in DEMO MODE on ${config.publicOrigin} (database: ${database.kind}): SMS codes go to the development outbox, deposits are simulated, a demo patient is seeded. Set APP_MODE=production for real use.`
    : `ใกล้หมอ is running on ${config.publicOrigin} (database: ${database.kind}, SMS: ${config.sms.driver}, payments: ${config.payments.provider})`,
);
