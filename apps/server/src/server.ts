import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemoData } from './db/seed.js';
import { createOtpRepository } from './features/auth/otp.repository.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const config = loadConfig();
const database = openDatabase(config);
await database.migrate();
if (config.seedDemoData) await seedDemoData(database.db);

const app = await buildApp({
  config: { ...config, webDistDir: config.webDistDir ?? path.resolve(here, '../../web/dist') },
  database,
  logger: { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'] },
});

const otpRepository = createOtpRepository(database.db);
const purge = setInterval(() => {
  otpRepository.purgeExpired(new Date(Date.now() - 86_400_000)).catch((err: unknown) => app.log.error({ err }, 'purge failed'));
}, 3_600_000);
purge.unref();

async function shutdown(signal: string): Promise<void> {
  app.log.info(`${signal}: shutting down`);
  clearInterval(purge);
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
