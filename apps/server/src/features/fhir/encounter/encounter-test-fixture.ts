import { randomUUID } from 'node:crypto';
import { ICD10_SYSTEM, THAI_CID_SYSTEM, VISIT_ADVICE_EXTENSION, addDays, todayInBangkok } from '@klaimor/contracts';
import { expect } from 'vitest';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../../../test/test-app.js';
import { createHospitalsRepository } from '../../hospitals/hospitals.repository.js';
import { seedFacilities } from '../../hospitals/seed-facilities.js';
import { FACILITY } from '../../staff/staff-test-helpers.js';
import { booked, slotIsNow } from '../../front-desk/front-desk-test-helpers.js';
import {
  type System,
  clinicAt,
  expectFhir,
  fhir,
  registerSystem,
  scheduleBody,
  slotBody,
  tokenFor,
} from '../fhir-test-helpers.js';

/** An appointment as a system reads it: its patient contained, with their Thai ID and birth date. */
export interface ReadAppointment {
  id: string;
  status: string;
  contained: { identifier: { system: string; value: string }[]; birthDate: string }[];
  [key: string]: unknown;
}

export interface ArrivedPatient {
  session: string;
  appointmentId: string;
  thaiId: string;
  birthDate: string;
}

/** The session list of the facility each app's patients book, made once by the system (its clinic A must exist). */
const schedules = new WeakMap<TestApp, Promise<string>>();

/**
 * A patient who booked a slot of the facility's system (their own, so its day can come without moving anyone else's),
 * paid, whose day has come and who has arrived: checked in by the facility's system unless `arrive` is false. The
 * token holds Schedule.cruds, Slot.cruds, Appointment.rs and Appointment.u.
 */
export async function arrivedPatient(t: TestApp, token: string, arrive = true): Promise<ArrivedPatient> {
  let schedule = schedules.get(t);
  if (!schedule) {
    schedule = fhir(t.app, 'POST', '/Schedule', { token, body: scheduleBody() }).then((r) => expectFhir(r, 201).id!);
    schedules.set(t, schedule);
  }
  const slot = expectFhir(
    await fhir(t.app, 'POST', '/Slot', { token, body: slotBody(await schedule, 2 + Math.random() * 24 * 20) }),
    201,
  ).id!;
  const patient = await registerPatient(t.app, nextPhone());
  const appointmentId = await booked(t.app, patient.session, slot);
  await slotIsNow(t.database, slot);
  const read = expectFhir(
    await fhir(t.app, 'GET', `/Appointment/${appointmentId}`, { token }),
    200,
  ) as unknown as ReadAppointment;
  if (arrive)
    expectFhir(
      await fhir(t.app, 'PUT', `/Appointment/${appointmentId}`, { token, body: { ...read, status: 'arrived' } }),
      200,
    );
  const contained = read.contained[0]!;
  return {
    session: patient.session,
    appointmentId,
    thaiId: contained.identifier.find((i) => i.system === THAI_CID_SYSTEM)!.value,
    birthDate: contained.birthDate,
  };
}

export const ENCOUNTER_IDENTIFIER_SYSTEM = 'https://his.hospital.example/encounters';

/** The visit as a hospital's system sends it: named by its appointment unless `link` names the patient otherwise. */
export function encounterBody(link: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  const patient = (link as { patient?: { thaiId: string; birthDate: string } }).patient;
  return {
    resourceType: 'Encounter',
    identifier: [{ system: ENCOUNTER_IDENTIFIER_SYSTEM, value: randomUUID() }],
    status: 'finished',
    class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB' },
    contained: [
      {
        resourceType: 'Condition',
        id: 'dx',
        code: { text: 'ไข้หวัด คออักเสบเล็กน้อย', coding: [{ system: ICD10_SYSTEM, code: 'J06.9' }] },
      },
      ...(patient
        ? [
            {
              resourceType: 'Patient',
              id: 'pt',
              identifier: [{ system: THAI_CID_SYSTEM, value: patient.thaiId }],
              birthDate: patient.birthDate,
            },
          ]
        : []),
    ],
    ...(patient ? { subject: { reference: '#pt' } } : { appointment: [link] }),
    diagnosis: [{ condition: { reference: '#dx' } }],
    extension: [
      { url: VISIT_ADVICE_EXTENSION, valueString: 'ดื่มน้ำมาก ๆ พักผ่อนให้เพียงพอ' },
      { url: 'https://klaimor.app/fhir/StructureDefinition/follow-up-date', valueDate: addDays(todayInBangkok(), 7) },
    ],
    ...overrides,
  };
}

/** A patient who arrived and whose visit the system recorded (an Encounter, whose id is the appointment's). */
export async function visitedPatient(t: TestApp, token: string): Promise<ArrivedPatient> {
  const patient = await arrivedPatient(t, token);
  const body = encounterBody({ reference: `Appointment/${patient.appointmentId}` });
  expectFhir(await fhir(t.app, 'POST', '/Encounter', { token, body }), 201);
  return patient;
}

/**
 * Where the visit resources' tests start: the facility (with its clinic A) and its system holding `scopes`, and another
 * facility's system holding the same, each with a token.
 */
export async function visitTestBed(scopes: string[], otherFacility: string) {
  const t = await createTestApp();
  await seedFacilities(createHospitalsRepository(t.database.db));
  await clinicAt(t.app, t.database, t.config, FACILITY, 'A');
  const system: System = await registerSystem(t.app, t.database, t.config, FACILITY, scopes, 'HIS ศิริราช');
  const token = await tokenFor(t.app, t.config, system, scopes.join(' '));
  const other = await registerSystem(t.app, t.database, t.config, otherFacility, scopes);
  const otherToken = await tokenFor(t.app, t.config, other, scopes.join(' '));
  return { t, system, token, otherToken };
}

/** What the patient's own API answers them (200). */
export async function asPatient(t: TestApp, session: string, url: string) {
  const res = await t.app.inject({ method: 'GET', url, cookies: { klaimor_session: session } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Record<string, unknown>[];
}
