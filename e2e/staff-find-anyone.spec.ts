import { randomUUID } from 'node:crypto';
import { expect, test } from './support/fixtures';
import { newThaiId, onPhone, registerThroughApi, shotFitting } from './support/patient';
import { DEMO_FRONT_DESK, shotsAtBothWidths, signInStaff } from './support/staff';

const HOSPITAL = 'siriraj-hospital';
const PATIENT = { firstname: 'บุญมา', lastname: 'มาผิดวัน' };
const PATIENT_NAME = `${PATIENT.firstname} ${PATIENT.lastname}`;

const bangkokDate = (daysAhead: number) =>
  new Date(Date.now() + daysAhead * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Bangkok' });

test.use({ viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

test('a patient who comes a week early is found from today’s list by the booking reference; the desk reads the ID and scheme, enters the HN once, moves the booking, and the patient sees it all', async ({
  page: staff,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const patientContext = await browser.newContext(onPhone(baseURL));
  const patient = await patientContext.newPage();
  const thaiId = newThaiId();
  const hospitalNumber = `${String(Date.now()).slice(-6)}/69`;
  let reference = '';
  let appointmentId = '';

  await test.step('Given a patient booked and paid at Siriraj a week from now, with a gold-card scheme', async () => {
    await registerThroughApi(patient, { ...PATIENT, thai_id: thaiId });
    const day = bangkokDate(7);
    const slots = (await (await patient.request.get(`/api/hospitals/${HOSPITAL}/slots?from=${day}&to=${day}`)).json())
      .data as { id: string }[];
    const booked = await patient.request.post('/api/appointments', {
      headers: { 'idempotency-key': randomUUID() },
      data: { hospitalId: HOSPITAL, slotId: slots[0].id, symptoms: 'ปวดเข่าเวลาเดิน', duration: '1 เดือน' },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const {
      id,
      status,
      reference: ref,
    } = (await booked.json()).data[0] as {
      id: string;
      status: string;
      reference: string;
    };
    reference = ref;
    appointmentId = id;
    if (status === 'awaiting_deposit')
      expect((await patient.request.post(`/api/dev/payments/${id}/paid`)).ok()).toBe(true);
    const scheme = await patient.request.post('/api/coverage', {
      data: { kind: 'public', scheme: 'ucs', registeredFacility: 'รพ.สต.บ้านใหม่' },
    });
    expect(scheme.status(), await scheme.text()).toBe(201);
  });

  await test.step('Today, the desk types the reference: not today, but found a week ahead', async () => {
    await signInStaff(staff, DEMO_FRONT_DESK);
    await staff.getByRole('searchbox', { name: 'ค้นหาผู้ป่วย' }).fill(reference.toLowerCase());
    const elsewhere = staff.getByRole('region', { name: 'พบในวันอื่น 1 นัด' });
    await expect(elsewhere).toContainText(PATIENT_NAME);
    await expect(elsewhere).toContainText(reference);
    await expect(staff.getByText('ไม่พบในวันที่เลือก แต่พบนัดหมายในวันอื่นด้านล่าง')).toBeVisible();
    await shotsAtBothWidths(staff, 'staff-find-1-other-day');
  });

  await test.step('In English the same search reads in English', async () => {
    await staff.getByRole('button', { name: 'EN: Switch to English' }).click();
    await expect(staff.getByRole('region', { name: 'Found on other days: 1 appointment' })).toContainText(PATIENT_NAME);
    await shotsAtBothWidths(staff, 'staff-find-2-other-day-english');
    await staff.getByRole('button', { name: 'ไทย: เปลี่ยนเป็นภาษาไทย' }).click();
  });

  await test.step('Opening it goes to that day; the desk reads the ID number and scheme and enters the HN', async () => {
    await staff
      .getByRole('region', { name: 'พบในวันอื่น 1 นัด' })
      .getByRole('button', { name: new RegExp(PATIENT_NAME) })
      .click();
    const dialog = staff.getByRole('dialog', { name: PATIENT_NAME });
    const registration = dialog.getByRole('region', { name: 'ข้อมูลลงทะเบียนโรงพยาบาล' });
    await registration.getByRole('button', { name: 'แสดงเลขประจำตัว ที่อยู่ และสิทธิการรักษา' }).click();
    const printedId = `${thaiId[0]}-${thaiId.slice(1, 5)}-${thaiId.slice(5, 10)}-${thaiId.slice(10, 12)}-${thaiId[12]}`;
    await expect(registration).toContainText(printedId);
    await expect(registration).toContainText('บัตรทอง (สปสช.)');
    await expect(registration).toContainText('หน่วยบริการ: รพ.สต.บ้านใหม่');
    await registration.getByRole('textbox', { name: /^HN/ }).fill(hospitalNumber.toLowerCase());
    await registration.getByRole('button', { name: 'บันทึก HN' }).click();
    await expect(registration.getByRole('status')).toContainText(`บันทึก HN ${hospitalNumber} แล้ว`);
    await shotsAtBothWidths(staff, 'staff-find-3-registration');
    await dialog.getByRole('button', { name: 'ปิด' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: 'นัดหมายประจำวัน' })).toBeVisible();
  });

  await test.step('The patient asks for a later time that day: the desk moves them, the deposit with them', async () => {
    const before = (await (await patient.request.get(`/api/appointments/${appointmentId}`)).json()).data[0].start;
    await staff
      .getByRole('list', { name: 'รายชื่อผู้ป่วยที่นัดหมาย' })
      .getByRole('listitem')
      .filter({ hasText: PATIENT_NAME })
      .getByRole('button')
      .click();
    const dialog = staff.getByRole('dialog', { name: PATIENT_NAME });
    await dialog.getByRole('button', { name: 'ย้ายนัด' }).click();
    const form = staff.getByRole('dialog', { name: `ย้ายนัดของ ${PATIENT_NAME}` });
    await expect(form).toContainText('มัดจำที่ชำระไว้ 200 บาท ใช้กับนัดใหม่ได้เลย');
    await form.getByRole('radio', { disabled: false }).first().check();
    await shotsAtBothWidths(staff, 'staff-find-4-move');
    await form.getByRole('button', { name: 'ยืนยันย้ายนัด' }).click();
    await expect(dialog.getByText(`ย้ายนัดของ ${PATIENT_NAME} แล้ว ผู้ป่วยได้รับแจ้งเวลาใหม่`)).toBeVisible();
    await dialog.getByRole('button', { name: 'ปิด' }).click();

    const after = (await (await patient.request.get(`/api/appointments/${appointmentId}`)).json()).data[0];
    expect(after.status).toBe('booked');
    expect(new Date(after.start).getTime()).toBeGreaterThan(new Date(before).getTime());
    await patient.goto(`/appointments/${appointmentId}`);
    await expect(patient.getByText(/ชำระแล้ว|มัดจำ/).first()).toBeVisible();
    await shotFitting(patient, 'staff-find-5-patient-moved');
  });

  await test.step('Next time the HN alone finds the patient, and the list shows it', async () => {
    await staff.getByRole('button', { name: 'วันนี้' }).click();
    await staff.getByRole('searchbox', { name: 'ค้นหาผู้ป่วย' }).fill(hospitalNumber);
    await expect(staff.getByRole('region', { name: 'พบในวันอื่น 1 นัด' })).toContainText(
      `${PATIENT_NAME} · HN ${hospitalNumber}`,
    );
  });

  await test.step('The patient sees that the desk read their ID and scheme, and recorded their HN', async () => {
    await patient.goto('/my-data/access');
    await expect(patient.getByText('เปิดดูเลขประจำตัว ที่อยู่ และสิทธิการรักษาของคุณ เพื่อลงทะเบียนที่โรงพยาบาล')).toBeVisible();
    await expect(patient.getByText('บันทึกเลขประจำตัวผู้ป่วย (HN) ของคุณที่โรงพยาบาลนี้')).toBeVisible();
    await expect(patient.getByText('ย้ายนัดของคุณไปเวลาใหม่')).toBeVisible();
    await shotFitting(patient, 'staff-find-6-patient-access-log');
    await patientContext.close();
  });
});
