import { expect, test } from './support/fixtures';
import { onPhone, registerThroughApi, shotFitting } from './support/patient';
import { DEMO_CLINICIAN, checkedInToday, shotsAtBothWidths, signInStaff, signOutStaff } from './support/staff';

const HOSPITAL = 'siriraj-hospital';
const PATIENT = { firstname: 'สมใจ', lastname: 'ทานยาถูกเวลา' };
const PATIENT_NAME = `${PATIENT.firstname} ${PATIENT.lastname}`;
const PARACETAMOL = 'Paracetamol 500 mg เมื่อมีไข้ ครั้งละ 1 เม็ด ไม่เกินวันละ 4 ครั้ง';
const OMEPRAZOLE = 'Omeprazole 20 mg ก่อนอาหารเช้า 1 แคปซูล';

test.use({ viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

test('a clinician prescribes paracetamol as needed for fever and a drug before breakfast; the record and the patient read them so', async ({
  page: staff,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const patientContext = await browser.newContext(onPhone(baseURL));
  const patient = await patientContext.newPage();

  await test.step('Given a patient checked in today', async () => {
    await registerThroughApi(patient, PATIENT);
    await checkedInToday(staff, patient, {
      hospital: HOSPITAL,
      doctor: 'พญ.ตรงเวลา ยาดี',
      symptoms: 'มีไข้ ปวดท้องตอนเช้า แสบร้อนกลางอก',
    });
  });

  await test.step('When the clinician writes paracetamol as needed and omeprazole before breakfast', async () => {
    await signInStaff(staff, DEMO_CLINICIAN);
    const row = staff
      .getByRole('list', { name: 'รายชื่อผู้ป่วยที่นัดหมาย' })
      .getByRole('listitem')
      .filter({ hasText: PATIENT_NAME });
    await row.getByRole('button').click();
    const dialog = staff.getByRole('dialog', { name: PATIENT_NAME });
    await dialog.getByRole('button', { name: 'เรียกพบแพทย์' }).click();
    await dialog.getByRole('button', { name: 'บันทึกผลการตรวจ' }).click();
    const form = staff.getByRole('dialog', { name: `บันทึกผลการตรวจ: ${PATIENT_NAME}` });
    const visit = form.getByRole('region', { name: 'ผลการตรวจและยาที่สั่ง' });
    await visit.getByRole('textbox', { name: /^ผลการตรวจ/ }).fill('ไข้หวัด ร่วมกับกรดไหลย้อน');

    // Paracetamol 500 mg, 1 tablet when feverish, at most 4 times a day: chosen from the list, then three choices.
    await visit.getByRole('button', { name: 'เพิ่มยา' }).click();
    const para = visit.getByRole('group', { name: 'ยารายการที่ 1' });
    await para.getByRole('combobox', { name: /^ชื่อยา/ }).fill('Paracetamol');
    await staff.getByRole('option', { name: /^Paracetamol 500 mg · ยาเม็ด/ }).click();
    await para.getByRole('button', { name: 'เมื่อมีอาการ (PRN)' }).click();
    const prn = para.getByRole('group', { name: 'ทานเมื่อมีอาการ' });
    await prn.getByRole('textbox', { name: /^ครั้งละ/ }).fill('1');
    await prn.getByRole('textbox', { name: /^ไม่เกินวันละ/ }).fill('4');
    await prn.getByRole('button', { name: 'เมื่อมีไข้' }).click();
    await expect(prn.getByRole('textbox', { name: /^ใช้เมื่อ/ })).toHaveValue('เมื่อมีไข้');
    await para.getByRole('textbox', { name: /^จำนวนวัน/ }).fill('5');

    // Omeprazole 20 mg, 1 capsule before breakfast.
    await visit.getByRole('button', { name: 'เพิ่มยา' }).click();
    const ome = visit.getByRole('group', { name: 'ยารายการที่ 2' });
    await ome.getByRole('combobox', { name: /^ชื่อยา/ }).fill('Omeprazole');
    await staff.getByRole('option', { name: /^Omeprazole 20 mg · แคปซูล/ }).click();
    await ome.getByRole('button', { name: 'ก่อนอาหาร' }).click();
    await ome.getByRole('textbox', { name: 'ก่อนอาหารเช้า' }).fill('1');
    await ome.getByRole('textbox', { name: /^จำนวนวัน/ }).fill('14');

    // A third row every 8 hours, looked at and taken out again.
    await visit.getByRole('button', { name: 'เพิ่มยา' }).click();
    const third = visit.getByRole('group', { name: 'ยารายการที่ 3' });
    await third.getByRole('combobox', { name: /^ชื่อยา/ }).fill('Amoxicillin');
    await staff.getByRole('option', { name: /^Amoxicillin 500 mg · แคปซูล/ }).click();
    await third.getByRole('button', { name: 'ทุก N ชั่วโมง' }).click();
    const interval = third.getByRole('group', { name: 'ทานทุกกี่ชั่วโมง' });
    await interval.getByRole('combobox', { name: 'ทุก' }).selectOption({ label: '8 ชั่วโมง' });
    await expect(interval).toHaveAccessibleDescription('ทานเวลา 06:00 · 14:00 · 22:00 (วันละ 3 ครั้ง)');
    await interval.getByRole('textbox', { name: /^ครั้งละ/ }).fill('1');
    await third.getByRole('textbox', { name: /^จำนวนวัน/ }).fill('7');
    await third.scrollIntoViewIfNeeded();
    await shotFitting(staff, 'staff-dose-timing-2-every-8-hours-1366');
    await visit.getByRole('button', { name: 'ลบยารายการที่ 3' }).click();
    await expect(visit.getByRole('group', { name: /^ยารายการที่/ })).toHaveCount(2);

    // At a desk, then on a phone where the rows stack: the way and its boxes in view at both.
    await para.scrollIntoViewIfNeeded();
    await shotFitting(staff, 'staff-dose-timing-1-prescribing-1366');
    await staff.setViewportSize({ width: 390, height: 844 });
    await para.getByRole('button', { name: 'เมื่อมีอาการ (PRN)' }).scrollIntoViewIfNeeded();
    await shotFitting(staff, 'staff-dose-timing-1-prescribing-390');
    await staff.setViewportSize({ width: 1366, height: 768 });
    await expect(ome.getByRole('textbox', { name: 'ก่อนอาหารเช้า' })).toHaveValue('1');

    await visit.getByRole('button', { name: 'บันทึกผลการตรวจ' }).click();
    await expect(form).toBeHidden();
    await expect(dialog.getByText(`บันทึกผลการตรวจของ ${PATIENT_NAME} แล้ว`, { exact: false })).toBeVisible();

    // The record reads each drug the way it is taken.
    await dialog.getByRole('button', { name: 'เปิดดูประวัติผู้ป่วย' }).click();
    const record = dialog.getByRole('region', { name: 'ประวัติผู้ป่วย' });
    const thisVisit = record.getByRole('region', { name: 'การตรวจครั้งนี้' });
    await expect(thisVisit).toContainText(PARACETAMOL);
    await expect(thisVisit).toContainText(OMEPRAZOLE);
    await thisVisit.scrollIntoViewIfNeeded();
    await shotsAtBothWidths(staff, 'staff-dose-timing-3-recorded');

    // Amending the paracetamol starts from the way it is taken.
    await thisVisit.getByRole('button', { name: 'แก้ไข Paracetamol 500 mg' }).click();
    const amend = thisVisit.getByRole('form', { name: 'แก้ไขรายการยา: Paracetamol 500 mg' });
    await expect(amend.getByRole('button', { name: 'เมื่อมีอาการ (PRN)' })).toHaveAttribute('aria-pressed', 'true');
    await expect(amend.getByRole('textbox', { name: /^ไม่เกินวันละ/ })).toHaveValue('4');
    await amend.scrollIntoViewIfNeeded();
    await shotsAtBothWidths(staff, 'staff-dose-timing-4-amend-as-needed');
    await amend.getByRole('button', { name: 'ไม่แก้ไข' }).click();
    await dialog.getByRole('button', { name: 'ปิด', exact: true }).click();
    await signOutStaff(staff);
  });

  await test.step("Then the patient's medicines of today list both", async () => {
    await patient.goto('/todo');
    const main = patient.getByRole('main');
    await expect(main).toContainText('Paracetamol 500 mg');
    await expect(main).toContainText('Omeprazole 20 mg');
    await expect(main).toContainText('ก่อนอาหารเช้า');
    await expect(main).toContainText('เมื่อมีไข้');
    await shotFitting(patient, 'staff-dose-timing-5-patient-todo');
    await patientContext.close();
  });
});
