import { CONSENT_VERSION, FIXED_DOSE_TIMES, addDays, todayInBangkok } from '@klaimor/contracts';
import { eq } from 'drizzle-orm';
import { createHospitalsRepository } from '../features/hospitals/hospitals.repository.js';
import { createUsersRepository } from '../features/users/users.repository.js';
import { seedFacilities } from '../features/hospitals/seed-facilities.js';
import { addDemoSchedules } from '../features/schedules/demo-schedules.js';
import type { Config } from '../config.js';
import { seedDemoStaff } from '../features/staff/demo-staff.js';
import { seedDemoResults } from '../features/lab-results/demo-results.js';
import { seedDemoReadings } from '../features/home-readings/demo-readings.js';
import { seedDemoMessages } from '../features/messages/demo-messages.js';
import { seedDemoRefills } from '../features/refills/demo-refills.js';
import type { Db } from '../db/client.js';
import { scopeColumns } from '../features/family/family.repository.js';
import {
  careGrantEvents,
  allergies,
  careGrants,
  conditions,
  coverages,
  medicationTicks,
  medications,
  symptomNotes,
  users,
  visits,
} from '../db/schema.js';

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

/**
 * The demo patient's mother, cared for by her daughter under a grant she gave in person (the code to her own basic
 * phone, read out): sign in as the daughter to see her under ครอบครัว, or with her number to see the grant from her side.
 */
export const DEMO_DEPENDENT = {
  phone: '0812345679',
  thaiId: '3101700230704',
  firstname: 'บุญมา',
  lastname: 'ใจดี',
  gender: 'female',
  birthday: '1950-02-03',
  address: '99/1 ถนนพระรามที่ 4',
  subdistrict: 'ลุมพินี',
  district: 'ปทุมวัน',
  province: 'กรุงเทพมหานคร',
  postcode: '10330',
} as const;

const DEMO_DEPENDENT_MEDICATIONS = [
  {
    name: 'Amlodipine',
    strength: '5 mg',
    form: 'tablet',
    afterBreakfast: 1,
    startDate: '2023-05-01',
    instructions: 'ยาลดความดัน',
  },
  {
    name: 'Calcium carbonate',
    strength: '1000 mg',
    form: 'tablet',
    afterLunch: 1,
    startDate: '2024-01-10',
    instructions: 'แคลเซียม',
  },
];

/** The spec's three entitlement cards, as records. */
const DEMO_COVERAGE = [
  {
    kind: 'public',
    scheme: 'csmbs',
    description: 'สิทธิสวัสดิการข้าราชการ รักษาพยาบาลในโรงพยาบาลรัฐ',
    validFrom: '2012-06-01',
  },
  {
    kind: 'private',
    insurer: 'AIA',
    planName: 'ประกันสุขภาพ เอไอเอ เฮลธ์ แฮปปี้',
    memberNumber: 'H-2021-004417',
    coverageLimitBaht: 8_000_000,
    networkNote: 'รักษาได้ในโรงพยาบาลที่ร่วมโครงการ',
    description: 'คุ้มครองค่ารักษาพยาบาลผู้ป่วยในและผู้ป่วยนอก วงเงิน 8 ล้านบาท',
    validFrom: '2021-03-01',
    validTo: '2031-02-28',
  },
  {
    kind: 'private',
    insurer: 'Muang Thai Life',
    planName: 'ประกันชีวิตแบบสะสมทรัพย์ พร้อมคุ้มครองโรคร้ายแรง',
    memberNumber: 'MTL-77120935',
    coverageLimitBaht: 1_000_000,
    description: 'ออมเงินเป็นมรดก และคุ้มครองการรักษาโรคร้ายแรง',
    validFrom: '2018-01-15',
    validTo: '2038-01-14',
  },
] as const;

/** The spec's sample history: April 2566, January 2566 and December 2565. */
const DEMO_VISITS = [
  {
    visitDate: '2023-04-18',
    visitTime: '09:30',
    facility: 'โรงพยาบาลราชวิถี',
    department: 'อายุรกรรม',
    doctor: 'พญ. วราภรณ์ สุขสวัสดิ์',
    diagnosis: 'ความดันโลหิตสูงและเบาหวาน ควบคุมได้ดี',
    notes: 'ความดัน 128/82 ให้ยาเดิมต่อ นัดติดตาม 3 เดือน',
  },
  {
    visitDate: '2023-04-03',
    visitTime: '07:45',
    facility: 'โรงพยาบาลจุฬาลงกรณ์ สภากาชาดไทย',
    department: 'ห้องปฏิบัติการ',
    doctor: null,
    diagnosis: 'ตรวจเลือดประจำปี น้ำตาลสะสม (HbA1c) 6.8%',
    notes: 'งดน้ำงดอาหาร 8 ชั่วโมงก่อนเจาะเลือด',
  },
  {
    visitDate: '2023-01-20',
    visitTime: '10:15',
    facility: 'โรงพยาบาลรามาธิบดี',
    department: 'อายุรกรรม',
    doctor: 'นพ. ธนากร วงศ์ประเสริฐ',
    diagnosis: 'เบาหวานชนิดที่ 2 น้ำตาลยังสูง',
    notes: 'เพิ่มยาเบาหวานมื้อเย็นเป็น 2 เม็ด แนะนำลดแป้งและของหวาน',
  },
  {
    visitDate: '2022-12-15',
    visitTime: '13:00',
    facility: 'โรงพยาบาลศิริราช',
    department: 'อายุรกรรม',
    doctor: 'นพ. ธนากร วงศ์ประเสริฐ',
    diagnosis: 'ไขมันในเลือดสูง',
    notes: 'เริ่มยาลดไขมันก่อนนอน ตรวจการทำงานของตับใน 3 เดือน',
  },
  {
    visitDate: '2022-12-02',
    visitTime: '19:40',
    facility: 'โรงพยาบาลศิริราช',
    department: 'ห้องฉุกเฉิน',
    doctor: 'พญ. ศิริพร แก้วมณี',
    diagnosis: 'ไข้หวัดใหญ่',
    notes: 'ให้ยาลดไข้และพักผ่อน ดื่มน้ำมาก ๆ',
  },
];

/** The spec's Todo panels: 1 tablet after breakfast, 3 after dinner, 1 before bed. */
const DEMO_MEDICATIONS = [
  {
    name: 'Metformin',
    strength: '500 mg',
    form: 'tablet',
    afterBreakfast: 1,
    afterDinner: 2,
    startDate: '2022-11-10',
    instructions: 'ยาเบาหวาน กินหลังอาหารทันที',
    stock: 84,
  },
  {
    name: 'Amlodipine',
    strength: '5 mg',
    form: 'tablet',
    afterDinner: 1,
    startDate: '2021-08-01',
    instructions: 'ยาลดความดัน',
    stock: 26,
  },
  {
    name: 'Simvastatin',
    strength: '20 mg',
    form: 'tablet',
    beforeBed: 1,
    startDate: '2022-12-15',
    instructions: 'ยาลดไขมัน กินก่อนนอน',
    // Four days left: the running-low warning shows.
    stock: 4,
  },
  {
    // Taken as needed: recorded when taken, never a missed dose.
    name: 'Paracetamol',
    strength: '500 mg',
    form: 'tablet',
    asNeededAmount: 1,
    asNeededMaxPerDay: 4,
    asNeededReason: 'เมื่อปวดหรือมีไข้',
    startDate: '2023-03-01',
    instructions: 'ห่างกันอย่างน้อย 4-6 ชั่วโมง',
    stock: 10,
  },
];

const DEMO_SYMPTOM_NOTES = [
  {
    daysAgo: 1,
    noteTime: '08:10',
    symptoms: 'เวียนศีรษะเล็กน้อยตอนลุกจากเตียง',
    severity: 3,
    systolic: 138,
    diastolic: 86,
    notes: 'ดีขึ้นหลังนั่งพัก',
  },
  { daysAgo: 4, noteTime: '20:30', symptoms: 'ไอ เจ็บคอ มีน้ำมูกใส', severity: 4, temperatureC: 37.6, notes: 'ดื่มน้ำอุ่น' },
];

/** What the demo patient's medicines treat, and a drug allergy for a clinician's prescription to be checked against. */
const DEMO_ALLERGIES = [
  { substance: 'ซัลฟา (Sulfa)', category: 'medication', reaction: 'ผื่นแดงคันทั้งตัว', severity: 'moderate' },
];
const DEMO_CONDITIONS = [
  { name: 'เบาหวานชนิดที่ 2', icd10: 'E11' },
  { name: 'ความดันโลหิตสูง', icd10: 'I10' },
  { name: 'ไขมันในเลือดสูง', icd10: 'E78.5' },
];

/** Inserts each kind of health record for the demo patient only when they have none of it yet. */
async function seedDemoHealthRecords(db: Db, userId: string): Promise<void> {
  const none = async (
    table:
      | typeof coverages
      | typeof visits
      | typeof medications
      | typeof symptomNotes
      | typeof allergies
      | typeof conditions,
  ) => (await db.select({ id: table.id }).from(table).where(eq(table.userId, userId)).limit(1)).length === 0;
  const today = todayInBangkok();

  if (await none(coverages)) await db.insert(coverages).values(DEMO_COVERAGE.map((c) => ({ ...c, userId })));
  if (await none(visits)) await db.insert(visits).values(DEMO_VISITS.map((v) => ({ ...v, userId })));
  if (await none(allergies)) await db.insert(allergies).values(DEMO_ALLERGIES.map((a) => ({ ...a, userId })));
  if (await none(conditions)) {
    // Conditions are listed in the order recorded: each is given its own minute, since statements a moment apart may
    // read the same clock (the embedded database's is coarse) and then come back in any order.
    const start = Date.now() - DEMO_CONDITIONS.length * 60_000;
    await db
      .insert(conditions)
      .values(DEMO_CONDITIONS.map((c, i) => ({ ...c, userId, createdAt: new Date(start + i * 60_000) })));
  }
  if (await none(symptomNotes)) {
    await db
      .insert(symptomNotes)
      .values(DEMO_SYMPTOM_NOTES.map(({ daysAgo, ...n }) => ({ ...n, noteDate: addDays(today, -daysAgo), userId })));
  }
  if (await none(medications)) {
    const meds = await db
      .insert(medications)
      .values(DEMO_MEDICATIONS.map((m) => ({ ...m, userId })))
      .returning();
    // The past week ticked, but for one forgotten evening, so adherence has something to show.
    const ticks = meds.flatMap((m) =>
      [1, 2, 3, 4, 5, 6, 7].flatMap((daysAgo) =>
        FIXED_DOSE_TIMES.filter((time) => m[time] > 0 && !(daysAgo === 3 && time === 'afterDinner')).map(
          (doseTime) => ({
            medicationId: m.id,
            doseDate: addDays(today, -daysAgo),
            doseTime,
            userId,
          }),
        ),
      ),
    );
    await db.insert(medicationTicks).values(ticks);
  }
}

/** The demo patient's mother and her grant, once. */
async function seedDemoFamily(db: Db, caregiverId: string): Promise<void> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.thaiId, DEMO_DEPENDENT.thaiId))
    .limit(1);
  if (existing) return;
  const [mother] = await db
    .insert(users)
    .values({ ...DEMO_DEPENDENT, heldBy: caregiverId })
    .returning({ id: users.id });
  const scopes = { see: true, book: true, medicines: true, alerts: true };
  const [grant] = await db
    .insert(careGrants)
    .values({
      caregiverUserId: caregiverId,
      dependentUserId: mother!.id,
      relationship: 'child',
      basis: 'in_person',
      status: 'active',
      ...scopeColumns(scopes),
      grantedBy: mother!.id,
    })
    .returning({ id: careGrants.id });
  await db.insert(careGrantEvents).values({ grantId: grant!.id, actorUserId: caregiverId, action: 'granted', scopes });
  await db.insert(medications).values(DEMO_DEPENDENT_MEDICATIONS.map((m) => ({ ...m, userId: mother!.id })));
}

/**
 * The demo patient with their health records and three weeks of home blood pressure, glucose and weight, the shipped
 * hospital directory, demo screening schedules and, in demo mode only, the demo hospital's staff and the patient's year
 * of clinic visits there with their results, and a question she asked it.
 */
export async function seedDemoData(db: Db, config: Pick<Config, 'mode' | 'secretKey'>): Promise<void> {
  const hospitals = createHospitalsRepository(db);
  await seedFacilities(hospitals);
  await addDemoSchedules(db);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO_PATIENT.phone)).limit(1);
  // The demo patient registered through the app, so consented to the terms in force when they were seeded.
  const patient = existing ?? (await createUsersRepository(db).insert(DEMO_PATIENT, CONSENT_VERSION));
  await seedDemoHealthRecords(db, patient.id);
  await seedDemoFamily(db, patient.id);
  await seedDemoStaff(db, config);
  await seedDemoResults(db, patient.id);
  await seedDemoReadings(db, patient.id);
  await seedDemoMessages(db, patient.id);
  await seedDemoRefills(db, config, patient.id);
}
