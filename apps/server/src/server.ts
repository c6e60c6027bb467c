import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { backgroundJobs } from './composition/housekeeping.js';
import { loadConfig } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { answerBackupRequests } from './features/backups/embedded-backups.js';
import { loadShippedDirectory } from './features/hospitals/shipped-directory.js';
import { seedDemoData } from './demo/seed.js';
import { type JobQueue, startJobQueue } from './jobs/job-queue.js';
import { errorForLog, loggerOptions } from './plugins/logging.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SHUTDOWN_GRACE_MS = 10_000;

/** Closes something start-up opened. */
type Closer = () => Promise<unknown>;

/** A start-up step that failed: what the server was doing, and the error that stopped it. */
class StartUpError extends Error {
  constructor(
    readonly step: string,
    readonly reason: unknown,
  ) {
    super(step);
  }
}

/** Runs one step of start-up, naming it in the error should it fail. */
async function step<T>(name: string, work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new StartUpError(name, error);
  }
}

/**
 * Starts the server, pushing onto `opened` what must be closed should a later step fail. Processes sharing a
 * database may start together: each sets the database up (migrations, the demo data, the job queue's schema) under
 * the database's set-up lock, so one at a time.
 */
async function start(opened: Closer[]): Promise<void> {
  const config = await step('reading the configuration', () => loadConfig());
  const database = await step('opening the database', () => openDatabase(config));
  opened.push(() => database.close());
  await step('migrating the database', () => database.migrate());
  const directory = await step('loading the facility directory', () =>
    database.withSetUpLock(() => loadShippedDirectory(database.db, { demoPayments: config.mode === 'demo' })),
  );
  if (config.seedDemoData)
    await step('seeding the demo data', () => database.withSetUpLock(() => seedDemoData(database.db, config)));

  const app = await step('building the app', () =>
    buildApp({
      config: { ...config, webDistDir: config.webDistDir ?? path.resolve(here, '../../web/dist') },
      database,
      logger: loggerOptions(config.logLevel),
    }),
  );
  opened.push(() => app.close());
  if (directory) {
    app.log.info(
      `facility directory ${directory.version} loaded: ${directory.inserted} added, ${directory.updated} updated, ` +
        `${directory.merged} joined with listed places`,
    );
  }

  // Background work on the job queue, once across every process sharing the database (composition/housekeeping.ts).
  const jobs = await step('starting the job queue', () =>
    startJobQueue(database, backgroundJobs(app), (err) => app.log.error({ err }, 'job queue')),
  );
  opened.push(() => jobs.stop());

  // The embedded database is this process's alone: `npm run backup` asks it for the copy (features/backups). Should
  // the socket not open (a DATA_DIR path longer than a socket's 107 bytes), the server still serves; backups then
  // need it stopped, which the command says.
  if (database.kind === 'pglite') {
    const stopAnswering = await answerBackupRequests(database, config.dataDir, (err) =>
      app.log.error({ err }, 'backup request'),
    ).catch((err: unknown) => {
      app.log.warn({ err }, 'not answering backup requests: npm run backup works only while this server is stopped');
      return null;
    });
    if (stopAnswering) opened.push(stopAnswering);
  }

  process.once('SIGINT', () => void shutdown(app, jobs, database, 'SIGINT'));
  process.once('SIGTERM', () => void shutdown(app, jobs, database, 'SIGTERM'));

  await step(`listening on ${config.host}:${config.port}`, () => app.listen({ host: config.host, port: config.port }));
  app.log.info(
    config.mode === 'demo'
      ? `ใกล้หมอ is running in DEMO MODE on ${config.publicOrigin} (database: ${database.kind}): SMS codes go to the development outbox, deposits are simulated, a demo patient is seeded. Set APP_MODE=production for real use.`
      : `ใกล้หมอ is running on ${config.publicOrigin} (database: ${database.kind}, SMS: ${config.sms.driver}, payments: ${config.payments.provider})`,
  );
}

/**
 * Why start-up failed, in one line: the innermost cause (a failed query's own message is its SQL; the database's
 * error under it says what went wrong), as the log keeps errors (no query parameters or refused values), with no stack.
 */
function reasonForLog(error: unknown): string {
  let reason = errorForLog(error);
  while (reason.cause) reason = reason.cause;
  // A connection refused at every address of a name is an AggregateError with no message of its own.
  return reason.message.split('\n')[0] || reason.code || reason.type;
}

/** Says why start-up failed, closes what it had opened (the latest first), and exits with 1. */
async function stopAfterFailedStart(error: unknown, opened: Closer[]): Promise<never> {
  const failure = error instanceof StartUpError ? `${error.step}: ${reasonForLog(error.reason)}` : reasonForLog(error);
  console.error(`ใกล้หมอ could not start: ${failure}`);
  setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
  for (const close of opened.reverse()) await close().catch(() => {});
  process.exit(1);
}

/**
 * Stops taking requests and jobs, lets those under way finish, then closes the database; a process
 * that cannot finish within SHUTDOWN_GRACE_MS stops anyway (what it had not committed is rolled back by the database).
 */
async function shutdown(app: FastifyInstance, jobs: JobQueue, database: Database, signal: string): Promise<void> {
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

const opened: Closer[] = [];
await start(opened).catch((error: unknown) => stopAfterFailedStart(error, opened));
