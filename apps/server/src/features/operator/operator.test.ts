import { parse } from 'promptparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApps, createTestApps, nextPhone, registerPatient } from '../../test/test-app.js';
import { aSlot, booked, openSchedule } from '../front-desk/front-desk-test-helpers.js';
import type { Facility } from '../hospitals/facility.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { importFacilities } from '../hospitals/import-facilities.js';
import { MOPH_REGISTRY_SOURCE } from '../hospitals/moph-registry.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { FACILITY, asStaff, enrolOperator, enrolStaff, queryRows } from '../staff/staff-test-helpers.js';
import { sql } from 'drizzle-orm';

/** A health post as the MOPH registry lists it, at its sub-district's point because its own was in another province. */
const registryPost: Facility = {
  stableId: 'moph-99901',
  mophCode: '99901',
  nameTh: 'โรงพยาบาลส่งเสริมสุขภาพตำบลบ้านทดสอบ',
  nameEn: 'โรงพยาบาลส่งเสริมสุขภาพตำบลบ้านทดสอบ',
  kind: 'health_promoting_hospital',
  ownership: 'public',
  address: null,
  subdistrict: 'ทดสอบ',
  district: 'เมืองน่าน',
  province: 'น่าน',
  postcode: null,
  lat: 18.78,
  lng: 100.77,
  phone: null,
  openingHours: null,
  schemes: ['ucs'],
  insurers: [],
  depositAmount: 0,
  promptpayId: null,
  positionFlag: 'other_province',
  mophType: '18',
  source: { name: MOPH_REGISTRY_SOURCE, ref: 'test', licence: 'MOPH open data' },
};
/** The same place listed a second time by hand, under a slightly different name and without its code. */
const handListedPost: Facility = {
  ...registryPost,
  stableId: 'ban-thotsop-health-post',
  mophCode: null,
  nameTh: 'รพ.สต.บ้านทดสอบ',
  nameEn: 'Ban Thotsop Health Post',
  positionFlag: null,
  mophType: null,
  source: { name: 'hand-listed', ref: 'test', licence: 'none' },
};

let t: TestApps;
/** Two app instances on one database, as two server processes. */
let app: TestApps['apps'][number];
let other: TestApps['apps'][number];
let operator: Awaited<ReturnType<typeof enrolOperator>>;
let admin: Awaited<ReturnType<typeof enrolStaff>>;

beforeAll(async () => {
  t = await createTestApps(2);
  [app, other] = t.apps;
  const hospitals = createHospitalsRepository(t.database.db);
  await seedFacilities(hospitals);
  await hospitals.upsert([registryPost, handListedPost]);
  operator = await enrolOperator(app, t.database, t.config);
  admin = await enrolStaff(app, t.database, t.config);
});
afterAll(() => t.close());

const as = (session: string) => asStaff(session);
const call = (method: 'GET' | 'PATCH' | 'PUT' | 'POST', url: string, payload?: object, session = operator.session) =>
  app.inject({ method, url: `/api/operator${url}`, ...(payload && { payload }), ...as(session) });
const directory = async (q: string) =>
  (await app.inject({ method: 'GET', url: `/api/hospitals?q=${encodeURIComponent(q)}` })).json().data as {
    id: string;
    nameTh: string;
    lat: number;
    positionFlag: string | null;
    openingHours: string | null;
    emergency24h: boolean;
  }[];

describe("the operator's console: who gets in", () => {
  it('lets in only operators: a stranger, a patient and a facility admin get nothing of /api/operator', async () => {
    const docs = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths as Record<
      string,
      Record<string, unknown>
    >;
    const operations = Object.entries(docs)
      .filter(([path]) => path.startsWith('/api/operator'))
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })));
    expect(operations.length).toBeGreaterThanOrEqual(8);
    const patient = (await registerPatient(app, nextPhone())).session;
    for (const { method, path } of operations) {
      const url = path.replace('{facilityId}', FACILITY);
      const body = method === 'GET' ? {} : { payload: {} };
      const stranger = await app.inject({ method: method as 'GET', url, ...body });
      expect([method, path, stranger.statusCode]).toEqual([method, path, 401]);
      const asPatient = await app.inject({
        method: method as 'GET',
        url,
        ...body,
        cookies: { klaimor_session: patient },
      });
      expect([method, path, asPatient.statusCode]).toEqual([method, path, 401]);
      const asAdmin = await app.inject({ method: method as 'GET', url, ...body, ...as(admin.session) });
      expect([method, path, asAdmin.statusCode, asAdmin.json().error.code]).toEqual([
        method,
        path,
        403,
        'operator_only',
      ]);
    }
    // And the operator is no facility's staff: no hospital's schedule or patients open to them.
    const schedule = await app.inject({
      method: 'GET',
      url: `/api/staff/facilities/${FACILITY}/schedule/templates`,
      ...as(operator.session),
    });
    expect(schedule.statusCode).toBe(404);
    const me = await app.inject({ method: 'GET', url: '/api/staff/me', ...as(operator.session) });
    expect(me.json().data[0]).toMatchObject({ operator: true, facilities: [] });
  });
});

describe('finding and correcting a facility', () => {
  it('finds any facility by name, MOPH code or province, and lists the flagged ones', async () => {
    const byCode = (await call('GET', '/facilities?q=99901')).json();
    expect(byCode.data.map((f: { id: string }) => f.id)).toEqual(['moph-99901']);
    const flagged = (await call('GET', '/facilities?flagged=true&q=น่าน')).json();
    expect(flagged.data).toEqual([
      expect.objectContaining({ id: 'moph-99901', positionFlag: 'other_province', promptPay: 'none', admins: 0 }),
    ]);
    const bad = await call('GET', '/facilities?kind=castle');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
  });

  it("corrects name, position, phone and hours; patients see it at once, and a new import leaves the operator's fields alone", async () => {
    const res = await call('PATCH', '/facilities/moph-99901', {
      nameTh: 'รพ.สต.บ้านทดสอบใหม่',
      position: { lat: 18.7765, lng: 100.7731 },
      phone: '054-710-000',
      openingHours: { kind: 'weekly', days: [{ weekday: 1, opens: '08:30', closes: '16:30' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      nameTh: 'รพ.สต.บ้านทดสอบใหม่',
      lat: 18.7765,
      positionFlag: null,
      phone: '054710000',
      corrected: ['nameTh', 'openingHours', 'phone', 'position'],
    });
    expect(await directory('บ้านทดสอบใหม่')).toEqual([
      expect.objectContaining({ id: 'moph-99901', lat: 18.7765, positionFlag: null }),
    ]);

    // The registry is imported again, with its own name and point and a new bed count: only the bed count changes.
    await importFacilities(createHospitalsRepository(t.database.db), [{ ...registryPost, beds: 10 }]);
    const after = (await call('GET', '/facilities/moph-99901')).json().data[0];
    expect(after).toMatchObject({ nameTh: 'รพ.สต.บ้านทดสอบใหม่', lat: 18.7765, positionFlag: null, phone: '054710000' });
    const [{ beds }] = await queryRows<{ beds: number }>(
      t.database.db,
      sql`select beds from facilities where stable_id = 'moph-99901'`,
    );
    expect(beds).toBe(10);

    const [audit] = await queryRows<{ role: string; action: string; target: string }>(
      t.database.db,
      sql`select role, action, target from audit_events where staff_member_id = ${operator.memberId}
        and action = 'operator.facility_corrected'`,
    );
    expect(audit).toEqual({
      role: 'operator',
      action: 'operator.facility_corrected',
      target: 'nameTh,openingHours,phone,position',
    });
  });

  it('sets a 24-hour emergency department apart from the hours; patients see both, an import keeps it, the log says what changed', async () => {
    const hospital = 'moph-99902';
    const communityHospital: Facility = {
      ...registryPost,
      stableId: hospital,
      mophCode: '99902',
      nameTh: 'โรงพยาบาลชุมชนเวรดึก',
      nameEn: 'Wen Duek Community Hospital',
      kind: 'community_hospital',
      mophType: '07',
      positionFlag: null,
    };
    await createHospitalsRepository(t.database.db).upsert([communityHospital]);
    const res = await call('PATCH', `/facilities/${hospital}`, {
      openingHours: { kind: 'weekly', days: [{ weekday: 1, opens: '08:00', closes: '16:00' }] },
      emergency24h: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({ emergency24h: true, corrected: ['emergency24h', 'openingHours'] });
    expect(await directory('ชุมชนเวรดึก')).toEqual([
      expect.objectContaining({ id: hospital, openingHours: 'Mo 08:00-16:00', emergency24h: true }),
    ]);

    // The registry, which says nothing of emergencies, is imported again: the operator's word stands.
    await importFacilities(createHospitalsRepository(t.database.db), [communityHospital]);
    expect((await call('GET', `/facilities/${hospital}`)).json().data[0].emergency24h).toBe(true);

    const [audit] = await queryRows<{ details: unknown }>(
      t.database.db,
      sql`select details from audit_events where staff_member_id = ${operator.memberId}
        and action = 'operator.facility_corrected' and target = 'emergency24h,openingHours'`,
    );
    expect(audit.details).toEqual({
      kind: 'settings',
      changes: [
        { field: 'openingHours', before: null, after: 'Mo 08:00-16:00' },
        { field: 'emergency24h', before: false, after: true },
      ],
    });
  });

  it('refuses an emergency department that is not yes or no, or at a pharmacy', async () => {
    const notBoolean = await call('PATCH', '/facilities/moph-99901', { emergency24h: 'yes' });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { emergency24h: 'invalid_choice' },
    });
    const pharmacy = await call('PATCH', '/facilities/boots-centralworld', { emergency24h: true });
    expect(pharmacy.statusCode).toBe(400);
    expect(pharmacy.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { emergency24h: 'invalid_choice' },
    });
    expect((await call('GET', '/facilities/boots-centralworld')).json().data[0].emergency24h).toBe(false);
  });

  it('refuses a point outside Thailand and an empty correction, changing nothing', async () => {
    const outside = await call('PATCH', '/facilities/moph-99901', { position: { lat: 35.68, lng: 139.69 } });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.fields).toHaveProperty(['position.lat']);
    expect((await call('PATCH', '/facilities/moph-99901', {})).statusCode).toBe(400);
    expect((await call('PATCH', '/facilities/no-such-place', { nameTh: 'x' })).statusCode).toBe(404);
  });
});

describe('duplicates and closed facilities', () => {
  it('merges a duplicate: it leaves the map, the kept one takes its code, and the next import does not bring it back', async () => {
    const res = await call('POST', '/facilities/moph-99901/merge', { into: 'ban-thotsop-health-post' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      hiddenReason: 'duplicate',
      mergedInto: { id: 'ban-thotsop-health-post' },
    });
    const kept = (await call('GET', '/facilities/ban-thotsop-health-post')).json().data[0];
    expect(kept).toMatchObject({ mophCode: '99901', hiddenReason: null });
    expect((await directory('บ้านทดสอบ')).map((f) => f.id)).toEqual(['ban-thotsop-health-post']);
    expect((await app.inject({ method: 'GET', url: '/api/hospitals/moph-99901' })).statusCode).toBe(404);

    const counts = await importFacilities(createHospitalsRepository(t.database.db), [registryPost]);
    expect(counts.merged).toBe(1);
    expect((await directory('บ้านทดสอบ')).map((f) => f.id)).toEqual(['ban-thotsop-health-post']);
  });

  it('refuses to merge a facility into itself, or one that has its own schedule and staff', async () => {
    const self = await call('POST', '/facilities/ban-thotsop-health-post/merge', { into: 'ban-thotsop-health-post' });
    expect(self.json().error.code).toBe('merge_target_invalid');
    const inUse = await call('POST', `/facilities/${FACILITY}/merge`, { into: 'ban-thotsop-health-post' });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.code).toBe('facility_in_use');
  });

  it('two merges of a pair in opposite directions at once, on two servers: exactly one is made', async () => {
    const hospitals = createHospitalsRepository(t.database.db);
    const a = { ...handListedPost, stableId: 'pair-a', nameTh: 'คลินิกคู่ ก' };
    const b = { ...handListedPost, stableId: 'pair-b', nameTh: 'คลินิกคู่ ข' };
    await hospitals.upsert([a, b]);
    const [ab, ba] = await Promise.all([
      app.inject({
        method: 'POST',
        url: '/api/operator/facilities/pair-a/merge',
        payload: { into: 'pair-b' },
        ...as(operator.session),
      }),
      other.inject({
        method: 'POST',
        url: '/api/operator/facilities/pair-b/merge',
        payload: { into: 'pair-a' },
        ...as(operator.session),
      }),
    ]);
    expect([ab.statusCode, ba.statusCode].sort()).toEqual([200, 409]);
    const hidden = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from facilities where stable_id in ('pair-a', 'pair-b') and hidden_at is not null`,
    );
    expect(hidden).toEqual([{ n: 1 }]);
  });

  it('hides a closed facility only once its appointments to come are gone, and shows it again', async () => {
    await openSchedule(app, admin.session);
    const patient = (await registerPatient(app, nextPhone())).session;
    await booked(app, patient, await aSlot(app, 3));
    const refused = await call('PUT', `/facilities/${FACILITY}/hidden`, { hidden: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'facility_has_appointments' });
    expect((await directory('ศิริราช')).map((f) => f.id)).toContain(FACILITY);

    const closed = await call('PUT', '/facilities/ban-thotsop-health-post/hidden', { hidden: true });
    expect(closed.json().data[0]).toMatchObject({ hiddenReason: 'closed' });
    expect(await directory('บ้านทดสอบ')).toEqual([]);
    const reopened = await call('PUT', '/facilities/ban-thotsop-health-post/hidden', { hidden: false });
    expect(reopened.json().data[0]).toMatchObject({ hiddenReason: null });
    expect((await directory('บ้านทดสอบ')).map((f) => f.id)).toEqual(['ban-thotsop-health-post']);
  });
});

describe('the PromptPay account for deposits', () => {
  const taxId = '0994000165510';

  it('refuses an id whose check digit is wrong, with the field named', async () => {
    const res = await call('PUT', '/facilities/ban-thotsop-health-post/promptpay', { promptPayId: '0994000165511' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ promptPayId: 'invalid_promptpay_id' });
  });

  it('shows an entered id back as the QR a patient would scan, and takes deposits to it only once verified', async () => {
    const entered = await call('PUT', '/facilities/ban-thotsop-health-post/promptpay', {
      promptPayId: '0-9940-00165-51-0',
    });
    expect(entered.statusCode, entered.body).toBe(200);
    const facility = entered.json().data[0];
    expect(facility).toMatchObject({ promptPay: 'pending', promptPayId: null, promptPayPending: { id: taxId } });
    const qr = parse(facility.promptPayPending.qrPayload);
    expect(qr?.getTagValue('29', '02')).toBe(taxId);

    const wrong = await call('POST', '/facilities/ban-thotsop-health-post/promptpay/verify', {
      promptPayId: '0105536000011',
    });
    expect(wrong.json().error.code).toBe('promptpay_changed');
    const verified = await call('POST', '/facilities/ban-thotsop-health-post/promptpay/verify', { promptPayId: taxId });
    expect(verified.json().data[0]).toMatchObject({
      promptPay: 'verified',
      promptPayId: taxId,
      promptPayPending: null,
    });

    const [row] = await queryRows<{ promptpay_id: string }>(
      t.database.db,
      sql`select promptpay_id from facilities where stable_id = 'ban-thotsop-health-post'`,
    );
    expect(row.promptpay_id).toBe(taxId);
  });
});

describe("a facility's first administrator", () => {
  it('is invited with a one-time link the operator passes on; the invitation is in the audit trail under the operator', async () => {
    const res = await call('POST', '/facilities/ban-thotsop-health-post/admins', {
      email: 'director@banthotsop.example',
      displayName: 'ผอ. รพ.สต.บ้านทดสอบ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { enrolmentLink } = res.json().data[0] as { enrolmentLink: string };
    const token = /\/staff\/enrol#(.+)$/.exec(enrolmentLink)![1];
    const enrolment = await app.inject({ method: 'GET', url: `/api/staff/enrolment/${token}` });
    expect(enrolment.json().data[0]).toMatchObject({ email: 'director@banthotsop.example' });
    const listed = (await call('GET', '/facilities?q=ban-thotsop')).json().data[0];
    expect(listed.admins).toBe(1);
    const granted = await queryRows<{ role: string }>(
      t.database.db,
      sql`select role from audit_events where staff_member_id = ${operator.memberId} and action = 'staff.role_granted'`,
    );
    expect(granted).toEqual([{ role: 'operator' }]);
  });
});

describe("the facility's own audit log", () => {
  it('shows its admin what the operator changed there, and in which role', async () => {
    const corrected = await call('PATCH', `/facilities/${FACILITY}`, { nameEn: 'Siriraj Hospital, Bangkok Noi' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const log = await app.inject({
      method: 'GET',
      url: `/api/staff/facilities/${FACILITY}/audit`,
      ...as(admin.session),
    });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().data).toContainEqual(
      expect.objectContaining({
        action: 'operator.facility_corrected',
        role: 'operator',
        member: expect.objectContaining({ id: operator.memberId }),
      }),
    );
  });
});
