import { expect, test } from './support/fixtures';
import { onPhone, registerThroughApi } from './support/patient';
import {
  DEMO_CLINICIAN,
  checkedInToday,
  shotsAtBothWidths,
  signInStaff as signIn,
  signOutStaff,
} from './support/staff';

const HOSPITAL = 'siriraj-hospital';
const PATIENT = { firstname: 'สมศรี', lastname: 'ตรวจเลือด' };
const PATIENT_NAME = `${PATIENT.firstname} ${PATIENT.lastname}`;

test.use({ viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

test('a clinician records HbA1c and creatinine held beside the record, then gives them to the patient', async ({
  page: staff,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const patientContext = await browser.newContext(onPhone(baseURL));
  const patient = await patientContext.newPage();

  await test.step('Given a patient with diabetes checked in today', async () => {
    await registerThroughApi(patient, PATIENT);
    await checkedInToday(staff, patient, {
      hospital: HOSPITAL,
      doctor: 'พญ.น้ำตาล ผลเลือด',
      symptoms: 'มาตรวจติดตามเบาหวาน',
    });
  });

  const form = staff.getByRole('dialog', { name: `บันทึกผลการตรวจ: ${PATIENT_NAME}` });
  const results = form.getByRole('region', { name: 'ประวัติผู้ป่วย' }).getByRole('region', { name: 'ผลตรวจ' });
  const table = results.getByRole('table', { name: 'ผลตรวจ' });
  const row = (name: string) => table.getByRole('row').filter({ has: staff.getByRole('rowheader', { name }) });
  /** The results of a sitting the patient has, or has not yet: the table groups them under that heading. */
  const sitting = (status: 'ยังไม่ส่งให้ผู้ป่วย' | 'ส่งให้ผู้ป่วยแล้ว') =>
    table.getByRole('rowgroup').filter({ has: staff.getByRole('rowheader', { name: new RegExp(`^${status}`) }) });

  await test.step('When the clinician records HbA1c 7.2 and creatinine 1.05 beside the record, held', async () => {
    await signIn(staff, DEMO_CLINICIAN);
    await staff
      .getByRole('list', { name: 'รายชื่อผู้ป่วยที่นัดหมาย' })
      .getByRole('listitem')
      .filter({ hasText: PATIENT_NAME })
      .getByRole('button')
      .click();
    const dialog = staff.getByRole('dialog', { name: PATIENT_NAME });
    await dialog.getByRole('button', { name: 'เรียกพบแพทย์' }).click();
    await dialog.getByRole('button', { name: 'บันทึกผลการตรวจ' }).click();
    await expect(results.getByText('ยังไม่มีผลตรวจที่สถานพยาบาลนี้')).toBeVisible();

    await results.getByRole('button', { name: 'บันทึกผลตรวจ' }).click();
    const entry = results.getByRole('region', { name: 'บันทึกผลตรวจ' });
    await expect(entry.getByRole('radio', { name: 'เก็บไว้ก่อน ยังไม่ส่งให้ผู้ป่วย' })).toBeChecked();
    await entry.getByRole('textbox', { name: 'น้ำตาลสะสม (HbA1c)' }).fill('7.2');
    await entry.getByRole('textbox', { name: 'ครีเอตินีน' }).fill('1.05');
    await entry.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shotsAtBothWidths(staff, 'staff-results-0-entry');
    // The lab's printed ranges are asked only on request; the facility's stand otherwise.
    await entry.getByRole('switch', { name: 'ใช้ช่วงค่าปกติตามใบผลแล็บ' }).check();
    await expect(entry.getByRole('textbox', { name: 'ต่ำสุด: ค่าปกติของ ครีเอตินีน' })).toHaveValue('0.6');
    await entry.getByRole('group', { name: 'ไต' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shotsAtBothWidths(staff, 'staff-results-0b-lab-ranges');
    await entry.getByRole('switch', { name: 'ใช้ช่วงค่าปกติตามใบผลแล็บ' }).uncheck();
    await entry.getByRole('button', { name: 'บันทึกผลตรวจ' }).click();

    await expect(results.getByRole('status')).toHaveText('บันทึกผลตรวจแล้ว ยังไม่ส่งให้ผู้ป่วย');
    await expect(row('น้ำตาลสะสม (HbA1c)')).toContainText('7.2 %');
    await expect(row('น้ำตาลสะสม (HbA1c)')).toContainText('ค่าปกติ 4–5.6');
    await expect(row('น้ำตาลสะสม (HbA1c)')).toContainText('สูง');
    await expect(row('ครีเอตินีน')).toContainText('1.05 mg/dL');
    // Worked out by the server from creatinine, her age and sex (CKD-EPI 2021): below 90.
    await expect(row('อัตราการกรองของไต (eGFR)')).toContainText('ต่ำ');
    const held = sitting('ยังไม่ส่งให้ผู้ป่วย');
    for (const name of ['น้ำตาลสะสม (HbA1c)', 'ครีเอตินีน', 'อัตราการกรองของไต (eGFR)'])
      await expect(held.getByRole('rowheader', { name })).toBeVisible();
    // Held: the patient does not see them yet.
    expect((await (await patient.request.get('/api/results')).json()).data).toEqual([]);
    await results.scrollIntoViewIfNeeded();
    await shotsAtBothWidths(staff, 'staff-results-1-held');
  });

  await test.step('Then, once explained, the clinician gives them to the patient', async () => {
    await results.getByRole('button', { name: 'ส่งผลให้ผู้ป่วย (3 รายการ)' }).click();
    const confirm = staff.getByRole('dialog', { name: 'ส่งผลตรวจ 3 รายการให้ผู้ป่วย?' });
    await expect(confirm).toContainText('ผู้ป่วยจะเห็นผลในแอปและได้รับการแจ้งเตือน');
    await shotsAtBothWidths(staff, 'staff-results-2-confirm');
    await confirm.getByRole('button', { name: 'ส่งผลให้ผู้ป่วย' }).click();
    await expect(confirm).toBeHidden();
    await expect(results.getByRole('status')).toHaveText('ส่งผลตรวจให้ผู้ป่วยแล้ว ผู้ป่วยจะได้รับการแจ้งเตือน');
    const released = sitting('ส่งให้ผู้ป่วยแล้ว');
    for (const name of ['น้ำตาลสะสม (HbA1c)', 'ครีเอตินีน', 'อัตราการกรองของไต (eGFR)'])
      await expect(released.getByRole('rowheader', { name })).toBeVisible();
    await expect(table.getByText('ยังไม่ส่งให้ผู้ป่วย', { exact: true })).toHaveCount(0);
    await results.scrollIntoViewIfNeeded();
    await shotsAtBothWidths(staff, 'staff-results-3-released');

    const series = (await (await patient.request.get('/api/results')).json()).data as {
      code: string;
      results: { value: number }[];
    }[];
    expect(series.find((s) => s.code === '4548-4')?.results.map((r) => r.value)).toEqual([7.2]);
    await form.getByRole('button', { name: 'ยกเลิก' }).first().click();
    await staff.getByRole('dialog', { name: PATIENT_NAME }).getByRole('button', { name: 'ปิด', exact: true }).click();
    await signOutStaff(staff);
    await patientContext.close();
  });
});
