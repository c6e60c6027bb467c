import { expect, test } from './support/fixtures';
import { screenshot, signInAsDemoPatient } from './support/patient';

test('a visitor who opens a signed-in page sees its sign-in card there, signs in and is back on that page', async ({ page, request }) => {
  await page.goto('/history');
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole('heading', { name: 'เข้าสู่ระบบเพื่อดูข้อมูลสุขภาพของคุณ' })).toBeVisible();
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
  await expect(page.getByRole('heading', { name: 'เข้าสู่ระบบเพื่อดูข้อมูลสุขภาพของคุณ' })).toBeVisible();
});

test('routes match whatever the case of the address', async ({ page }) => {
  await page.goto('/myHealth');
  await expect(page.getByRole('heading', { name: 'สุขภาพของฉัน' })).toBeVisible();
  await page.goto('/LOGIN');
  await expect(page.getByRole('heading', { level: 1, name: 'เข้าสู่ระบบ' })).toBeVisible();
  // A signed-in page in another case is still guarded: the visitor is asked to sign in there.
  await page.goto('/medicalright');
  await expect(page.getByRole('heading', { name: 'เข้าสู่ระบบเพื่อดูข้อมูลสุขภาพของคุณ' })).toBeVisible();
});
