// Medication reminders at scale: 100,000 patients with 3 reminders a day each. For one minute's reminders, the delay
// from their due time (the minute's start) to being handed to their channel, p50/p99/max, and how long the minute's
// run took; the target is every reminder of a minute handed over within that minute (p99 < 60 s).
//
// The worst minute is 08:00: 80% of the patients keep the default breakfast clock (half of all patients never opened
// the settings, 30% saved them unchanged with another channel), 20% set their own breakfast clock between 06:00 and
// 09:59. A second case spreads every patient's breakfast over 06:00-09:59 (about 417 a minute) on the next day.
//
// The run is the scheduler's own (`createReminderScheduler(...).run(now)`) with `now` = the minute + RUN_AT_SECOND,
// as if the job had started then: by default the latest the job queue starts a minute's job (JOB_STARTS_WITHIN_SECONDS);
// a reminder's delay is RUN_AT_SECOND + the time from the run's start to its hand-over.
// Handed over means: given to an outside channel's `deliver` (web push, SMS and LINE here are instant in-process
// recorders, so the figure is the scheduler's and the database's, not a push service's), or, in the app's own
// notification centre, stored as sent (the row is the notification).
// History: the day before, every reminder sent and every dose ticked (BENCH_HISTORY_DAYS for more: with 7 days the
// PostgreSQL run took 15.6 s instead of about 15, the queueing statement 4.1 s instead of 2.7).
// Usage: tsx bench/reminders.ts   (DATABASE_URL set: a fresh database on that PostgreSQL server, else embedded PGlite
// on disk, durable, as the app opens it; BENCH_PATIENTS, BENCH_HISTORY_DAYS and BENCH_RUN_AT_SECOND change the above)
import { addDays, todayInBangkok, type NotificationChannel } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import {
  type Delivered,
  createNotificationsRepository,
} from '../apps/server/src/features/notifications/notifications.repository.js';
import type { Notifier } from '../apps/server/src/features/notifications/notifier.js';
import { createReminderScheduler } from '../apps/server/src/features/notifications/reminder-scheduler.js';
import { JOB_STARTS_WITHIN_SECONDS } from '../apps/server/src/jobs/job-queue.js';
import { rowsOf } from '../apps/server/src/db/results.js';
import { openBenchDatabase } from './bench-database.js';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
const HISTORY_DAYS = Number(process.env.BENCH_HISTORY_DAYS ?? 1);
/** When in its minute the job is taken to start: the latest the job queue starts a minute's job. */
const RUN_AT_SECOND = Number(process.env.BENCH_RUN_AT_SECOND ?? JOB_STARTS_WITHIN_SECONDS);

const at = (date: string, clock: string) => new Date(`${date}T${clock}:00+07:00`);
const seconds = (ms: number) => +(ms / 1000).toFixed(3);

const database = await openBenchDatabase({ onDisk: true });
try {
  await database.migrate();
  const { db } = database;
  const today = todayInBangkok();
  const tomorrow = addDays(today, 1);

  // Patients, numbered n = 1..PATIENTS by their phone number.
  const started = performance.now();
  await db.execute(sql`insert into users (phone, thai_id, firstname, lastname, birthday, address, subdistrict, district, province, postcode)
    select '08' || lpad(n::text, 8, '0'), 'R' || lpad(n::text, 12, '0'), 'ผู้ป่วย', 'ทดสอบ ' || n, date '1940-01-01' + (n % 20000),
      '1', 'ลุมพินี', 'ปทุมวัน', 'กรุงเทพมหานคร', '10330'
    from generate_series(1, ${PATIENTS}) n`);
  // Three reminders a day each: odd patients one medication after every meal; even ones two (breakfast and dinner,
  // breakfast and lunch), named together in the breakfast reminder.
  await db.execute(sql`insert into medications (user_id, name, strength, form, after_breakfast, after_lunch, after_dinner, start_date, stock)
    select u.id, m.name, m.strength, 'tablet', m.b, m.l, m.d, ${today}::date - ${Math.max(30, HISTORY_DAYS)}::int, 90
    from users u
    cross join (values (1, 'เมทฟอร์มิน', '500 mg', 1, 1, 1), (2, 'เมทฟอร์มิน', '500 mg', 1, 0, 1), (3, 'แอมโลดิพีน', '5 mg', 1, 1, 0))
      as m(kind, name, strength, b, l, d)
    where case when substr(u.phone, 3)::int % 2 = 1 then m.kind = 1 else m.kind > 1 end`);
  // n % 10 of 0-4: no settings (defaults, in the app); 5-6: defaults saved, web push; 7: defaults, SMS, quiet 22:00-06:00;
  // 8: own breakfast 06:00-07:59, LINE; 9: own breakfast 08:01-09:59, in the app.
  await db.execute(sql`insert into notification_settings (user_id, after_breakfast, after_lunch, after_dinner, before_bed, quiet_from, quiet_until, channel)
    select id, case k when 8 then to_char(time '06:00' + make_interval(mins => (n / 10) % 120), 'HH24:MI')
        when 9 then to_char(time '08:01' + make_interval(mins => (n / 10) % 119), 'HH24:MI') else '08:00' end,
      '12:30', '18:30', '21:30', case k when 7 then '22:00' end, case k when 7 then '06:00' end,
      case k when 5 then 'web_push' when 6 then 'web_push' when 7 then 'sms' when 8 then 'line' else 'in_app' end
    from (select id, substr(phone, 3)::int as n, substr(phone, 3)::int % 10 as k from users) p
    where k >= 5`);
  // The days before as history (yesterday alone unless BENCH_HISTORY_DAYS says more): every reminder sent, every dose ticked.
  const doses = sql`from medications m
    cross join lateral (values ('afterBreakfast', m.after_breakfast), ('afterLunch', m.after_lunch), ('afterDinner', m.after_dinner)) t(dose_time, amount)
    cross join generate_series(1, ${HISTORY_DAYS}::int) d
    where amount > 0`;
  await db.execute(sql`insert into notifications (user_id, kind, dedupe_key, due_at, dose_date, dose_time, medication_ids, sent_at, outcome, channel, title, body, read_at)
    select user_id, 'dose', 'dose:' || user_id || ':' || (${today}::date - d) || ':' || dose_time, ${at(today, '08:00').toISOString()}::timestamptz - make_interval(days => d),
      ${today}::date - d, dose_time, array_agg(id), ${at(today, '08:00').toISOString()}::timestamptz - make_interval(days => d), 'sent', 'in_app', 'ถึงเวลาทานยา', 'ยา', now()
    ${doses}
    group by user_id, dose_time, d`);
  await db.execute(sql`insert into medication_ticks (medication_id, dose_date, dose_time, user_id, stock_taken)
    select id, ${today}::date - d, dose_time, user_id, 1 ${doses}`);
  await db.execute(sql`analyze`);
  const seedSec = seconds(performance.now() - started);
  const counted = async (table: string) =>
    rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0].n;
  const seeded = {
    users: await counted('users'),
    medications: await counted('medications'),
    settings: await counted('notification_settings'),
  };

  // Handed over: by the outside channels' `deliver`, and for the app's own centre once its row is stored as sent.
  let handed = new Map<string, number>();
  const recorder = (channel: NotificationChannel): Notifier => ({
    channel,
    async deliver(batch) {
      const now = performance.now();
      for (const n of batch) handed.set(n.id, now);
      return batch.map(({ id }) => ({ id, delivered: true }));
    },
  });
  const repository = createNotificationsRepository(db);
  // Time spent in each of the scheduler's statements, by step.
  let spent: Record<string, number> = {};
  const timed =
    <A extends unknown[], R>(step: string, fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const t = performance.now();
      try {
        return await fn(...args);
      } finally {
        spent[step] = (spent[step] ?? 0) + performance.now() - t;
      }
    };
  const timedRepository: typeof repository = {
    ...repository,
    coverMinutes: timed('queue', repository.coverMinutes),
    claimDue: timed('claim', repository.claimDue),
    untickedDoses: timed('doses', repository.untickedDoses),
    channels: timed('channels', repository.channels),
    markDelivered: timed('record', async (now: Date, delivered: Delivered[]) => {
      await repository.markDelivered(now, delivered);
      const stored = performance.now();
      for (const d of delivered) if (d.channel === 'in_app' && !handed.has(d.id)) handed.set(d.id, stored);
    }),
  };
  const scheduler = createReminderScheduler(timedRepository, (['web_push', 'sms', 'line'] as const).map(recorder));

  /** Runs one minute's scheduler run and reports the delays of that minute's reminders. */
  async function minute(label: string, due: Date) {
    handed = new Map();
    spent = {};
    await db.execute(sql`delete from reminder_progress`);
    const t0 = performance.now();
    const run = await scheduler.run(new Date(due.getTime() + RUN_AT_SECOND * 1000));
    const runMs = performance.now() - t0;
    const ids = rowsOf<{ id: string; sent: boolean }>(
      await db.execute(
        sql`select id, sent_at is not null as sent from notifications where due_at = ${due.toISOString()}::timestamptz`,
      ),
    );
    const delays = ids
      .map(({ id }) => handed.get(id))
      .filter((t) => t !== undefined)
      .map((t) => RUN_AT_SECOND * 1000 + (t - t0));
    if (delays.length !== ids.length || ids.some((r) => !r.sent))
      throw new Error(`${label}: ${ids.length} due, ${delays.length} handed over`);
    delays.sort((a, b) => a - b);
    const pick = (p: number) => seconds(delays[Math.min(delays.length - 1, Math.floor((p / 100) * delays.length))]);
    return {
      case: label,
      reminders: ids.length,
      sent: run.sent,
      delaySec: { p50: pick(50), p99: pick(99), max: seconds(delays.at(-1) ?? 0) },
      runSec: seconds(runMs),
      stepsSec: Object.fromEntries(Object.entries(spent).map(([step, ms]) => [step, seconds(ms)])),
      withinMinute: delays.length > 0 && delays.at(-1)! < 60_000,
    };
  }

  const worst = await minute('08:00, 80% of patients', at(today, '08:00'));
  // Every patient's own breakfast clock, spread over four hours.
  await db.execute(sql`insert into notification_settings (user_id, after_breakfast, after_lunch, after_dinner, before_bed, channel)
    select id, to_char(time '06:00' + make_interval(mins => substr(phone, 3)::int % 240), 'HH24:MI'), '12:30', '18:30', '21:30', 'in_app' from users
    on conflict (user_id) do update set after_breakfast = excluded.after_breakfast`);
  const spread = await minute('07:00, clocks spread 06:00-09:59', at(tomorrow, '07:00'));

  console.log(
    JSON.stringify({
      database: database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
      patients: PATIENTS,
      historyDays: HISTORY_DAYS,
      ...seeded,
      seedSec,
      runAtSecond: RUN_AT_SECOND,
      minutes: [worst, spread],
    }),
  );
} finally {
  await database.close();
}
