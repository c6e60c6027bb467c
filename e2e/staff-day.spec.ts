import { CONSENT_VERSION } from '@klaimor/contracts';
import { expect, test, watchContentSecurityPolicy } from './support/fixtures';
import { tilePng } from './support/map-tiles';
import { latestCode, newPhone, newThaiId, onPhone, screenshot, shotFitting } from './support/patient';
import {
  DEMO_ADMIN,
  DEMO_CLINICIAN,
  DEMO_FRONT_DESK,
  sessionToday,
  signInStaff as signIn,
  signOutStaff,
} from './support/staff';

const ADMIN = DEMO_ADMIN;
const FRONT_DESK = DEMO_FRONT_DESK;
const CLINICIAN = DEMO_CLINICIAN;
const FACILITY = 'siriraj-hospital';
const DOCTOR = 'นพ.ทดสอบ ประจำวัน';
const PATIENT = { firstname: 'วันดี', lastname: 'ทดสอบคิว' };
const PATIENT_NAME = `${PATIENT.firstname} ${PATIENT.lastname}`;
const FINDINGS = 'คออักเสบจากเชื้อไวรัส ไม่ต้องใช้ยาปฏิชีวนะ';

test.use({ viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

test('a patient books today, is checked in and sees the queue, sees the clinician, and finds the visit and the medicine at home', async ({
  page: staff,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const session = await sessionToday();
  const patientContext = await browser.newContext(onPhone(baseURL));
  const patientViolations = await watchContentSecurityPolicy(patientContext);
  const patient = await patientContext.newPage();
  const tile = tilePng();
  await patient.route('**/*/*/*.png', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: tile }));
  const phone = newPhone();
  let queueNumber = '';

  await test.step('The admin adds an extra session for today', async () => {
    await signIn(staff, ADMIN);
    const added = await staff.request.post(`/api/staff/facilities/${FACILITY}/schedule/extra-sessions`, {
      data: { ...session, places: 4, clinician: DOCTOR, depositAmount: 300 },
    });
    expect(added.status(), await added.text()).toBe(201);
    await staff.reload();
    const extra = staff.getByRole('region', { name: 'รอบตรวจพิเศษ' });
    // Another journey of this run may have added a session at the same time: this one is the doctor's.
    await expect(
      extra
        .getByRole('row', { name: new RegExp(`${session.sessionStart}–${session.sessionEnd} น\\.`) })
        .filter({ hasText: DOCTOR }),
    ).toHaveCount(1);
    await shotFitting(staff, 'staff-day-01-admin-extra-session');
    await signOutStaff(staff);
  });

  await test.step('A patient registers, books that slot on the map and pays the deposit', async () => {
    const api = patient.request;
    expect((await api.post('/api/auth/otp', { data: { phone } })).status()).toBe(202);
    const code = await latestCode(api, phone);
    expect((await api.post('/api/auth/otp/verify', { data: { phone, code } })).ok()).toBe(true);
    const registered = await api.post('/api/users', {
      data: {
        phone,
        thai_id: newThaiId(),
        ...PATIENT,
        birthday: '1966-03-14',
        address: '12 ซอยวัดระฆัง',
        subdistrist: 'ศิริราช',
        district: 'บางกอกน้อย',
        province: 'กรุงเทพมหานคร',
        postcode: '10700',
        consent_version: CONSENT_VERSION,
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);

    await patient.goto('/?hospital=siriraj-hospital');
    const symptoms = patient.getByRole('textbox', { name: 'ระบุอาการเบื้องต้น' });
    const enter = patient.getByRole('button', { name: 'ระบุอาการ' });
    // The map's code and the hospital load first; a busy machine can take longer than one expect's default.
    await expect(symptoms.or(enter)).toBeVisible({ timeout: 30_000 });
    if (await enter.isVisible()) await enter.click();
    await symptoms.fill('เจ็บคอ ไอ มีไข้ต่ำๆ เจ็บหน้าอกเวลาไอ');
    await patient.getByRole('textbox', { name: 'ระยะเวลาที่พบอาการ' }).fill('3 วัน');
    await patient
      .getByRole('radio', { name: new RegExp(`${session.sessionStart}.*${DOCTOR}`) })
      .first()
      .check();
    const acknowledge = patient.getByRole('checkbox', { name: 'ฉันเข้าใจ และต้องการนัดตรวจคัดกรองต่อ' });
    if (await acknowledge.isVisible()) await acknowledge.check();
    await shotFitting(patient, 'staff-day-02-patient-books');
    await patient.getByRole('button', { name: 'ส่งข้อมูล' }).click();
    await expect(patient.getByText('300 บาท', { exact: true }).first()).toBeVisible();
    await patient.getByRole('button', { name: 'จำลองการชำระเงิน (โหมดพัฒนา)' }).click();
    await expect(patient.getByText('นัดหมายสำเร็จ')).toBeVisible();
    await expect(patient.getByText('ได้รับเงินมัดจำแล้ว')).toBeVisible();

    await patient.getByRole('link', { name: 'สุขภาพของฉัน' }).click();
    await patient
      .getByRole('link', { name: /^ดูรายละเอียดนัดหมาย .*โรงพยาบาลศิริราช/ })
      .first()
      .click();
    await expect(patient.getByRole('heading', { level: 1, name: 'รายละเอียดนัดหมาย' })).toBeVisible();
    await expect(patient.getByText(DOCTOR)).toBeVisible();
    await shotFitting(patient, 'staff-day-03-patient-appointment');
  });

  await test.step('The front desk finds the patient in today’s list and checks them in', async () => {
    await signIn(staff, FRONT_DESK);
    await expect(staff.getByRole('heading', { level: 1, name: 'นัดหมายวันนี้' })).toBeVisible();
    const list = staff.getByRole('list', { name: 'รายชื่อผู้ป่วยที่นัดหมาย' });
    const row = list.getByRole('listitem').filter({ hasText: PATIENT_NAME });
    await expect(row).toContainText(session.sessionStart);
    await expect(row).toContainText('ชำระแล้ว 300 บาท');
    await expect(row).toContainText('นัดหมายแล้ว');
    await expect(row.getByText('อาการเตือน')).toBeVisible();
    await expect(row).toContainText('เจ็บหน้าอก');
    await shotFitting(staff, 'staff-day-04-desk-list');
    await staff.setViewportSize({ width: 1024, height: 768 });
    await shotFitting(staff, 'staff-day-04-desk-list-1024');
    await staff.setViewportSize({ width: 390, height: 844 });
    await shotFitting(staff, 'staff-day-04-desk-list-phone');
    await staff.setViewportSize({ width: 1366, height: 768 });

    await staff.getByRole('searchbox', { name: 'ค้นหาผู้ป่วย' }).fill(phone);
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await row.getByRole('button').click();
    const dialog = staff.getByRole('dialog', { name: PATIENT_NAME });
    await expect(dialog.getByRole('button', { name: 'ไม่มาตามนัด' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'เรียกพบแพทย์' })).toHaveCount(0);
    await shotFitting(staff, 'staff-day-05-desk-appointment');
    await dialog.getByRole('button', { name: 'เช็กอิน' }).click();
    // The number carries the letter of the clinic the session is in (the general clinic: A).
    const checkedIn = dialog.getByText(new RegExp(`^เช็กอิน ${PATIENT_NAME} แล้ว ได้คิวที่ (A\\d{3})$`));
    await expect(checkedIn).toBeVisible();
    queueNumber = /(A\d{3})$/.exec((await checkedIn.textContent()) ?? '')![1];
    await expect(dialog.getByRole('status').first()).toContainText(`คิวที่${queueNumber}`);
    await shotFitting(staff, 'staff-day-06-desk-checked-in');

    // The queue ticket: on paper the ticket alone, in the app's Thai font, with the booking's QR.
    await staff.evaluate(() => {
      const counted = window as unknown as { printed: number };
      counted.printed = 0;
      window.print = () => (counted.printed += 1);
    });
    await dialog.getByRole('button', { name: 'พิมพ์บัตรคิว' }).click();
    const ticket = staff.getByRole('dialog', { name: 'บัตรคิว' });
    await expect(ticket).toContainText(`บัตรคิวหมายเลข${queueNumber}`);
    await expect(ticket).toContainText(`${PATIENT.firstname} ${PATIENT.lastname[0]}.`);
    await shotFitting(staff, 'staff-day-06b-queue-ticket');
    await ticket.getByRole('button', { name: 'พิมพ์' }).click();
    expect(await staff.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await staff.emulateMedia({ media: 'print' });
    const printed = staff.locator('body > .klaimor-printed-ticket');
    await expect(printed).toBeVisible();
    await expect(printed).toContainText(`บัตรคิวหมายเลข${queueNumber}`);
    await expect(staff.locator('#root')).toBeHidden();
    await expect(ticket).toBeHidden();
    expect(
      await printed
        .locator('p')
        .first()
        .evaluate((p) => getComputedStyle(p).fontFamily),
    ).toMatch(/Prompt/);
    await screenshot(staff, 'staff-day-06c-queue-ticket-printed');
    const pdf = await staff.pdf({ path: 'artifacts/e2e/staff-day-queue-ticket.pdf', width: '80mm', height: '160mm' });
    expect(pdf.byteLength).toBeGreaterThan(5_000);
    await staff.emulateMedia({ media: 'screen' });
    await ticket.getByRole('button', { name: 'ปิด' }).click();
    await dialog.getByRole('button', { name: 'ปิด' }).click();
    await expect(row).toContainText(`คิวที่ ${queueNumber}`);
    await signOutStaff(staff);
  });

  await test.step('The patient’s appointment page shows the queue number without a reload', async () => {
    await expect(patient.getByText(new RegExp(`คิวที่ ${queueNumber}`))).toBeVisible({ timeout: 15_000 });
    await shotFitting(patient, 'staff-day-07-patient-queue');
  });

  await test.step('The clinician calls the patient in, opens the record and records the visit with a prescription', async () => {
    await signIn(staff, CLINICIAN);
    await expect(staff.getByRole('tab', { name: 'ตารางออกตรวจ' })).toHaveCount(0);
    const row = staff
      .getByRole('list', { name: 'รายชื่อผู้ป่วยที่นัดหมาย' })
      .getByRole('listitem')
      .filter({ hasText: PATIENT_NAME });
    await expect(row).toContainText('เช็กอินแล้ว');
    await row.getByRole('button').click();
    const dialog = staff.getByRole('dialog', { name: PATIENT_NAME });
    await expect(dialog.getByRole('button', { name: 'เช็กอิน' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'ยกเลิกนัด' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'เรียกพบแพทย์' }).click();
    await expect(dialog.getByText(`เรียก ${PATIENT_NAME} พบแพทย์แล้ว`)).toBeVisible();
    await expect(dialog.getByText('กำลังพบแพทย์')).toBeVisible();

    await expect(dialog.getByText('การเปิดดูประวัติจะถูกบันทึกไว้ และผู้ป่วยจะเห็นว่าใครเปิดดูเมื่อใด')).toBeVisible();
    await dialog.getByRole('button', { name: 'เปิดดูประวัติผู้ป่วย' }).click();
    const record = dialog.getByRole('region', { name: 'ประวัติผู้ป่วย' });
    await expect(record).toContainText(PATIENT_NAME);
    await expect(record).toContainText('ไม่มียาที่ใช้อยู่');
    await shotFitting(staff, 'staff-day-08-clinician-record');

    await dialog.getByRole('button', { name: 'บันทึกผลการตรวจ' }).click();
    const form = staff.getByRole('dialog', { name: `บันทึกผลการตรวจ: ${PATIENT_NAME}` });
    // The record stays in view beside the form at a desktop's width.
    const beside = form.getByRole('region', { name: 'ประวัติผู้ป่วย' });
    await expect(beside).toContainText(PATIENT_NAME);
    const formPart = form.getByRole('region', { name: 'ผลการตรวจและยาที่สั่ง' });
    const [recordBox, formBox] = [await beside.boundingBox(), await formPart.boundingBox()];
    expect(recordBox!.x + recordBox!.width).toBeLessThanOrEqual(formBox!.x);
    expect(recordBox!.y).toBeLessThan(formBox!.y + 100);
    await form.getByRole('textbox', { name: /^ผลการตรวจ/ }).fill(FINDINGS);
    await form.getByRole('textbox', { name: /^รหัส ICD-10/ }).fill('J02.9');
    await form.getByRole('textbox', { name: /^คำแนะนำ/ }).fill('ดื่มน้ำอุ่นมากๆ พักผ่อนให้เพียงพอ ถ้าหายใจลำบากให้มาโรงพยาบาลทันที');
    await form.getByRole('button', { name: 'เพิ่มยา' }).click();
    const drug = form.getByRole('group', { name: 'ยารายการที่ 1' });
    await drug.getByRole('combobox', { name: /^ชื่อยา/ }).fill('Paracetamol');
    await staff.getByRole('option', { name: /^Paracetamol 500 mg · ยาเม็ด/ }).click();
    await expect(drug.getByRole('textbox', { name: /^ความแรง/ })).toHaveValue('500 mg');
    await drug.getByRole('textbox', { name: /^ความแรง/ }).fill('500 mg');
    await drug.getByRole('textbox', { name: 'หลังอาหารเช้า' }).fill('1');
    await drug.getByRole('textbox', { name: 'หลังอาหารเย็น' }).fill('1');
    await drug.getByRole('textbox', { name: /^จำนวนวัน/ }).fill('3');
    await drug.getByRole('textbox', { name: /^วิธีใช้เพิ่มเติม/ }).fill('ทานเมื่อมีไข้หรือเจ็บคอ');
    await shotFitting(staff, 'staff-day-09-visit-form');
    await staff.setViewportSize({ width: 390, height: 844 });
    await shotFitting(staff, 'staff-day-09-visit-form-phone');
    await staff.setViewportSize({ width: 1366, height: 768 });
    await form.getByRole('button', { name: 'บันทึกผลการตรวจ' }).click();
    await expect(form).toBeHidden();
    await expect(dialog.getByText(`บันทึกผลการตรวจของ ${PATIENT_NAME} แล้ว`, { exact: false })).toBeVisible();
    await expect(dialog.getByText('ตรวจเสร็จแล้ว')).toBeVisible();
    // The record open on the appointment now shows what was just saved.
    const updated = dialog.getByRole('region', { name: 'ประวัติผู้ป่วย' });
    await expect(updated).toContainText('Paracetamol 500 mg');
    await expect(updated).toContainText(FINDINGS);
    await shotFitting(staff, 'staff-day-10-visit-recorded');
    await dialog.getByRole('button', { name: 'ปิด' }).click();
    await signOutStaff(staff);
  });

  await test.step('At home the patient sees the visit, the medicine on today’s list, and who opened the record', async () => {
    await patient.goto('/history');
    await expect(patient.getByText(FINDINGS, { exact: false }).first()).toBeVisible();
    await shotFitting(patient, 'staff-day-11-patient-history');

    await patient.goto('/todo');
    await expect(patient.getByText('Paracetamol', { exact: false }).first()).toBeVisible();
    await shotFitting(patient, 'staff-day-12-patient-todo');

    await patient.goto('/my-data/access');
    await expect(patient.getByRole('heading', { level: 1, name: 'ใครเปิดดูข้อมูลของฉัน' })).toBeVisible();
    const opened = patient.getByRole('listitem').filter({ hasText: 'เปิดดูประวัติการรักษาและรายการยาของคุณ' });
    await expect(opened.first()).toContainText('แพทย์ (เดโม)');
    await shotFitting(patient, 'staff-day-13-patient-access-log');
  });

  await patientContext.close();
  expect(patientViolations, "Content-Security-Policy violations on the patient's pages").toEqual([]);
});
