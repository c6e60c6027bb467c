import {
  DEFAULT_NOTIFICATION_SETTINGS,
  INTERVAL_DOSE_TIMES,
  type MealTiming,
  type NotificationSettings,
} from '@klaimor/contracts';
import { type SQL, and, desc, eq, getTableColumns, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { changedRows, rowsOf } from '../../db/results.js';
import { notifications, notificationSettings, users } from '../../db/schema.js';
import type { AppointmentDetails, DoseLine } from './notification-texts.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** A minute as Thailand reads it: the calendar date and the HH:MM on the clock (UTC+7, no daylight saving). */
export function bangkokMinute(at: Date): { date: string; clock: string } {
  const local = new Date(at.getTime() + 7 * 3_600_000).toISOString();
  return { date: local.slice(0, 10), clock: local.slice(11, 16) };
}

/** How long a server may hold claimed notifications before another takes them over (it crashed mid-delivery). */
const CLAIM_SECONDS = 120;

export interface Delivered {
  id: string;
  outcome: 'sent' | 'skipped';
  channel: string | null;
  title: string | null;
  body: string | null;
}

/**
 * The k-th dose (1 to 6) of an every-N-hours medication `m`: its units (0 past the day's 24 / N doses, or when `m` is
 * not taken every N hours) and its clock, N hours after the one before, round the clock. As in dose-plan.ts.
 */
const intervalAmount = (k: number) =>
  sql.raw(`case when ${k - 1} * m.interval_hours < 24 then m.interval_amount else 0 end`);
const intervalClock = (k: number) =>
  sql.raw(`to_char(m.interval_first_time::time + make_interval(hours => ${k - 1} * m.interval_hours), 'HH24:MI')`);

/**
 * Joined after `medications m`: each time of day the medication is taken (`t.dose_time`), how much (`t.amount`) and the
 * clock it is due at (`t.clock`: the patient's own clock for the time of day, else the nominal one; a custom or an
 * every-N-hours dose's own time). An as-needed medicine has no dose here (all its amounts are 0). The reminders and
 * the missed-dose alerts read doses due at a clock through this one statement of it.
 */
const DOSE_CLOCKS = (() => {
  const d = DEFAULT_NOTIFICATION_SETTINGS;
  const every = INTERVAL_DOSE_TIMES.map(
    (doseTime, i) => sql`, (${doseTime}, coalesce(${intervalAmount(i + 1)}, 0), ${intervalClock(i + 1)})`,
  );
  return sql`left join notification_settings s on s.user_id = m.user_id
      cross join lateral (values
        ('afterBreakfast', m.after_breakfast, coalesce(s.after_breakfast, ${d.afterBreakfast})),
        ('afterLunch', m.after_lunch, coalesce(s.after_lunch, ${d.afterLunch})),
        ('afterDinner', m.after_dinner, coalesce(s.after_dinner, ${d.afterDinner})),
        ('beforeBed', m.before_bed, coalesce(s.before_bed, ${d.beforeBed})),
        ('custom', coalesce(m.custom_amount, 0), m.custom_time)
        ${sql.join(every)}
      ) as t(dose_time, amount, clock)`;
})();

/** A dose time that is the medication's own (custom or every N hours), reminded of medication by medication. */
const OWN_DOSE_TIME = sql.raw(`t.dose_time not in ('afterBreakfast', 'afterLunch', 'afterDinner', 'beforeBed')`);

/**
 * Whether the users row aliased `u` is a held profile: one that cannot sign in (no phone: a child registered by a parent)
 * whose holder still cares for it under an active grant. Whatever the app tells such a profile reaches its holder.
 */
const isHeld = (u: string) =>
  sql.raw(`${u}.phone is null and exists (select 1 from care_grants hg
    where hg.caregiver_user_id = ${u}.held_by and hg.dependent_user_id = ${u}.id and hg.status = 'active')`);

/**
 * Joined on a patient's id: `q`, the settings of whoever hears the patient's notifications, whose quiet hours they keep:
 * the holder's for a held profile, the patient's own otherwise.
 */
const hearerSettings = (patientId: SQL) => sql`
  left join users held on held.id = ${patientId} and ${isHeld('held')}
  left join notification_settings q on q.user_id = coalesce(held.held_by, ${patientId})`;

/** A held profile among notifications' patients: who hears for it, and when their quiet hours let a notice go. */
export interface HeldProfile {
  firstname: string;
  holderId: string;
  /** The moment asked about, or the end of the holder's quiet hours when it falls in them. */
  mayGoAt: Date;
}

/**
 * Queues the medication reminders of one minute, in one statement: for each patient whose time of day (their own
 * clock, else the nominal one) or custom dose time is this minute, one reminder per time of day (one per
 * medication for custom times) naming the medications due then and not ticked yet. None for a patient who turned
 * medication reminders off or whose quiet hours hold this minute (a held profile's holder's quiet hours: the holder
 * hears them). A reminder already queued is left as it is.
 */
async function queueDoseReminders(db: Db | Tx, minute: Date): Promise<number> {
  const { date, clock } = bangkokMinute(minute);
  const result = await db.execute(sql`
    insert into notifications (user_id, kind, dedupe_key, due_at, dose_date, dose_time, medication_ids)
    select user_id, 'dose', 'dose:' || user_id || ':' || ${date} || ':' || dose_time || coalesce(':' || custom_of, ''),
      ${minute.toISOString()}::timestamptz, ${date}::date, dose_time, array_agg(medication_id order by created_at)
    from (
      select m.user_id, m.id as medication_id, m.created_at, t.dose_time,
        case when ${OWN_DOSE_TIME} then m.id::text end as custom_of
      from medications m
      ${DOSE_CLOCKS}
      ${hearerSettings(sql`m.user_id`)}
      where t.amount > 0 and t.clock = ${clock}
        and m.start_date <= ${date}::date and (m.end_date is null or m.end_date >= ${date}::date)
        and coalesce(s.medication_reminders, true)
        and not clock_in_quiet_hours(${clock}, q.quiet_from, q.quiet_until)
        and not exists (
          select 1 from medication_ticks k
          where k.medication_id = m.id and k.dose_date = ${date}::date and k.dose_time = t.dose_time)
    ) due
    group by user_id, dose_time, custom_of
    on conflict (dedupe_key) do nothing`);
  return changedRows(result);
}

/**
 * Queues the missed-dose alerts of one minute (family care): for each active grant asking for them, the dependent's
 * doses due `missed_dose_after_minutes` before this minute (at the dependent's own clock for that time of day) and not
 * ticked, one alert per grant and dose time. The caregiver's quiet hours delay it until they end; the dependent's
 * quiet hours do not matter (the dose was due). `dedupe_key` makes it once per dose however many servers try; the
 * wording step drops it when the doses were ticked meanwhile.
 */
async function queueMissedDoses(db: Db | Tx, minute: Date): Promise<number> {
  const { date, clock } = bangkokMinute(minute);
  const result = await db.execute(sql`
    insert into notifications (user_id, kind, dedupe_key, due_at, dose_date, dose_time, medication_ids, about_user_id)
    select caregiver_user_id, 'missed_dose',
      'missed:' || grant_id || ':' || dose_date || ':' || dose_time || coalesce(':' || custom_of, ''),
      after_quiet_hours(${minute.toISOString()}::timestamptz, cs.quiet_from, cs.quiet_until),
      dose_date, dose_time, array_agg(medication_id order by created_at), dependent_user_id
    from (
      select g.id as grant_id, g.caregiver_user_id, g.dependent_user_id, m.id as medication_id, m.created_at, t.dose_time,
        due.dose_date, case when ${OWN_DOSE_TIME} then m.id::text end as custom_of
      from care_grants g
      cross join lateral (select (${date}::date + ${clock}::time) - make_interval(mins => g.missed_dose_after_minutes) as at) was
      cross join lateral (select was.at::date as dose_date, to_char(was.at, 'HH24:MI') as dose_clock) due
      join medications m on m.user_id = g.dependent_user_id
      ${DOSE_CLOCKS}
      where g.status = 'active' and g.missed_dose_alerts
        and t.amount > 0 and t.clock = due.dose_clock
        and m.start_date <= due.dose_date and (m.end_date is null or m.end_date >= due.dose_date)
        and not exists (
          select 1 from medication_ticks k
          where k.medication_id = m.id and k.dose_date = due.dose_date and k.dose_time = t.dose_time)
    ) missed
    left join notification_settings cs on cs.user_id = missed.caregiver_user_id
    group by grant_id, caregiver_user_id, dependent_user_id, dose_date, dose_time, custom_of, cs.quiet_from, cs.quiet_until
    on conflict (dedupe_key) do nothing`);
  return changedRows(result);
}

/**
 * Queues the reminders to measure at home of one minute: for each patient with a reading reminder at this clock, one
 * notification naming every kind due then (blood pressure and glucose set to the same time go together). A kind
 * already reminded of today is left out, so moving its time later the same day does not remind twice; none in the
 * quiet hours of whoever hears it (a held profile's holder). `dedupe_key` makes it once however many servers try.
 */
async function queueReadingReminders(db: Db | Tx, minute: Date): Promise<number> {
  const { date, clock } = bangkokMinute(minute);
  const result = await db.execute(sql`
    insert into notifications (user_id, kind, dedupe_key, due_at, dose_date, reading_kinds)
    select r.user_id, 'reading_reminder', 'reading:' || r.user_id || ':' || ${date} || ':' || ${clock},
      ${minute.toISOString()}::timestamptz, ${date}::date, array_agg(k.kind order by k.place)
    from reading_reminders r
    cross join lateral (values (1, 'blood_pressure', r.blood_pressure), (2, 'glucose', r.glucose), (3, 'weight', r.weight))
      as k(place, kind, clock)
    ${hearerSettings(sql`r.user_id`)}
    where k.clock = ${clock}
      and not clock_in_quiet_hours(${clock}, q.quiet_from, q.quiet_until)
      and not exists (
        select 1 from notifications n
        where n.user_id = r.user_id and n.kind = 'reading_reminder' and n.dose_date = ${date}::date
          and k.kind = any(n.reading_kinds))
    group by r.user_id
    on conflict (dedupe_key) do nothing`);
  return changedRows(result);
}

/** The evening before an appointment, its patient is reminded (Thai clock). */
export const DAY_BEFORE_CLOCK = '18:00';
/** And again this long before it starts. */
const HOURS_BEFORE = 2;

/**
 * Queues the appointment reminders of one minute: 2 hours before each booked appointment starting then, and, at
 * DAY_BEFORE_CLOCK, the evening before each booked for tomorrow (booked before this minute). A reminder falling in the
 * quiet hours of whoever hears it (the patient, or a held profile's holder) waits until they end, and is dropped when
 * that would be after the appointment has begun.
 */
async function queueAppointmentReminders(db: Db | Tx, minute: Date): Promise<number> {
  const { date, clock } = bangkokMinute(minute);
  const at = minute.toISOString();
  const soon = sql`s.starts_at >= ${at}::timestamptz + make_interval(hours => ${HOURS_BEFORE})
    and s.starts_at < ${at}::timestamptz + make_interval(hours => ${HOURS_BEFORE}, mins => 1)`;
  const tomorrow = sql`${clock} = ${DAY_BEFORE_CLOCK} and (s.starts_at at time zone 'Asia/Bangkok')::date = ${date}::date + 1
    and a.created_at < ${at}::timestamptz`;
  const result = await db.execute(sql`
    insert into notifications (user_id, kind, dedupe_key, due_at, appointment_id)
    select user_id, kind, kind || ':' || appointment_id, due_at, appointment_id
    from (
      select a.user_id, a.id as appointment_id, s.starts_at,
        case when ${soon} then 'appointment_soon' else 'appointment_tomorrow' end as kind,
        after_quiet_hours(${at}::timestamptz, q.quiet_from, q.quiet_until) as due_at
      from screening_slots s
      join appointments a on a.slot_id = s.id
      left join notification_settings n on n.user_id = a.user_id
      ${hearerSettings(sql`a.user_id`)}
      where a.status = 'booked' and a.user_id is not null and coalesce(n.appointment_reminders, true)
        and ((${soon}) or (${tomorrow}))
    ) due
    where due_at < starts_at
    on conflict (dedupe_key) do nothing`);
  return changedRows(result);
}

/** Every patient query is scoped to the patient: another patient's id finds nothing. */
export function createNotificationsRepository(db: Db) {
  const mine = (userId: string, id: string) => and(eq(notifications.userId, userId), eq(notifications.id, id));

  async function unread(userId: string): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.outcome, 'sent'), isNull(notifications.readAt)));
    return row?.count ?? 0;
  }

  return {
    async settings(userId: string): Promise<NotificationSettings> {
      const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
      if (!row) return DEFAULT_NOTIFICATION_SETTINGS;
      const { userId: _, updatedAt: __, ...settings } = row;
      return settings as NotificationSettings;
    },

    async saveSettings(userId: string, settings: NotificationSettings): Promise<void> {
      await db
        .insert(notificationSettings)
        .values({ userId, ...settings })
        .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...settings, updatedAt: sql`now()` } });
    },

    /**
     * Queues the reminders of each minute after the last one covered, up to `now`'s minute (at most `catchUpMinutes`
     * back, so a server down for a day does not send a day of stale reminders), and records the progress, all under
     * one row lock: servers running this at once take turns, and each minute is queued once.
     */
    async coverMinutes(now: Date, catchUpMinutes: number): Promise<number> {
      const current = Math.floor(now.getTime() / 60_000) * 60_000;
      return db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into reminder_progress (id, covered_until) values (1, ${new Date(current - 60_000).toISOString()}::timestamptz)
          on conflict do nothing`);
        const [progress] = rowsOf<{ covered_until: string | Date }>(
          await tx.execute(sql`select covered_until from reminder_progress where id = 1 for update`),
        );
        const covered = new Date(progress!.covered_until).getTime();
        let minutes = 0;
        for (
          let at = Math.max(covered + 60_000, current - (catchUpMinutes - 1) * 60_000);
          at <= current;
          at += 60_000
        ) {
          await queueDoseReminders(tx, new Date(at));
          await queueAppointmentReminders(tx, new Date(at));
          await queueMissedDoses(tx, new Date(at));
          await queueReadingReminders(tx, new Date(at));
          minutes += 1;
        }
        if (minutes > 0)
          await tx.execute(
            sql`update reminder_progress set covered_until = ${new Date(current).toISOString()}::timestamptz where id = 1`,
          );
        return minutes;
      });
    },

    /** Claims up to `limit` notifications due by `now` that no server holds, oldest first (`SKIP LOCKED`: servers share them). */
    async claimDue(now: Date, limit: number): Promise<NotificationRow[]> {
      const at = now.toISOString();
      const claimed = rowsOf<{ id: string }>(
        await db.execute(sql`
          update notifications set claimed_until = ${at}::timestamptz + make_interval(secs => ${CLAIM_SECONDS})
          where id in (
            select id from notifications
            where sent_at is null and due_at <= ${at}::timestamptz and (claimed_until is null or claimed_until < ${at}::timestamptz)
            order by due_at limit ${limit}
            for update skip locked)
          returning id`),
      );
      if (claimed.length === 0) return [];
      return db
        .select()
        .from(notifications)
        .where(sql`${notifications.id} in ${claimed.map((c) => c.id)}`);
    },

    /**
     * The doses the claimed reminders name that are still due and not ticked, by reminder, in the order named (a
     * reminder names each medication once). `m.id = any(...)` cannot be hashed, so each is found by its key: joined
     * to `unnest(medication_ids)` instead, PostgreSQL 15 hashed the whole medications table for every batch of 1000
     * (EXPLAIN ANALYZE: 65 ms a batch with 150,000 medications, growing with the table; 20 ms so). In
     * bench/reminders.ts, 80,000 reminders: this step 5.3-6.0 s before, 4.2-4.3 s after, on PostgreSQL.
     */
    async untickedDoses(reminderIds: string[]): Promise<Map<string, DoseLine[]>> {
      const lines = new Map<string, DoseLine[]>();
      if (reminderIds.length === 0) return lines;
      const rows = rowsOf<
        Omit<DoseLine, 'customLabel' | 'mealTiming' | 'everyHours'> & {
          reminder_id: string;
          custom_label: string | null;
          meal_timing: MealTiming;
          interval_hours: number | null;
        }
      >(
        await db.execute(sql`
          select n.id as reminder_id, m.name, m.strength, m.form, m.custom_label, m.meal_timing, m.interval_hours,
            case n.dose_time when 'afterBreakfast' then m.after_breakfast when 'afterLunch' then m.after_lunch
              when 'afterDinner' then m.after_dinner when 'beforeBed' then m.before_bed when 'custom' then m.custom_amount
              else m.interval_amount end as amount
          from notifications n
          join medications m on m.id = any(n.medication_ids)
          where n.id in ${reminderIds}
            and m.start_date <= n.dose_date and (m.end_date is null or m.end_date >= n.dose_date)
            and not exists (
              select 1 from medication_ticks k where k.medication_id = m.id and k.dose_date = n.dose_date and k.dose_time = n.dose_time)
          order by n.id, array_position(n.medication_ids, m.id)`),
      );
      for (const row of rows) {
        if (!(row.amount > 0)) continue;
        const list = lines.get(row.reminder_id) ?? [];
        list.push({
          name: row.name,
          strength: row.strength,
          form: row.form,
          amount: row.amount,
          customLabel: row.custom_label,
          mealTiming: row.meal_timing,
          everyHours: row.interval_hours,
        });
        lines.set(row.reminder_id, list);
      }
      return lines;
    },

    /**
     * For missed-dose alerts: the dependent's first name and number, and the clock the dose was due at, while the
     * caregiver's grant still asks for alerts (revoked or narrowed meanwhile, the alert is not sent).
     */
    async missedDoseSubjects(
      notificationIds: string[],
    ): Promise<Map<string, { firstname: string; phone: string | null; dueClock: string }>> {
      if (notificationIds.length === 0) return new Map();
      const d = DEFAULT_NOTIFICATION_SETTINGS;
      const rows = rowsOf<{ notification_id: string; firstname: string; phone: string | null; due_clock: string }>(
        await db.execute(sql`
          select n.id as notification_id, u.firstname, u.phone,
            case n.dose_time when 'afterBreakfast' then coalesce(s.after_breakfast, ${d.afterBreakfast})
              when 'afterLunch' then coalesce(s.after_lunch, ${d.afterLunch}) when 'afterDinner' then coalesce(s.after_dinner, ${d.afterDinner})
              when 'beforeBed' then coalesce(s.before_bed, ${d.beforeBed})
              when 'custom' then (select m.custom_time from medications m where m.id = n.medication_ids[1])
              else (select to_char(m.interval_first_time::time
                + make_interval(hours => (substr(n.dose_time, 6)::int - 1) * m.interval_hours), 'HH24:MI')
                from medications m where m.id = n.medication_ids[1]) end as due_clock
          from notifications n
          join users u on u.id = n.about_user_id
          left join notification_settings s on s.user_id = n.about_user_id
          join care_grants g on g.caregiver_user_id = n.user_id and g.dependent_user_id = n.about_user_id
            and g.status = 'active' and g.missed_dose_alerts
          where n.id in ${notificationIds}`),
      );
      return new Map(
        rows.map((r) => [r.notification_id, { firstname: r.firstname, phone: r.phone, dueClock: r.due_clock }]),
      );
    },

    /**
     * What the appointment notices say: the hospital (and its clinic, when it has several), the time, the deposit and
     * why the hospital cancelled.
     */
    async appointmentDetails(notificationIds: string[]): Promise<Map<string, AppointmentDetails>> {
      if (notificationIds.length === 0) return new Map();
      const rows = rowsOf<
        AppointmentDetails & {
          notification_id: string;
          appointment_id: string;
          starts_at: string | Date;
          deposit_amount: number;
          deposit_paid_at: string | Date | null;
          payment_ref: string | null;
          cancel_reason: string | null;
          hospital: string;
        }
      >(
        await db.execute(sql`
          select n.id as notification_id, a.id as appointment_id, s.starts_at, a.deposit_amount,
            a.deposit_paid_at, a.payment_ref, a.cancel_reason, a.status,
            -- At a hospital of several clinics the patient is told which one: "โรงพยาบาลศิริราช (ทันตกรรม)".
            f.name_th || case when exists (select 1 from clinics o where o.facility_id = f.id and o.id <> c.id)
              then ' (' || c.name_th || ')' else '' end as hospital
          from notifications n
          join appointments a on a.id = n.appointment_id
          join screening_slots s on s.id = a.slot_id
          join clinics c on c.id = s.clinic_id
          join facilities f on f.id = a.facility_id
          where n.id in ${notificationIds}`),
      );
      return new Map(
        rows.map((r) => [
          r.notification_id,
          {
            appointmentId: r.appointment_id,
            hospital: r.hospital,
            startsAt: new Date(r.starts_at),
            depositAmount: r.deposit_amount,
            depositPaidAt: r.deposit_paid_at === null ? null : new Date(r.deposit_paid_at),
            paymentRef: r.payment_ref,
            cancelReason: r.cancel_reason,
            status: r.status,
          },
        ]),
      );
    },

    /**
     * The held profiles among the patients named (see `isHeld`), with their first names, their holders and when the
     * holder's quiet hours let a notice go at `at`. Patients who sign in themselves are not in it.
     */
    async heldProfiles(userIds: string[], at: Date): Promise<Map<string, HeldProfile>> {
      if (userIds.length === 0) return new Map();
      const rows = rowsOf<{ id: string; firstname: string; holder_id: string; may_go_at: string | Date }>(
        await db.execute(sql`
          select u.id, u.firstname, u.held_by as holder_id,
            after_quiet_hours(${at.toISOString()}::timestamptz, q.quiet_from, q.quiet_until) as may_go_at
          from users u
          left join notification_settings q on q.user_id = u.held_by
          where u.id in ${userIds} and ${isHeld('u')}`),
      );
      return new Map(
        rows.map((r) => [r.id, { firstname: r.firstname, holderId: r.holder_id, mayGoAt: new Date(r.may_go_at) }]),
      );
    },

    /** Hands claimed notifications back, due later, for any server to send then. */
    async postpone(waiting: { id: string; dueAt: Date }[]): Promise<void> {
      if (waiting.length === 0) return;
      await db.execute(sql`
        update notifications n set due_at = w."dueAt", claimed_until = null
        from jsonb_to_recordset(${JSON.stringify(waiting)}::jsonb) as w(id uuid, "dueAt" timestamptz)
        where n.id = w.id`);
    },

    /** The mobile numbers of the patients named, for SMS (a dependent's profile may have none). */
    async phonesOf(userIds: string[]): Promise<Map<string, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await db.select({ id: users.id, phone: users.phone }).from(users).where(inArray(users.id, userIds));
      return new Map(rows.flatMap((r) => (r.phone === null ? [] : [[r.id, r.phone] as const])));
    },

    /** Channels of the patients named, their own choice or the app. */
    async channels(userIds: string[]): Promise<Map<string, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ userId: notificationSettings.userId, channel: notificationSettings.channel })
        .from(notificationSettings)
        .where(sql`${notificationSettings.userId} in ${userIds}`);
      return new Map(rows.map((r) => [r.userId, r.channel]));
    },

    /** Records what became of claimed notifications, in one statement however many. */
    async markDelivered(now: Date, delivered: Delivered[]): Promise<void> {
      if (delivered.length === 0) return;
      await db.execute(sql`
        update notifications n set sent_at = ${now.toISOString()}::timestamptz, claimed_until = null,
          outcome = d.outcome, channel = d.channel, title = d.title, body = d.body
        from (
          select * from jsonb_to_recordset(${JSON.stringify(delivered)}::jsonb)
            as x(id uuid, outcome text, channel text, title text, body text)
        ) d
        where n.id = d.id`);
    },

    /**
     * Removes notifications older than `days`, at most `limit` a call (housekeeping runs each minute: 5,000 a minute
     * keeps up with 100,000 patients' 300,000 a day without one long delete).
     */
    async purgeOlderThan(days: number, limit: number): Promise<number> {
      const result = await db.execute(sql`
        delete from notifications where id in (
          select id from notifications where created_at < now() - make_interval(days => ${days}) limit ${limit})`);
      return changedRows(result);
    },

    async insert(values: typeof notifications.$inferInsert): Promise<NotificationRow | null> {
      const [row] = await db
        .insert(notifications)
        .values(values)
        .onConflictDoNothing({ target: notifications.dedupeKey })
        .returning();
      return row ?? null;
    },

    /**
     * The latest sent notifications, newest first, and how many sent ones are unread. A missed-dose alert carries the
     * dependent's number to call while the caregiver still cares for them.
     */
    async list(
      userId: string,
      limit: number,
    ): Promise<{ rows: (NotificationRow & { callPhone: string | null })[]; unread: number }> {
      const [rows, unreadCount] = await Promise.all([
        db
          .select({
            ...getTableColumns(notifications),
            callPhone: sql<string | null>`(select u.phone from users u join care_grants g on g.dependent_user_id = u.id
              where u.id = ${notifications.aboutUserId} and g.caregiver_user_id = ${userId} and g.status = 'active')`,
          })
          .from(notifications)
          .where(and(eq(notifications.userId, userId), eq(notifications.outcome, 'sent')))
          .orderBy(desc(notifications.sentAt), desc(notifications.id))
          .limit(limit),
        unread(userId),
      ]);
      return { rows, unread: unreadCount };
    },

    unread,

    /** For the bell: the unread notifications in the centre of each profile the patient holds (see `isHeld`). */
    async heldUnread(holderId: string): Promise<{ patientId: string; unread: number }[]> {
      const rows = rowsOf<{ patient_id: string; unread: number }>(
        await db.execute(sql`
          select u.id as patient_id,
            (select count(*)::int from notifications n where n.user_id = u.id and n.outcome = 'sent' and n.read_at is null) as unread
          from care_grants g
          join users u on u.id = g.dependent_user_id
          where g.caregiver_user_id = ${holderId} and g.status = 'active' and u.held_by = ${holderId} and u.phone is null
          order by g.created_at, u.id`),
      );
      return rows.map((r) => ({ patientId: r.patient_id, unread: r.unread }));
    },

    async markAllRead(userId: string): Promise<void> {
      await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.userId, userId), isNotNull(notifications.sentAt), isNull(notifications.readAt)));
    },

    async find(userId: string, id: string): Promise<NotificationRow | null> {
      const [row] = await db.select().from(notifications).where(mine(userId, id));
      return row ?? null;
    },

    /**
     * Marks a sent medication reminder answered, once: of two answers at the same moment (two devices, a double tap)
     * exactly one gets the row back.
     */
    async answer(userId: string, id: string): Promise<NotificationRow | null> {
      const [row] = await db
        .update(notifications)
        .set({ answeredAt: sql`now()`, readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(
          and(
            mine(userId, id),
            eq(notifications.kind, 'dose'),
            isNotNull(notifications.sentAt),
            isNull(notifications.answeredAt),
          ),
        )
        .returning();
      return row ?? null;
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
