import { CONSENT_VERSION } from '@klaimor/contracts';
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { latestCode, newPhone, newThaiId, screenshot } from './support/patient';
import { unusedTotpCode } from './support/staff';

// Demo mode only: the demo hospital's administrator (README, "Hospital staff (demo)").
const ADMIN = {
  email: 'admin@demo.klaimor.test',
  password: 'klaimor-demo-staff',
  secret: 'KLAIMORDEMOADMINKLAIMORDEMOADMIN',
};
const HOSPITAL = 'siriraj-hospital';
const REASON = 'ระบบน้ำประปาในอาคารขัดข้อง';

/** The demo administrator signed in through the API, in a cookie jar of its own. */
async function signInAdmin(baseURL: string): Promise<APIRequestContext> {
  const staff = await playwrightRequest.newContext({ baseURL });
  const res = await staff.post('/api/staff/sign-in', {
    data: { email: ADMIN.email, password: ADMIN.password, code: await unusedTotpCode(ADMIN.secret) },
  });
  expect(res.status(), await res.text()).toBe(204);
  return staff;
}

test('a hospital closes a day: the patient booked that day is told why, on My Health and on the appointment, and is refunded', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  let day = '';

  await test.step('Given a patient booked and paid for a screening three days from now', async () => {
    const phone = newPhone();
    await page.request.post('/api/auth/otp', { data: { phone } });
    const verified = await page.request.post('/api/auth/otp/verify', {
      data: { phone, code: await latestCode(request, phone) },
    });
    expect(verified.ok()).toBe(true);
    const registered = await page.request.post('/api/users', {
      data: {
        phone,
        thai_id: newThaiId(),
        firstname: 'มาลี',
        lastname: 'ใจเย็น',
        gender: 'female',
        birthday: '1964-02-14',
        address: '45 ถนนพรานนก',
        subdistrist: 'ศิริราช',
        district: 'บางกอกน้อย',
        province: 'กรุงเทพมหานคร',
        postcode: '10700',
        consent_version: CONSENT_VERSION,
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    day = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Bangkok' });
    const slots = (await (await page.request.get(`/api/hospitals/${HOSPITAL}/slots?from=${day}&to=${day}`)).json())
      .data as { id: string }[];
    const booked = await page.request.post('/api/appointments', {
      headers: { 'idempotency-key': randomUUID() },
      data: { hospitalId: HOSPITAL, slotId: slots[0].id, symptoms: 'ปวดเข่าเวลาเดินขึ้นบันได', duration: '2 สัปดาห์' },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { id } = (await booked.json()).data[0];
    expect((await page.request.post(`/api/dev/payments/${id}/paid`)).ok()).toBe(true);
  });

  await test.step('When the hospital closes that day and confirms it', async () => {
    const staff = await signInAdmin(baseURL!);
    const closed = await staff.post(`/api/staff/facilities/${HOSPITAL}/schedule/closures`, {
      data: { date: day, reason: REASON, confirm: true },
    });
    expect(closed.status(), await closed.text()).toBe(201);
    expect((await closed.json()).data[0].cancelledAppointments).toBeGreaterThanOrEqual(1);
    // The day opens again for the other journeys; the patient's appointment stays cancelled.
    expect((await staff.delete(`/api/staff/facilities/${HOSPITAL}/schedule/closures/${day}`)).status()).toBe(204);
    await staff.dispose();
  });

  await test.step('Then My Health tells the patient first, with the reason', async () => {
    await page.goto('/myhealth');
    const notice = page.getByRole('status').filter({ hasText: REASON });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('โรงพยาบาลศิริราช ยกเลิกนัด');
    await screenshot(page, 'hospital-cancel-01-my-health');
  });

  await test.step('And the appointment says the hospital cancelled it and refunds the deposit in full', async () => {
    await page.getByRole('link', { name: 'ดูรายละเอียดนัดที่ถูกยกเลิก' }).click();
    await expect(page.getByText(`โรงพยาบาลยกเลิกนัดนี้ เหตุผล: ${REASON}`)).toBeVisible();
    await expect(page.getByText(/คืนเงินมัดจำ .* แล้ว|กำลังคืนเงินมัดจำ/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'ยกเลิกนัดหมาย' })).toHaveCount(0);
    await screenshot(page, 'hospital-cancel-02-appointment');
  });

  await test.step('And at 200% text size it still reads whole', async () => {
    await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
    await screenshot(page, 'hospital-cancel-03-appointment-200');
    await page.goto('/myhealth');
    await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
    await expect(page.getByRole('status').filter({ hasText: REASON })).toBeVisible();
    await screenshot(page, 'hospital-cancel-04-my-health-200');
  });
});
