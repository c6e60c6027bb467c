import { PgBoss } from 'pg-boss';
import type { Database } from '../db/client.js';

/** Work the server does in the background, once across all its processes. */
export interface Job {
  name: string;
  /** When it runs by itself, as cron in Bangkok time (`* * * * *` is every minute); else only when sent. */
  cron?: string;
  /** Does the work; what was sent with the job, if anything. Failing, it is tried again. */
  run: (data: unknown) => Promise<unknown>;
}

export interface JobQueue {
  /** Puts one job on the queue; the first free worker of any process takes it. */
  send(name: string, data?: object): Promise<void>;
  /** Stops taking jobs; resolves once the jobs under way have finished. */
  stop(): Promise<void>;
}

/** The queue's tables live in a schema of their own, made and migrated by pg-boss itself. */
const SCHEMA = 'jobs';
/** How often a worker asks for work (it takes one job at a time): a job that is due waits at most this long. */
const POLL_SECONDS = 2;
/**
 * How often pg-boss looks whether a timed job has fallen due, and how often it moves one that has onto its queue.
 * Its defaults (30 s and 5 s) started the job of a minute at a second of the minute fixed by when the process started,
 * anywhere up to ~55 s into it (seen at 18.6 s and 48.6 s: a look 30 s after the last is often skipped as too soon),
 * so a minute's medication reminders could not all reach their channels within that minute. At 1 s each the
 * minute's job starts within its first few seconds (seen at 0.5-3.8 s; JOB_STARTS_WITHIN_SECONDS, which
 * bench/reminders.ts counts in every reminder's delay), for a one-row update attempt a second: an idle server on
 * PGlite on disk used 7.6 s of CPU in 2 minutes instead of 6.3.
 */
const CRON_LOOK_SECONDS = 1;
const CRON_MOVE_SECONDS = 1;
/** The latest a timed job starts into its minute: a skipped look, the move, the worker's poll, and a second's slack. */
export const JOB_STARTS_WITHIN_SECONDS = 2 * CRON_LOOK_SECONDS + CRON_MOVE_SECONDS + POLL_SECONDS + 1;

/**
 * Where the tables of pg-boss 10 (the previous release's queue) are put while the current pg-boss sets up its own:
 * pg-boss 11 rewrote its tables and neither 11 nor 12 migrates them from 10 (schema version 24; 12 starts from 25),
 * its authors' advice being to move the waiting jobs over. So a database the previous release left is taken over
 * once: its schema renamed aside, a fresh one made, the jobs that were waiting moved into it, the old one dropped.
 */
const PREVIOUS_SCHEMA = 'jobs_pg_boss_10';
const PG_BOSS_10_SCHEMA_VERSION = 24;

/** Renames pg-boss 10's schema aside, if that is what is there, so that the current pg-boss makes its own. */
async function setAsidePgBoss10(database: Database): Promise<void> {
  const [{ installed }] = (await database.query(`select to_regclass('${SCHEMA}.version') is not null as installed`))
    .rows as { installed: boolean }[];
  if (!installed) return;
  const [row] = (await database.query(`select version from ${SCHEMA}.version`)).rows as { version: number }[];
  if (!row || Number(row.version) > PG_BOSS_10_SCHEMA_VERSION) return;
  await database.query(`alter schema ${SCHEMA} rename to ${PREVIOUS_SCHEMA}`);
}

interface PreviousJob {
  id: string;
  name: string;
  data: object | null;
  priority: number;
  retry_limit: number;
  retry_delay: number;
  retry_backoff: boolean;
  start_after: Date;
  singleton_key: string | null;
}

/**
 * Moves the jobs pg-boss 10 still had to run onto the current queue, with their ids, data, due times and retry
 * rules, then drops its schema. A job it had taken when its server stopped ('active') is moved too: it was not
 * finished, and jobs are written to be run again. Its timed jobs' schedules are not moved: each timed job's
 * schedule is made from its definition at every start.
 */
async function moveJobsFromPgBoss10(database: Database, boss: PgBoss): Promise<void> {
  const { rows: previous } = await database.query('select 1 from information_schema.schemata where schema_name = $1', [
    PREVIOUS_SCHEMA,
  ]);
  if (previous.length === 0) return;
  const jobs = (
    await database.query(
      `select id, name, data, priority, retry_limit, retry_delay, retry_backoff, start_after, singleton_key
       from ${PREVIOUS_SCHEMA}.job where state in ('created', 'retry', 'active') order by created_on`,
    )
  ).rows as PreviousJob[];
  for (const name of new Set(jobs.map((job) => job.name))) {
    // A job whose queue is no longer defined is kept all the same, to be seen waiting, rather than dropped unseen.
    await boss.createQueue(name);
    await boss.insert(
      name,
      jobs
        .filter((job) => job.name === name)
        .map((job) => ({
          id: job.id,
          data: job.data ?? {},
          priority: job.priority,
          retryLimit: job.retry_limit,
          retryDelay: job.retry_delay,
          retryBackoff: job.retry_backoff,
          startAfter: job.start_after,
          ...(job.singleton_key ? { singletonKey: job.singleton_key } : {}),
        })),
    );
  }
  await database.query(`drop schema ${PREVIOUS_SCHEMA} cascade`);
}

/**
 * Creates (or migrates) pg-boss's own schema, taking over one pg-boss 10 left, then each job's queue and, for a
 * timed job, its schedule.
 */
async function setUp(database: Database, boss: PgBoss, jobs: Job[]): Promise<void> {
  await setAsidePgBoss10(database);
  await boss.start();
  for (const job of jobs) {
    await boss.createQueue(job.name);
    if (job.cron) await boss.schedule(job.name, job.cron, undefined, { tz: 'Asia/Bangkok' });
  }
  await moveJobsFromPgBoss10(database, boss);
}

/**
 * The job queue: pg-boss on the app's own database (the embedded PGlite or a PostgreSQL server). Every process
 * starts it; a scheduled job is queued once per due time however many processes see it due, and each job is
 * claimed by exactly one worker (`FOR UPDATE SKIP LOCKED`), tried again when it fails.
 */
export async function startJobQueue(
  database: Database,
  jobs: Job[],
  onError: (error: Error) => void,
  pollSeconds = POLL_SECONDS,
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.query(text, values) },
    schema: SCHEMA,
    cronMonitorIntervalSeconds: CRON_LOOK_SECONDS,
    cronWorkerIntervalSeconds: CRON_MOVE_SECONDS,
  });
  boss.on('error', onError);
  try {
    // Processes starting together would each create pg-boss's schema, the queues and the schedules at the same time.
    await database.withSetUpLock(() => setUp(database, boss, jobs));
  } catch (error) {
    // Its timers started with it: a queue that could not be set up must not keep running them.
    await boss.stop({ graceful: false }).catch(() => {});
    throw error;
  }
  for (const job of jobs) {
    await boss.work(job.name, { pollingIntervalSeconds: pollSeconds }, async ([taken]) => {
      await job.run(taken?.data);
    });
  }
  return {
    async send(name, data) {
      await boss.send(name, data ?? {});
    },
    stop: () => boss.stop({ graceful: true }),
  };
}
