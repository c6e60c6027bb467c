import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { registerThroughApi, shotFitting } from './support/patient';
import { useLargeText } from './support/text-fit';
import { DEMO_ADMIN, DEMO_CLINICIAN, DEMO_FRONT_DESK, shotsAtBothWidths, signInStaff as signIn } from './support/staff';

const ADMIN = DEMO_ADMIN;
const FRONT_DESK = DEMO_FRONT_DESK;
const CLINICIAN = DEMO_CLINICIAN;
const HOSPITAL = 'siriraj-hospital';
const PATIENT = { firstname: 'ประนอม', lastname: 'นอกนัด' };
const PATIENT_NAME = `${PATIENT.firstname} ${PATIENT.lastname}`;
const REASON = 'ผู้ป่วยโทรแจ้งว่าแพ้ยา ต้องตรวจสอบรายการยาก่อนถึงวันนัด';

const bangkokDate = (daysAhead: number) =>
  new Date(Date.now() + daysAhead * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Bangkok' });

/** Chooses a day in the day list's day / month / year fields. */
async function chooseDay(page: Page, iso: string): Promise<void> {
  const [year, month, day] = iso.split('-').map(Number);
  const monthName = new Intl.DateTimeFormat('th-TH', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
  await page.getByRole('combobox', { name: 'ปี พ.ศ.' }).selectOption(String(year + 543));
  await page.getByRole('combobox', { name: 'เดือน' }).selectOption({ label: monthName });
  await page.getByRole('combobox', { name: 'วัน', exact: true }).selectOption(String(day));
}

test.use({ viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

test('a clinician opens the record of a patient not in care only with a reason, which the patient reads and the admin sees flagged', async ({
  page: staff,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const day = bangkokDate(4);
  const patientContext = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const patient = await patientContext.newPage();

  await test.step('Given a patient booked and paid at Siriraj in four days', async () => {
    await registerThroughApi(patient, PATIENT);
    const slots = (await (await patient.request.get(`/api/hospitals/${HOSPITAL}/slots?from=${day}&to=${day}`)).json())
      .data as { id: string }[];
    const booked = await patient.request.post('/api/appointments', {
      headers: { 'idempotency-key': randomUUID() },
      data: { hospitalId: HOSPITAL, slotId: slots[0].id, symptoms: 'ผื่นขึ้นหลังกินยา', duration: '2 วัน' },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { id, status } = (await booked.json()).data[0] as { id: string; status: string };
    if (status === 'awaiting_deposit')
      expect((await patient.request.post(`/api/dev/payments/${id}/paid`)).ok()).toBe(true);
  });

  await test.step('When the clinician opens that appointment today, the record asks for a reason first', async () => {
    await signIn(staff, CLINICIAN);
    await chooseDay(staff, day);
    const row = staff
      .getByRole('list', { name: 'รายชื่อผู้ป่วยที่นัดหมาย' })
      .getByRole('listitem')
      .filter({ hasText: PATIENT_NAME });
    await row.getByRole('button').click();
    const dialog = staff.getByRole('dialog', { name: PATIENT_NAME });
    await dialog.getByRole('button', { name: 'เปิดดูประวัติผู้ป่วย' }).click();
    const record = dialog.getByRole('region', { name: 'ประวัติผู้ป่วย' });
    await expect(record.getByText('ผู้ป่วยรายนี้ไม่ได้อยู่ในการดูแลวันนี้')).toBeVisible();
    await expect(record).not.toContainText('กรุ๊ปเลือด');
    await shotsAtBothWidths(staff, 'staff-care-1-reason-asked');

    const reason = record.getByRole('textbox', { name: /^เหตุผลที่ต้องเปิดดู/ });
    await reason.fill('ดูก่อน');
    await record.getByRole('button', { name: 'เปิดดูโดยระบุเหตุผล' }).click();
    await expect(record.getByText('กรุณาระบุเหตุผลให้ชัดเจน อย่างน้อย 10 ตัวอักษร')).toBeVisible();
    await reason.fill(REASON);
    await record.getByRole('button', { name: 'เปิดดูโดยระบุเหตุผล' }).click();
    await expect(record.getByText('เปิดดูนอกการนัดหมาย ผู้ป่วยจะเห็นเหตุผลที่คุณระบุ')).toBeVisible();
    await expect(record).toContainText(PATIENT_NAME);
    await shotsAtBothWidths(staff, 'staff-care-2-opened-with-reason');

    await dialog.getByRole('button', { name: 'ปิด' }).click();

    // In English: the same record, opened again from this browser's copy (no second opening is recorded).
    await staff.getByRole('button', { name: 'EN: Switch to English' }).click();
    await staff
      .getByRole('list', { name: 'Booked patients' })
      .getByRole('listitem')
      .filter({ hasText: PATIENT_NAME })
      .getByRole('button')
      .click();
    const english = staff.getByRole('dialog', { name: PATIENT_NAME });
    await english.getByRole('button', { name: "Open the patient's record" }).click();
    await expect(
      english.getByText('Opened outside an appointment: the patient sees the reason you gave'),
    ).toBeVisible();
    await shotsAtBothWidths(staff, 'staff-care-3-opened-with-reason-english');
    await english.getByRole('button', { name: 'Close' }).click();
    await staff.getByRole('button', { name: 'ไทย: เปลี่ยนเป็นภาษาไทย' }).click();
    await staff.getByRole('button', { name: 'ออกจากระบบ' }).click();
    await expect(staff).toHaveURL(/\/staff\/sign-in$/);
  });

  await test.step('Then the patient reads who opened the record, outside an appointment, and why', async () => {
    await patient.goto('/my-data/access');
    const opened = patient.getByRole('listitem').filter({ hasText: 'เปิดดูประวัติการรักษาและรายการยาของคุณ นอกการนัดหมาย' });
    await expect(opened.getByRole('alert')).toContainText(`เหตุผลที่แจ้งไว้: ${REASON}`);
    await shotFitting(patient, 'staff-care-4-patient-reads-reason');
    // At 200% text the reason still reads whole.
    await useLargeText(patient);
    await patient.reload();
    await expect(opened.getByRole('alert')).toContainText(`เหตุผลที่แจ้งไว้: ${REASON}`);
    await shotFitting(patient, 'staff-care-4-patient-reads-reason-large-text');
    await patientContext.close();
  });

  await test.step('And the admin sees the opening flagged in the audit, with the reason', async () => {
    await signIn(staff, ADMIN);
    await staff.getByRole('tab', { name: 'บันทึกการเข้าถึง' }).click();
    const log = staff.getByRole('table', { name: 'รายการบันทึก' });
    const entry = log.getByRole('row').filter({ hasText: 'เปิดดูประวัติผู้ป่วยนอกการดูแล' });
    await expect(entry).toContainText('นอกการดูแล');
    await expect(entry).toContainText(`เหตุผลที่แจ้ง: ${REASON}`);
    await shotsAtBothWidths(staff, 'staff-care-5-audit-flagged');
  });
});

test('a stranger’s wrong passwords slow a member’s sign-in; the admin lets them sign in now, and the audit says so', async ({
  page: admin,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await test.step('Given five wrong passwords for the front desk from somewhere else', async () => {
    const stranger = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    for (let i = 0; i < 5; i++) {
      const res = await stranger.post('/api/staff/sign-in', {
        data: { email: FRONT_DESK.email, password: 'a wrong password', code: '123456' },
      });
      expect(res.status()).toBe(401);
    }
    const slowed = await stranger.post('/api/staff/sign-in', {
      data: { email: FRONT_DESK.email, password: 'a wrong password', code: '123456' },
    });
    expect(slowed.status()).toBe(429);
    await stranger.dispose();
  });

  await test.step('When the admin opens the staff screen, the member shows as waiting, and is let in at once', async () => {
    await signIn(admin, ADMIN);
    await admin.getByRole('tab', { name: 'เจ้าหน้าที่' }).click();
    const row = admin
      .getByRole('table', { name: 'รายชื่อเจ้าหน้าที่' })
      .getByRole('row')
      .filter({ hasText: FRONT_DESK.email });
    await expect(row).toContainText('ต้องรอก่อนลงชื่อเข้าใช้');
    await expect(row).toContainText('ลงชื่อเข้าใช้ผิดหลายครั้ง');
    await shotsAtBothWidths(admin, 'staff-care-6-member-slowed');
    await admin.getByRole('button', { name: `ให้ลงชื่อเข้าใช้ได้ทันที: ${FRONT_DESK.name}` }).click();
    await expect(admin.getByText(`${FRONT_DESK.name} ลงชื่อเข้าใช้ได้ทันทีแล้ว รหัสผ่านและแอปยืนยันตัวตนยังเหมือนเดิม`)).toBeVisible();
    await expect(row).toContainText('ใช้งานอยู่');
  });

  await test.step('Then the audit shows the failures, the wait and the unlock among the sign-ins', async () => {
    await admin.getByRole('tab', { name: 'บันทึกการเข้าถึง' }).click();
    await admin.getByRole('combobox', { name: 'การดำเนินการ' }).selectOption({ label: 'การเข้าสู่ระบบ ทั้งหมด' });
    const log = admin.getByRole('table', { name: 'รายการบันทึก' });
    await expect(log.getByRole('row').filter({ hasText: 'ให้ลงชื่อเข้าใช้ได้ทันที' }).first()).toBeVisible();
    await expect(log.getByRole('row').filter({ hasText: 'ต้องรอก่อนลงชื่อเข้าใช้ (ลองผิดหลายครั้ง)' }).first()).toBeVisible();
    await expect(log.getByRole('row').filter({ hasText: 'เข้าสู่ระบบไม่สำเร็จ' }).first()).toBeVisible();
    await shotsAtBothWidths(admin, 'staff-care-7-audit-sign-ins');
  });
});
