import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { registerThroughApi, shotFitting } from './support/patient';
import {
  DEMO_CLINICIAN,
  DEMO_FRONT_DESK,
  DEMO_PHARMACIST,
  checkedInToday,
  shotsAtBothWidths,
  signInStaff,
  signOutStaff,
} from './support/staff';
import { useLargeText } from './support/text-fit';
import { readsWell } from './support/screen';

const HOSPITAL = 'siriraj-hospital';
const PATIENT = { firstname: 'ประยูร', lastname: 'ต่อเนื่อง', gender: 'male', birthday: '1957-01-09' };
// A Thailand Post number whose UPU S10 check digit is right; the same with the last digit changed is not.
const TRACKING = 'EB123456785TH';
const MISTYPED = 'EB123456784TH';

/** Waits for the scheduler's next minute to send the patient a notice, then opens it by its link. */
async function openNotice(page: Page, link: string, text: string | RegExp): Promise<void> {
  await expect(async () => {
    await page.goto('/notifications');
    await expect(page.getByRole('listitem').filter({ hasText: text }).first()).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 100_000, intervals: [5000] });
  await page.getByRole('listitem').filter({ hasText: text }).first().getByRole('link', { name: link }).click();
}

test('after the visit: an HbA1c released and asked about, the nurse answers, a refill by post reaches the patient with its tracking number', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(360_000);
  const staffContext = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 }, locale: 'th-TH' });
  const staff = await staffContext.newPage();
  // A 69-year-old man with diabetes, on Metformin for the long term.
  await registerThroughApi(page, PATIENT);
  const patientName = `${PATIENT.firstname} ${PATIENT.lastname}`;

  await test.step('The clinician sees him, prescribes Metformin for the long term, and releases his HbA1c', async () => {
    const appointmentId = await checkedInToday(staff, page, {
      hospital: HOSPITAL,
      doctor: 'นพ.ติดตาม ต่อเนื่อง',
      symptoms: 'มาติดตามเบาหวาน ยาใกล้หมด',
    });
    await signInStaff(staff, DEMO_CLINICIAN);
    const visit = `/api/staff/facilities/${HOSPITAL}/appointments/${appointmentId}`;
    expect((await staff.request.post(`${visit}/start-consultation`)).status()).toBe(200);
    const completed = await staff.request.post(`${visit}/complete`, {
      data: {
        findings: 'เบาหวาน น้ำตาลสะสมสูงขึ้นเล็กน้อย',
        icd10: 'E11.9',
        // A week's supply: it runs low within the ten days the hospital renews in.
        prescriptions: [
          {
            drug: 'Metformin',
            atcCode: 'A10BA02',
            strength: '500 mg',
            form: 'tablet',
            doses: { afterBreakfast: 1, afterDinner: 1 },
            days: 7,
            longTerm: true,
          },
        ],
      },
    });
    expect(completed.status(), await completed.text()).toBe(200);
    const results = `${visit}/results`;
    const takenOn = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
    // Held first, as a clinician holds a result to look at it, then released.
    const held = await staff.request.post(results, { data: { takenOn, results: [{ code: '4548-4', value: 7.4 }] } });
    expect(held.status(), await held.text()).toBe(201);
    const released = await staff.request.post(`${results}/release`, { data: {} });
    expect(released.status(), await released.text()).toBe(200);
    await signOutStaff(staff);
  });

  await test.step('He reads his HbA1c above the range and asks the care team about it from its card', async () => {
    await openNotice(page, 'ดูผลตรวจ', /ผลตรวจ/);
    await expect(page).toHaveURL(/\/results$/);
    const hba1c = page.getByRole('article', { name: 'น้ำตาลสะสม (HbA1c)' });
    await expect(hba1c).toContainText('7.4 %');
    await expect(hba1c).toContainText('สูงกว่าเกณฑ์');
    await hba1c.getByRole('link', { name: 'ถามทีมดูแลเรื่องผลนี้ (น้ำตาลสะสม (HbA1c))' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'เขียนข้อความใหม่' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: /ส่งถึงโรงพยาบาล/ })).toHaveText('โรงพยาบาลศิริราช');
    await expect(page.getByRole('textbox', { name: /เรื่อง/ })).toHaveValue(/^สอบถามผลน้ำตาลสะสม \(HbA1c\) ตรวจเมื่อ /);
    await page.getByRole('textbox', { name: /ข้อความ/ }).fill('น้ำตาลสะสมสูงขึ้น ต้องปรับยาเบาหวานไหมครับ');
    await readsWell(page, 'the question about a result');
    await shotFitting(page, 'after-visit-01-ask-about-result');
    await page.getByRole('button', { name: 'ส่งข้อความ' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^สอบถามผลน้ำตาลสะสม/ })).toBeVisible();
  });

  await test.step('The nurse answers from the inbox, and he reads the answer', async () => {
    await signInStaff(staff, DEMO_FRONT_DESK);
    await staff.goto('/staff/inbox');
    await staff
      .getByRole('list', { name: 'รายการข้อความ' })
      .getByRole('button', { name: /สอบถามผลน้ำตาลสะสม/ })
      .filter({ hasText: patientName })
      .click();
    await expect(staff.getByText('ต้องปรับยาเบาหวานไหมครับ', { exact: false })).toBeVisible();
    await staff
      .getByRole('textbox', { name: 'ตอบกลับผู้ป่วย' })
      .fill('ทานยาเดิมต่อไปก่อนค่ะ คุมอาหารหวาน แล้วแพทย์จะดูผลอีกครั้งในนัดหน้า ยาใกล้หมดขอรับยาต่อในแอปได้ค่ะ');
    await staff.getByRole('button', { name: 'ส่งคำตอบ' }).click();
    await expect(staff.getByText('ส่งคำตอบแล้ว ผู้ป่วยจะได้รับการแจ้งเตือน')).toBeVisible();
    await signOutStaff(staff);

    await openNotice(page, 'อ่านข้อความ', /ข้อความ/);
    await page.getByRole('link', { name: /สอบถามผลน้ำตาลสะสม/ }).click();
    const messages = page.getByRole('list', { name: 'ข้อความในเรื่องนี้' }).getByRole('listitem');
    await expect(messages).toHaveCount(2);
    await expect(messages.nth(1)).toContainText('ทานยาเดิมต่อไปก่อนค่ะ');
  });

  await test.step('Metformin runs low: he asks for more from its card, by post to his registered address', async () => {
    await page.goto('/todo');
    await page.getByRole('link', { name: /^ขอรับยาต่อ Metformin/ }).click();
    await expect(page).toHaveURL(/\/refills\/new\?medication=/);
    await expect(page.getByRole('heading', { level: 1, name: 'ขอรับยาต่อ' })).toBeVisible();
    await page.getByRole('radio', { name: /ส่งทางไปรษณีย์/ }).check();
    await expect(page.getByText('ส่งถึงที่อยู่ที่ลงทะเบียนไว้', { exact: true })).toBeVisible();
    await expect(page.getByText(/45 หมู่ 2/)).toBeVisible();
    await readsWell(page, 'the refill request');
    await shotFitting(page, 'after-visit-02-refill-by-post');
    await page.getByRole('button', { name: 'ส่งคำขอ' }).click();
    await expect(page).toHaveURL(/\/refills$/);
    await expect(page.getByText('ส่งคำขอแล้ว แพทย์จะพิจารณาและแจ้งผลในแอปนี้')).toBeVisible();
    await expect(page.getByRole('article', { name: /Metformin/ })).toContainText('รอแพทย์พิจารณา');
  });

  await test.step('The clinician approves 30 days from the waiting list', async () => {
    await signInStaff(staff, DEMO_CLINICIAN);
    await staff.goto('/staff/refills');
    await expect(staff.getByRole('heading', { level: 1, name: 'ขอรับยาต่อ' })).toBeVisible();
    const row = staff.getByRole('list', { name: 'คำขอรับยาต่อ' }).getByRole('listitem').filter({ hasText: patientName });
    await expect(row).toContainText('Metformin');
    await expect(row).toContainText('ส่งทางไปรษณีย์');
    await row.getByRole('button', { name: 'อนุมัติ', exact: true }).click();
    const dialog = staff.getByRole('dialog', { name: 'อนุมัติคำขอรับยาต่อ' });
    await dialog.getByRole('button', { name: '30 วัน', exact: true }).click();
    await shotsAtBothWidths(staff, 'after-visit-03-staff-approve');
    await dialog.getByRole('button', { name: 'อนุมัติ 30 วัน' }).click();
    await expect(staff.getByText(new RegExp(`อนุมัติแล้ว: ${patientName} · \\d+ ปี ยาพอถึง`))).toBeVisible();
    await signOutStaff(staff);
  });

  await test.step('The pharmacist, landing on the repeat prescriptions, sends the parcel with a checked tracking number', async () => {
    await signInStaff(staff, DEMO_PHARMACIST);
    await expect(staff).toHaveURL(/\/staff\/refills$/);
    await staff.getByRole('tab', { name: /^รอจัดยา/ }).click();
    const row = staff.getByRole('list', { name: 'คำขอรับยาต่อ' }).getByRole('listitem').filter({ hasText: patientName });
    await row.getByRole('button', { name: 'บันทึกการส่งพัสดุ' }).click();
    const dialog = staff.getByRole('dialog', { name: 'บันทึกการส่งพัสดุ' });
    await expect(dialog).toContainText(patientName);
    await expect(dialog).toContainText('45 หมู่ 2');
    await expect(dialog.getByRole('radio', { name: 'ไปรษณีย์ไทย' })).toBeChecked();
    // A digit mistyped from the receipt is caught by the check digit before anything is sent.
    await dialog.getByRole('textbox', { name: /^เลขพัสดุ/ }).fill(MISTYPED);
    await dialog.getByRole('button', { name: 'บันทึกและแจ้งผู้ป่วย' }).click();
    await expect(dialog.getByText(/เลขพัสดุไม่ถูกต้อง/)).toBeVisible();
    await dialog.getByRole('textbox', { name: /^เลขพัสดุ/ }).fill(TRACKING);
    await shotsAtBothWidths(staff, 'after-visit-04-staff-parcel');
    await dialog.getByRole('button', { name: 'บันทึกและแจ้งผู้ป่วย' }).click();
    await expect(staff.getByText(`บันทึกเลขพัสดุ ${TRACKING} แล้ว`, { exact: false })).toBeVisible();
    await signOutStaff(staff);
  });

  await test.step('The tracking number reaches him: in the notice, and on the request with the link to follow it', async () => {
    await openNotice(page, 'ดูคำขอรับยาต่อ', TRACKING);
    await expect(page).toHaveURL(/\/refills$/);
    const request = page.getByRole('article', { name: /Metformin/ });
    await expect(request).toContainText('ส่งยาแล้ว');
    await expect(request).toContainText(TRACKING);
    await expect(request.getByRole('link', { name: /ติดตามพัสดุที่เว็บไซต์ไปรษณีย์ไทย/ })).toBeVisible();
    await readsWell(page, 'the refill sent');
    await shotFitting(page, 'after-visit-05-tracking');
    // The medicine goes on without a gap: its card no longer offers a refill.
    await page.goto('/todo');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /^ขอรับยาต่อ Metformin/ })).toHaveCount(0);
  });

  await test.step('At 200% text the request with its tracking number still reads whole', async () => {
    await useLargeText(page);
    await page.goto('/refills');
    await expect(page.getByRole('article', { name: /Metformin/ })).toContainText(TRACKING);
    await readsWell(page, 'the refill sent at 200%');
    await shotFitting(page, 'after-visit-06-tracking-large-text');
  });

  await staffContext.close();
});
