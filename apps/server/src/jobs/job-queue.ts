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
  const boss = new PgBoss({ db: { executeSql: (text, values) => database.query(text, values) }, schema: SCHEMA });
  boss.on('error', onError);
  await boss.start();
  for (const job of jobs) {
    await boss.createQueue(job.name);
    if (job.cron) await boss.schedule(job.name, job.cron, undefined, { tz: 'Asia/Bangkok' });
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
