import { eq } from 'drizzle-orm';
import { addDemoSlots } from '../features/hospitals/demo-slots.js';
import { createHospitalsRepository } from '../features/hospitals/hospitals.repository.js';
import { seedFacilities } from '../features/hospitals/seed-facilities.js';
import type { Db } from './client.js';
import { users } from './schema.js';

/** The demo patient of the embedded setup: log in with this number, the code is in the development outbox. */
export const DEMO_PATIENT = {
  phone: '0812345678',
  thaiId: '1101700230708',
  firstname: 'สมใจ',
  lastname: 'ใจดี',
  gender: 'female',
  birthday: '1988-04-12',
  email: 'somjai@example.com',
  address: '99/1 ถนนพระรามที่ 4',
  subdistrict: 'ลุมพินี',
  district: 'ปทุมวัน',
  province: 'กรุงเทพมหานคร',
  postcode: '10330',
  bloodGroup: 'B',
} as const;

/** The demo patient, the shipped hospital directory and screening slots for the next 14 days. */
export async function seedDemoData(db: Db): Promise<void> {
  const hospitals = createHospitalsRepository(db);
  await seedFacilities(hospitals);
  await addDemoSlots(hospitals);
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO_PATIENT.phone)).limit(1);
  if (existing.length === 0) await db.insert(users).values(DEMO_PATIENT);
}
