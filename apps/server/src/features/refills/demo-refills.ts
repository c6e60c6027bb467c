import { and, desc, eq, inArray, isNull, like } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { appointments, facilities, medications } from '../../db/schema.js';

/** The demo patient's medicines the demo hospital prescribed for the long term (README, "Hospital staff (demo)"). */
const LONG_TERM = ['Metformin', 'Amlodipine', 'Simvastatin'];

/**
 * FOR DEMO MODE ONLY: a pharmacy of the "รับยาใกล้บ้าน" scheme that does not exist, named as a demo, in the demo
 * hospital's part of Bangkok; the real scheme's pharmacies say so in their own settings.
 */
export const DEMO_NEAR_HOME_PHARMACY = {
  stableId: 'demo-near-home-pharmacy',
  nameTh: 'ร้านยาใกล้บ้าน (เดโม)',
  nameEn: 'Near-home pharmacy (demo)',
  kind: 'pharmacy',
  ownership: 'private',
  address: 'ร้านสมมติสำหรับทดลองใช้แอป ถนนจรัญสนิทวงศ์',
  subdistrict: 'บางพลัด',
  district: 'บางพลัด',
  province: 'กรุงเทพมหานคร',
  postcode: '10700',
  // About 4 km north of the hospital: far enough that the map never gathers the two into one cluster around the
  // hospital's marker, and that the real pharmacies of the old town stay the nearest there (e2e/map-finds-care).
  lat: 13.795,
  lng: 100.496,
  openingHours: 'Mo-Su 08:00-20:00',
  nearHomePharmacy: true,
  sourceName: 'KlaiMor demo data',
  sourceRef: 'demo',
  sourceLicence: 'demo only, not a real facility',
};

/**
 * The demo patient's long-term medicines become the demo hospital's prescriptions of their latest diabetes visit
 * (seedDemoResults made the visits), and the demo pharmacy joins the directory. Demo mode only; once.
 */
export async function seedDemoRefills(db: Db, config: Pick<Config, 'mode'>, patientId: string): Promise<void> {
  if (config.mode !== 'demo') return;
  await db.insert(facilities).values(DEMO_NEAR_HOME_PHARMACY).onConflictDoNothing({ target: facilities.stableId });
  const [latest] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.userId, patientId), like(appointments.idempotencyKey, 'demo-clinic-visit-%')))
    .orderBy(desc(appointments.idempotencyKey))
    .limit(1);
  if (!latest) return;
  await db
    .update(medications)
    .set({ prescribedIn: latest.id, longTerm: true })
    .where(
      and(eq(medications.userId, patientId), inArray(medications.name, LONG_TERM), isNull(medications.prescribedIn)),
    );
}
