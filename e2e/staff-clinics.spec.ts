import { expect, test } from './support/fixtures';
import { tilePng } from './support/map-tiles';
import { onPhone, registerThroughApi, screenshot, shotFitting } from './support/patient';
import {
  DEMO_ADMIN,
  DEMO_CLINICIAN,
  DEMO_FRONT_DESK,
  sessionToday,
  shotsAtBothWidths,
  signInStaff,
  signOutStaff,
} from './support/staff';
import { unreadableText, useLargeText } from './support/text-fit';

const FACILITY = 'siriraj-hospital';
const CLINICS = `/api/staff/facilities/${FACILITY}/clinics`;

test.use({ viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

test('a hospital adds a clinic with its own letter; a patient books that clinic and is called by its queue number', async ({
  page: staff,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const session = await sessionToday();
  const patientContext = await browser.newContext(onPhone(baseURL));
  const patient = await patientContext.newPage();
  const tile = tilePng();
  await patient.route('**/*/*/*.png', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: tile }));
  // A clinic of this run: its own letter, the first the facility has not given yet.
  let letter = '';
  const clinicTh = `ทันตกรรม ${Date.now() % 100_000}`;
  let label = '';
  let sessionId = '';

  await test.step('The admin adds a clinic with its queue letter and a session of it seen by the demo doctor', async () => {
    await signInStaff(staff, DEMO_ADMIN);
    const existing = (await (await staff.request.get(CLINICS)).json()) as { data: { queuePrefix: string }[] };
    letter = 'BCDEFGHIJKLMNOPQRSTUVWXYZ'.split('').find((l) => !existing.data.some((c) => c.queuePrefix === l))!;
    await staff.goto('/staff/schedule?view=clinics');
    await staff.getByRole('button', { name: 'เพิ่มคลินิก' }).click();
    const dialog = staff.getByRole('dialog', { name: 'เพิ่มคลินิก' });
    const prefix = dialog.getByRole('textbox', { name: /^อักษรคิว/ });
    await expect(prefix).toHaveValue(letter);
    await dialog.getByRole('textbox', { name: /^ชื่อภาษาไทย/ }).fill(clinicTh);
    await dialog.getByRole('textbox', { name: /^ชื่อภาษาอังกฤษ/ }).fill('Dental');
    await shotFitting(staff, 'staff-clinics-01-add-clinic');
    await dialog.getByRole('button', { name: 'บันทึก' }).click();
    await expect(staff.getByText(`เพิ่มคลินิก${clinicTh}แล้ว`)).toBeVisible();
    const row = staff
      .getByRole('table', { name: 'คลินิกของสถานพยาบาล' })
      .getByRole('row', { name: new RegExp(clinicTh) });
    await expect(row).toContainText(letter);
    await shotsAtBothWidths(staff, 'staff-clinics-02-clinics');

    const clinics = (await (await staff.request.get(CLINICS)).json()) as {
      data: { id: string; queuePrefix: string }[];
    };
    const clinicId = clinics.data.find((c) => c.queuePrefix === letter)!.id;
    const members = (await (await staff.request.get(`/api/staff/facilities/${FACILITY}/staff`)).json()) as {
      data: { id: string; email: string }[];
    };
    const doctor = members.data.find((m) => m.email === DEMO_CLINICIAN.email)!;
    const added = await staff.request.post(`/api/staff/facilities/${FACILITY}/schedule/extra-sessions`, {
      data: { ...session, places: 4, depositAmount: 0, clinicId, clinicianMemberId: doctor.id },
    });
    expect(added.status(), await added.text()).toBe(201);
    sessionId = ((await added.json()) as { data: { id: string }[] }).data[0].id;
    await staff.goto('/staff/schedule');
    await expect(
      staff.getByRole('region', { name: 'รอบตรวจพิเศษ' }).getByRole('row').filter({ hasText: clinicTh }),
    ).toHaveCount(1);
    // The session form offers the clinics and the clinicians.
    await staff.getByRole('button', { name: 'เพิ่มรอบตรวจพิเศษ' }).click();
    const form = staff.getByRole('dialog', { name: 'เพิ่มรอบตรวจพิเศษ' });
    await form.getByRole('combobox', { name: 'คลินิก' }).selectOption({ label: `${letter} · ${clinicTh}` });
    await form.getByRole('combobox', { name: /^แพทย์ผู้ตรวจ/ }).selectOption({ label: DEMO_CLINICIAN.name });
    await shotFitting(staff, 'staff-clinics-03-session-form');
    await form.getByRole('button', { name: 'ยกเลิก' }).last().click();
    await signOutStaff(staff);
  });

  await test.step('A patient chooses the clinic on the map and books its time', async () => {
    await registerThroughApi(patient, { firstname: 'ฟันดี', lastname: 'ทดสอบคลินิก' });
    await patient.goto(`/?hospital=${FACILITY}`);
    const symptoms = patient.getByRole('textbox', { name: 'ระบุอาการเบื้องต้น' });
    const enter = patient.getByRole('button', { name: 'ระบุอาการ' });
    await expect(symptoms.or(enter)).toBeVisible({ timeout: 30_000 });
    if (await enter.isVisible()) await enter.click();
    await symptoms.fill('ปวดฟันกรามล่างขวา');
    await patient.getByRole('textbox', { name: 'ระยะเวลาที่พบอาการ' }).fill('2 วัน');
    const clinics = patient.getByRole('group', { name: 'เลือกคลินิกที่จะตรวจ' });
    await clinics.getByRole('button', { name: clinicTh }).click();
    await expect(clinics.getByRole('button', { name: clinicTh })).toHaveAttribute('aria-pressed', 'true');
    await patient
      .getByRole('radio', {
        name: new RegExp(`^${session.sessionStart}.*${DEMO_CLINICIAN.name.replace(/[()]/g, '\\$&')}`),
      })
      .first()
      .check();
    await shotFitting(patient, 'staff-clinics-04-patient-chooses-clinic');
    await patient.getByRole('button', { name: 'ส่งข้อมูล' }).click();
    await expect(patient.getByText('นัดหมายสำเร็จ')).toBeVisible();
  });

  await test.step('The desk narrows the day to the clinic and checks the patient in with its letter', async () => {
    await signInStaff(staff, DEMO_FRONT_DESK);
    await staff.getByRole('combobox', { name: 'คลินิก' }).selectOption({ label: `${letter} · ${clinicTh}` });
    const row = staff
      .getByRole('list', { name: 'รายชื่อผู้ป่วยที่นัดหมาย' })
      .getByRole('listitem')
      .filter({ hasText: 'ฟันดี ทดสอบคลินิก' });
    await expect(row).toHaveCount(1);
    await row.getByRole('button').click();
    const dialog = staff.getByRole('dialog', { name: 'ฟันดี ทดสอบคลินิก' });
    await expect(dialog).toContainText(clinicTh);
    await dialog.getByRole('button', { name: 'เช็กอิน' }).click();
    const checkedIn = dialog.getByText(new RegExp(`^เช็กอิน ฟันดี ทดสอบคลินิก แล้ว ได้คิวที่ (${letter}\\d{3})$`));
    await expect(checkedIn).toBeVisible();
    label = new RegExp(`(${letter}\\d{3})$`).exec((await checkedIn.textContent()) ?? '')![1];
    // The clinic's own queue: the first patient of a new clinic is number 1 whatever the others have given.
    expect(label).toBe(`${letter}001`);
    await dialog.getByRole('button', { name: 'พิมพ์บัตรคิว' }).click();
    const ticket = staff.getByRole('dialog', { name: 'บัตรคิว' });
    await expect(ticket).toContainText(`บัตรคิวหมายเลข${label}${clinicTh}`);
    await shotFitting(staff, 'staff-clinics-05-ticket');
    await ticket.getByRole('button', { name: 'ปิด' }).click();
    await dialog.getByRole('button', { name: 'ปิด' }).click();
    await shotsAtBothWidths(staff, 'staff-clinics-06-day-one-clinic');
    await signOutStaff(staff);
  });

  await test.step('The patient sees the queue number with the clinic’s letter, at 200% text too', async () => {
    await patient.getByRole('link', { name: 'สุขภาพของฉัน' }).click();
    await patient
      .getByRole('link', { name: /^ดูรายละเอียดนัดหมาย .*โรงพยาบาลศิริราช/ })
      .first()
      .click();
    await expect(patient.getByText(`คิวที่ ${label}`)).toBeVisible({ timeout: 15_000 });
    await expect(patient.getByText(clinicTh).first()).toBeVisible();
    await shotFitting(patient, 'staff-clinics-07-patient-queue');
    await useLargeText(patient);
    await patient.reload();
    await expect(patient.getByText(`คิวที่ ${label}`)).toBeVisible();
    await screenshot(patient, 'staff-clinics-08-patient-queue-200');
    expect.soft(await unreadableText(patient)).toEqual([]);
  });

  await test.step('The doctor sees their own sessions’ patients', async () => {
    await signInStaff(staff, DEMO_CLINICIAN);
    const own = staff.getByRole('switch', { name: 'เฉพาะรอบที่ฉันตรวจ' });
    await own.check();
    const list = staff.getByRole('list', { name: 'รายชื่อผู้ป่วยที่นัดหมาย' });
    await expect(list.getByRole('listitem').filter({ hasText: 'ฟันดี ทดสอบคลินิก' })).toHaveCount(1);
    // Only the sessions they see patients in: every row is of this run's clinic session or another they were named in.
    await shotsAtBothWidths(staff, 'staff-clinics-09-own-sessions');
    await own.uncheck();
    await signOutStaff(staff);
  });

  await test.step('The admin removes the session: its times are no longer offered, the patient keeps theirs', async () => {
    await signInStaff(staff, DEMO_ADMIN);
    const removed = await staff.request.delete(
      `/api/staff/facilities/${FACILITY}/schedule/extra-sessions/${sessionId}`,
    );
    expect(removed.status()).toBe(204);
    // With no times of its own left, patients are offered none of the clinic's (other journeys book this hospital too,
    // and the map offers a clinic to choose only among those with times).
    const offered = (await (await patient.request.get(`/api/hospitals/${FACILITY}/slots`)).json()) as {
      data: { clinic: { nameTh: string } }[];
    };
    expect(offered.data.length).toBeGreaterThan(0);
    expect(offered.data.filter((s) => s.clinic.nameTh === clinicTh)).toEqual([]);
    // The patient's own booking stands, on the map's card as on its page.
    await patient.goto(`/?hospital=${FACILITY}`);
    await expect(patient.getByText('นัดหมายสำเร็จ')).toBeVisible({ timeout: 30_000 });
  });
  await patientContext.close();
});
