import { GENERAL_CLINIC, addDays, todayInBangkok } from '@klaimor/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  appointments,
  clinics,
  facilities,
  labResults,
  screeningSlots,
  staffMembers,
  users,
  visitRecords,
} from '../../db/schema.js';
import { DEMO_STAFF, DEMO_STAFF_FACILITY } from '../staff/demo-staff.js';
import { sittingRows } from './lab-results.service.js';

/**
 * FOR DEMO MODE ONLY: the demo patient's diabetes clinic visits at the demo hospital over the past year, one a quarter,
 * each recorded by the demo clinician with its tests, released: a year of results to read and chart. The full panel at
 * the first and the last visit, sugar, blood pressure and weight in between, as Thai diabetes clinics usually order.
 */
const SITTINGS: { daysAgo: number; findings: string; values: Record<string, number> }[] = [
  {
    daysAgo: 300,
    findings: 'เบาหวานชนิดที่ 2 น้ำตาลสะสมยังสูง ความดันสูงกว่าเป้าหมาย',
    values: {
      '1558-6': 152,
      '4548-4': 8.2,
      '2093-3': 228,
      '2571-8': 210,
      '2085-9': 42,
      '13457-7': 146,
      '2160-0': 0.8,
      '9318-7': 42,
      '8480-6': 148,
      '8462-4': 94,
      '29463-7': 72.5,
      '8302-2': 158,
    },
  },
  {
    daysAgo: 210,
    findings: 'เบาหวานชนิดที่ 2 น้ำตาลสะสมลดลง',
    values: { '1558-6': 138, '4548-4': 7.6, '8480-6': 140, '8462-4': 88, '29463-7': 71, '8302-2': 158 },
  },
  {
    daysAgo: 120,
    findings: 'เบาหวานชนิดที่ 2 ควบคุมได้ดีขึ้น',
    values: { '1558-6': 124, '4548-4': 7.1, '8480-6': 134, '8462-4': 84, '29463-7': 69.5, '8302-2': 158 },
  },
  {
    daysAgo: 30,
    findings: 'เบาหวานชนิดที่ 2 ความดันโลหิตสูง และไขมันในเลือดสูง ควบคุมได้ตามเป้าหมาย',
    values: {
      '1558-6': 112,
      '4548-4': 6.8,
      '2093-3': 182,
      '2571-8': 150,
      '2085-9': 48,
      '13457-7': 98,
      '2160-0': 0.8,
      '9318-7': 26,
      '8480-6': 128,
      '8462-4': 80,
      '29463-7': 68,
      '8302-2': 158,
    },
  },
];

/**
 * Adds the demo patient's year of clinic visits with their results, once, when the demo hospital's clinician is there
 * (demo mode only: outside it there are no demo staff, and nothing is added).
 */
export async function seedDemoResults(db: Db, patientId: string): Promise<void> {
  const [existing] = await db
    .select({ id: labResults.id })
    .from(labResults)
    .where(eq(labResults.userId, patientId))
    .limit(1);
  if (existing) return;
  const clinicianEmail = DEMO_STAFF.find((s) => s.role === 'clinician')!.email;
  const [place] = await db
    .select({
      facilityId: facilities.id,
      clinicId: clinics.id,
      memberId: staffMembers.id,
      doctor: staffMembers.displayName,
    })
    .from(facilities)
    .innerJoin(clinics, and(eq(clinics.facilityId, facilities.id), eq(clinics.queuePrefix, GENERAL_CLINIC.queuePrefix)))
    .innerJoin(staffMembers, eq(staffMembers.email, clinicianEmail))
    .where(eq(facilities.stableId, DEMO_STAFF_FACILITY))
    .limit(1);
  if (!place) return;
  const [patient] = await db
    .select({ id: users.id, birthday: users.birthday, gender: users.gender })
    .from(users)
    .where(eq(users.id, patientId));
  const today = todayInBangkok();
  const by = { memberId: place.memberId, facilityId: place.facilityId };
  for (const sitting of SITTINGS) {
    const takenOn = addDays(today, -sitting.daysAgo);
    const startsAt = new Date(`${takenOn}T08:30:00+07:00`);
    const [slot] = await db
      .insert(screeningSlots)
      .values({
        facilityId: place.facilityId,
        clinicId: place.clinicId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        doctor: place.doctor,
        doctorMemberId: place.memberId,
        capacity: 1,
        taken: 1,
        depositAmount: 0,
      })
      .returning({ id: screeningSlots.id });
    const [appointment] = await db
      .insert(appointments)
      .values({
        userId: patient.id,
        facilityId: place.facilityId,
        slotId: slot.id,
        status: 'completed',
        symptoms: 'ตรวจติดตามเบาหวานตามนัด',
        duration: 'โรคประจำตัว',
        depositAmount: 0,
        depositExpiresAt: startsAt,
        depositAtDesk: 'waived',
        paymentProvider: 'desk',
        idempotencyKey: `demo-clinic-visit-${takenOn}`,
      })
      .returning({ id: appointments.id });
    await db.insert(visitRecords).values({
      appointmentId: appointment.id,
      findings: sitting.findings,
      icd10: 'E11.9',
      advice: 'ควบคุมอาหาร ออกกำลังกายสม่ำเสมอ ทานยาตามแพทย์สั่ง',
      recordedBy: place.memberId,
      recordedAt: startsAt,
    });
    const results = Object.entries(sitting.values).map(([code, value]) => ({ code, value }));
    // Released that afternoon, as long ago as the visit: inserted as they stand, with no notice queued now.
    const releasedAt = new Date(startsAt.getTime() + 6 * 3600_000);
    const rows = sittingRows({ takenOn, results }, patient, {
      appointmentId: appointment.id,
      facilityId: by.facilityId,
      recordedBy: { recordedByMemberId: by.memberId },
    });
    await db
      .insert(labResults)
      .values(rows.map((row) => ({ ...row, recordedAt: startsAt, releasedAt, releasedByMemberId: place.memberId })));
  }
}
