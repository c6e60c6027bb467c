import JSONSchemaValidator from '@asymmetrik/fhir-json-schema-validator';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, nextPhone, registerPatient } from '../../test/test-app.js';
import { aSlot, booked, staffedFacility } from '../front-desk/front-desk-test-helpers.js';
import { FACILITY, asStaff, enrolStaff, nextStaffEmail, queryRows } from '../staff/staff-test-helpers.js';
import { type FormPhoto, messageForm } from './messages-test-helpers.js';

let t: TestApp;
let admin: string;
let desk: string;
let deskId: string;
let clinicianId: string;
let elsewhere: string;
let patient: string;
let stranger: string;

const inbox = `/api/staff/facilities/${FACILITY}/messages`;

const send = async (session: string, url: string, fields: Record<string, string>, photos: FormPhoto[] = []) =>
  t.app.inject({ method: 'POST', url, ...(await messageForm(fields, photos)), cookies: { klaimor_session: session } });
const get = (session: string, url: string) =>
  t.app.inject({ method: 'GET', url, cookies: { klaimor_session: session } });
const staff = (session: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, ...asStaff(session) });

const stored = async () =>
  (
    await queryRows<{ threads: number; messages: number; photos: number }>(
      t.database.db,
      sql`select (select count(*) from message_threads)::int as threads, (select count(*) from messages)::int as messages,
        (select count(*) from message_photos)::int as photos`,
    )
  )[0];

/** A phone photo: 3000 x 2000, with the place it was taken and the camera in its EXIF. */
const phonePhoto = async (): Promise<FormPhoto> => ({
  name: 'IMG_0001.jpg',
  type: 'image/jpeg',
  bytes: await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c88' } })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '13/1 45/1 0/1' },
    })
    .jpeg()
    .toBuffer(),
});

beforeAll(async () => {
  t = await createTestApp();
  let clinician: string;
  ({ admin, desk, clinician } = await staffedFacility(t));
  void clinician;
  const ids = await queryRows<{ id: string; email: string }>(
    t.database.db,
    sql`select m.id, m.email from staff_members m join staff_roles r on r.member_id = m.id
      where r.role in ('front_desk', 'clinician') order by r.role desc`,
  );
  deskId = ids[0].id;
  clinicianId = ids[1].id;
  elsewhere = (
    await enrolStaff(t.app, t.database, t.config, nextStaffEmail(), {
      facility: 'police-general-hospital',
      role: 'front_desk',
    })
  ).session;
  patient = (await registerPatient(t.app, nextPhone())).session;
  stranger = (await registerPatient(t.app, nextPhone())).session;
});
afterAll(() => t.close());

describe('messages with the care team', () => {
  it('are only for a facility where the patient has been seen or booked: elsewhere 403, nothing stored', async () => {
    expect((await get(patient, '/api/messages/facilities')).json().data).toEqual([]);
    const res = await send(patient, '/api/messages', { facilityId: FACILITY, subject: 'สอบถามยา', text: 'ยาหมดแล้ว' });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.code).toBe('messages_not_allowed');
    expect(await stored()).toEqual({ threads: 0, messages: 0, photos: 0 });
  });

  it('lists the facility once booked there, with the reply time its admin states', async () => {
    await booked(t.app, patient, await aSlot(t.app, 2));
    const current = (await staff(admin, 'GET', `/api/staff/facilities/${FACILITY}/settings`)).json().data[0];
    const { phone, openingHours, emergency24h, schemes, insurers, depositAmount } = current;
    const saved = await staff(admin, 'PUT', `/api/staff/facilities/${FACILITY}/settings`, {
      ...{ phone, openingHours, emergency24h, schemes, insurers, depositAmount },
      replyWithinHours: 24,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data[0].replyWithinHours).toBe(24);
    expect((await get(patient, '/api/messages/facilities')).json().data).toEqual([
      { id: FACILITY, nameTh: 'โรงพยาบาลศิริราช', nameEn: expect.any(String), replyWithinHours: 24 },
    ]);
  });

  it('refuses bad input with a clear 4xx, storing nothing', async () => {
    const fields = { facilityId: FACILITY, subject: 'ผื่นที่แขน', text: 'มีผื่นขึ้นที่แขนค่ะ' };
    const png = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#fff' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
    const cases: [string, Promise<Awaited<ReturnType<typeof send>>>, number, string, string?][] = [
      [
        'text too long',
        send(patient, '/api/messages', { ...fields, text: 'ก'.repeat(2001) }),
        400,
        'validation_failed',
        'text',
      ],
      ['no subject', send(patient, '/api/messages', { ...fields, subject: '' }), 400, 'validation_failed', 'subject'],
      [
        'an unknown field',
        send(patient, '/api/messages', { ...fields, urgent: 'yes' }),
        400,
        'validation_failed',
        'urgent',
      ],
      [
        'a PDF named as a photo',
        send(patient, '/api/messages', fields, [
          { name: 'x.jpg', type: 'image/jpeg', bytes: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF') },
        ]),
        400,
        'photo_not_allowed',
      ],
      [
        'an SVG labelled PNG',
        send(patient, '/api/messages', fields, [
          {
            name: 'x.png',
            type: 'image/png',
            bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
          },
        ]),
        400,
        'photo_not_allowed',
      ],
      [
        'a GIF',
        send(patient, '/api/messages', fields, [{ name: 'x.gif', type: 'image/gif', bytes: Buffer.from('GIF89a') }]),
        400,
        'photo_not_allowed',
      ],
      [
        'an image bomb: a small PNG of 10,000 x 10,000 pixels',
        png(10_000, 10_000).then((bytes) =>
          send(patient, '/api/messages', fields, [{ name: 'b.png', type: 'image/png', bytes }]),
        ),
        413,
        'photo_too_large',
      ],
      [
        'a file over 5 MB',
        send(patient, '/api/messages', fields, [
          { name: 'big.jpg', type: 'image/jpeg', bytes: Buffer.alloc(5 * 1024 * 1024 + 1, 1) },
        ]),
        413,
        'photo_too_large',
      ],
      [
        'four photos',
        png(10, 10).then((bytes) =>
          send(
            patient,
            '/api/messages',
            fields,
            [1, 2, 3, 4].map((n) => ({ name: `${n}.png`, type: 'image/png', bytes })),
          ),
        ),
        400,
        'too_many_photos',
      ],
      [
        'JSON instead of a form',
        t.app.inject({ method: 'POST', url: '/api/messages', payload: fields, cookies: { klaimor_session: patient } }),
        415,
        'bad_request',
      ],
    ];
    for (const [name, request, status, code, field] of cases) {
      const res = await request;
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json().error.code, name).toBe(code);
      if (field) expect(res.json().error.fields, name).toHaveProperty(field);
    }
    expect(await stored()).toEqual({ threads: 0, messages: 0, photos: 0 });
  });

  let threadId: string;
  let photoId: string;

  it('sends a question with a photo kept as pixels only: upright, at most 1600 pixels a side, no EXIF', async () => {
    const res = await send(
      patient,
      '/api/messages',
      { facilityId: FACILITY, subject: 'ผื่นที่แขน', text: 'มีผื่นแดงขึ้นที่แขนหลังทานยาใหม่ค่ะ' },
      [await phonePhoto()],
    );
    expect(res.statusCode, res.body).toBe(201);
    const { thread, redFlags } = res.json().data[0];
    expect(redFlags).toEqual([]);
    expect(thread).toMatchObject({ subject: 'ผื่นที่แขน', status: 'open', lastFrom: 'patient', unread: false });
    expect(thread.messages).toEqual([
      expect.objectContaining({
        from: 'patient',
        byCaregiver: false,
        photos: [{ id: expect.any(String), width: 1600, height: 1067 }],
      }),
    ]);
    threadId = thread.id;
    photoId = thread.messages[0].photos[0].id;
    const image = await get(patient, `/api/messages/photos/${photoId}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    // Health data: kept in no cache along the way, as every API reply.
    expect(image.headers['cache-control']).toBe('no-store');
    const kept = await sharp(image.rawPayload).metadata();
    expect(kept).toMatchObject({ format: 'jpeg', width: 1600, height: 1067 });
    expect(kept.exif).toBeUndefined();
    expect(image.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it("keeps another patient's thread and photos, and another facility's inbox, out of reach (404)", async () => {
    expect((await get(stranger, `/api/messages/${threadId}`)).statusCode).toBe(404);
    expect((await get(stranger, `/api/messages/photos/${photoId}`)).statusCode).toBe(404);
    expect((await send(stranger, `/api/messages/${threadId}`, { text: 'สวัสดี' })).statusCode).toBe(404);
    expect((await get(stranger, '/api/messages')).json().data).toEqual([]);
    const base = '/api/staff/facilities/police-general-hospital/messages';
    expect((await staff(elsewhere, 'GET', `${base}/${threadId}`)).statusCode).toBe(404);
    expect((await staff(elsewhere, 'GET', `${base}/photos/${photoId}`)).statusCode).toBe(404);
    expect((await staff(elsewhere, 'POST', `${base}/${threadId}/replies`, { text: 'x' })).statusCode).toBe(404);
    expect((await staff(elsewhere, 'GET', base)).json().data).toEqual([]);
    // And the admin, who runs the facility but does not answer patients.
    expect((await staff(admin, 'GET', inbox)).statusCode).toBe(403);
    expect(await stored()).toMatchObject({ threads: 1, messages: 1 });
  });

  it('answers an emergency at once with the red flags, and puts the thread first in the inbox', async () => {
    const res = await send(patient, '/api/messages', {
      facilityId: FACILITY,
      subject: 'แน่นหน้าอก',
      text: 'แม่เจ็บหน้าอกมาก หายใจไม่ออก เหงื่อแตก ตอนนี้ทำอย่างไรดีคะ',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data[0].redFlags.map((f: { id: string }) => f.id)).toContain('chest_pain');
    const listed = (await staff(desk, 'GET', inbox)).json().data;
    expect(listed.map((th: { subject: string; redFlag: boolean }) => [th.subject, th.redFlag])).toEqual([
      ['แน่นหน้าอก', true],
      ['ผื่นที่แขน', false],
    ]);
    expect(listed[0]).toMatchObject({ awaitingReply: true, assignedTo: null, patient: { name: expect.any(String) } });
    expect((await staff(desk, 'GET', `${inbox}/counts`)).json().data[0]).toEqual({ unassigned: 2, mine: 0 });
  });

  it('a member opens, answers and takes the thread; the patient is told, reads it, and sees who read it', async () => {
    const opened = await staff(desk, 'GET', `${inbox}/${threadId}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data[0].messages[0]).toMatchObject({ redFlags: [], photos: [expect.any(Object)] });
    expect((await staff(desk, 'GET', `${inbox}/photos/${photoId}`)).headers['content-type']).toBe('image/jpeg');

    const replied = await staff(desk, 'POST', `${inbox}/${threadId}/replies`, {
      text: 'ผื่นอาจเกิดจากยาใหม่ หยุดยาไว้ก่อนและมาพบแพทย์ในวันพรุ่งนี้นะคะ',
    });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(replied.json().data[0]).toMatchObject({
      assignedTo: { id: deskId },
      awaitingReply: false,
      lastFrom: 'staff',
    });
    expect((await staff(desk, 'GET', `${inbox}/counts`)).json().data[0]).toEqual({ unassigned: 1, mine: 0 });
    expect((await staff(desk, 'GET', `${inbox}?box=mine`)).json().data.map((th: { id: string }) => th.id)).toEqual([
      threadId,
    ]);

    const notices = await queryRows<{ kind: string; title: string; body: string }>(
      t.database.db,
      sql`select kind, title, body from notifications where kind = 'message_reply'`,
    );
    // The words stay in the app.
    expect(notices).toEqual([
      { kind: 'message_reply', title: 'โรงพยาบาลศิริราชตอบข้อความของคุณแล้ว', body: 'เปิดแอปใกล้หมอเพื่ออ่านข้อความจากทีมดูแล' },
    ]);

    const before = (await get(patient, '/api/messages')).json().data;
    expect(before.find((th: { id: string }) => th.id === threadId)).toMatchObject({ unread: true, lastFrom: 'staff' });
    const read = (await get(patient, `/api/messages/${threadId}`)).json().data[0];
    expect(read.messages.map((m: { from: string }) => m.from)).toEqual(['patient', 'staff']);
    expect(read.messages[1].authorName).not.toBe('');
    expect(
      (await get(patient, '/api/messages')).json().data.find((th: { id: string }) => th.id === threadId).unread,
    ).toBe(false);

    const log = (await get(patient, '/api/my-data/access-log')).json().data as { action: string }[];
    expect(log.map((e) => e.action)).toEqual(
      expect.arrayContaining(['message.read', 'message.replied', 'patient.listed']),
    );
  });

  it('gives the thread to a clinician, marks it done, and the patient writing again opens it', async () => {
    const members = (await staff(desk, 'GET', `${inbox}/members`)).json().data.map((m: { id: string }) => m.id);
    expect(members).toEqual(expect.arrayContaining([deskId, clinicianId]));
    const notHere = await staff(desk, 'PUT', `${inbox}/${threadId}/assignee`, {
      memberId: '00000000-0000-4000-8000-000000000000',
    });
    expect(notHere.statusCode).toBe(400);
    const given = await staff(desk, 'PUT', `${inbox}/${threadId}/assignee`, { memberId: clinicianId });
    expect(given.json().data[0].assignedTo.id).toBe(clinicianId);
    const done = await staff(desk, 'PUT', `${inbox}/${threadId}/status`, { status: 'done' });
    expect(done.json().data[0].status).toBe('done');
    expect((await staff(desk, 'GET', `${inbox}?box=all`)).json().data.map((th: { id: string }) => th.id)).not.toContain(
      threadId,
    );
    expect((await staff(desk, 'GET', `${inbox}?box=all&status=done`)).json().data[0].id).toBe(threadId);

    const again = await send(patient, `/api/messages/${threadId}`, { text: 'หยุดยาแล้ว ผื่นลดลงค่ะ' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data[0].thread).toMatchObject({ status: 'open', lastFrom: 'patient' });
    const audited = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_events where target = ${threadId} order by at`,
    );
    expect(audited.map((a) => a.action)).toEqual([
      'message.read',
      'message.replied',
      'message.assigned',
      'message.status_changed',
    ]);
  });

  it("are in the patient's FHIR export as Communications, the photo's JPEG inline", async () => {
    const res = await get(patient, '/api/my-data/fhir');
    expect(res.statusCode).toBe(200);
    const bundle = res.json();
    expect(new JSONSchemaValidator().validate(bundle, true)).toEqual([]);
    const sent = (bundle.entry as { resource: Record<string, unknown> }[])
      .map((e) => e.resource)
      .filter((r) => r.resourceType === 'Communication') as {
      topic: { text: string };
      sender: { reference?: string; display?: string };
      payload: { contentString?: string; contentAttachment?: { contentType: string; data: string } }[];
    }[];
    const rash = sent.filter((c) => c.topic.text === 'ผื่นที่แขน');
    expect(rash).toHaveLength(3);
    expect(rash[0].payload[0].contentString).toBe('มีผื่นแดงขึ้นที่แขนหลังทานยาใหม่ค่ะ');
    const attached = rash[0].payload[1].contentAttachment!;
    expect(attached.contentType).toBe('image/jpeg');
    expect((await sharp(Buffer.from(attached.data, 'base64')).metadata()).width).toBe(1600);
    expect(rash[1].sender.display).toEqual(expect.any(String));
  });
});
