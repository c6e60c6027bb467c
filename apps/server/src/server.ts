import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemoData } from './db/seed.js';
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

const logFailure = (err: unknown) => app.log.error({ err }, 'housekeeping failed');
/** The housekeeping round under way, if any: shutdown waits for it before closing the database. */
let housekeepingRound: Promise<unknown> | null = null;
function keepHouse(round: () => Promise<unknown>): void {
  if (housekeepingRound) return;
  housekeepingRound = round()
    .catch(logFailure)
    .finally(() => {
      housekeepingRound = null;
    });
}
// Housekeeping: old codes go, schedules roll forward, unpaid holds give their places back, owed deposits are refunded.
const housekeepingTimer = setInterval(() => keepHouse(() => app.housekeeping()), 60_000);
housekeepingTimer.unref();

/**
 * Stops taking requests, lets those under way and any housekeeping round finish, then closes the database; a process
 * that cannot finish within SHUTDOWN_GRACE_MS stops anyway (what it had not committed is rolled back by the database).
 */
async function shutdown(signal: string): Promise<void> {
  app.log.info(`${signal}: shutting down`);
  clearInterval(housekeepingTimer);
  setTimeout(() => {
    app.log.error(`did not shut down within ${SHUTDOWN_GRACE_MS / 1000} s: stopping now`);
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  await app.close();
  await housekeepingRound;
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
