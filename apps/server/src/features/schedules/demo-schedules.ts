import { ne, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { GENERAL_CLINIC } from '@klaimor/contracts';
import { clinics, facilities, scheduleTemplates } from '../../db/schema.js';
import { MOPH_REGISTRY_SOURCE } from '../hospitals/moph-registry.js';
import { createSchedulesRepository } from './schedules.repository.js';
import { horizonAt } from './schedules.service.js';

// Demo clinicians: fictional names, so that no real physician appears to take bookings.
const CLINICIANS = [
  'พญ.กมลวรรณ ใจงาม',
  'นพ.ธนากร ศรีสุข',
  'พญ.ปิยะนุช วงศ์ดี',
  'นพ.วีรยุทธ บุญมา',
  'พญ.สุนิสา แก้วใส',
  'นพ.อนุชา มีสุข',
];
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

/**
 * Demo screening schedules: every hand-listed facility that screens and has no schedule yet (not the registry's
 * nationwide thousands, which take no bookings until they join) gets a morning and an afternoon session
 * every day (60-minute slots, 4 places, its directory deposit), through the same templates an admin sets; slots are then
 * made up to the horizon. Demo hospitals stay open on public holidays, so the demo always has times to book.
 */
export async function addDemoSchedules(db: Db, now = new Date()): Promise<void> {
  const unscheduled = await db
    .select({ id: facilities.id, depositAmount: facilities.depositAmount })
    .from(facilities)
    .where(
      sql`${ne(facilities.kind, 'pharmacy')} and ${ne(facilities.sourceName, MOPH_REGISTRY_SOURCE)} and ${notExists(
        db
          .select()
          .from(scheduleTemplates)
          .where(sql`${scheduleTemplates.facilityId} = ${facilities.id}`),
      )}`,
    )
    .orderBy(facilities.stableId);
  const sessions = [
    { sessionStart: '09:00', sessionEnd: '12:00' },
    { sessionStart: '13:00', sessionEnd: '16:00' },
  ];
  // Each in its general outpatient clinic, as an admin's first session is.
  const generalClinics = new Map<string, string>();
  for (let i = 0; i < unscheduled.length; i += 500) {
    const made = await db
      .insert(clinics)
      .values(unscheduled.slice(i, i + 500).map((f) => ({ facilityId: f.id, ...GENERAL_CLINIC })))
      .onConflictDoUpdate({ target: [clinics.facilityId, clinics.queuePrefix], set: { nameTh: sql`clinics.name_th` } })
      .returning({ id: clinics.id, facilityId: clinics.facilityId });
    for (const clinic of made) generalClinics.set(clinic.facilityId, clinic.id);
  }
  const templates = unscheduled.flatMap((facility, f) =>
    sessions.map((session, s) => ({
      facilityId: facility.id,
      clinicId: generalClinics.get(facility.id)!,
      weekdays: EVERY_DAY,
      ...session,
      slotMinutes: 60,
      places: 4,
      clinician: CLINICIANS[(f * 2 + s) % CLINICIANS.length],
      depositAmount: facility.depositAmount,
    })),
  );
  for (let i = 0; i < templates.length; i += 500)
    await db.insert(scheduleTemplates).values(templates.slice(i, i + 500));
  await createSchedulesRepository(db).rollForward(horizonAt(now));
}
