import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from './client.js';
import { rowsOf } from './results.js';

/**
 * Migration 0033 on a database the previous version made and used: schedules, slots, a checked-in patient with their
 * queue number and the day's counter all become the general clinic A's, and the numbers go on from where they were.
 */
const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
let database: Database;
let before: string;

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));

beforeAll(async () => {
  // The migrations as the previous version shipped them: every one before 0033.
  before = mkdtempSync(path.join(tmpdir(), 'klaimor-migrations-'));
  cpSync(migrations, before, { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(before, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.filter((e) => e.tag < '0033');
  writeFileSync(path.join(before, 'meta/_journal.json'), JSON.stringify(journal));
  database = openPglite();
  const db = database.db as unknown as PgliteDatabase;
  await migrate(db, { migrationsFolder: before });

  await database.db.execute(sql`
    insert into facilities (id, stable_id, name_th, name_en, kind, ownership, lat, lng, source_name, source_ref, source_licence)
    values ('00000000-0000-4000-8000-00000000000f', 'old-hospital', 'โรงพยาบาลเดิม', 'Old Hospital', 'hospital', 'public', 13.7, 100.5, 't', 't', 't'),
           ('00000000-0000-4000-8000-0000000000ff', 'no-schedule', 'คลินิกไม่มีตาราง', 'No Schedule', 'clinic', 'private', 13.7, 100.5, 't', 't', 't')`);
  await database.db.execute(sql`
    insert into schedule_templates (id, facility_id, weekdays, session_start, session_end, slot_minutes, places, clinician, deposit_amount)
    values ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-00000000000f', '{1,2,3,4,5}', '09:00', '12:00', 60, 4, 'นพ.เดิม', 100)`);
  await database.db.execute(sql`
    insert into screening_slots (id, facility_id, template_id, starts_at, ends_at, doctor, capacity, taken, deposit_amount)
    values ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-00000000000f', '00000000-0000-4000-8000-0000000000a1',
            now(), now() + interval '1 hour', 'นพ.เดิม', 4, 1, 100)`);
  await database.db.execute(sql`
    insert into users (id, thai_id, firstname, lastname, birthday, address, subdistrict, district, province, postcode)
    values ('00000000-0000-4000-8000-0000000000c1', '1101700203451', 'สมชาย', 'เดิม', '1960-01-01', '1', 'ศรีภูมิ', 'เมืองเชียงใหม่', 'เชียงใหม่', '50200')`);
  await database.db.execute(sql`
    insert into appointments (id, user_id, facility_id, slot_id, status, symptoms, duration, deposit_amount, deposit_expires_at,
      deposit_paid_at, payment_provider, idempotency_key, queue_number, queue_date)
    values ('00000000-0000-4000-8000-0000000000d1', '00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000000f',
      '00000000-0000-4000-8000-0000000000b1', 'checked_in', 'ไอ', '2 วัน', 100, now(), now(), 'development', 'k1', 7, current_date)`);
  await database.db.execute(sql`
    insert into queue_counters (facility_id, on_date, last_number)
    values ('00000000-0000-4000-8000-00000000000f', current_date, 7)`);

  await database.migrate();
});
afterAll(async () => {
  await database.close();
  rmSync(before, { recursive: true, force: true });
});

describe('migration 0033, clinics', () => {
  it('gives a facility with a schedule its general clinic A, and none to a facility without one', async () => {
    const clinics = await rows<{ stable_id: string; queue_prefix: string; name_th: string }>(sql`
      select f.stable_id, c.queue_prefix, c.name_th from clinics c join facilities f on f.id = c.facility_id`);
    expect(clinics).toEqual([{ stable_id: 'old-hospital', queue_prefix: 'A', name_th: 'ผู้ป่วยนอกทั่วไป' }]);
  });

  it('puts the sessions, slots, queue numbers and counters into it', async () => {
    const [clinic] = await rows<{ id: string }>(sql`select id from clinics`);
    const [template] = await rows<{ clinic_id: string }>(sql`select clinic_id from schedule_templates`);
    const [slot] = await rows<{ clinic_id: string }>(sql`select clinic_id from screening_slots`);
    const [appointment] = await rows<{ queue_clinic_id: string; queue_number: number }>(
      sql`select queue_clinic_id, queue_number from appointments`,
    );
    const [counter] = await rows<{ clinic_id: string; last_number: number }>(
      sql`select clinic_id, last_number from queue_counters`,
    );
    expect([template.clinic_id, slot.clinic_id, appointment.queue_clinic_id, counter.clinic_id]).toEqual([
      clinic.id,
      clinic.id,
      clinic.id,
      clinic.id,
    ]);
    expect([appointment.queue_number, counter.last_number]).toEqual([7, 7]);
  });

  it('goes on numbering the clinic’s queue from where the day had got to', async () => {
    const [next] = await rows<{ last_number: number }>(sql`
      insert into queue_counters (clinic_id, on_date, last_number) select id, current_date, 1 from clinics
      on conflict (clinic_id, on_date) do update set last_number = queue_counters.last_number + 1
      returning last_number`);
    expect(next.last_number).toBe(8);
  });
});
