import { expect, test } from './support/fixtures';
import { onPhone, registerThroughApi, shotFitting } from './support/patient';
import {
  DEMO_CLINICIAN,
  checkedInToday,
  shotsAtBothWidths,
  signInStaff as signIn,
  signOutStaff,
} from './support/staff';

const HOSPITAL = 'siriraj-hospital';
const PATIENT = { firstname: 'บุญมี', lastname: 'แพ้ยา' };
const PATIENT_NAME = `${PATIENT.firstname} ${PATIENT.lastname}`;
const OVERRIDE = 'ผู้ป่วยเคยมีผื่นเล็กน้อยตอนเด็ก ทดสอบผิวหนังแล้วไม่แพ้ เฝ้าระวังอาการ';

test.use({ viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

test("a clinician prescribing sees the patient's penicillin allergy and gives a reason for amoxicillin; the patient reads it", async ({
  page: staff,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const patientContext = await browser.newContext(onPhone(baseURL));
  const patient = await patientContext.newPage();

  await test.step('Given a patient who recorded a severe penicillin allergy, checked in today', async () => {
    await registerThroughApi(patient, PATIENT);
    const allergy = await patient.request.post('/api/allergies', {
      data: { substance: 'เพนิซิลลิน', category: 'medication', reaction: 'ผื่นลมพิษ หน้าบวม', severity: 'severe' },
    });
    expect(allergy.status(), await allergy.text()).toBe(201);
    await checkedInToday(staff, patient, {
      hospital: HOSPITAL,
      doctor: 'นพ.ระวัง ยาแพ้',
      symptoms: 'เจ็บคอ กลืนลำบาก มีไข้',
    });
  });

  await test.step('When the clinician records the visit, the allergy heads the record and the drugs', async () => {
    await signIn(staff, DEMO_CLINICIAN);
    const row = staff
      .getByRole('list', { name: 'รายชื่อผู้ป่วยที่นัดหมาย' })
      .getByRole('listitem')
      .filter({ hasText: PATIENT_NAME });
    await row.getByRole('button').click();
    const dialog = staff.getByRole('dialog', { name: PATIENT_NAME });
    await dialog.getByRole('button', { name: 'เรียกพบแพทย์' }).click();
    await dialog.getByRole('button', { name: 'บันทึกผลการตรวจ' }).click();
    const form = staff.getByRole('dialog', { name: `บันทึกผลการตรวจ: ${PATIENT_NAME}` });
    const record = form.getByRole('region', { name: 'ประวัติผู้ป่วย' });
    const background = record.getByRole('region', { name: 'ประวัติแพ้และโรคประจำตัว' });
    await expect(background).toContainText('ผู้ป่วยมีประวัติแพ้');
    await expect(background).toContainText('เพนิซิลลิน (ยา) · รุนแรง · ผื่นลมพิษ หน้าบวม');
    await expect(background).toContainText('ผู้ป่วยบันทึกเอง');

    // The clinician adds what the patient had not written: high blood pressure, from the list.
    await record.getByRole('button', { name: 'เพิ่มโรคประจำตัว' }).click();
    await record.getByRole('combobox', { name: /^โรค/ }).fill('ความดัน');
    await staff.getByRole('option', { name: 'ความดันโลหิตสูง' }).click();
    await expect(record.getByRole('textbox', { name: 'รหัส ICD-10' })).toHaveValue('I10');
    await shotsAtBothWidths(staff, 'staff-allergies-0-add-condition');
    await record.getByRole('button', { name: 'บันทึก', exact: true }).click();
    await expect(background).toContainText('ความดันโลหิตสูง (I10)');
    // Removing the facility's own entry asks once more; kept here.
    await background.getByRole('button', { name: 'ลบ ความดันโลหิตสูง' }).click();
    await expect(background.getByRole('button', { name: 'ยืนยันลบ ความดันโลหิตสูง' })).toBeVisible();
    await shotsAtBothWidths(staff, 'staff-allergies-0b-confirm-remove');
    await background.getByRole('button', { name: 'ไม่ลบ' }).click();

    const visit = form.getByRole('region', { name: 'ผลการตรวจและยาที่สั่ง' });
    await expect(visit.getByRole('region', { name: 'ประวัติแพ้และโรคประจำตัว' })).toContainText('ความดันโลหิตสูง (I10)');
    await visit.getByRole('textbox', { name: /^ผลการตรวจ/ }).fill('ต่อมทอนซิลอักเสบจากเชื้อแบคทีเรีย');
    await visit.getByRole('button', { name: 'เพิ่มยา' }).click();
    const drug = visit.getByRole('group', { name: 'ยารายการที่ 1' });
    await drug.getByRole('combobox', { name: /^ชื่อยา/ }).fill('Amoxicillin');
    await staff.getByRole('option', { name: /^Amoxicillin 500 mg · แคปซูล/ }).click();
    await expect(drug.getByRole('textbox', { name: /^ความแรง/ })).toHaveValue('500 mg');
    await drug.getByRole('textbox', { name: /^ความแรง/ }).fill('500 mg');
    await drug.getByRole('textbox', { name: 'หลังอาหารเช้า' }).fill('1');
    await drug.getByRole('textbox', { name: 'หลังอาหารเย็น' }).fill('1');
    await drug.getByRole('textbox', { name: /^จำนวนวัน/ }).fill('7');
    await expect(drug.getByText('ผู้ป่วยแพ้ เพนิซิลลิน (รุนแรง) ยานี้อยู่ในกลุ่มเดียวกัน')).toBeVisible();
    await visit.getByRole('button', { name: 'บันทึกผลการตรวจ' }).click();
    const reason = drug.getByRole('textbox', { name: /^เหตุผลที่ยังสั่งยานี้/ });
    await expect(reason).toHaveAccessibleDescription('ผู้ป่วยมีประวัติแพ้ยานี้ ต้องระบุเหตุผลที่ยังสั่ง');
    await expect(reason).toBeFocused();
    await shotsAtBothWidths(staff, 'staff-allergies-1-override-asked');
    await reason.fill(OVERRIDE);
    await visit.getByRole('button', { name: 'บันทึกผลการตรวจ' }).click();
    await expect(form).toBeHidden();
    await expect(dialog.getByText(`บันทึกผลการตรวจของ ${PATIENT_NAME} แล้ว`, { exact: false })).toBeVisible();
    await dialog.getByRole('button', { name: 'เปิดดูประวัติผู้ป่วย' }).click();
    const after = dialog.getByRole('region', { name: 'ประวัติผู้ป่วย' });
    await expect(after.getByRole('region', { name: 'การตรวจครั้งนี้' })).toContainText('Amoxicillin 500 mg');
    await expect(after.getByRole('region', { name: 'ประวัติแพ้และโรคประจำตัว' })).toContainText('ความดันโลหิตสูง (I10)');
    await after.getByRole('region', { name: 'ประวัติแพ้และโรคประจำตัว' }).scrollIntoViewIfNeeded();
    await shotsAtBothWidths(staff, 'staff-allergies-2-recorded');
    await dialog.getByRole('button', { name: 'ปิด', exact: true }).click();
    await signOutStaff(staff);
  });

  await test.step('Then the patient reads who prescribed over the allergy, and why', async () => {
    await patient.goto('/my-data/access');
    const override = patient.getByRole('listitem').filter({ hasText: 'สั่งยาที่คุณมีประวัติแพ้' });
    await expect(override).toContainText(OVERRIDE);
    await expect(patient.getByRole('listitem').filter({ hasText: 'บันทึกโรคประจำตัวของคุณ' })).toBeVisible();
    await shotFitting(patient, 'staff-allergies-3-patient-access-log');
    await patientContext.close();
  });
});
