import { CLINIC_IDENTIFIER_SYSTEM, DEPOSIT_EXTENSION } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/test-app.js';
import { createHospitalsRepository } from '../../hospitals/hospitals.repository.js';
import { seedFacilities } from '../../hospitals/seed-facilities.js';
import { FACILITY, asStaff, queryRows } from '../../staff/staff-test-helpers.js';
import {
  type System,
  adminOf,
  clinicAt,
  expectFhir,
  expectOutcome,
  fhir,
  registerSystem,
  scheduleBody,
  tokenFor,
} from '../fhir-test-helpers.js';

interface Schedule {
  id: string;
  meta: { versionId: string; lastUpdated: string };
  identifier?: { system: string; value: string }[];
  active: boolean;
  actor: { type: string; display?: string; identifier?: { value: string } }[];
  extension: { url: string; valueMoney: { value: number } }[];
  planningHorizon?: { start?: string; end?: string };
  comment?: string;
}
interface Bundle {
  type: string;
  link: { relation: string; url: string }[];
  entry?: { fullUrl: string; resource: Schedule }[];
}

let t: TestApp;
let system: System;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedFacilities(createHospitalsRepository(t.database.db));
  await clinicAt(t.app, t.database, t.config, FACILITY, 'A', 'อายุรกรรม');
  await clinicAt(t.app, t.database, t.config, FACILITY, 'K', 'กุมารเวช');
  system = await registerSystem(t.app, t.database, t.config, FACILITY, undefined, 'HIS ศิริราช');
  token = await tokenFor(t.app, t.config, system);
});
afterAll(() => t.close());

const create = async (overrides: Record<string, unknown> = {}) =>
  expectFhir(
    await fhir(t.app, 'POST', '/Schedule', { token, body: scheduleBody(overrides) }),
    201,
  ) as unknown as Schedule;

const search = async (query: string) =>
  expectFhir(await fhir(t.app, 'GET', `/Schedule?${query}`, { token }), 200) as unknown as Bundle;

describe('Schedule', () => {
  it('is created for a clinic by its letter, with the doctor and the deposit, and read back as it was kept', async () => {
    const body = scheduleBody({ planningHorizon: { start: '2031-01-01', end: '2031-03-31' }, comment: 'ช่วงเช้า' });
    const res = await fhir(t.app, 'POST', '/Schedule', { token, body });
    const created = expectFhir(res, 201) as unknown as Schedule;
    expect(res.headers.location).toBe(`${t.config.publicOrigin}/fhir/Schedule/${created.id}/_history/1`);
    expect(res.headers.etag).toBe('W/"1"');
    expect(created).toMatchObject({
      resourceType: 'Schedule',
      meta: { versionId: '1' },
      identifier: body.identifier,
      active: true,
      actor: [
        {
          type: 'HealthcareService',
          identifier: { system: CLINIC_IDENTIFIER_SYSTEM, value: 'A' },
          display: 'อายุรกรรม',
        },
        { type: 'Practitioner', display: 'นพ.สมชาย ใจดี' },
      ],
      extension: [{ url: DEPOSIT_EXTENSION, valueMoney: { value: 300, currency: 'THB' } }],
      planningHorizon: { start: '2031-01-01', end: '2031-03-31' },
      comment: 'ช่วงเช้า',
    });

    const read = await fhir(t.app, 'GET', `/Schedule/${created.id}`, { token });
    expect(expectFhir(read, 200)).toEqual(created);
    expect(read.headers.etag).toBe('W/"1"');
    expect(read.headers['last-modified']).toBe(new Date(created.meta.lastUpdated).toUTCString());

    // Kept as one row of the facility's, naming the clinic staff made.
    const [row] = await queryRows<{ queue_prefix: string; deposit_amount: number; doctor: string }>(
      t.database.db,
      sql`select c.queue_prefix, s.deposit_amount, s.doctor from system_schedules s join clinics c on c.id = s.clinic_id
          where s.id = ${created.id}`,
    );
    expect(row).toEqual({ queue_prefix: 'A', deposit_amount: 300, doctor: 'นพ.สมชาย ใจดี' });
  });

  it("takes the facility's own deposit when none is given, and names no doctor when none is", async () => {
    const created = await create({
      extension: undefined,
      actor: [{ type: 'HealthcareService', identifier: { system: CLINIC_IDENTIFIER_SYSTEM, value: 'K' } }],
    });
    const [facility] = await queryRows<{ deposit_amount: number }>(
      t.database.db,
      sql`select deposit_amount from facilities where stable_id = ${FACILITY}`,
    );
    expect(created.extension[0]!.valueMoney.value).toBe(facility!.deposit_amount);
    expect(created.actor).toEqual([
      { type: 'HealthcareService', identifier: { system: CLINIC_IDENTIFIER_SYSTEM, value: 'K' }, display: 'กุมารเวช' },
    ]);
  });

  it('is changed whole by PUT with the version read, one version on; a stale version is refused with 412', async () => {
    const created = await create();
    const changed = { ...scheduleBody(), id: created.id, identifier: created.identifier, comment: 'ย้ายห้อง' };
    const res = await fhir(t.app, 'PUT', `/Schedule/${created.id}`, {
      token,
      body: changed,
      headers: { 'if-match': 'W/"1"' },
    });
    const updated = expectFhir(res, 200) as unknown as Schedule;
    expect(res.headers.etag).toBe('W/"2"');
    expect(updated).toMatchObject({ meta: { versionId: '2' }, comment: 'ย้ายห้อง' });

    // Another system's copy, read at version 1, is now stale: nothing of it is kept.
    const stale = await fhir(t.app, 'PUT', `/Schedule/${created.id}`, {
      token,
      body: { ...changed, comment: 'ค่าเก่า' },
      headers: { 'if-match': 'W/"1"' },
    });
    expectOutcome(stale, 412, 'conflict', 'version_mismatch');
    const after = expectFhir(await fhir(t.app, 'GET', `/Schedule/${created.id}`, { token }), 200);
    expect(after).toMatchObject({ meta: { versionId: '2' }, comment: 'ย้ายห้อง' });

    // Without If-Match the change is taken as the latest.
    const unconditional = await fhir(t.app, 'PUT', `/Schedule/${created.id}`, { token, body: changed });
    expect(expectFhir(unconditional, 200)).toMatchObject({ meta: { versionId: '3' } });
  });

  it('refuses an update whose body names another id, or none', async () => {
    const created = await create();
    for (const id of [undefined, '3f2b8c1e-9a4d-4e6f-8b7a-2c5d1e0f9a8b']) {
      const res = await fhir(t.app, 'PUT', `/Schedule/${created.id}`, { token, body: { ...scheduleBody(), id } });
      expectOutcome(res, 400, 'invalid', 'id_mismatch');
    }
  });

  it('answers a conditional create naming an identifier it holds with that schedule (200), making none', async () => {
    const body = scheduleBody();
    const ifNoneExist = `identifier=${body.identifier[0]!.system}|${body.identifier[0]!.value}`;
    const first = await fhir(t.app, 'POST', '/Schedule', { token, body, headers: { 'if-none-exist': ifNoneExist } });
    const made = expectFhir(first, 201);
    const again = await fhir(t.app, 'POST', '/Schedule', { token, body, headers: { 'if-none-exist': ifNoneExist } });
    expect(expectFhir(again, 200).id).toBe(made.id);
    // Without the condition, the same identifier twice is a conflict, not a second schedule.
    expectOutcome(await fhir(t.app, 'POST', '/Schedule', { token, body }), 409, 'duplicate', 'identifier_taken');
    const [count] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from system_schedules where identifier_value = ${body.identifier[0]!.value}`,
    );
    expect(count!.n).toBe(1);
    // If-None-Exist names the schedule's own identifier, and nothing else.
    const other = await fhir(t.app, 'POST', '/Schedule', {
      token,
      body: scheduleBody(),
      headers: { 'if-none-exist': ifNoneExist },
    });
    expectOutcome(other, 400, 'invalid', 'invalid_if_none_exist');
    const notIdentifier = await fhir(t.app, 'POST', '/Schedule', {
      token,
      body,
      headers: { 'if-none-exist': 'active=true' },
    });
    expectOutcome(notIdentifier, 400, 'not-supported', 'invalid_if_none_exist');
  });

  it('refuses a clinic letter the facility has no clinic for', async () => {
    const res = await fhir(t.app, 'POST', '/Schedule', {
      token,
      body: scheduleBody({
        actor: [{ type: 'HealthcareService', identifier: { system: CLINIC_IDENTIFIER_SYSTEM, value: 'Z' } }],
      }),
    });
    const outcome = expectOutcome(res, 400, 'value', 'unknown_clinic');
    expect(outcome.issue[0]).toMatchObject({ expression: ['Schedule.actor'] });
  });

  it('refuses a body of another type, an unknown field or extension and a wrong value, naming each element', async () => {
    const wrongType = await fhir(t.app, 'POST', '/Schedule', { token, body: { resourceType: 'Patient' } });
    expectOutcome(wrongType, 400, 'invalid', 'wrong_resource_type');

    const res = await fhir(t.app, 'POST', '/Schedule', {
      token,
      body: scheduleBody({
        serviceType: [{ text: 'ตรวจสุขภาพ' }],
        active: 'yes',
        extension: [{ url: 'https://elsewhere.example/ext', valueString: 'x' }],
        planningHorizon: { start: '2031-02-30' },
      }),
    });
    const outcome = expectFhir(res, 400) as { issue: { code: string; expression: string[] }[] };
    expect(outcome.issue).toContainEqual(
      expect.objectContaining({ code: 'structure', expression: ['Schedule.serviceType'] }),
    );
    const where = outcome.issue.map((i) => i.expression[0]);
    expect(where).toEqual(
      expect.arrayContaining([
        'Schedule.serviceType',
        'Schedule.active',
        'Schedule.extension[0].url',
        'Schedule.planningHorizon.start',
      ]),
    );
    const missing = await fhir(t.app, 'POST', '/Schedule', { token, body: scheduleBody({ actor: undefined }) });
    expectOutcome(missing, 400, 'required', 'required');
    const none = await queryRows(t.database.db, sql`select 1 from system_schedules where comment = 'never'`);
    expect(none).toEqual([]);
  });

  it('is searched by identifier, by clinic letter, by planning horizon and by active, a page at a time', async () => {
    const mark = `search-${Date.now()}`;
    const ids: string[] = [];
    for (const [i, horizon] of [
      { start: '2031-05-01', end: '2031-05-31' },
      { start: '2031-06-01', end: '2031-06-30' },
      { start: '2031-05-15', end: '2031-07-15' },
    ].entries()) {
      const made = await create({
        identifier: [{ system: `https://his.hospital.example/${mark}`, value: `S${i}` }],
        planningHorizon: horizon,
        ...(i === 2 && {
          actor: [{ type: 'HealthcareService', identifier: { system: CLINIC_IDENTIFIER_SYSTEM, value: 'K' } }],
        }),
      });
      ids.push(made.id);
    }
    const mine = `identifier=${encodeURIComponent(`https://his.hospital.example/${mark}|`)}`;
    const idsOf = (bundle: Bundle) => (bundle.entry ?? []).map((e) => e.resource.id);

    expect(idsOf(await search(mine))).toEqual(ids);
    expect(idsOf(await search(`identifier=${encodeURIComponent(`https://his.hospital.example/${mark}|S1`)}`))).toEqual([
      ids[1],
    ]);
    expect(
      idsOf(await search(`${mine}&actor:identifier=${encodeURIComponent(`${CLINIC_IDENTIFIER_SYSTEM}|K`)}`)),
    ).toEqual([ids[2]]);
    expect(idsOf(await search(`${mine}&actor:identifier=A`))).toEqual([ids[0], ids[1]]);
    // A horizon holding all of May 20th, June, after July 1st.
    expect(idsOf(await search(`${mine}&date=ge2031-05-20&date=le2031-05-20`))).toEqual([ids[0], ids[2]]);
    expect(idsOf(await search(`${mine}&date=gt2031-06-30`))).toEqual([ids[2]]);
    expect(idsOf(await search(`${mine}&date=lt2031-05-10`))).toEqual([ids[0]]);
    expect(idsOf(await search(`${mine}&date=eq2031-06`))).toEqual([ids[1]]);
    expect(idsOf(await search(`${mine}&active=false`))).toEqual([]);

    // Two a page: the next link gives the rest, then none.
    const first = await search(`${mine}&_count=2`);
    expect(first.type).toBe('searchset');
    expect(idsOf(first)).toEqual(ids.slice(0, 2));
    expect(first.entry![0]!.fullUrl).toBe(`${t.config.publicOrigin}/fhir/Schedule/${ids[0]}`);
    const next = first.link.find((l) => l.relation === 'next')!.url;
    expect(next.startsWith(`${t.config.publicOrigin}/fhir/Schedule?`)).toBe(true);
    const second = await search(next.split('?')[1]!);
    expect(idsOf(second)).toEqual([ids[2]]);
    expect(second.link.find((l) => l.relation === 'next')).toBeUndefined();
  });

  it('refuses an unknown search parameter, a modifier it does not take and a malformed date, naming it', async () => {
    for (const query of [
      'status=free',
      'actor=Practitioner/1',
      'identifier:text=x',
      'date=2031-13-01',
      'date=ap2031',
    ]) {
      const res = await fhir(t.app, 'GET', `/Schedule?${query}`, { token });
      expect(res.statusCode, query).toBe(400);
      expectFhir(res);
    }
    expectOutcome(await fhir(t.app, 'GET', '/Schedule?_count=0', { token }), 400, 'invalid', 'invalid_search_value');
    expectOutcome(await fhir(t.app, 'GET', '/Schedule?_cursor=abc', { token }), 400, 'invalid', 'invalid_search_value');
  });

  it('is deleted (204), after which it is gone', async () => {
    const created = await create();
    expect(
      (await fhir(t.app, 'DELETE', `/Schedule/${created.id}`, { token, headers: { 'if-match': 'W/"2"' } })).statusCode,
    ).toBe(412);
    expect((await fhir(t.app, 'DELETE', `/Schedule/${created.id}`, { token })).statusCode).toBe(204);
    expectOutcome(await fhir(t.app, 'GET', `/Schedule/${created.id}`, { token }), 404, 'not-found', 'not_found');
    expectOutcome(await fhir(t.app, 'DELETE', `/Schedule/${created.id}`, { token }), 404, 'not-found', 'not_found');
  });

  it('makes the facility take bookings while it has an active schedule', async () => {
    const other = 'rajavithi-hospital';
    await clinicAt(t.app, t.database, t.config, other, 'A');
    const theirs = await registerSystem(t.app, t.database, t.config, other);
    const theirToken = await tokenFor(t.app, t.config, theirs);
    const takes = async () =>
      (
        await queryRows<{ takes_bookings: boolean }>(
          t.database.db,
          sql`select takes_bookings from facilities where stable_id = ${other}`,
        )
      )[0]!.takes_bookings;
    expect(await takes()).toBe(false);
    const made = expectFhir(await fhir(t.app, 'POST', '/Schedule', { token: theirToken, body: scheduleBody() }), 201);
    expect(await takes()).toBe(true);
    const off = { ...scheduleBody(), id: made.id, active: false };
    expectFhir(await fhir(t.app, 'PUT', `/Schedule/${made.id}`, { token: theirToken, body: off }), 200);
    expect(await takes()).toBe(false);
  });

  it("records every read and change in the facility's audit trail under the system's name", async () => {
    const created = await create();
    await fhir(t.app, 'GET', `/Schedule/${created.id}`, { token });
    await fhir(t.app, 'GET', `/Schedule?_count=1`, { token });
    await fhir(t.app, 'PUT', `/Schedule/${created.id}`, { token, body: { ...scheduleBody(), id: created.id } });
    await fhir(t.app, 'DELETE', `/Schedule/${created.id}`, { token });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/staff/facilities/${FACILITY}/audit?action=systems`,
      ...asStaff(await adminOf(t.app, t.database, t.config, FACILITY)),
    });
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().data as {
      action: string;
      member: unknown;
      role: unknown;
      system: { id: string; name: string } | null;
    }[];
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        'fhir_schedule.created',
        'fhir_schedule.read',
        'fhir_schedule.searched',
        'fhir_schedule.changed',
        'fhir_schedule.removed',
      ]),
    );
    for (const entry of entries) {
      expect(entry).toMatchObject({ member: null, role: null, system: { id: system.id, name: 'HIS ศิริราช' } });
    }
    const targets = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_events where target = ${created.id} order by at, id`,
    );
    expect(targets.map((r) => r.action)).toEqual([
      'fhir_schedule.created',
      'fhir_schedule.read',
      'fhir_schedule.changed',
      'fhir_schedule.removed',
    ]);
  });
});
