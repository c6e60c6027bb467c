import { expect, test } from './support/fixtures';
import { onPhone, registerThroughApi, shotFitting } from './support/patient';
import { DEMO_CLINICIAN, checkedInToday, signInStaff, signOutStaff } from './support/staff';
import { useLargeText } from './support/text-fit';
import { readsWell, shown } from './support/screen';

const HOSPITAL = 'siriraj-hospital';
// A 68-year-old man with high blood pressure and diabetes, who measures at home between visits.
const PATIENT = { firstname: 'สมบัติ', lastname: 'วัดเอง', gender: 'male', birthday: '1958-06-02' };
const PATIENT_NAME = `${PATIENT.firstname} ${PATIENT.lastname}`;
const TITLE = 'ค่าที่วัดเองที่บ้าน';

test('a patient records blood pressure from the checklist and a low glucose at home; the clinician sees both with their averages', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const phone = await browser.newContext(onPhone(baseURL));
  const page = await phone.newPage();
  const staffContext = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 }, locale: 'th-TH' });
  const staff = await staffContext.newPage();

  await registerThroughApi(page, PATIENT);

  await test.step('Given a visit today where the hospital measured his blood pressure, glucose and weight', async () => {
    const appointmentId = await checkedInToday(staff, page, {
      hospital: HOSPITAL,
      doctor: 'นพ.ความดัน วัดบ้าน',
      symptoms: 'มาติดตามความดันและเบาหวาน',
    });
    await signInStaff(staff, DEMO_CLINICIAN);
    const takenOn = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
    const recorded = await staff.request.post(
      `/api/staff/facilities/${HOSPITAL}/appointments/${appointmentId}/results`,
      {
        data: {
          takenOn,
          release: true,
          results: [
            { code: '8480-6', value: 142 },
            { code: '8462-4', value: 88 },
            { code: '1558-6', value: 118 },
            { code: '29463-7', value: 68.5 },
          ],
        },
      },
    );
    expect(recorded.status(), await recorded.text()).toBe(201);
    await signOutStaff(staff);
  });

  await test.step('From the checklist he records 150/95: /readings says so, beside the hospital’s 142/88', async () => {
    await page.goto('/todo');
    const shortcut = page.getByRole('link', { name: 'บันทึกความดัน น้ำตาล น้ำหนัก' });
    await expect(shortcut).toBeVisible({ timeout: 30_000 });
    await shotFitting(page, 'readings-00-checklist');
    await shortcut.click();
    await expect(page).toHaveURL(/\/readings\/new$/);
    await shown(page, 'บันทึกค่าที่วัด');
    await expect(page.getByRole('radio', { name: 'ความดันโลหิต' })).toBeChecked();
    const upper = page.getByRole('textbox', { name: 'ตัวบน' });
    await expect(upper).toHaveAttribute('inputmode', 'numeric');
    await expect(page.getByRole('textbox', { name: 'เวลาที่วัด' })).toHaveValue(/^\d\d:\d\d$/);
    await upper.fill('150');
    await page.getByRole('textbox', { name: 'ตัวล่าง' }).fill('95');
    await page.getByRole('textbox', { name: 'ชีพจร (ครั้ง/นาที)' }).fill('80');
    await readsWell(page, 'the quick entry');
    await shotFitting(page, 'readings-01-entry');
    await page.getByRole('button', { name: 'บันทึก', exact: true }).click();

    await expect(page).toHaveURL(/\/readings$/);
    await shown(page, TITLE);
    await expect(page.getByRole('status').filter({ hasText: 'บันทึกแล้ว' })).toHaveText(
      'บันทึกแล้ว: ความดันโลหิต 150/95 มม.ปรอท',
    );
    const bp = page.getByRole('region', { name: 'ความดันโลหิต' });
    const latest = bp.getByRole('listitem').first();
    await expect(latest).toContainText('150/95 มม.ปรอท');
    await expect(latest).toContainText('สูงกว่าเป้าหมาย');
    await expect(latest).toContainText(/\d{1,2} [ก-๙.]+ 25\d\d เวลา \d\d:\d\d น\./);
    // One chart, home and hospital told apart by words and marks: its table says which is which.
    await expect(bp.locator('svg').first()).toBeVisible();
    await expect(bp.locator('p').getByText('วัดที่บ้าน', { exact: true })).toBeVisible();
    await expect(bp.locator('p').getByText('วัดที่โรงพยาบาล', { exact: true })).toBeVisible();
    const table = bp.getByRole('table', { name: 'ความดันโลหิต ทุกครั้งที่วัด เก่าไปใหม่' });
    await expect(table.getByRole('row').filter({ hasText: '142/88 มม.ปรอท' })).toContainText('วัดที่โรงพยาบาล');
    await expect(table.getByRole('row').filter({ hasText: '150/95 มม.ปรอท' })).toContainText('วัดที่บ้าน');
    await expect(page.getByRole('region', { name: 'น้ำตาลในเลือด' })).toContainText('วัดที่โรงพยาบาล');
    await expect(page.getByRole('heading', { name: 'เตือนให้วัด' })).toBeVisible();
    await readsWell(page, 'the readings');
    await shotFitting(page, 'readings-02-list');
  });

  await test.step('A fasting glucose of 62 shows at once what to do, with 1669 and the nearest emergency department', async () => {
    await page.getByRole('link', { name: 'บันทึกค่าที่วัดใหม่' }).click();
    await shown(page, 'บันทึกค่าที่วัด');
    await page.getByRole('radio', { name: 'น้ำตาลในเลือด' }).check();
    await page.getByRole('textbox', { name: 'น้ำตาลในเลือด (mg/dL)' }).fill('62');
    await page.getByRole('radio', { name: 'อดอาหาร' }).check();
    await page.getByRole('button', { name: 'บันทึก', exact: true }).click();

    const advice = page.getByRole('alert').filter({ hasText: 'น้ำตาลต่ำ (62 mg/dL)' });
    await expect(advice).toBeVisible();
    await expect(advice).toContainText('กินหรือดื่มน้ำตาล 15 กรัมทันที');
    await expect(advice).toContainText('รอ 15 นาที แล้ววัดน้ำตาลใหม่');
    await expect(advice.getByRole('link', { name: 'โทร 1669' })).toHaveAttribute('href', 'tel:1669');
    await advice.getByRole('button', { name: 'หาห้องฉุกเฉินที่ใกล้ที่สุด' }).click();
    await expect(advice.getByRole('link', { name: 'นำทาง' })).toBeVisible({ timeout: 15_000 });
    await readsWell(page, 'the low glucose advice');
    await shotFitting(page, 'readings-03-low-glucose');

    await page.getByRole('link', { name: 'กลับไปดูค่าที่วัด' }).click();
    await shown(page, TITLE);
    await expect(page.getByRole('region', { name: 'น้ำตาลในเลือด' }).getByRole('listitem').first()).toContainText(
      'น้ำตาลต่ำ (62 mg/dL)',
    );
  });

  await test.step('At 200% text the list, the chart and the entry still read whole', async () => {
    await useLargeText(page);
    await page.reload();
    await shown(page, TITLE);
    await readsWell(page, 'the readings at 200%');
    await shotFitting(page, 'readings-04-large-text');
    await page.goto('/readings/new');
    await shown(page, 'บันทึกค่าที่วัด');
    await readsWell(page, 'the quick entry at 200%');
    await shotFitting(page, 'readings-05-large-text-entry');
  });

  await test.step('The clinician sees the readings beside the results, with averages and the low glucose first', async () => {
    await signInStaff(staff, DEMO_CLINICIAN);
    await staff
      .getByRole('list', { name: 'รายชื่อผู้ป่วยที่นัดหมาย' })
      .getByRole('listitem')
      .filter({ hasText: PATIENT_NAME })
      .getByRole('button')
      .click();
    const dialog = staff.getByRole('dialog', { name: PATIENT_NAME });
    await dialog.getByRole('button', { name: 'เรียกพบแพทย์' }).click();
    await dialog.getByRole('button', { name: 'บันทึกผลการตรวจ' }).click();
    const form = staff.getByRole('dialog', { name: `บันทึกผลการตรวจ: ${PATIENT_NAME}` });
    const record = form.getByRole('region', { name: 'ประวัติผู้ป่วย' });
    await expect(record.getByRole('region', { name: 'ผลตรวจ' })).toBeVisible();
    const readings = record.getByRole('region', { name: 'ค่าที่ผู้ป่วยวัดเองที่บ้าน' });
    const averages = readings.getByRole('table', { name: 'ค่าเฉลี่ยที่วัดที่บ้าน' });
    // Each kind heads its own rows; its figures are the cells of that group.
    const kindGroup = (kind: string) =>
      averages.getByRole('rowgroup').filter({ has: staff.getByRole('rowheader', { name: kind }) });
    const bp = kindGroup('ความดันโลหิต');
    await expect(bp.getByRole('cell').nth(0)).toHaveText('150/95 mmHg (1 ครั้ง)');
    await expect(bp.getByRole('cell').nth(1)).toHaveText('150/95 mmHg (1 ครั้ง)');
    const glucose = kindGroup('น้ำตาลในเลือด');
    await expect(glucose.getByRole('cell').nth(0)).toHaveText('62 mg/dL (1 ครั้ง)');
    const danger = readings.getByRole('alert');
    await expect(danger).toContainText('สัญญาณอันตราย 30 วันล่าสุด (1 ครั้ง)');
    await expect(danger).toContainText('62 mg/dL (น้ำตาลต่ำ)');
    await expect(readings.getByRole('table', { name: 'ความดันโลหิต ที่วัดที่บ้าน เก่าไปใหม่' })).toBeAttached();
    await readings.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shotFitting(staff, 'readings-06-staff-record');
  });

  await staffContext.close();
  await phone.close();
});
