import { type StaffRole, addDays, todayInBangkok } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  type TestApp,
  createTestApp,
  latestCode,
  nextPhone,
  registerPatient,
  registration,
} from '../../test/test-app.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { aSlot, booked, dayBase, openSchedule, slotIsNow } from '../front-desk/front-desk-test-helpers.js';
import { createStaffRepository } from './staff.repository.js';
import { messageForm } from '../messages/messages-test-helpers.js';
import { metformin, prescribedAtVisit } from '../refills/refills-test-helpers.js';
import { FACILITY, asStaff, enrolStaff, nextStaffEmail, queryRows } from './staff-test-helpers.js';

/**
 * Who may call each staff route of a facility. Every such route in the OpenAPI document must be listed here: a new
 * route fails this test until its roles are decided. The other roles get 403; a member of another facility, whatever
 * their roles there, gets 404; a patient's session gets 401.
 */
const OTHER_FACILITY = 'ramathibodi-hospital';
const base = `/api/staff/facilities/${FACILITY}/schedule`;
const inAWeek = () => addDays(todayInBangkok(), 7);
const template = {
  weekdays: [1, 2, 3, 4, 5],
  sessionStart: '08:00',
  sessionEnd: '09:00',
  slotMinutes: 30,
  places: 2,
  depositAmount: 0,
};
const extraSession = { sessionStart: '18:00', sessionEnd: '19:00', slotMinutes: 30, places: 2, depositAmount: 0 };

interface Call {
  url: string;
  payload?: object;
  headers?: Record<string, string>;
}
type Route = { allowed: StaffRole[]; success: number; call: () => Promise<Call> };

let t: TestApp;
let sessions: Record<StaffRole | 'elsewhere', string>;
let patient: string;
let patientPhone: string;
let patientId: string;
const patientsBase = `/api/staff/facilities/${FACILITY}/patients`;
const clinicsBase = `/api/staff/facilities/${FACILITY}/clinics`;
const messagesBase = `/api/staff/facilities/${FACILITY}/messages`;
/** A thread the patient started, with a photo, for the inbox's routes. */
let threadId: string;
let photoId: string;

/** A booking the desk made for the patient, its deposit paid in cash there. */
async function bookedAtDesk(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: dayBase,
    headers: { 'idempotency-key': randomUUID() },
    payload: { patientId, slotId: await aSlot(t.app, 4), symptoms: 'ไอ', duration: '2 วัน', deposit: 'paid' },
    ...asStaff(sessions.front_desk),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data[0].id;
}

/** A template of the facility made by its admin, for routes that change or remove one. */
async function newTemplate(kind: 'templates' | 'extra-sessions'): Promise<string> {
  const payload = kind === 'templates' ? template : { ...extraSession, onDate: inAWeek() };
  const res = await t.app.inject({ method: 'POST', url: `${base}/${kind}`, payload, ...asStaff(sessions.admin) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data[0].id;
}

/** A clinic of the facility made by its admin, each with a letter of its own, for routes that rename or remove one. */
let letters = 0;
const nextLetter = () => 'BCDEFGHIJKLMNOPQRSTUVWXYZ'[letters++];
async function newClinic(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: clinicsBase,
    payload: { queuePrefix: nextLetter(), nameTh: 'คลินิกทดสอบ', nameEn: 'Test clinic' },
    ...asStaff(sessions.admin),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data[0].id;
}

/** An allergy or a condition the facility's clinician recorded for a patient in care, for the routes that remove one. */
async function newBackgroundEntry(of: 'allergies' | 'conditions'): Promise<string> {
  const payload = of === 'allergies' ? allergy : { name: 'ความดันโลหิตสูง', icd10: 'I10' };
  const res = await t.app.inject({
    method: 'POST',
    url: `${dayBase}/${ready.today[0]}/${of}`,
    payload,
    ...asStaff(sessions.clinician),
  });
  expect(res.statusCode, res.body).toBe(201);
  const entries = res.json().data[0][of] as { id: string }[];
  return entries[entries.length - 1]!.id;
}
const allergy = { substance: 'ซัลฟา', category: 'medication', reaction: 'ผื่น', severity: 'moderate' };

let closingDay = 0;
async function closedDay(): Promise<string> {
  const date = addDays(todayInBangkok(), 10 + closingDay++);
  const res = await t.app.inject({
    method: 'POST',
    url: `${base}/closures`,
    payload: { date, reason: 'ปิด' },
    ...asStaff(sessions.admin),
  });
  expect(res.statusCode, res.body).toBe(201);
  return date;
}

/** Appointments made ready before the table runs, each route taking a fresh one per call. */
const ready: Record<'today' | 'checkedIn' | 'toComplete' | 'ended' | 'ahead' | 'toMove', string[]> = {
  today: [],
  checkedIn: [],
  toComplete: [],
  ended: [],
  ahead: [],
  toMove: [],
};
const take = (pool: keyof typeof ready) => {
  const id = ready[pool].pop();
  if (!id) throw new Error(`no ${pool} appointment left for the table`);
  return id;
};

/**
 * Visits recorded today, each with one prescription, one per correction route: only the clinician's call reaches
 * the correction, so each route corrects its own visit once.
 */
const recorded: { appointmentId: string; medicationId: string }[] = [];
const correction = { expectedVersion: 1, reason: 'แพทย์บันทึกขนาดยาผิด ต้องแก้ไข' };
const prescription = { drug: 'พาราเซตามอล', doses: { afterBreakfast: 1 }, days: 3 };

/** Refill requests of the patient's, by the step they wait at: each call of a refill route takes its own. */
const refills: Record<'waiting' | 'toPickUp' | 'toPost', string[]> = { waiting: [], toPickUp: [], toPost: [] };
const takeRefill = (pool: keyof typeof refills) => {
  const id = refills[pool].pop();
  if (!id) throw new Error(`no ${pool} refill left for the table`);
  return id;
};
const refillsBase = `/api/staff/facilities/${FACILITY}/refills`;

const ROUTES: Record<string, Route> = {
  'GET /api/staff/facilities/:facilityId/patients': {
    allowed: ['front_desk'],
    success: 200,
    call: async () => ({ url: `${patientsBase}?phone=${patientPhone}` }),
  },
  'POST /api/staff/facilities/:facilityId/patients/code': {
    allowed: ['front_desk'],
    success: 202,
    call: async () => ({ url: `${patientsBase}/code`, payload: { phone: nextPhone() } }),
  },
  'POST /api/staff/facilities/:facilityId/patients': {
    allowed: ['front_desk'],
    success: 201,
    call: async () => {
      const phone = nextPhone();
      const sent = await t.app.inject({
        method: 'POST',
        url: `${patientsBase}/code`,
        payload: { phone },
        ...asStaff(sessions.front_desk),
      });
      expect(sent.statusCode, sent.body).toBe(202);
      return { url: patientsBase, payload: { ...registration(phone), code: await latestCode(t.app, phone) } };
    },
  },
  'POST /api/staff/facilities/:facilityId/appointments': {
    allowed: ['front_desk'],
    success: 201,
    call: async () => ({
      url: dayBase,
      headers: { 'idempotency-key': randomUUID() },
      payload: { patientId, slotId: await aSlot(t.app, 4), symptoms: 'ไอ', duration: '2 วัน', deposit: 'waived' },
    }),
  },
  'POST /api/staff/facilities/:facilityId/appointments/:appointmentId/deposit-returned': {
    allowed: ['front_desk'],
    success: 200,
    call: async () => {
      const id = await bookedAtDesk();
      const cancelled = await t.app.inject({
        method: 'POST',
        url: `${dayBase}/${id}/cancel`,
        payload: { reason: 'แพทย์ติดประชุม' },
        ...asStaff(sessions.front_desk),
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      return { url: `${dayBase}/${id}/deposit-returned` };
    },
  },
  'GET /api/staff/facilities/:facilityId/appointments': {
    allowed: ['front_desk', 'clinician'],
    success: 200,
    call: async () => ({ url: dayBase }),
  },
  'GET /api/staff/facilities/:facilityId/appointments/search': {
    allowed: ['front_desk', 'clinician'],
    success: 200,
    call: async () => ({ url: `${dayBase}/search?q=${ready.ahead[0].slice(0, 8)}` }),
  },
  'GET /api/staff/facilities/:facilityId/appointments/:appointmentId/registration': {
    allowed: ['front_desk'],
    success: 200,
    call: async () => ({ url: `${dayBase}/${ready.ahead[0]}/registration` }),
  },
  'PUT /api/staff/facilities/:facilityId/appointments/:appointmentId/hospital-number': {
    allowed: ['front_desk'],
    success: 200,
    call: async () => ({ url: `${dayBase}/${ready.ahead[0]}/hospital-number`, payload: { hospitalNumber: 'HN-1' } }),
  },
  'POST /api/staff/facilities/:facilityId/appointments/:appointmentId/move': {
    allowed: ['front_desk'],
    success: 200,
    call: async () => ({ url: `${dayBase}/${take('toMove')}/move`, payload: { slotId: await aSlot(t.app, 5) } }),
  },
  'POST /api/staff/facilities/:facilityId/appointments/:appointmentId/check-in': {
    allowed: ['front_desk'],
    success: 200,
    call: async () => ({ url: `${dayBase}/${take('today')}/check-in` }),
  },
  'POST /api/staff/facilities/:facilityId/appointments/:appointmentId/start-consultation': {
    allowed: ['clinician'],
    success: 200,
    call: async () => ({ url: `${dayBase}/${take('checkedIn')}/start-consultation` }),
  },
  'GET /api/staff/facilities/:facilityId/appointments/:appointmentId/record': {
    allowed: ['clinician'],
    success: 200,
    call: async () => ({ url: `${dayBase}/${ready.today[0]}/record` }),
  },
  'POST /api/staff/facilities/:facilityId/appointments/:appointmentId/record/break-glass': {
    allowed: ['clinician'],
    success: 200,
    call: async () => ({
      url: `${dayBase}/${ready.ahead[0]}/record/break-glass`,
      payload: { reason: 'ผู้ป่วยโทรปรึกษาอาการแพ้ยาก่อนถึงวันนัด' },
    }),
  },
  'POST /api/staff/facilities/:facilityId/appointments/:appointmentId/allergies': {
    allowed: ['clinician'],
    success: 201,
    call: async () => ({ url: `${dayBase}/${ready.today[0]}/allergies`, payload: allergy }),
  },
  'GET /api/staff/facilities/:facilityId/appointments/:appointmentId/results': {
    allowed: ['clinician'],
    success: 200,
    call: async () => ({ url: `${dayBase}/${ready.today[0]}/results` }),
  },
  'GET /api/staff/facilities/:facilityId/appointments/:appointmentId/readings': {
    allowed: ['clinician'],
    success: 200,
    call: async () => ({ url: `${dayBase}/${ready.today[0]}/readings` }),
  },
  'POST /api/staff/facilities/:facilityId/appointments/:appointmentId/results': {
    allowed: ['clinician'],
    success: 201,
    call: async () => ({
      url: `${dayBase}/${ready.today[0]}/results`,
      payload: { takenOn: todayInBangkok(), results: [{ code: '4548-4', value: 7.2 }] },
    }),
  },
  'POST /api/staff/facilities/:facilityId/appointments/:appointmentId/results/release': {
    allowed: ['clinician'],
    success: 200,
    call: async () => ({ url: `${dayBase}/${ready.today[0]}/results/release`, payload: {} }),
  },
  'POST /api/staff/facilities/:facilityId/appointments/:appointmentId/conditions': {
    allowed: ['clinician'],
    success: 201,
    call: async () => ({ url: `${dayBase}/${ready.today[0]}/conditions`, payload: { name: 'โรคเกาต์', icd10: 'M10' } }),
  },
  'DELETE /api/staff/facilities/:facilityId/appointments/:appointmentId/allergies/:entryId': {
    allowed: ['clinician'],
    success: 200,
    call: async () => ({ url: `${dayBase}/${ready.today[0]}/allergies/${await newBackgroundEntry('allergies')}` }),
  },
  'DELETE /api/staff/facilities/:facilityId/appointments/:appointmentId/conditions/:entryId': {
    allowed: ['clinician'],
    success: 200,
    call: async () => ({ url: `${dayBase}/${ready.today[0]}/conditions/${await newBackgroundEntry('conditions')}` }),
  },
  'POST /api/staff/facilities/:facilityId/appointments/:appointmentId/complete': {
    allowed: ['clinician'],
    success: 200,
    call: async () => ({ url: `${dayBase}/${take('toComplete')}/complete`, payload: { findings: 'ไข้หวัด' } }),
  },
  'POST /api/staff/facilities/:facilityId/appointments/:appointmentId/visit/amend': {
    allowed: ['clinician'],
    success: 200,
    call: async () => ({
      url: `${dayBase}/${recorded[0].appointmentId}/visit/amend`,
      payload: { ...correction, findings: 'ไข้หวัดใหญ่' },
    }),
  },
  'POST /api/staff/facilities/:facilityId/appointments/:appointmentId/visit/entered-in-error': {
    allowed: ['clinician'],
    success: 200,
    call: async () => ({ url: `${dayBase}/${recorded[1].appointmentId}/visit/entered-in-error`, payload: correction }),
  },
  'POST /api/staff/facilities/:facilityId/appointments/:appointmentId/prescriptions/:medicationId/amend': {
    allowed: ['clinician'],
    success: 200,
    call: async () => ({
      url: `${dayBase}/${recorded[2].appointmentId}/prescriptions/${recorded[2].medicationId}/amend`,
      payload: { ...correction, prescription },
    }),
  },
  'POST /api/staff/facilities/:facilityId/appointments/:appointmentId/prescriptions/:medicationId/entered-in-error': {
    allowed: ['clinician'],
    success: 200,
    call: async () => ({
      url: `${dayBase}/${recorded[3].appointmentId}/prescriptions/${recorded[3].medicationId}/entered-in-error`,
      payload: correction,
    }),
  },
  'POST /api/staff/facilities/:facilityId/appointments/:appointmentId/no-show': {
    allowed: ['front_desk'],
    success: 200,
    call: async () => ({ url: `${dayBase}/${take('ended')}/no-show` }),
  },
  'POST /api/staff/facilities/:facilityId/appointments/:appointmentId/cancel': {
    allowed: ['front_desk'],
    success: 200,
    call: async () => ({ url: `${dayBase}/${take('ahead')}/cancel`, payload: { reason: 'แพทย์ไม่อยู่' } }),
  },
  'GET /api/staff/facilities/:facilityId/messages': {
    allowed: ['front_desk', 'clinician'],
    success: 200,
    call: async () => ({ url: messagesBase }),
  },
  'GET /api/staff/facilities/:facilityId/messages/counts': {
    allowed: ['front_desk', 'clinician'],
    success: 200,
    call: async () => ({ url: `${messagesBase}/counts` }),
  },
  'GET /api/staff/facilities/:facilityId/messages/members': {
    allowed: ['front_desk', 'clinician'],
    success: 200,
    call: async () => ({ url: `${messagesBase}/members` }),
  },
  'GET /api/staff/facilities/:facilityId/messages/:threadId': {
    allowed: ['front_desk', 'clinician'],
    success: 200,
    call: async () => ({ url: `${messagesBase}/${threadId}` }),
  },
  'GET /api/staff/facilities/:facilityId/messages/photos/:photoId': {
    allowed: ['front_desk', 'clinician'],
    success: 200,
    call: async () => ({ url: `${messagesBase}/photos/${photoId}` }),
  },
  'POST /api/staff/facilities/:facilityId/messages/:threadId/replies': {
    allowed: ['front_desk', 'clinician'],
    success: 201,
    call: async () => ({ url: `${messagesBase}/${threadId}/replies`, payload: { text: 'รับทราบค่ะ' } }),
  },
  'PUT /api/staff/facilities/:facilityId/messages/:threadId/assignee': {
    allowed: ['front_desk', 'clinician'],
    success: 200,
    call: async () => ({ url: `${messagesBase}/${threadId}/assignee`, payload: { memberId: null } }),
  },
  'PUT /api/staff/facilities/:facilityId/messages/:threadId/status': {
    allowed: ['front_desk', 'clinician'],
    success: 200,
    call: async () => ({ url: `${messagesBase}/${threadId}/status`, payload: { status: 'open' } }),
  },
  'GET /api/staff/facilities/:facilityId/refills': {
    allowed: ['clinician', 'pharmacist'],
    success: 200,
    call: async () => ({ url: `${refillsBase}?box=to_dispense` }),
  },
  'GET /api/staff/facilities/:facilityId/refills/counts': {
    allowed: ['clinician', 'pharmacist'],
    success: 200,
    call: async () => ({ url: `${refillsBase}/counts` }),
  },
  'POST /api/staff/facilities/:facilityId/refills/:refillId/approve': {
    allowed: ['clinician'],
    success: 200,
    call: async () => ({ url: `${refillsBase}/${takeRefill('waiting')}/approve`, payload: { days: 30 } }),
  },
  'POST /api/staff/facilities/:facilityId/refills/:refillId/decline': {
    allowed: ['clinician'],
    success: 200,
    call: async () => ({
      url: `${refillsBase}/${takeRefill('waiting')}/decline`,
      payload: { reason: 'ต้องมาตรวจเลือดก่อนรับยา' },
    }),
  },
  'POST /api/staff/facilities/:facilityId/refills/:refillId/ready': {
    allowed: ['pharmacist'],
    success: 200,
    call: async () => ({ url: `${refillsBase}/${takeRefill('toPickUp')}/ready` }),
  },
  'POST /api/staff/facilities/:facilityId/refills/:refillId/sent': {
    allowed: ['pharmacist'],
    success: 200,
    call: async () => ({
      url: `${refillsBase}/${takeRefill('toPost')}/sent`,
      payload: { carrier: 'thailand_post', trackingNumber: 'EB123456785TH' },
    }),
  },
  'GET /api/staff/facilities/:facilityId/clinics': {
    allowed: ['admin', 'front_desk', 'clinician'],
    success: 200,
    call: async () => ({ url: clinicsBase }),
  },
  'POST /api/staff/facilities/:facilityId/clinics': {
    allowed: ['admin'],
    success: 201,
    call: async () => ({
      url: clinicsBase,
      payload: { queuePrefix: nextLetter(), nameTh: 'ทันตกรรม', nameEn: 'Dental' },
    }),
  },
  'PUT /api/staff/facilities/:facilityId/clinics/:clinicId': {
    allowed: ['admin'],
    success: 200,
    call: async () => ({
      url: `${clinicsBase}/${await newClinic()}`,
      payload: { nameTh: 'ทันตกรรม', nameEn: 'Dental' },
    }),
  },
  'DELETE /api/staff/facilities/:facilityId/clinics/:clinicId': {
    allowed: ['admin'],
    success: 204,
    call: async () => ({ url: `${clinicsBase}/${await newClinic()}` }),
  },
  'GET /api/staff/facilities/:facilityId/schedule': {
    allowed: ['admin', 'front_desk'],
    success: 200,
    call: async () => ({ url: base }),
  },
  'GET /api/staff/facilities/:facilityId/schedule/slots': {
    allowed: ['admin', 'front_desk'],
    success: 200,
    call: async () => ({ url: `${base}/slots` }),
  },
  'POST /api/staff/facilities/:facilityId/schedule/templates': {
    allowed: ['admin'],
    success: 201,
    call: async () => ({ url: `${base}/templates`, payload: template }),
  },
  'PUT /api/staff/facilities/:facilityId/schedule/templates/:templateId': {
    allowed: ['admin'],
    success: 200,
    call: async () => ({ url: `${base}/templates/${await newTemplate('templates')}`, payload: template }),
  },
  'DELETE /api/staff/facilities/:facilityId/schedule/templates/:templateId': {
    allowed: ['admin'],
    success: 204,
    call: async () => ({ url: `${base}/templates/${await newTemplate('templates')}` }),
  },
  'POST /api/staff/facilities/:facilityId/schedule/extra-sessions': {
    allowed: ['admin'],
    success: 201,
    call: async () => ({ url: `${base}/extra-sessions`, payload: { ...extraSession, onDate: inAWeek() } }),
  },
  'PUT /api/staff/facilities/:facilityId/schedule/extra-sessions/:templateId': {
    allowed: ['admin'],
    success: 200,
    call: async () => ({
      url: `${base}/extra-sessions/${await newTemplate('extra-sessions')}`,
      payload: { ...extraSession, onDate: inAWeek() },
    }),
  },
  'DELETE /api/staff/facilities/:facilityId/schedule/extra-sessions/:templateId': {
    allowed: ['admin'],
    success: 204,
    call: async () => ({ url: `${base}/extra-sessions/${await newTemplate('extra-sessions')}` }),
  },
  'POST /api/staff/facilities/:facilityId/schedule/closures': {
    allowed: ['admin'],
    success: 201,
    call: async () => ({
      url: `${base}/closures`,
      payload: { date: addDays(todayInBangkok(), 20 + closingDay++), reason: 'ปิด' },
    }),
  },
  'POST /api/staff/facilities/:facilityId/schedule/closures/public-holidays': {
    allowed: ['admin'],
    success: 200,
    call: async () => ({
      url: `${base}/closures/public-holidays`,
      payload: { year: Number(todayInBangkok().slice(0, 4)) + 1 },
    }),
  },
  'DELETE /api/staff/facilities/:facilityId/schedule/closures/:date': {
    allowed: ['admin'],
    success: 204,
    call: async () => ({ url: `${base}/closures/${await closedDay()}` }),
  },
};
const staffBase = `/api/staff/facilities/${FACILITY}/staff`;
ROUTES['GET /api/staff/facilities/:facilityId/staff'] = {
  allowed: ['admin'],
  success: 200,
  call: async () => ({ url: staffBase }),
};
ROUTES['POST /api/staff/facilities/:facilityId/staff'] = {
  allowed: ['admin'],
  success: 201,
  call: async () => ({
    url: staffBase,
    payload: { email: nextStaffEmail(), displayName: 'ผู้ได้รับเชิญ', roles: ['clinician'] },
  }),
};
ROUTES['POST /api/staff/facilities/:facilityId/staff/:memberId/enrolment-link'] = {
  allowed: ['admin'],
  success: 201,
  call: async () => ({ url: `${staffBase}/${await invitedMember()}/enrolment-link` }),
};
ROUTES['POST /api/staff/facilities/:facilityId/staff/:memberId/unlock-sign-in'] = {
  allowed: ['admin'],
  success: 200,
  call: async () => ({ url: `${staffBase}/${await invitedMember()}/unlock-sign-in` }),
};
ROUTES['PUT /api/staff/facilities/:facilityId/staff/:memberId'] = {
  allowed: ['admin'],
  success: 200,
  call: async () => ({ url: `${staffBase}/${await invitedMember()}`, payload: { roles: ['front_desk'] } }),
};
ROUTES['DELETE /api/staff/facilities/:facilityId/staff/:memberId'] = {
  allowed: ['admin'],
  success: 204,
  call: async () => ({ url: `${staffBase}/${await invitedMember()}` }),
};
const settingsUrl = `/api/staff/facilities/${FACILITY}/settings`;
ROUTES['GET /api/staff/facilities/:facilityId/settings'] = {
  allowed: ['admin'],
  success: 200,
  call: async () => ({ url: settingsUrl }),
};
ROUTES['PUT /api/staff/facilities/:facilityId/settings'] = {
  allowed: ['admin'],
  success: 200,
  call: async () => ({
    url: settingsUrl,
    payload: {
      phone: null,
      openingHours: { kind: 'always' },
      emergency24h: false,
      schemes: ['ucs'],
      insurers: [],
      depositAmount: 0,
    },
  }),
};
ROUTES['GET /api/staff/facilities/:facilityId/audit'] = {
  allowed: ['admin'],
  success: 200,
  call: async () => ({ url: `/api/staff/facilities/${FACILITY}/audit` }),
};
ROUTES['GET /api/staff/facilities/:facilityId/audit/export'] = {
  allowed: ['admin'],
  success: 200,
  call: async () => ({ url: `/api/staff/facilities/${FACILITY}/audit/export` }),
};

const systemClientsBase = `/api/staff/facilities/${FACILITY}/system-clients`;
/** A hospital system's registration: a public key of its own and one scope. */
const systemClientBody = async () => {
  const { publicKey } = await generateKeyPair('ES384');
  return {
    name: 'HIS',
    jwks: { keys: [{ ...(await exportJWK(publicKey)), kid: randomUUID() }] },
    scopes: ['system/Slot.cruds'],
  };
};
ROUTES['GET /api/staff/facilities/:facilityId/system-clients'] = {
  allowed: ['admin'],
  success: 200,
  call: async () => ({ url: systemClientsBase }),
};
ROUTES['POST /api/staff/facilities/:facilityId/system-clients'] = {
  allowed: ['admin'],
  success: 201,
  call: async () => ({ url: systemClientsBase, payload: await systemClientBody() }),
};
ROUTES['POST /api/staff/facilities/:facilityId/system-clients/:systemClientId/disable'] = {
  allowed: ['admin'],
  success: 200,
  call: async () => ({ url: `${systemClientsBase}/${await registeredSystem()}/disable` }),
};
ROUTES['POST /api/staff/facilities/:facilityId/system-clients/:systemClientId/enable'] = {
  allowed: ['admin'],
  success: 200,
  call: async () => ({ url: `${systemClientsBase}/${await registeredSystem()}/enable` }),
};

const slotFeedBase = `/api/staff/facilities/${FACILITY}/slot-feed`;
/** A feed no server answers at (this machine's discard port): reading it records `unreachable`. */
const slotFeedBody = { manifestUrl: 'http://127.0.0.1:9/$bulk-publish' };
ROUTES['GET /api/staff/facilities/:facilityId/slot-feed'] = {
  allowed: ['admin'],
  success: 200,
  call: async () => ({ url: slotFeedBase }),
};
ROUTES['PUT /api/staff/facilities/:facilityId/slot-feed'] = {
  allowed: ['admin'],
  success: 200,
  call: async () => ({ url: slotFeedBase, payload: slotFeedBody }),
};
ROUTES['DELETE /api/staff/facilities/:facilityId/slot-feed'] = {
  allowed: ['admin'],
  success: 200,
  call: async () => ({ url: slotFeedBase }),
};
ROUTES['POST /api/staff/facilities/:facilityId/slot-feed/read'] = {
  allowed: ['admin'],
  success: 200,
  call: async () => {
    const set = await t.app.inject({
      method: 'PUT',
      url: slotFeedBase,
      payload: slotFeedBody,
      ...asStaff(sessions.admin),
    });
    expect(set.statusCode, set.body).toBe(200);
    return { url: `${slotFeedBase}/read` };
  },
};

/** A system the facility's admin registered, for the routes that disable or enable one. */
async function registeredSystem(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: systemClientsBase,
    payload: await systemClientBody(),
    ...asStaff(sessions.admin),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data[0].id;
}

/** Someone the facility's admin invited, for routes that change or remove a member. */
async function invitedMember(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: staffBase,
    payload: { email: nextStaffEmail(), displayName: 'ผู้ได้รับเชิญ', roles: ['clinician'] },
    ...asStaff(sessions.admin),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data[0].member.id;
}

const ROLES: StaffRole[] = ['admin', 'front_desk', 'clinician', 'pharmacist'];

beforeAll(async () => {
  t = await createTestApp();
  await seedFacilities(createHospitalsRepository(t.database.db));
  const enrol = async (role: StaffRole) =>
    (await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), { facility: FACILITY, role })).session;
  sessions = {
    admin: await enrol('admin'),
    front_desk: await enrol('front_desk'),
    clinician: await enrol('clinician'),
    pharmacist: await enrol('pharmacist'),
    elsewhere: '',
  };
  // A member holding every role at another facility: refused here by facility (404), never by role.
  const elsewhere = await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), {
    facility: OTHER_FACILITY,
    role: 'admin',
  });
  sessions.elsewhere = elsewhere.session;
  const staffRepository = createStaffRepository(t.database.db);
  const other = (await staffRepository.findFacilityByStableId(OTHER_FACILITY))!;
  for (const role of ['front_desk', 'clinician', 'pharmacist'] as const)
    await staffRepository.addRole(elsewhere.memberId, other.id, role);
  patientPhone = nextPhone();
  const registered = await registerPatient(t.app, patientPhone);
  patient = registered.session;
  patientId = registered.profile.id as string;

  // Each route is called once per role it refuses, once for the outsiders and once per role it allows: five at most.
  await openSchedule(t.app, sessions.admin, 50);
  const [todaySlot, endedSlot, aheadSlot] = [await aSlot(t.app, 2), await aSlot(t.app, 3), await aSlot(t.app, 4)];
  for (let i = 0; i < 5; i++) {
    ready.today.push(await booked(t.app, patient, todaySlot));
    ready.checkedIn.push(await booked(t.app, patient, todaySlot));
    ready.toComplete.push(await booked(t.app, patient, todaySlot));
    ready.ended.push(await booked(t.app, patient, endedSlot));
    ready.ahead.push(await booked(t.app, patient, aheadSlot));
    ready.toMove.push(await booked(t.app, patient, aheadSlot));
  }
  // The record routes read the first of these, which the routes taking one never reach.
  ready.ahead.push(await booked(t.app, patient, aheadSlot));
  ready.today.unshift(await booked(t.app, patient, todaySlot));
  const toRecord: string[] = [];
  for (let i = 0; i < 5; i++) toRecord.push(await booked(t.app, patient, todaySlot));
  const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/messages',
    ...(await messageForm({ facilityId: FACILITY, subject: 'ผื่น', text: 'มีผื่นที่แขน' }, [
      { name: 'rash.png', type: 'image/png', bytes: photo },
    ])),
    cookies: { klaimor_session: patient },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  threadId = sent.json().data[0].thread.id;
  photoId = sent.json().data[0].thread.messages[0].photos[0].id;
  await slotIsNow(t.database, todaySlot);
  await slotIsNow(t.database, endedSlot, -1);
  for (const id of [...ready.checkedIn, ...ready.toComplete, ...toRecord]) {
    const res = await t.app.inject({
      method: 'POST',
      url: `${dayBase}/${id}/check-in`,
      ...asStaff(sessions.front_desk),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  for (const appointmentId of toRecord) {
    const res = await t.app.inject({
      method: 'POST',
      url: `${dayBase}/${appointmentId}/complete`,
      payload: { findings: 'ไข้หวัด', prescriptions: [prescription] },
      ...asStaff(sessions.clinician),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [medication] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from medications where prescribed_in = ${appointmentId}`,
    );
    recorded.push({ appointmentId, medicationId: medication.id });
  }
  // Twenty long-term medicines running low, each asked for: waiting, or approved to pick up or to post.
  const longTerm = await prescribedAtVisit(
    t.app,
    t.database,
    { desk: sessions.front_desk, clinician: sessions.clinician, patient },
    Array.from({ length: 20 }, (_, i) => ({ ...metformin(5), drug: `ยาประจำ ${i + 1}`, atcCode: null })),
    // A day no other route books (the move takes a slot five days out).
    6,
  );
  const pools: (keyof typeof refills)[] = ['waiting', 'toPickUp', 'toPost'];
  for (const [i, medicationId] of Object.values(longTerm).entries()) {
    const pool = i < 10 ? 'waiting' : pools[1 + (i % 2)]!;
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/refills',
      payload: { medicationId, delivery: pool === 'toPost' ? 'post' : 'hospital_pharmacy' },
      cookies: { klaimor_session: patient },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().data[0].id as string;
    if (pool !== 'waiting') {
      const approved = await t.app.inject({
        method: 'POST',
        url: `${refillsBase}/${id}/approve`,
        payload: { days: 30 },
        ...asStaff(sessions.clinician),
      });
      expect(approved.statusCode, approved.body).toBe(200);
    }
    refills[pool].push(id);
  }
});
afterAll(() => t.close());

describe('staff permissions, route by route', () => {
  it('lists every staff route of a facility in the OpenAPI document, and no other', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths as Record<
      string,
      Record<string, unknown>
    >;
    const operations = Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/staff/facilities/'))
      .flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      );
    expect(operations.sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it.each(Object.entries(ROUTES))('%s', async (name, route) => {
    const method = name.split(' ')[0] as 'GET';
    const send = async (cookies: Record<string, string>, call?: Call) => {
      const { url, payload, headers } = call ?? (await route.call());
      return t.app.inject({ method, url, payload, headers, cookies });
    };

    for (const role of ROLES.filter((r) => !route.allowed.includes(r))) {
      const res = await send(asStaff(sessions[role]).cookies);
      expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
      expect(res.json().error.code).toBe('staff_forbidden');
    }
    const call = await route.call();
    const elsewhere = await send(asStaff(sessions.elsewhere).cookies, call);
    expect(elsewhere.statusCode, `another facility's admin: ${elsewhere.body}`).toBe(404);
    // The same call to their own facility passes the role check (it may find nothing there).
    const own = await send(asStaff(sessions.elsewhere).cookies, {
      ...call,
      url: call.url.replace(FACILITY, OTHER_FACILITY),
    });
    expect(own.statusCode, own.body).not.toBe(403);

    const asPatient = await send({ klaimor_session: patient }, call);
    expect(asPatient.statusCode).toBe(401);

    for (const role of route.allowed) {
      const res = await send(asStaff(sessions[role]).cookies);
      expect(res.statusCode, `${role}: ${res.body}`).toBe(route.success);
    }
  });
});
