import PgBoss from 'pg-boss';
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

/** Creates (or migrates) pg-boss's own schema, then each job's queue and, for a timed job, its schedule. */
async function setUp(boss: PgBoss, jobs: Job[]): Promise<void> {
  await boss.start();
  for (const job of jobs) {
    await boss.createQueue(job.name);
    if (job.cron) await boss.schedule(job.name, job.cron, undefined, { tz: 'Asia/Bangkok' });
  }
}

/**
 * The job queue: pg-boss on the app's own database (the embedded PGlite or a PostgreSQL server). Every process
 * starts it; a scheduled job is queued once per due time however many processes see it due, and each job is
 * claimed by exactly one worker (`FOR UPDATE SKIP LOCKED`), tried again when it fails. pg-boss 10 is the line that
 * runs on Node 20.
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
    await database.withSetUpLock(() => setUp(boss, jobs));
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
    stop: () => boss.stop({ graceful: true, wait: true }),
  };
}
