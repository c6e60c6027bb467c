import { expect, test } from './support/fixtures';
import { enterSentCode, newPhone, newThaiId, screenshot, signInAsDemoPatient, typed } from './support/patient';

test('a visitor who opens a signed-in page sees its sign-in card there, signs in and is back on that page', async ({
  page,
  request,
}) => {
  await page.goto('/history');
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole('heading', { name: 'เข้าสู่ระบบเพื่อดูประวัติการรักษาของคุณ' })).toBeVisible();
  await screenshot(page, 'profile-guard');
  await page.getByRole('link', { name: 'เข้าสู่ระบบ' }).first().click();
  await expect(page).toHaveURL(/\/login$/);

  await signInAsDemoPatient(page, request);
  await expect(page).toHaveURL(/\/history$/);
});

test("the Todo tab, signed out, opens the checklist's own sign-in card", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'สิ่งที่ต้องทำ' }).click();
  await expect(page).toHaveURL(/\/todo$/);
  await expect(page.getByRole('heading', { name: 'เข้าสู่ระบบเพื่อดูยาที่ต้องทานและสิ่งที่ต้องทำของคุณ' })).toBeVisible();
});

test('routes match whatever the case of the address', async ({ page }) => {
  await page.goto('/myHealth');
  await expect(page.getByRole('heading', { name: 'สุขภาพของฉัน' })).toBeVisible();
  await page.goto('/LOGIN');
  await expect(page.getByRole('heading', { level: 1, name: 'เข้าสู่ระบบ' })).toBeVisible();
  // A signed-in page in another case is still guarded: the visitor is asked to sign in there.
  await page.goto('/medicalright');
  await expect(page.getByRole('heading', { name: 'เข้าสู่ระบบเพื่อดูสิทธิการรักษาของคุณ' })).toBeVisible();
});

test('a visitor who registers from a page’s sign-in card comes back to that page once registered', async ({
  page,
  request,
}) => {
  const phone = newPhone();
  await page.goto('/asd');
  await expect(page.getByRole('heading', { name: 'เข้าสู่ระบบเพื่อดูบันทึกอาการของคุณ' })).toBeVisible();
  await page.getByRole('link', { name: 'ลงทะเบียน' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByLabel('เบอร์โทรศัพท์มือถือ').fill(typed(phone));
  await page.getByRole('button', { name: 'ถัดไป' }).click();
  await expect(page.getByRole('textbox', { name: 'หลักที่ 1' })).toBeVisible();
  await enterSentCode(page, request, phone);
  await page.getByRole('button', { name: 'ถัดไป' }).click();
  await page.getByRole('radio', { name: /กรอกข้อมูลเอง/ }).check();
  await page.getByRole('checkbox', { name: /ยินยอมตาม\s*ข้อตกลงการใช้งาน/ }).check();
  await page.getByRole('button', { name: 'ถัดไป' }).click();
  await page.getByRole('textbox', { name: 'ชื่อ', exact: true }).fill('ชูใจ');
  await page.getByRole('textbox', { name: 'นามสกุล' }).fill('ใจงาม');
  await page.getByRole('textbox', { name: 'เลขประจำตัวประชาชน' }).fill(newThaiId());
  await page.getByRole('combobox', { name: 'วัน' }).selectOption('3');
  await page.getByRole('combobox', { name: 'เดือน' }).selectOption({ label: 'มีนาคม' });
  await page.getByRole('combobox', { name: 'ปี พ.ศ.' }).selectOption('2510');
  await page.getByRole('textbox', { name: 'ที่อยู่', exact: true }).fill('7 หมู่ 1');
  await page.getByRole('combobox', { name: /ตำบล\/แขวง/ }).fill('ศรีภูม');
  await page.getByRole('option', { name: /ศรีภูมิ.*เมืองเชียงใหม่.*50200/ }).click();
  await expect(page.getByRole('combobox', { name: /รหัสไปรษณีย์/ })).toHaveValue('50200');
  await page.getByRole('button', { name: 'ลงทะเบียน', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'ลงทะเบียนสำเร็จ' })).toBeVisible();
  // Back where the visitor started, now signed in: the symptom notes themselves, not their sign-in card.
  await expect(page).toHaveURL(/\/asd$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'เข้าสู่ระบบเพื่อดูบันทึกอาการของคุณ' })).toHaveCount(0);
  await expect(page.getByText('ยังไม่มีบันทึกอาการ')).toBeVisible();
});
