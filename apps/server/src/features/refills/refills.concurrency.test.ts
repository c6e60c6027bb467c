import { addDays } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApps, createTestApps, nextPhone, registerPatient } from '../../test/test-app.js';
import { openSchedule } from '../front-desk/front-desk-test-helpers.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { FACILITY, asStaff, enrolStaff, nextStaffEmail, queryRows } from '../staff/staff-test-helpers.js';
import { metformin, prescribedAtVisit } from './refills-test-helpers.js';

/**
 * Two clinicians approving the same refill at the same moment, each on another app instance (two pools on PostgreSQL,
 * as two server processes): one prescription is made, the medicine is extended once, the patient is told once.
 */
let t: TestApps;
let clinicians: string[];
let patient: string;
let patientId: string;
let meds: Record<string, string>;

const DRUGS = ['Metformin', 'Glipizide', 'Enalapril', 'Atorvastatin'];
const desk$ = `/api/staff/facilities/${FACILITY}/refills`;

beforeAll(async () => {
  t = await createTestApps(2);
  await seedFacilities(createHospitalsRepository(t.database.db));
  const [app] = t.apps;
  const enrol = async (role: 'front_desk' | 'clinician') =>
    (await enrolStaff(app, t.database, t.config, nextStaffEmail(), { facility: FACILITY, role })).session;
  await openSchedule(app, (await enrolStaff(app, t.database, t.config)).session);
  const desk = await enrol('front_desk');
  clinicians = [await enrol('clinician'), await enrol('clinician')];
  const registered = await registerPatient(app, nextPhone());
  patient = registered.session;
  patientId = registered.profile.id as string;
  meds = await prescribedAtVisit(
    app,
    t.database,
    { desk, clinician: clinicians[0], patient },
    DRUGS.map((drug) => ({ ...metformin(6), drug, atcCode: null })),
  );
});
afterAll(() => t.close());

describe('two clinicians approving one refill at once, on two servers', () => {
  it('extends each medicine once, by the days of the one approval that went through', async () => {
    const requests: { drug: string; id: string }[] = [];
    for (const drug of DRUGS) {
      const asked = await t.apps[1].inject({
        method: 'POST',
        url: '/api/refills',
        payload: { medicationId: meds[drug], delivery: 'post' },
        cookies: { klaimor_session: patient },
      });
      expect(asked.statusCode, asked.body).toBe(201);
      requests.push({ drug, id: asked.json().data[0].id });
    }
    const ends = await queryRows<{ id: string; end_date: string }>(
      t.database.db,
      sql`select id, to_char(end_date, 'YYYY-MM-DD') as end_date from medications where user_id = ${patientId}`,
    );
    const endOf = (drug: string) => ends.find((e) => e.id === meds[drug])!.end_date;

    // Each pair at the same moment: one clinician on each server, asking for different days.
    const outcomes = await Promise.all(
      requests.flatMap(({ id }) =>
        [30, 60].map((days, i) =>
          t.apps[i].inject({
            method: 'POST',
            url: `${desk$}/${id}/approve`,
            payload: { days },
            ...asStaff(clinicians[i]),
          }),
        ),
      ),
    );
    for (let r = 0; r < requests.length; r++) {
      const pair = outcomes.slice(r * 2, r * 2 + 2);
      expect(pair.map((o) => o.statusCode).sort(), pair.map((o) => o.body).join('\n')).toEqual([200, 409]);
      expect(pair.find((o) => o.statusCode === 409)!.json().error.code).toBe('refill_moved_on');
      const won = pair.find((o) => o.statusCode === 200)!.json().data[0];
      const [after] = await queryRows<{ end_date: string; stock: number }>(
        t.database.db,
        sql`select to_char(end_date, 'YYYY-MM-DD') as end_date, stock from medications where id = ${meds[requests[r].drug]}`,
      );
      expect(after.end_date).toBe(addDays(endOf(requests[r].drug), won.approvedDays));
      // Six days dispensed, then the approved days: two tablets a day, less none taken.
      expect(after.stock).toBe(2 * (6 + won.approvedDays));
    }
    const told = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from notifications where user_id = ${patientId} and kind = 'refill'`,
    );
    expect(told[0].n).toBe(DRUGS.length);
    const audited = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from audit_events where patient_user_id = ${patientId} and action = 'refill.approved'`,
    );
    expect(audited[0].n).toBe(DRUGS.length);
  });
});
