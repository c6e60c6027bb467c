import { addDays, todayInBangkok } from '@klaimor/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { homeReadings } from '../../db/schema.js';

/** How many days back the demo patient's home log starts: about three weeks, yesterday the last. */
const DAYS = 21;
/** A day-to-day wobble, so the chart looks measured rather than drawn (the same every start). */
const WOBBLE = [0, 4, -3, 2, -2, 3, -1];

const at = (daysAgo: number, clock: string) => new Date(`${addDays(todayInBangkok(), -daysAgo)}T${clock}:00+07:00`);

/**
 * FOR DEMO MODE ONLY: the demo patient's home log since her blood pressure medicine was raised: a morning blood pressure
 * each day, high at first and coming down towards the home target (below 135/85), a fasting glucose every other
 * morning easing from the 140s to the 110s, and two weighings. Added once.
 */
export async function seedDemoReadings(db: Db, patientId: string): Promise<void> {
  const [existing] = await db
    .select({ id: homeReadings.id })
    .from(homeReadings)
    .where(eq(homeReadings.userId, patientId))
    .limit(1);
  if (existing) return;
  const rows: (typeof homeReadings.$inferInsert)[] = [];
  for (let i = 0; i < DAYS; i++) {
    const daysAgo = DAYS - i;
    const wobble = WOBBLE[i % WOBBLE.length]!;
    rows.push({
      userId: patientId,
      kind: 'blood_pressure',
      takenAt: at(daysAgo, '07:10'),
      systolic: Math.round(156 - i * 1.3 + wobble),
      diastolic: Math.round(96 - i * 0.7 + wobble / 2),
      pulse: 78 - (i % 4),
    });
    if (i % 2 === 0) {
      rows.push({
        userId: patientId,
        kind: 'glucose',
        takenAt: at(daysAgo, '06:50'),
        glucose: Math.round(146 - i * 1.4 + wobble),
        timing: 'fasting',
      });
    }
  }
  rows.push(
    { userId: patientId, kind: 'weight', takenAt: at(20, '06:45'), weightKg: 68.4 },
    { userId: patientId, kind: 'weight', takenAt: at(6, '06:45'), weightKg: 67.9 },
  );
  await db.insert(homeReadings).values(rows);
}
