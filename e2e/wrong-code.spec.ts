import { expect, test } from './support/fixtures';
import { latestCode, newPhone, screenshot, typeCode, typed } from './support/patient';

test('a wrong code is refused with a Thai message and the right one still works', async ({ page, request }) => {
  const phone = newPhone();

  await test.step('When I ask for a code', async () => {
    await page.goto('/signup');
    await page.getByLabel('เบอร์โทรศัพท์มือถือ').fill(typed(phone));
    await page.getByRole('button', { name: 'ถัดไป' }).click();
    await expect(page.getByRole('heading', { name: 'ยืนยันรหัส OTP' })).toBeVisible();
  });

  const code = await latestCode(request, phone);
  const wrong = code === '000000' ? '111111' : '000000';

  await test.step('And type a wrong one, I am told it is wrong and stay on the code step', async () => {
    await typeCode(page, wrong);
    await page.getByRole('button', { name: 'ถัดไป' }).click();
    await expect(page.getByText('รหัส OTP ไม่ถูกต้อง กรุณาลองใหม่')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'ยืนยันรหัส OTP' })).toBeVisible();
    await screenshot(page, 'wrong-code');
  });

  await test.step('Then the right code takes me on', async () => {
    await typeCode(page, code);
    await page.getByRole('button', { name: 'ถัดไป' }).click();
    await expect(page.getByRole('heading', { name: 'ข้อมูลส่วนบุคคล' })).toBeVisible();
  });
});
