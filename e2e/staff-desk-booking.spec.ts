import { expect, test } from './support/fixtures';
import {
  enterSentCode,
  latestCode,
  newPhone,
  newThaiId,
  onPhone,
  screenshot,
  shotFitting,
  typed,
} from './support/patient';
import { unreadableText, useLargeText } from './support/text-fit';
import { DEMO_FRONT_DESK, shotsAtBothWidths, signInStaff } from './support/staff';

const PATIENT = { firstname: 'บุญมี', lastname: 'ไม่มีมือถือ' };
const PATIENT_NAME = `${PATIENT.firstname} ${PATIENT.lastname}`;

/** A Bangkok date `daysAhead` from today, as [day, month, Buddhist Era year]. */
const bangkokDay = (daysAhead: number) => {
  const [y, m, d] = new Date(Date.now() + daysAhead * 86_400_000)
    .toLocaleDateString('en-CA', { timeZone: 'Asia/Bangkok' })
    .split('-')
    .map(Number);
  return [d, m, y + 543].map(String);
};

test.use({ viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

test('an older patient without a smartphone is registered at the desk with their consent by SMS code, booked a week ahead with the deposit paid in cash, and later sees it all on a phone', async ({
  page: staff,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(300_000);
  const phone = newPhone();
  let reference = '';

  await test.step('The desk looks the number up: nobody is registered with it', async () => {
    await signInStaff(staff, DEMO_FRONT_DESK);
    await staff.getByRole('button', { name: 'จองนัดให้ผู้ป่วย' }).click();
    const dialog = staff.getByRole('dialog', { name: 'จองนัดให้ผู้ป่วย' });
    await dialog.getByRole('textbox', { name: 'เบอร์มือถือของผู้ป่วย' }).fill(typed(phone));
    await dialog.getByRole('button', { name: 'ค้นหา' }).click();
    await expect(dialog.getByText('ไม่พบผู้ป่วยที่ลงทะเบียนด้วยข้อมูลนี้')).toBeVisible();
    await shotsAtBothWidths(staff, 'staff-desk-1-not-found');
  });

  await test.step('The desk reads the consent to the patient and sends the code; the SMS names the hospital', async () => {
    const dialog = staff.getByRole('dialog', { name: 'จองนัดให้ผู้ป่วย' });
    await dialog.getByRole('button', { name: 'ลงทะเบียนผู้ป่วยใหม่' }).click();
    await expect(dialog.getByRole('region', { name: 'อ่านให้ผู้ป่วยฟังก่อนส่งรหัส' })).toContainText(
      'คุณขอดู แก้ไข หรือลบข้อมูลได้ทุกเมื่อ',
    );
    await dialog.getByRole('button', { name: 'ส่งรหัสยินยอมทาง SMS' }).click();
    await expect(dialog.getByRole('status')).toContainText('ส่งรหัสไปที่');
    const sms = (await (await request.get(`/api/dev/sms?phone=${phone}`)).json()).data[0] as { text: string };
    expect(sms.text).toContain('โรงพยาบาลศิริราช');
    expect(sms.text).toContain('บอกรหัสนี้กับเจ้าหน้าที่เฉพาะเมื่อคุณยินยอม');
    await shotsAtBothWidths(staff, 'staff-desk-2-consent-code');
  });

  await test.step('The patient reads the code out; the desk types it and their details', async () => {
    const dialog = staff.getByRole('dialog', { name: 'จองนัดให้ผู้ป่วย' });
    await dialog.getByRole('textbox', { name: /รหัส 6 หลักที่ผู้ป่วยอ่านให้ฟัง/ }).fill(await latestCode(request, phone));
    await dialog.getByRole('textbox', { name: 'ชื่อ', exact: true }).fill(PATIENT.firstname);
    await dialog.getByRole('textbox', { name: 'นามสกุล' }).fill(PATIENT.lastname);
    await dialog.getByRole('textbox', { name: 'เลขประจำตัวประชาชน' }).fill(newThaiId());
    await dialog.getByRole('combobox', { name: 'วัน' }).selectOption('3');
    await dialog.getByRole('combobox', { name: 'เดือน' }).selectOption({ label: 'มีนาคม' });
    await dialog.getByRole('combobox', { name: 'ปี พ.ศ.' }).selectOption('2494');
    await dialog.getByRole('textbox', { name: 'ที่อยู่', exact: true }).fill('12 หมู่ 5');
    await dialog.getByRole('combobox', { name: /ตำบล\/แขวง/ }).fill('ศรีภูม');
    await staff.getByRole('option', { name: /ศรีภูมิ.*เมืองเชียงใหม่.*50200/ }).click();
    await expect(dialog.getByRole('combobox', { name: /รหัสไปรษณีย์/ })).toHaveValue('50200');
    await shotsAtBothWidths(staff, 'staff-desk-3-details');
    await dialog.getByRole('button', { name: 'ลงทะเบียนและไปเลือกเวลานัด' }).click();
    await expect(dialog.getByRole('status').first()).toContainText(`ลงทะเบียน ${PATIENT_NAME} แล้ว`);
  });

  await test.step('The desk books a week ahead, the deposit taken in cash', async () => {
    const dialog = staff.getByRole('dialog', { name: 'จองนัดให้ผู้ป่วย' });
    const [d, m, y] = bangkokDay(7);
    await dialog.getByRole('combobox', { name: 'ปี พ.ศ.' }).selectOption(y);
    await dialog.getByRole('combobox', { name: 'เดือน' }).selectOption(m);
    await dialog.getByRole('combobox', { name: 'วัน' }).selectOption(d);
    await dialog.getByRole('radio', { name: /ว่าง/, disabled: false }).first().check();
    await dialog.getByRole('textbox', { name: 'อาการที่ผู้ป่วยเล่า' }).fill('ปวดเข่าทั้งสองข้าง เดินลำบาก');
    await dialog.getByRole('textbox', { name: 'เป็นมานานเท่าไร' }).fill('1 เดือน');
    await dialog.getByRole('radio', { name: /รับเงินสดที่เคาน์เตอร์แล้ว/ }).check();
    await shotsAtBothWidths(staff, 'staff-desk-4-book');
    await dialog.getByRole('button', { name: 'ยืนยันจองนัด' }).click();
    const done = dialog.getByRole('status');
    await expect(done).toContainText(`จองนัดให้ ${PATIENT_NAME} แล้ว เลขที่นัด`);
    reference = (/เลขที่นัด (\w+)/.exec((await done.textContent()) ?? '') ?? [])[1] ?? '';
    expect(reference).toMatch(/^[0-9A-F]{8}$/);
    await dialog.getByRole('button', { name: 'เปิดนัดนี้' }).click();
    const opened = staff.getByRole('dialog', { name: PATIENT_NAME });
    await expect(opened).toContainText(/ชำระที่เคาน์เตอร์ 200/);
    await shotsAtBothWidths(staff, 'staff-desk-5-booked');
    await opened.getByRole('button', { name: 'ปิด' }).click();
  });

  await test.step('In English, the desk now finds the patient by their number, and the registration reads in English', async () => {
    await staff.getByRole('button', { name: 'EN: Switch to English' }).click();
    await staff.getByRole('button', { name: 'Book for a patient' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Book for a patient' });
    await dialog.getByRole('textbox', { name: "Patient's mobile number" }).fill(phone);
    await dialog.getByRole('button', { name: 'Find' }).click();
    await expect(dialog.getByRole('status')).toContainText(`${PATIENT_NAME} · age`);
    await expect(dialog.getByRole('status')).toContainText(`Number ending ${phone.slice(-4)}`);
    await shotsAtBothWidths(staff, 'staff-desk-8-found-english');
    await dialog.getByRole('button', { name: 'Register a new patient' }).click();
    await expect(
      dialog.getByRole('region', { name: 'Read this to the patient before sending the code' }),
    ).toBeVisible();
    await shotsAtBothWidths(staff, 'staff-desk-9-register-english');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await staff.getByRole('button', { name: 'ไทย: เปลี่ยนเป็นภาษาไทย' }).click();
  });

  await test.step('Later, on a family member’s phone, the patient signs in with their number and sees the booking', async () => {
    const context = await browser.newContext(onPhone(baseURL));
    const patient = await context.newPage();
    await patient.goto('/login');
    await patient.getByLabel('เบอร์โทรศัพท์มือถือ').fill(typed(phone));
    await patient.getByRole('button', { name: 'ถัดไป' }).click();
    await enterSentCode(patient, request, phone);
    await patient.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await expect(patient).toHaveURL(/\/myhealth$/);
    const mine = (await (await patient.request.get('/api/appointments')).json()).data as { id: string }[];
    expect(mine).toHaveLength(1);
    await patient.goto(`/appointments/${mine[0].id}`);
    await expect(patient.getByText('200 บาท ชำระที่โรงพยาบาลแล้ว')).toBeVisible();
    await expect(patient.getByText('เงินสดที่เคาน์เตอร์โรงพยาบาล')).toBeVisible();
    await expect(patient.getByText(`เลขที่นัด ${reference} สำหรับแจ้งที่จุดลงทะเบียน`)).toBeVisible();
    await shotFitting(patient, 'staff-desk-6-patient-sees-booking');
    // At 200% text, as an older patient reads it.
    await useLargeText(patient);
    await patient.reload();
    await expect(patient.getByText('200 บาท ชำระที่โรงพยาบาลแล้ว')).toBeVisible();
    await screenshot(patient, 'staff-desk-6b-patient-sees-booking-200');
    expect.soft(await unreadableText(patient)).toEqual([]);
    await patient.goto('/my-data/access');
    await expect(patient.getByText('ลงทะเบียนคุณในใกล้หมอที่เคาน์เตอร์ ตามที่คุณยินยอมด้วยรหัส SMS')).toBeVisible();
    await expect(patient.getByText('จองนัดให้คุณที่เคาน์เตอร์')).toBeVisible();
    await shotFitting(patient, 'staff-desk-7-patient-access-log');
    await context.close();
  });
});
