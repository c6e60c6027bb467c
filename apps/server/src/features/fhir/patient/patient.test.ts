import { THAI_CID_SYSTEM } from '@klaimor/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../../../test/test-app.js';
import { aSlot, booked, openSchedule } from '../../front-desk/front-desk-test-helpers.js';
import { createHospitalsRepository } from '../../hospitals/hospitals.repository.js';
import { seedFacilities } from '../../hospitals/seed-facilities.js';
import { FACILITY } from '../../staff/staff-test-helpers.js';
import { adminOf, expectFhir, expectOutcome, fhir, registerSystem, tokenFor } from '../fhir-test-helpers.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedFacilities(createHospitalsRepository(t.database.db));
  await openSchedule(t.app, await adminOf(t.app, t.database, t.config, FACILITY), 20);
  token = await tokenFor(
    t.app,
    t.config,
    await registerSystem(t.app, t.database, t.config, FACILITY, undefined, 'HIS ศิริราช'),
  );
});
afterAll(() => t.close());

interface Appointment {
  contained: { name: { text: string }[]; link: { other: { reference: string }; type: string }[] }[];
}

describe('Patient', () => {
  it("is the patient an appointment's contained patient links to: name, identity document and birth date, nothing more", async () => {
    const patient = await registerPatient(t.app, nextPhone());
    const appointment = await booked(t.app, patient.session, await aSlot(t.app, 2));
    const read = expectFhir(
      await fhir(t.app, 'GET', `/Appointment/${appointment}`, { token }),
      200,
    ) as unknown as Appointment;
    const [link] = read.contained[0]!.link;
    expect(link).toMatchObject({ type: 'seealso', other: { reference: expect.stringMatching(/^Patient\//) } });

    const found = expectFhir(await fhir(t.app, 'GET', `/${link!.other.reference}`, { token }), 200);
    const profile = patient.profile as { id: string; thai_id: string; birthday: string; firstname: string };
    expect(found).toEqual({
      resourceType: 'Patient',
      id: profile.id,
      identifier: [expect.objectContaining({ system: THAI_CID_SYSTEM, value: profile.thai_id })],
      name: [expect.objectContaining({ text: read.contained[0]!.name[0]!.text, given: [profile.firstname] })],
      birthDate: profile.birthday,
    });

    const access = await t.app.inject({
      method: 'GET',
      url: '/api/my-data/access-log',
      cookies: { klaimor_session: patient.session },
    });
    expect(access.json().data).toContainEqual(
      expect.objectContaining({ by: 'system', action: 'fhir_patient.read', system: { name: 'HIS ศิริราช' } }),
    );
  });

  it('does not find someone who never booked here, nor an id that is no id', async () => {
    const stranger = await registerPatient(t.app, nextPhone());
    const id = (stranger.profile as { id: string }).id;
    expectOutcome(await fhir(t.app, 'GET', `/Patient/${id}`, { token }), 404, 'not-found', 'not_found');
    expectOutcome(await fhir(t.app, 'GET', '/Patient/not-an-id', { token }), 404, 'not-found', 'not_found');
  });
});
