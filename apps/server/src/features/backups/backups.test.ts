import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { type Database, connectPostgres, embeddedDatabaseDir, openDatabase, openPglite } from '../../db/client.js';
import { STATUSES_HOLDING_A_PLACE } from '../../shared/appointment-lifecycle/appointment-lifecycle.js';
import { type CommandRun, killAll, runCommand, scratchDatabase } from '../../test/server-process.js';
import { nextPhone, registerPatient } from '../../test/test-app.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { addDemoSchedules } from '../schedules/demo-schedules.js';
import { answerBackupRequests } from './embedded-backups.js';

/**
 * `npm run backup` taken by the real command (a process of its own) while patients book through the real app, and
 * `npm run restore` of it into a new database: on the suite's PostgreSQL server when DATABASE_URL is set (pg_dump
 * beside a server writing), else on the embedded database (the copy the server holding it makes of itself).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const HOSPITAL = 'siriraj-hospital';
const OTHER_HOSPITAL = 'ramathibodi-hospital';
const PATIENTS = 6;
/** Between one patient's bookings: enough load to write all through the backup, not so much that it starves it. */
const PAUSE_MS = 10;

let dir: string;
const config = testConfig({ OTP_MAX_PER_IP_PER_HOUR: '1000' });
const drops: (() => Promise<void>)[] = [];
const PASSWORD = 'never-printed-9f3c';
const printed = (run: CommandRun) => run.stdout + run.stderr;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'klaimor-backups-'));
});
afterAll(async () => {
  killAll();
  for (const drop of drops) await drop();
  rmSync(dir, { recursive: true, force: true });
});

/** A database for the app, with what the commands' processes need to reach the same one (their DATA_DIR and env). */
interface Place {
  dataDir: string;
  env: Record<string, string>;
  open(): Promise<{ database: Database; close(): Promise<void> }>;
}

async function newPlace(name: string): Promise<Place> {
  const dataDir = path.join(dir, name);
  const backupDir = path.join(dir, 'backups');
  if (onPostgres) {
    const scratch = await scratchDatabase();
    drops.push(() => scratch.drop());
    // The commands are given a password in the address (the test server lets anyone in) to show they never print it.
    const withPassword = new URL(scratch.url);
    withPassword.password = PASSWORD;
    return {
      dataDir,
      env: { DATABASE_URL: withPassword.toString(), BACKUP_DIR: backupDir },
      async open() {
        const database = connectPostgres(scratch.url, 10);
        return { database, close: () => database.close() };
      },
    };
  }
  return {
    dataDir,
    env: { BACKUP_DIR: backupDir },
    async open() {
      if (name === 'source') await fromTemplate(dataDir);
      // As the server opens it: DATA_DIR held by this process, backup requests answered on its socket.
      const database = openDatabase({ dataDir });
      const stopAnswering = await answerBackupRequests(database, dataDir, () => {});
      return {
        database,
        async close() {
          await stopAnswering();
          await database.close();
        },
      };
    },
  };
}

/** The suite's migrated embedded database copied into DATA_DIR: migrating one on disk from nothing takes long. */
async function fromTemplate(dataDir: string): Promise<void> {
  mkdirSync(embeddedDatabaseDir(dataDir), { recursive: true });
  // Copied without flushing each file: what matters is the database the server then opens, as it always does.
  const database = openPglite({
    fs: new NodeFS(embeddedDatabaseDir(dataDir)),
    loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
  });
  await database.query('select 1');
  await database.close();
}

async function startApp(database: Database): Promise<FastifyInstance> {
  const app = await buildApp({ config, database });
  await app.ready();
  return app;
}

interface Booking {
  id: string;
  session: string;
  slotId: string;
  /** When its 2xx reply arrived (performance.now()). */
  at: number;
}

const as = (session: string) => ({ cookies: { klaimor_session: session } });

async function openSlots(app: FastifyInstance, hospitalId = HOSPITAL): Promise<{ id: string; remaining: number }[]> {
  const res = await app.inject({ method: 'GET', url: `/api/hospitals/${hospitalId}/slots` });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; remaining: number }[];
}

function book(app: FastifyInstance, session: string, slotId: string, hospitalId = HOSPITAL) {
  return app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { 'idempotency-key': randomUUID() },
    payload: { hospitalId, slotId, symptoms: 'ไอ มีไข้', duration: '2 วัน' },
    ...as(session),
  });
}

/** Rows of a raw query, on either database. */
async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * What a copy torn mid-write would show: a slot whose count of places taken is not the number of appointments holding
 * one, an appointment without the event that recorded its creation, an event of no appointment.
 */
async function tornState(database: Database) {
  const holding = sql.join(
    STATUSES_HOLDING_A_PLACE.map((status) => sql`${status}`),
    sql`, `,
  );
  const slots = await rows(
    database,
    sql`select s.id, s.taken, (select count(*)::int from appointments a where a.slot_id = s.id
          and a.status in (${holding})) as holding
        from screening_slots s where s.taken <> (select count(*) from appointments a where a.slot_id = s.id
          and a.status in (${holding}))`,
  );
  const unrecorded = await rows(
    database,
    sql`select a.id from appointments a where not exists (select 1 from appointment_events e
          where e.appointment_id = a.id and e.from_status is null and e.to_status = 'awaiting_deposit')`,
  );
  const orphanEvents = await rows(
    database,
    sql`select e.id from appointment_events e where not exists (select 1 from appointments a where a.id = e.appointment_id)`,
  );
  return { slots, unrecorded, orphanEvents };
}

describe(`backups on ${onPostgres ? 'PostgreSQL' : 'the embedded database'}`, () => {
  it(
    'restores every booking acknowledged before the backup began, whole, into a new database the app runs on',
    { timeout: 240_000 },
    async () => {
      const source = await newPlace('source');
      const opened = await source.open();
      await opened.database.migrate();
      await seedFacilities(createHospitalsRepository(opened.database.db));
      await addDemoSchedules(opened.database.db);
      const app = await startApp(opened.database);
      const sessions = await Promise.all(
        Array.from({ length: PATIENTS }, () => registerPatient(app, nextPhone()).then((p) => p.session)),
      );
      // Every slot open, taken in turn: the load goes on writing all through the backup, and some fill up and refuse.
      const slots = (await openSlots(app)).map((slot) => slot.id);

      // Patients book one after another until told to stop; the backup starts once some bookings are in.
      const acknowledged: Booking[] = [];
      let stopping = false;
      let turn = 0;
      const patient = async (session: string) => {
        while (!stopping) {
          const slotId = slots[turn++ % slots.length];
          const res = await book(app, session, slotId);
          if (res.statusCode === 201)
            acknowledged.push({ id: res.json().data[0].id, session, slotId, at: performance.now() });
          else expect(res.json().error.code, res.body).toBe('slot_full');
          await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
        }
      };
      const load = Promise.all(sessions.map(patient));
      while (acknowledged.length < 10) await Promise.race([load, new Promise((resolve) => setTimeout(resolve, 20))]);
      const backupBegan = performance.now();
      const backup = await runCommand('features/backups/backup.ts', [], source.dataDir, source.env);
      const bookedDuringBackup = acknowledged.filter((b) => b.at > backupBegan).length;
      stopping = true;
      await load;
      await app.close();
      await opened.close();

      expect(backup.code, backup.stderr).toBe(0);
      const file = /backup written: (\S+)/.exec(backup.stdout)?.[1];
      expect(file, backup.stdout).toBeDefined();
      expect(existsSync(file!)).toBe(true);
      const before = acknowledged.filter((b) => b.at < backupBegan);
      expect(before.length).toBeGreaterThanOrEqual(10);
      // The load went on while the backup was taken: the copy was of a database being written.
      expect(bookedDuringBackup).toBeGreaterThan(0);

      const target = await newPlace('restored');
      const restore = await runCommand('features/backups/restore.ts', [file!], target.dataDir, target.env);
      expect(restore.code, restore.stderr).toBe(0);

      const restored = await target.open();
      let restoredCount: number | undefined;
      try {
        await restored.database.migrate();
        const again = await startApp(restored.database);
        try {
          for (const booking of before) {
            const res = await again.inject({
              method: 'GET',
              url: `/api/appointments/${booking.id}`,
              ...as(booking.session),
            });
            expect(res.statusCode, `booking ${booking.id} acknowledged before the backup`).toBe(200);
            expect(res.json().data[0]).toMatchObject({ id: booking.id, status: 'awaiting_deposit' });
          }
          expect(await tornState(restored.database)).toEqual({ slots: [], unrecorded: [], orphanEvents: [] });
          // Nothing in the copy that the app did not make: every appointment there is one a patient was told of.
          const ids = await rows<{ id: string }>(restored.database, sql`select id from appointments`);
          const told = new Set(acknowledged.map((b) => b.id));
          expect(ids.filter(({ id }) => !told.has(id))).toEqual([]);
          restoredCount = ids.length;
          // The restored database takes new bookings (at another hospital: the load may have filled this one).
          const [fresh] = await openSlots(again, OTHER_HOSPITAL);
          expect((await book(again, sessions[0], fresh.id, OTHER_HOSPITAL)).statusCode).toBe(201);
        } finally {
          await again.close();
        }
      } finally {
        await restored.close();
      }

      // A second restore into the database now holding the first is refused, and changes nothing.
      const refused = await runCommand('features/backups/restore.ts', [file!], target.dataDir, target.env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(onPostgres ? /is not empty/ : /already holds a database/);
      // --replace restores over it all the same: the booking made since is gone again.
      const replaced = await runCommand(
        'features/backups/restore.ts',
        [file!, '--replace'],
        target.dataDir,
        target.env,
      );
      expect(replaced.code, replaced.stderr).toBe(0);
      const reopened = await target.open();
      try {
        const [{ n }] = await rows<{ n: number }>(reopened.database, sql`select count(*)::int as n from appointments`);
        expect(n).toBe(restoredCount);
      } finally {
        await reopened.close();
      }

      // With no server on it the command backs up too, and keeps only the newest BACKUP_KEEP.
      const stopped = await runCommand('features/backups/backup.ts', [], source.dataDir, {
        ...source.env,
        BACKUP_KEEP: '1',
      });
      expect(stopped.code, stopped.stderr).toBe(0);
      expect(stopped.stdout).toContain('removed 1 older backups');
      for (const run of [backup, restore, refused, replaced, stopped]) expect(printed(run)).not.toContain(PASSWORD);
      const kept = readdirSync(source.env.BACKUP_DIR);
      expect(kept).toHaveLength(1);
      expect(path.join(source.env.BACKUP_DIR, kept[0])).not.toBe(file);
    },
  );
});
