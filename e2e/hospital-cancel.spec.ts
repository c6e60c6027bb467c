import { randomUUID } from 'node:crypto';
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { type Page } from '@playwright/test';
import { registerThroughApi, screenshot, shotFitting } from './support/patient';
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

/**
 * A new patient, signed in on `page`, registered through the API and booked into the first slot at Siriraj
 * `daysAhead` days from now, the deposit paid. Returns the day (YYYY-MM-DD) and the appointment's id.
 */
async function bookedAndPaid(
  page: Page,
  patient: {
    firstname: string;
    lastname: string;
    gender: string;
    birthday: string;
    symptoms: string;
    duration: string;
  },
  daysAhead: number,
): Promise<{ day: string; appointmentId: string }> {
  const { firstname, lastname, gender, birthday } = patient;
  await registerThroughApi(page, { firstname, lastname, gender, birthday });
  const day = new Date(Date.now() + daysAhead * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Bangkok' });
  const slots = (await (await page.request.get(`/api/hospitals/${HOSPITAL}/slots?from=${day}&to=${day}`)).json())
    .data as { id: string }[];
  const booked = await page.request.post('/api/appointments', {
    headers: { 'idempotency-key': randomUUID() },
    data: { hospitalId: HOSPITAL, slotId: slots[0].id, symptoms: patient.symptoms, duration: patient.duration },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const appointmentId = (await booked.json()).data[0].id as string;
  expect((await page.request.post(`/api/dev/payments/${appointmentId}/paid`)).ok()).toBe(true);
  return { day, appointmentId };
}

test('a hospital closes a day: the patient booked that day is told why, on My Health and on the appointment, and is refunded', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  let day = '';

  await test.step('Given a patient booked and paid for a screening three days from now', async () => {
    ({ day } = await bookedAndPaid(
      page,
      {
        firstname: 'มาลี',
        lastname: 'ใจเย็น',
        gender: 'female',
        birthday: '1964-02-14',
        symptoms: 'ปวดเข่าเวลาเดินขึ้นบันได',
        duration: '2 สัปดาห์',
      },
      3,
    ));
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

/** A screen's first sight after a navigation: its lazily loaded chunks may take a while on a busy machine. */
const LOADED = { timeout: 30_000 };

/** The patient's notices arrive with the server's minute round (within about a minute of what caused them). */
async function waitForNotices(page: Page, kinds: string[]): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/notifications');
        const listed = ((await res.json()).data as { kind: string }[]).map((n) => n.kind);
        return kinds.every((kind) => listed.includes(kind));
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBe(true);
}

/** Each phone size, Thai then English, and Thai at 200% text: screenshot, axe and 44 px targets. */
async function everySize(page: Page, name: string): Promise<void> {
  const url = page.url();
  for (const [width, height] of [
    [390, 844],
    [360, 740],
  ]) {
    await page.setViewportSize({ width, height });
    await shotFitting(page, `${name}-${width}-th`);
  }
  await page.evaluate(() => localStorage.setItem('klaimor.lang', 'en'));
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(LOADED);
  await page.waitForLoadState('networkidle');
  await shotFitting(page, `${name}-360-en`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shotFitting(page, `${name}-390-en`);
  await page.evaluate(() => localStorage.setItem('klaimor.lang', 'th'));
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(LOADED);
  await page.waitForLoadState('networkidle');
  await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
  await shotFitting(page, `${name}-390-th-200`);
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(LOADED);
  await page.waitForLoadState('networkidle');
}

test('every notice leads somewhere: the confirmation and receipt to the booking, a cancellation to other free times and a new booking', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  let day = '';
  let appointmentId = '';

  await test.step('Given a patient booked and paid for a screening four days from now', async () => {
    ({ day, appointmentId } = await bookedAndPaid(
      page,
      {
        firstname: 'บุญมี',
        lastname: 'ศรีสุข',
        gender: 'male',
        birthday: '1958-03-14',
        symptoms: 'ไอเรื้อรัง เจ็บคอ',
        duration: '1 สัปดาห์',
      },
      4,
    ));
  });

  await test.step('Then the confirmation and the receipt arrive, and the receipt opens the booking with its receipt', async () => {
    await waitForNotices(page, ['booking_confirmed', 'deposit_receipt']);
    await page.goto('/notifications');
    const confirmed = page.getByRole('listitem').filter({ hasText: 'ยืนยันนัดตรวจคัดกรองแล้ว' });
    await expect(confirmed).toContainText('เลขที่นัด', LOADED);
    const receipt = page.getByRole('listitem').filter({ hasText: 'ใบเสร็จเงินมัดจำ' });
    await expect(receipt).toContainText(/ได้รับเงินมัดจำ [\d,]+ บาท/);
    await everySize(page, 'notices-01-centre');
    await page
      .getByRole('listitem')
      .filter({ hasText: 'ใบเสร็จเงินมัดจำ' })
      .getByRole('link', { name: 'ดูใบเสร็จ' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/appointments/${appointmentId}$`));
    await expect(page.getByRole('region', { name: 'ใบเสร็จเงินมัดจำ' })).toContainText('พร้อมเพย์', LOADED);
    await everySize(page, 'notices-02-receipt');
  });

  await test.step('When the hospital closes that day', async () => {
    const staff = await signInAdmin(baseURL!);
    const closed = await staff.post(`/api/staff/facilities/${HOSPITAL}/schedule/closures`, {
      data: { date: day, reason: REASON, confirm: true },
    });
    expect(closed.status(), await closed.text()).toBe(201);
    expect((await staff.delete(`/api/staff/facilities/${HOSPITAL}/schedule/closures/${day}`)).status()).toBe(204);
    await staff.dispose();
  });

  await test.step('Then the cancellation notice opens the appointment, which offers other free times here and nearby', async () => {
    await waitForNotices(page, ['appointment_cancelled']);
    await page.goto('/notifications');
    await page
      .getByRole('listitem')
      .filter({ hasText: 'โรงพยาบาลยกเลิกนัดของคุณ' })
      .getByRole('link', { name: 'ดูนัดและเลือกเวลาอื่น' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/appointments/${appointmentId}$`));
    const times = page.getByRole('region', { name: 'เลือกเวลานัดใหม่' });
    const here = times.getByRole('region', { name: 'โรงพยาบาลศิริราช' });
    await expect(here.getByRole('button').first()).toBeVisible(LOADED);
    await expect(times.getByText('โรงพยาบาลใกล้เคียงที่รับจอง')).toBeVisible();
    await everySize(page, 'notices-03-other-times');
  });

  await test.step('And one tap on a time opens that hospital’s booking with the time chosen and the symptoms kept', async () => {
    const here = page.getByRole('region', { name: 'เลือกเวลานัดใหม่' }).getByRole('region', { name: 'โรงพยาบาลศิริราช' });
    await here.getByRole('button').first().click();
    await expect(page).toHaveURL(new RegExp(`/map\\?hospital=${HOSPITAL}`));
    await expect(page.getByLabel('ระบุอาการเบื้องต้น')).toHaveValue('ไอเรื้อรัง เจ็บคอ', LOADED);
    await screenshot(page, 'notices-04-booking-started');
  });
});
