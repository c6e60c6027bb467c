import type { PrescriptionInput } from '@klaimor/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../db/client.js';
import { aSlot, booked, dayBase, slotIsNow } from '../front-desk/front-desk-test-helpers.js';
import { asStaff } from '../staff/staff-test-helpers.js';

/** Metformin for diabetes, as a clinician prescribes it for the long term: with breakfast and dinner. */
export const metformin = (days: number): PrescriptionInput => ({
  drug: 'Metformin',
  atcCode: 'A10BA02',
  strength: '500 mg',
  form: 'tablet',
  doses: { afterBreakfast: 1, afterDinner: 1 },
  days,
  longTerm: true,
});

/**
 * A visit at the facility where the clinician prescribes `prescriptions`: booked `daysAhead` days out, brought to now,
 * checked in, seen and recorded. Returns the patient's medication ids by drug name.
 */
export async function prescribedAtVisit(
  app: FastifyInstance,
  database: Database,
  sessions: { desk: string; clinician: string; patient: string },
  prescriptions: PrescriptionInput[],
  daysAhead = 2,
): Promise<Record<string, string>> {
  const slot = await aSlot(app, daysAhead);
  const appointmentId = await booked(app, sessions.patient, slot);
  await slotIsNow(database, slot);
  const post = (session: string, step: string, payload?: object) =>
    app.inject({ method: 'POST', url: `${dayBase}/${appointmentId}/${step}`, payload, ...asStaff(session) });
  expect((await post(sessions.desk, 'check-in')).statusCode).toBe(200);
  expect((await post(sessions.clinician, 'start-consultation')).statusCode).toBe(200);
  const done = await post(sessions.clinician, 'complete', {
    findings: 'เบาหวาน ควบคุมได้ดี',
    icd10: 'E11.9',
    prescriptions,
  });
  expect(done.statusCode, done.body).toBe(200);
  const meds = await app.inject({
    method: 'GET',
    url: '/api/medications',
    cookies: { klaimor_session: sessions.patient },
  });
  const ids: Record<string, string> = {};
  for (const m of meds.json().data as { id: string; name: string; prescribedBy: { appointmentId: string } | null }[])
    if (m.prescribedBy?.appointmentId === appointmentId) ids[m.name] = m.id;
  return ids;
}
