import { expect, test } from './support/fixtures';
import { newPhone, typed } from './support/patient';

// The prerendered page is on screen before its code has run: what the patient types then must still be there once
// the app has taken the page over.
for (const path of ['/signup', '/login']) {
  test(`what is typed on ${path} before the app has started stays typed`, async ({ page }) => {
    await page.goto(path, { waitUntil: 'commit' });
    const phone = page.getByLabel('เบอร์โทรศัพท์มือถือ');
    const number = typed(newPhone());
    await phone.fill(number);
    await page.waitForLoadState('networkidle');
    await expect(phone).toHaveValue(number);
    await page.getByRole('button', { name: 'ถัดไป' }).click();
    await expect(page.getByRole('textbox', { name: 'หลักที่ 1' })).toBeVisible();
  });
}
