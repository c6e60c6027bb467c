import { expect, test } from './support/fixtures';
import { enterSentCode, latestCode, newPhone, newThaiId, screenshot, typed } from './support/patient';

test('a new patient signs up with an SMS code, edits the profile, logs out and logs back in', async ({
  page,
  request,
}) => {
  // Sign-up, three profile edits, signing out and in again: longer than one step's default on a busy machine.
  test.setTimeout(120_000);
  const phone = newPhone();
  const thaiId = newThaiId();

  await test.step('When I open sign-up and give my mobile number', async () => {
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'ลงทะเบียน' })).toBeVisible();
    await page.getByLabel('เบอร์โทรศัพท์มือถือ').fill(typed(phone));
    // The prerendered button is enabled once the app has started; checked before, its colours are mid-change.
    await expect(page.getByRole('button', { name: 'ถัดไป' })).toBeEnabled();
    await screenshot(page, '01-signup-phone');
    await page.getByRole('button', { name: 'ถัดไป' }).click();
  });

  await test.step('And I type the code the SMS brought', async () => {
    await expect(page.getByRole('heading', { name: 'ยืนยันรหัส OTP' })).toBeVisible();
    await expect(page.getByText('โหมดพัฒนา: ระบบไม่ได้ส่ง SMS จริง')).toBeVisible();
    await enterSentCode(page, request, phone);
    await screenshot(page, '02-signup-otp');
    await page.getByRole('button', { name: 'ถัดไป' }).click();
  });

  await test.step('Then I must accept the terms before going on', async () => {
    await expect(page.getByRole('heading', { name: 'ข้อมูลส่วนบุคคล' })).toBeVisible();
    await page.getByRole('button', { name: 'ถัดไป' }).click();
    await expect(page.getByText('โปรดยอมรับข้อตกลงการใช้งานและนโยบายความเป็นส่วนตัว')).toBeVisible();
    await page.getByRole('radio', { name: /กรอกข้อมูลเอง/ }).check();
    await page.getByRole('link', { name: 'นโยบายความเป็นส่วนตัว' }).click();
    const notice = page.getByRole('dialog', { name: 'นโยบายความเป็นส่วนตัว' });
    await expect(notice.getByRole('heading', { name: 'สิทธิของคุณ' })).toBeVisible();
    await screenshot(page, '03a-signup-privacy-policy');
    await notice.getByRole('button', { name: 'ปิด' }).click();
    await page.getByRole('checkbox', { name: /ยินยอมตาม\s*ข้อตกลงการใช้งาน/ }).check();
    await screenshot(page, '03-signup-personal-info');
    await page.getByRole('button', { name: 'ถัดไป' }).click();
  });

  await test.step('When I fill in my details, picking my address from the suggestions', async () => {
    await expect(page.getByRole('heading', { name: 'กรอกข้อมูลส่วนตัว' })).toBeVisible();
    await page.getByRole('textbox', { name: 'ชื่อ', exact: true }).fill('มานี');
    await page.getByRole('textbox', { name: 'นามสกุล' }).fill('มีนา');
    await page.getByRole('textbox', { name: 'เลขประจำตัวประชาชน' }).fill(thaiId);
    await page.getByRole('combobox', { name: 'วัน' }).selectOption('14');
    await page.getByRole('combobox', { name: 'เดือน' }).selectOption({ label: 'กุมภาพันธ์' });
    await page.getByRole('combobox', { name: 'ปี พ.ศ.' }).selectOption('2535');
    await page.getByRole('textbox', { name: 'ที่อยู่', exact: true }).fill('45/6 หมู่ 3');
    await page.getByRole('combobox', { name: /ตำบล\/แขวง/ }).fill('ศรีภูม');
    await page.getByRole('option', { name: /ศรีภูมิ.*เมืองเชียงใหม่.*50200/ }).click();
    await expect(page.getByRole('combobox', { name: /อำเภอ\/เขต/ })).toHaveValue('เมืองเชียงใหม่');
    await expect(page.getByRole('textbox', { name: 'จังหวัด' })).toHaveValue('เชียงใหม่');
    await expect(page.getByRole('combobox', { name: /รหัสไปรษณีย์/ })).toHaveValue('50200');
    await screenshot(page, '04-signup-personal-data');
    await page.getByRole('button', { name: 'ลงทะเบียน', exact: true }).click();
  });

  await test.step('Then registration completes and I land in the app, logged in', async () => {
    await expect(page.getByRole('heading', { name: 'ลงทะเบียนสำเร็จ' })).toBeVisible();
    await screenshot(page, '05-signup-complete');
    await expect(page).toHaveURL(/\/myhealth$/, { timeout: 15_000 });
    await expect(page.getByText('สวัสดี คุณมานี')).toBeVisible();
    await expect(page.getByText('ยังไม่มีนัดหมาย')).toBeVisible();
    await screenshot(page, '06-myhealth');
  });

  await test.step('When I open my profile, it shows what I registered', async () => {
    await page.getByRole('link', { name: /ข้อมูลส่วนตัว/ }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'มานี มีนา' })).toBeVisible();
    await expect(page.getByText(/14 กุมภาพันธ์ 2535/)).toBeVisible();
    await expect(page.getByText(typed(phone))).toBeVisible();
    await screenshot(page, '07-profile');
  });

  await test.step('And I change my address', async () => {
    await page.getByRole('button', { name: 'แก้ไขข้อมูล' }).click();
    await page.getByRole('textbox', { name: 'ที่อยู่', exact: true }).fill('99/9 ซอยสุขุมวิท 11');
    await page.getByRole('combobox', { name: /รหัสไปรษณีย์/ }).fill('10110');
    await page.getByRole('option', { name: /คลองเตยเหนือ.*วัฒนา/ }).click();
    await screenshot(page, '08-profile-edit');
    await page.getByRole('button', { name: 'บันทึก' }).click();
    await expect(page.getByText('บันทึกข้อมูลแล้ว')).toBeVisible();
    await page.reload();
    await expect(page.getByText(/99\/9 ซอยสุขุมวิท 11/)).toBeVisible();
    await expect(page.getByText(/คลองเตยเหนือ/)).toBeVisible();
    await screenshot(page, '09-profile-saved');
  });

  await test.step('And I fix a typo in my name, with my ID card number and a new code', async () => {
    await page.getByRole('button', { name: 'แก้ไขชื่อ วันเกิด หรือเพศ' }).click();
    await page.getByRole('textbox', { name: 'ชื่อ', exact: true }).fill('มานีย์');
    await page.getByRole('textbox', { name: 'เลขประจำตัวประชาชนที่ลงทะเบียนไว้' }).fill(thaiId);
    await page.getByRole('button', { name: 'ส่งรหัสยืนยัน' }).click();
    await expect(page.getByText(`ส่งรหัส 6 หลักไปที่ ${typed(phone)} แล้ว`)).toBeVisible();
    await page.getByRole('textbox', { name: 'รหัสยืนยัน 6 หลัก' }).fill(await latestCode(request, phone));
    await screenshot(page, '09a-profile-identity');
    await page.getByRole('button', { name: 'บันทึกการแก้ไข' }).click();
    await expect(page.getByText('แก้ไขชื่อ วันเกิด หรือเพศแล้ว')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'มานีย์ มีนา' })).toBeVisible();
  });

  await test.step('When I log out, my profile is closed to me', async () => {
    await page.getByRole('button', { name: 'ออกจากระบบ' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'เข้าสู่ระบบเพื่อดูข้อมูลส่วนตัวของคุณ' })).toBeVisible();
    await expect(page.getByText(/99\/9 ซอยสุขุมวิท 11/)).toHaveCount(0);
  });

  await test.step('And I can log in again with a new code', async () => {
    // A phone gets a new code only OTP_RESEND_AFTER_SEC (2 s in the journeys) after its last one, and the identity
    // code went out moments ago: a patient never logs back in that fast, a fast machine does.
    await page.waitForTimeout(2_000);
    await page.goto('/login');
    await page.getByLabel('เบอร์โทรศัพท์มือถือ').fill(phone);
    await screenshot(page, '10-login-phone');
    await page.getByRole('button', { name: 'ถัดไป' }).click();
    await expect(page.getByRole('textbox', { name: 'หลักที่ 1' })).toBeVisible();
    await enterSentCode(page, request, phone);
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await expect(page).toHaveURL(/\/myhealth$/);
    await expect(page.getByText('สวัสดี คุณมานี')).toBeVisible();
    await screenshot(page, '11-logged-in-again');
  });
});
