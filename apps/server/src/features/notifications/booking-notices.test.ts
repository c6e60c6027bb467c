import { randomUUID } from 'node:crypto';
import { NotificationKind, bookingReference } from '@klaimor/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema.js';
import { type FakeOmise, startFakeOmise } from '../../test/fake-omise.js';
import { type TestApps, createTestApps, nextPhone, registerPatient } from '../../test/test-app.js';
import { createHospitalsRepository } from '../hospitals/hospitals.repository.js';
import { seedFacilities } from '../hospitals/seed-facilities.js';
import { addDemoSchedules } from '../schedules/demo-schedules.js';

/**
 * What booking tells the patient (a confirmation, a receipt for the deposit) and where every notification leads, on two
 * app instances sharing one database and one Omise stand-in: two deliveries of the same webhook at once on two servers
 * still make one confirmation and one receipt.
 */
const SECRET_KEY = 'skey_test_62notices0key00';
const HOSPITAL = 'siriraj-hospital';

let omise: FakeOmise;
let t: TestApps;
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  omise = await startFakeOmise(SECRET_KEY);
  t = await createTestApps(2, { PAYMENT_PROVIDER: 'omise', OMISE_SECRET_KEY: SECRET_KEY, OMISE_API_URL: omise.url });
  [a, b] = t.apps;
  await seedFacilities(createHospitalsRepository(t.database.db));
  await addDemoSchedules(t.database.db);
});
afterAll(async () => {
  await t.close();
  await omise.close();
});

const as = (session: string) => ({ cookies: { klaimor_session: session } });

interface Listed {
  id: string;
  kind: string;
  title: string;
  body: string;
  appointmentId: string | null;
  link: string;
}

async function inbox(session: string): Promise<Listed[]> {
  const res = await a.inject({ method: 'GET', url: '/api/notifications', ...as(session) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Listed[];
}

let slotIndex = 0;
async function nextSlot(): Promise<string> {
  const res = await a.inject({ method: 'GET', url: `/api/hospitals/${HOSPITAL}/slots` });
  const later = (res.json().data as { id: string; start: string }[]).filter(
    (s) => Date.parse(s.start) > Date.now() + 48 * 3_600_000,
  );
  return later[slotIndex++].id;
}

async function book(session: string): Promise<{ id: string; chargeId: string }> {
  const res = await a.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { 'idempotency-key': randomUUID() },
    payload: { hospitalId: HOSPITAL, slotId: await nextSlot(), symptoms: 'ไอ มีน้ำมูก', duration: '3 วัน' },
    ...as(session),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data[0].id as string;
  const charge = [...omise.charges.values()].find((c) => c.metadata.appointment_id === id)!;
  return { id, chargeId: charge.id };
}

const webhook = (app: FastifyInstance, chargeId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/omise/webhook',
    payload: {
      object: 'event',
      id: `evnt_test_${chargeId.slice(-12)}`,
      livemode: false,
      location: '/events/evnt_test',
      key: 'charge.complete',
      created_at: new Date().toISOString(),
      data: { object: 'charge', id: chargeId },
    },
  });

describe('booking tells the patient', () => {
  it('confirms the booking and sends the deposit receipt once, however many webhook deliveries arrive at once', async () => {
    const patient = (await registerPatient(a, nextPhone())).session;
    const { id, chargeId } = await book(patient);
    await a.sendReminders();
    expect(await inbox(patient)).toEqual([]);

    omise.markPaid(chargeId);
    const replies = await Promise.all([webhook(a, chargeId), webhook(b, chargeId), webhook(a, chargeId)]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const queued = await t.database.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(sql`${notifications.appointmentId} = ${id}`);
    expect(queued.map((n) => n.kind).sort()).toEqual(['booking_confirmed', 'deposit_receipt']);

    await Promise.all([a.sendReminders(), b.sendReminders()]);
    const reference = bookingReference(id);
    const told = await inbox(patient);
    expect(told).toHaveLength(2);
    expect(told).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'booking_confirmed',
          title: 'ยืนยันนัดตรวจคัดกรองแล้ว',
          body: expect.stringMatching(
            new RegExp(`^โรงพยาบาลศิริราช วัน.+ 25\\d\\d เวลา \\d\\d:\\d\\d น\\. เลขที่นัด ${reference} `),
          ),
          appointmentId: id,
          link: `/appointments/${id}`,
        }),
        expect.objectContaining({
          kind: 'deposit_receipt',
          title: 'ใบเสร็จเงินมัดจำ',
          body: expect.stringMatching(
            new RegExp(
              `^ได้รับเงินมัดจำ [\\d,]+ บาท ชำระเมื่อวัน.+ 25\\d\\d เวลา \\d\\d:\\d\\d น\\. สำหรับนัดที่โรงพยาบาลศิริราช เลขที่นัด ${reference} เลขอ้างอิงการชำระเงิน ${chargeId}$`,
            ),
          ),
          link: `/appointments/${id}`,
        }),
      ]),
    );
  });
});

describe('every notification leads to the screen it speaks of', () => {
  /** Written out by hand: the screens the app has, not a copy of the function under test. */
  const expected = (appointment: string, dependent: string): Record<NotificationKind, string> => ({
    dose: '/todo',
    appointment_tomorrow: `/appointments/${appointment}`,
    appointment_soon: `/appointments/${appointment}`,
    appointment_cancelled: `/appointments/${appointment}`,
    appointment_moved: `/appointments/${appointment}`,
    appointment_completed: `/history?visit=${appointment}`,
    record_corrected: `/history?visit=${appointment}`,
    refund: `/appointments/${appointment}`,
    booking_confirmed: `/appointments/${appointment}`,
    deposit_receipt: `/appointments/${appointment}`,
    missed_dose: `/todo?patient=${dependent}`,
    test: '/settings/notifications',
    result_released: '/results',
    message_reply: '/messages',
    refill: '/refills',
    reading_reminder: '/readings/new',
  });

  it('names the link of each kind in the centre', async () => {
    const { session, profile } = await registerPatient(a, nextPhone());
    const dependent = (await registerPatient(a, nextPhone())).profile.id as string;
    const { id: appointment } = await book(session);
    const userId = profile.id as string;
    const links = expected(appointment, dependent);
    const kinds = NotificationKind.options;
    await t.database.db.insert(notifications).values(
      kinds.map((kind, i) => ({
        userId,
        kind,
        dedupeKey: `links:${kind}:${userId}`,
        dueAt: new Date(Date.now() - i * 1000),
        sentAt: new Date(Date.now() - i * 1000),
        outcome: 'sent',
        title: kind,
        body: '',
        appointmentId: ['dose', 'missed_dose', 'test', 'reading_reminder'].includes(kind) ? null : appointment,
        aboutUserId: kind === 'missed_dose' ? dependent : null,
      })),
    );
    const listed = await inbox(session);
    expect(Object.fromEntries(listed.map((n) => [n.kind, n.link]))).toEqual(links);
  });
});
