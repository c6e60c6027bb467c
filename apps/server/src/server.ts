import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemoData } from './db/seed.js';
import { addDemoSlots } from './features/hospitals/demo-slots.js';
import { createHospitalsRepository } from './features/hospitals/hospitals.repository.js';
import { loggerOptions } from './plugins/logging.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const config = loadConfig();
const database = openDatabase(config);
await database.migrate();
if (config.seedDemoData) await seedDemoData(database.db);

const app = await buildApp({
  config: { ...config, webDistDir: config.webDistDir ?? path.resolve(here, '../../web/dist') },
  database,
  logger: loggerOptions(config.logLevel),
});

const hospitalsRepository = createHospitalsRepository(database.db);
const logFailure = (err: unknown) => app.log.error({ err }, 'housekeeping failed');
// Housekeeping: old codes go, unpaid holds give their places back, owed deposits are refunded,
// demo slots keep rolling forward.
const housekeeping = [
  setInterval(() => {
    app.housekeeping().catch(logFailure);
  }, 60_000),
  setInterval(() => {
    if (config.seedDemoData) addDemoSlots(hospitalsRepository).catch(logFailure);
  }, 6 * 3_600_000),
];
for (const timer of housekeeping) timer.unref();

async function shutdown(signal: string): Promise<void> {
  app.log.info(`${signal}: shutting down`);
  housekeeping.forEach(clearInterval);
  await app.close();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.host, port: config.port });
app.log.info(
  `ใกล้หมอ is running on ${config.publicOrigin} (database: ${database.kind}, SMS: ${config.sms.driver === 'console' ? 'development outbox, not sent' : config.sms.driver})`,
);
