import { expect, test } from './support/fixtures';
import { onPhone, registerThroughApi, screenshot, shotFitting } from './support/patient';
import { unreadableText, useLargeText } from './support/text-fit';
import { DEMO_CLINICIAN, checkedInToday, shotsAtBothWidths, signInStaff as signIn } from './support/staff';

const HOSPITAL = 'siriraj-hospital';
const base = `/api/staff/facilities/${HOSPITAL}`;
const PATIENT = { firstname: 'สมศรี', lastname: 'แก้ยา' };
const PATIENT_NAME = `${PATIENT.firstname} ${PATIENT.lastname}`;
const REASON = 'แพทย์สั่งขนาดยาผิด ต้องทานวันละครั้งหลังอาหารเช้า';

test.use({ viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

test('a clinician corrects a wrong dose; the patient finds the corrected medicine and is told why', async ({
  page: staff,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const patientContext = await browser.newContext(onPhone(baseURL));
  const patient = await patientContext.newPage();

  await test.step('Given a visit recorded today with paracetamol 2 tablets three times a day', async () => {
    await registerThroughApi(patient, PATIENT);
    const id = await checkedInToday(staff, patient, {
      hospital: HOSPITAL,
      doctor: 'นพ.แก้ไข ขนาดยา',
      symptoms: 'ไข้ ปวดศีรษะ',
    });
    await signIn(staff, DEMO_CLINICIAN);
    const done = await staff.request.post(`${base}/appointments/${id}/complete`, {
      data: {
        findings: 'ไข้หวัด ปวดศีรษะ',
        prescriptions: [
          {
            drug: 'พาราเซตามอล',
            strength: '500 mg',
            form: 'tablet',
            doses: { afterBreakfast: 2, afterLunch: 2, afterDinner: 2 },
            days: 5,
          },
        ],
      },
    });
    expect(done.status(), await done.text()).toBe(200);
  });

  await test.step('When the clinician corrects the dose from the record, with a reason', async () => {
    await staff.reload();
    const row = staff
      .getByRole('list', { name: 'รายชื่อผู้ป่วยที่นัดหมาย' })
      .getByRole('listitem')
      .filter({ hasText: PATIENT_NAME });
    await row.getByRole('button').click();
    const dialog = staff.getByRole('dialog', { name: PATIENT_NAME });
    await dialog.getByRole('button', { name: 'เปิดดูประวัติผู้ป่วย' }).click();
    const thisVisit = dialog.getByRole('region', { name: 'การตรวจครั้งนี้' });
    await thisVisit.getByRole('button', { name: 'แก้ไข พาราเซตามอล 500 mg' }).click();
    const form = thisVisit.getByRole('form', { name: 'แก้ไขรายการยา: พาราเซตามอล 500 mg' });
    await form.getByRole('textbox', { name: /^หลังอาหารเช้า/ }).fill('1');
    await form.getByRole('textbox', { name: /^หลังอาหารกลางวัน/ }).fill('0');
    await form.getByRole('textbox', { name: /^หลังอาหารเย็น/ }).fill('0');
    await form.getByRole('textbox', { name: /^เหตุผลที่แก้ไข/ }).fill(REASON);
    await shotsAtBothWidths(staff, 'staff-corrections-1-dose-corrected');
    await form.getByRole('button', { name: 'บันทึกการแก้ไข' }).click();
    await expect(thisVisit.getByText('บันทึกการแก้ไขแล้ว ผู้ป่วยจะได้รับแจ้ง')).toBeVisible();
    await expect(thisVisit).toContainText('หลังอาหารเช้า 1');
    await shotsAtBothWidths(staff, 'staff-corrections-2-saved');
  });

  await test.step('Then the patient finds the corrected medicine, the old one marked, and the notice', async () => {
    await patient.goto('/todo');
    const [current, replaced] = [
      patient.getByRole('article', { name: 'พาราเซตามอล 500 mg' }).filter({ hasText: 'แก้ไขจากรายการเดิม' }),
      patient.getByRole('article', { name: 'พาราเซตามอล 500 mg' }).filter({ hasText: `เหตุผล: ${REASON}` }),
    ];
    await expect(current).toContainText('หลังอาหารเช้า');
    await expect(replaced).toContainText('แก้ไขแล้ว');
    await shotFitting(patient, 'staff-corrections-3-patient-medicines');
    await useLargeText(patient);
    await patient.reload();
    await expect(replaced).toContainText('แก้ไขแล้ว');
    await screenshot(patient, 'staff-corrections-3b-patient-medicines-200');
    expect.soft(await unreadableText(patient)).toEqual([]);

    // The notice goes out with the next minute's round of the notifier.
    await expect(async () => {
      await patient.goto('/notifications');
      await expect(patient.getByText('โรงพยาบาลแก้ไขบันทึกการตรวจ')).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 100_000, intervals: [5000] });
    await shotFitting(patient, 'staff-corrections-4-patient-notice');
    await patientContext.close();
  });
});
