import { thaiOutsideNames } from './support/english-text';
import { expect, test } from './support/fixtures';
import { registerThroughApi, shotFitting } from './support/patient';
import { DEMO_CLINICIAN, checkedInToday, signInStaff, signOutStaff } from './support/staff';
import { useLargeText } from './support/text-fit';
import { readsWell, shown } from './support/screen';

const HOSPITAL = 'siriraj-hospital';
const TITLE = 'ผลตรวจของฉัน';
const HBA1C = 'น้ำตาลสะสม (HbA1c)';

test("a clinician releases a patient's results; the patient reads HbA1c above the range in words, with its trend", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const staffContext = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 }, locale: 'th-TH' });
  const staff = await staffContext.newPage();

  // A 66-year-old woman with diabetes, as the screen is written for.
  await registerThroughApi(page, { firstname: 'บุญเรือน', lastname: 'ผลดี', gender: 'female', birthday: '1960-03-15' });

  await test.step('Before any result, My Health links to the results, which say kindly what will come', async () => {
    await page.goto('/myhealth');
    const tile = page.getByRole('navigation', { name: 'เมนูสุขภาพ' }).getByRole('link', { name: 'ผลตรวจ' });
    await expect(tile).toBeVisible();
    await shotFitting(page, 'results-00-myhealth');
    await tile.click();
    await expect(page).toHaveURL(/\/results$/);
    await shown(page, TITLE);
    await expect(page.getByText('ยังไม่มีผลตรวจ')).toBeVisible();
    await expect(page.getByText('เมื่อแพทย์ส่งผลตรวจให้ ผลจะแสดงที่นี่ พร้อมความหมาย และแจ้งเตือนคุณ')).toBeVisible();
    await shotFitting(page, 'results-00b-empty');
  });

  await test.step('The clinician records two sittings of the visit: one released at once, one held, then released', async () => {
    const appointmentId = await checkedInToday(staff, page, {
      hospital: HOSPITAL,
      doctor: 'พญ.ผลตรวจ ละเอียด',
      symptoms: 'มาติดตามเบาหวานและความดัน',
    });
    await signInStaff(staff, DEMO_CLINICIAN);
    const results = `/api/staff/facilities/${HOSPITAL}/appointments/${appointmentId}/results`;
    const takenOn = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
    const first = await staff.request.post(results, {
      data: {
        takenOn,
        release: true,
        results: [
          { code: '1558-6', value: 112 },
          { code: '4548-4', value: 6.6 },
          { code: '13457-7', value: 131 },
          { code: '2085-9', value: 48 },
          { code: '2160-0', value: 0.9 },
          { code: '8480-6', value: 132 },
          { code: '8462-4', value: 82 },
          { code: '29463-7', value: 61.5 },
          { code: '8302-2', value: 155 },
        ],
      },
    });
    expect(first.status(), await first.text()).toBe(201);
    // The lab's HbA1c again later the same day, held until the clinician has looked at it.
    const second = await staff.request.post(results, {
      data: { takenOn, results: [{ code: '4548-4', value: 7.2 }] },
    });
    expect(second.status(), await second.text()).toBe(201);
    const released = await staff.request.post(`${results}/release`, { data: {} });
    expect(released.status(), await released.text()).toBe(200);
    await signOutStaff(staff);
  });

  await test.step('The notice of the results opens them', async () => {
    // The notice goes out with the scheduler's next minute.
    await expect(async () => {
      await page.goto('/notifications');
      await expect(page.getByRole('link', { name: 'ดูผลตรวจ' }).first()).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 100_000, intervals: [5000] });
    await page.getByRole('link', { name: 'ดูผลตรวจ' }).first().click();
    await expect(page).toHaveURL(/\/results$/);
    await shown(page, TITLE);
  });

  await test.step('HbA1c reads above the range in words, with its range, date and place, meaning and trend', async () => {
    const diabetes = page.getByRole('region', { name: 'เบาหวาน' });
    const hba1c = diabetes.getByRole('article', { name: HBA1C });
    await expect(hba1c).toContainText('7.2 %');
    await expect(hba1c).toContainText('สูงกว่าเกณฑ์');
    await expect(hba1c).toContainText('เกณฑ์ปกติ 4.0–5.6 %');
    await expect(hba1c).toContainText(/ตรวจเมื่อ \d{1,2} [ก-๙.]+ 25\d\dโรงพยาบาลศิริราช/);
    await expect(hba1c).toContainText('บอกระดับน้ำตาลเฉลี่ยช่วง 2–3 เดือนที่ผ่านมา');
    const trend = hba1c.getByRole('region', { name: 'ผลย้อนหลัง (ตรวจ 2 ครั้ง)' });
    await expect(trend.locator('svg').first()).toBeVisible();
    // The chart writes each value by its point; a screen reader reads the same in the table.
    await expect(trend.locator('svg text', { hasText: '6.6' }).first()).toBeVisible();
    const table = trend.getByRole('table', { name: `${HBA1C} ทุกครั้งที่ตรวจ เก่าไปใหม่` });
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('row').nth(2)).toContainText('7.2 %');
    await expect(table.getByRole('row').nth(2)).toContainText('สูงกว่าเกณฑ์');

    await expect(page.getByRole('article', { name: 'ไขมันแอลดีแอล (LDL)' })).toContainText('เกณฑ์ปกติ ไม่เกิน 129 mg/dL');
    await expect(page.getByRole('article', { name: 'ไขมันเอชดีแอล (HDL)' })).toContainText('เกณฑ์ปกติ ตั้งแต่ 40 mg/dL ขึ้นไป');
    // Computed by the server from creatinine, age and sex, and from weight and height.
    await expect(page.getByRole('article', { name: 'อัตราการกรองของไต (eGFR)' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'ดัชนีมวลกาย (BMI)' })).toContainText('25.6 kg/m²');
    await expect(page.getByRole('article', { name: 'น้ำหนัก' })).toContainText('61.5 กก.');
    await expect(page.getByRole('article', { name: 'น้ำหนัก' })).toContainText(/วัดเมื่อ \d{1,2} [ก-๙.]+ 25\d\d/);

    await readsWell(page, 'the results');
    await shotFitting(page, 'results-01-list');
    await hba1c.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'artifacts/e2e/results-02-hba1c.png' });
  });

  await test.step('In English the screen reads in English, dates in the Common Era', async () => {
    await page.evaluate(() => localStorage.setItem('klaimor.lang', 'en'));
    await page.reload();
    await shown(page, 'My test results');
    const hba1c = page.getByRole('article', { name: 'HbA1c' });
    await expect(hba1c).toContainText('Above the range');
    await expect(hba1c).toContainText(/Tested on \d{1,2} [A-Z][a-z]+ 20\d\dSiriraj Hospital/);
    expect.soft(await thaiOutsideNames(page), 'Thai words on the English screen').toEqual([]);
    await shotFitting(page, 'results-03-english');
    await page.evaluate(() => localStorage.setItem('klaimor.lang', 'th'));
  });

  await test.step('At 200% text the cards and the chart still read whole', async () => {
    await useLargeText(page);
    await page.reload();
    await shown(page, TITLE);
    const hba1c = page.getByRole('article', { name: HBA1C });
    await expect(hba1c).toContainText('สูงกว่าเกณฑ์');
    await expect(hba1c.getByRole('region', { name: 'ผลย้อนหลัง (ตรวจ 2 ครั้ง)' }).locator('svg').first()).toBeVisible();
    await readsWell(page, 'the results at 200%');
    await shotFitting(page, 'results-04-large-text');
    await hba1c.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'artifacts/e2e/results-05-large-text-hba1c.png' });
  });

  await staffContext.close();
});
