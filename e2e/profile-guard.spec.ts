import { expect, test } from './support/fixtures';
import { screenshot } from './support/patient';

test('a visitor who opens /profile is sent to the start page with a message to log in', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('กรุณาเข้าสู่ระบบก่อนดูข้อมูลส่วนตัว')).toBeVisible();
  await screenshot(page, 'profile-guard');
  await page.getByRole('link', { name: 'เข้าสู่ระบบ' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
});

test('routes match whatever the case of the address', async ({ page }) => {
  await page.goto('/myHealth');
  await expect(page.getByRole('heading', { name: 'สุขภาพของฉัน' })).toBeVisible();
  await page.goto('/LOGIN');
  await expect(page.getByRole('heading', { level: 1, name: 'เข้าสู่ระบบ' })).toBeVisible();
  // A signed-in page in another case is still guarded: the visitor is sent to log in.
  await page.goto('/medicalright');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('กรุณาเข้าสู่ระบบก่อนดูข้อมูลส่วนตัว')).toBeVisible();
});
