import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../test/test-app.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { FACILITY, asStaff, enrolStaff, nextStaffEmail, queryRows } from '../staff/staff-test-helpers.js';

const url = (facility = FACILITY) => `/api/staff/facilities/${facility}/settings`;
const settings = {
  phone: '02-419-9999',
  openingHours: {
    kind: 'weekly',
    days: [1, 2, 3, 4, 5]
      .map((weekday) => ({ weekday, opens: '08:00', closes: '16:00' }))
      .concat({ weekday: 6, opens: '08:00', closes: '12:00' }),
  },
  emergency24h: true,
  schemes: ['ucs', 'sss'],
  insurers: ['AIA', 'Thai Life'],
  depositAmount: 300,
};

let t: TestApp;
let admin: Awaited<ReturnType<typeof enrolStaff>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedFacilities(createHospitalsRepository(t.database.db));
  admin = await enrolStaff(t.app, t.database, t.config);
});
afterAll(() => t.close());

const put = (payload: object, facility = FACILITY, session = admin.session) =>
  t.app.inject({ method: 'PUT', url: url(facility), payload, ...asStaff(session) });
/** The facility as patients find it by name on the map. */
const directoryEntry = async (stableId = FACILITY, name = 'ศิริราช') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/hospitals?q=${encodeURIComponent(name)}` });
  return (
    res.json().data as {
      id: string;
      phone: string | null;
      openingHours: string | null;
      emergency24h: boolean;
      schemes: string[];
      insurers: string[];
      depositAmount: number;
    }[]
  ).find((h) => h.id === stableId)!;
};

describe("a facility's settings", () => {
  it('reads what the directory holds: the outpatient hours (none listed) and the 24-hour emergency department apart', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(), ...asStaff(admin.session) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      id: FACILITY,
      nameTh: 'โรงพยาบาลศิริราช',
      kind: 'hospital',
      phone: '024197000',
      openingHours: { kind: 'not_stated' },
      openingHoursText: null,
      emergency24h: true,
      schemes: ['ucs', 'sss', 'csmbs', 'lgo'],
      depositAmount: 200,
      receivesDeposits: true,
    });
  });

  it("saves them, and patients finding the hospital on the map see the change at once, in the directory's syntax", async () => {
    const before = (await t.app.inject({ method: 'GET', url: url(), ...asStaff(admin.session) })).json().data[0];
    const res = await put(settings);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      phone: '024199999',
      openingHours: settings.openingHours,
      openingHoursText: null,
      schemes: ['ucs', 'sss'],
      insurers: ['AIA', 'Thai Life'],
      depositAmount: 300,
    });
    expect(await directoryEntry()).toMatchObject({
      phone: '024199999',
      openingHours: 'Mo-Fr 08:00-16:00; Sa 08:00-12:00',
      schemes: ['ucs', 'sss'],
      insurers: ['AIA', 'Thai Life'],
      depositAmount: 300,
    });
    const audited = await queryRows<{ action: string; role: string; details: unknown }>(
      t.database.db,
      sql`select action, role, details from audit_events where staff_member_id = ${admin.memberId} and action = 'facility.settings_changed'`,
    );
    // The trail says what changed, each setting before and after, hours as the directory keeps them.
    expect(audited).toEqual([
      {
        action: 'facility.settings_changed',
        role: 'admin',
        details: {
          kind: 'settings',
          changes: [
            { field: 'phone', before: '024197000', after: '024199999' },
            { field: 'openingHours', before: null, after: 'Mo-Fr 08:00-16:00; Sa 08:00-12:00' },
            { field: 'schemes', before: ['ucs', 'sss', 'csmbs', 'lgo'], after: ['ucs', 'sss'] },
            { field: 'insurers', before: before.insurers, after: ['AIA', 'Thai Life'] },
            { field: 'depositAmount', before: 200, after: 300 },
          ],
        },
      },
    ]);
  });

  it('keeps the 24-hour emergency department apart from the outpatient hours, for patients and in the trail', async () => {
    await put(settings);
    const closed = await put({ ...settings, emergency24h: false });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data[0]).toMatchObject({ emergency24h: false, openingHours: settings.openingHours });
    expect(await directoryEntry()).toMatchObject({
      openingHours: 'Mo-Fr 08:00-16:00; Sa 08:00-12:00',
      emergency24h: false,
    });
    const reopened = await put(settings);
    expect(reopened.json().data[0].emergency24h).toBe(true);
    expect(await directoryEntry()).toMatchObject({
      openingHours: 'Mo-Fr 08:00-16:00; Sa 08:00-12:00',
      emergency24h: true,
    });
    const audited = await queryRows<{ details: unknown }>(
      t.database.db,
      sql`select details from audit_events where staff_member_id = ${admin.memberId} and action = 'facility.settings_changed' order by at desc limit 2`,
    );
    expect(audited.map((a) => a.details)).toEqual([
      { kind: 'settings', changes: [{ field: 'emergency24h', before: false, after: true }] },
      { kind: 'settings', changes: [{ field: 'emergency24h', before: true, after: false }] },
    ]);
  });

  it('records only the settings that changed, and that nothing did when nothing did', async () => {
    await put(settings);
    await put({ ...settings, depositAmount: 0 });
    const audited = await queryRows<{ details: unknown }>(
      t.database.db,
      sql`select details from audit_events where staff_member_id = ${admin.memberId} and action = 'facility.settings_changed' order by at desc limit 2`,
    );
    expect(audited.map((a) => a.details)).toEqual([
      { kind: 'settings', changes: [{ field: 'depositAmount', before: 300, after: 0 }] },
      { kind: 'settings', changes: [] },
    ]);
    await put(settings);
  });

  it("keeps the hospital's own settings when the directory is seeded again, and still updates the facilities no admin has set", async () => {
    await put({ ...settings, phone: '1669', openingHours: { kind: 'always' }, emergency24h: false });
    await t.database.db.execute(
      sql`update facilities set phone = '020000000' where stable_id = 'ramathibodi-hospital'`,
    );

    await seedFacilities(createHospitalsRepository(t.database.db));

    expect(await directoryEntry()).toMatchObject({
      phone: '1669',
      openingHours: '24/7',
      emergency24h: false,
      schemes: ['ucs', 'sss'],
      depositAmount: 300,
    });
    expect((await directoryEntry('ramathibodi-hospital', 'รามาธิบดี')).phone).toBe('022011000');
  });

  it('shows hours it cannot draw as text, keeps them while the admin leaves hours unstated, and replaces them when they set new ones', async () => {
    await t.database.db.execute(
      sql`update facilities set opening_hours = 'Mo-Fr 08:00-12:00,13:00-16:00; PH off' where stable_id = ${FACILITY}`,
    );
    const read = (await t.app.inject({ method: 'GET', url: url(), ...asStaff(admin.session) })).json().data[0];
    expect(read).toMatchObject({
      openingHours: { kind: 'not_stated' },
      openingHoursText: 'Mo-Fr 08:00-12:00,13:00-16:00; PH off',
    });

    // Saving other settings with the hours left as the form shows them keeps them.
    const kept = await put({ ...settings, phone: '024190000', openingHours: { kind: 'not_stated' } });
    expect(kept.json().data[0]).toMatchObject({
      phone: '024190000',
      openingHoursText: 'Mo-Fr 08:00-12:00,13:00-16:00; PH off',
    });
    expect((await directoryEntry()).openingHours).toBe('Mo-Fr 08:00-12:00,13:00-16:00; PH off');

    const replaced = await put({ ...settings, openingHours: { kind: 'always' } });
    expect(replaced.json().data[0]).toMatchObject({ openingHours: { kind: 'always' }, openingHoursText: null });
  });

  it('refuses bad settings with the field, and changes nothing', async () => {
    const before = await directoryEntry();
    for (const [payload, field] of [
      [{ ...settings, phone: '12345' }, 'phone'],
      [
        { ...settings, openingHours: { kind: 'weekly', days: [{ weekday: 1, opens: '16:00', closes: '08:00' }] } },
        'openingHours.days.0.closes',
      ],
      [
        {
          ...settings,
          openingHours: {
            kind: 'weekly',
            days: [
              { weekday: 1, opens: '08:00', closes: '12:00' },
              { weekday: 1, opens: '13:00', closes: '16:00' },
            ],
          },
        },
        'openingHours.days',
      ],
      [{ ...settings, openingHours: { kind: 'weekly', days: [] } }, 'openingHours.days'],
      [{ ...settings, schemes: ['ucs', 'gold'] }, 'schemes.1'],
      [{ ...settings, insurers: ['AIA', 'AIA'] }, 'insurers'],
      [{ ...settings, depositAmount: -1 }, 'depositAmount'],
      [{ ...settings, depositAmount: 1.5 }, 'depositAmount'],
      [{ ...settings, emergency24h: 'yes' }, 'emergency24h'],
      [{ ...settings, emergency24h: undefined }, 'emergency24h'],
    ] as const) {
      const res = await put(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().error.fields), JSON.stringify(payload)).toEqual([field]);
    }
    expect(await directoryEntry()).toEqual(before);
  });

  it('takes a deposit only where a PromptPay account receives it, and never at a pharmacy', async () => {
    const clinic = 'police-general-hospital';
    const clinicAdmin = await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), {
      facility: clinic,
      role: 'admin',
    });
    await t.database.db.execute(
      sql`update facilities set promptpay_id = null, deposit_amount = 0 where stable_id = ${clinic}`,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: url(clinic), ...asStaff(clinicAdmin.session) })).json().data[0]
        .receivesDeposits,
    ).toBe(false);
    const refused = await put(settings, clinic, clinicAdmin.session);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('deposit_needs_promptpay');
    expect((await put({ ...settings, depositAmount: 0 }, clinic, clinicAdmin.session)).statusCode).toBe(200);

    const pharmacy = 'boots-centralworld';
    const pharmacist = await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), {
      facility: pharmacy,
      role: 'admin',
    });
    const atPharmacy = await put(settings, pharmacy, pharmacist.session);
    expect(atPharmacy.statusCode).toBe(400);
    expect(atPharmacy.json().error.fields).toEqual({ depositAmount: 'out_of_range' });
    const emergencyAtPharmacy = await put({ ...settings, depositAmount: 0 }, pharmacy, pharmacist.session);
    expect(emergencyAtPharmacy.statusCode).toBe(400);
    expect(emergencyAtPharmacy.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { emergency24h: 'invalid_choice' },
    });
    expect(
      (await put({ ...settings, depositAmount: 0, emergency24h: false }, pharmacy, pharmacist.session)).statusCode,
    ).toBe(200);
  });
});
