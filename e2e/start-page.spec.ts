import { expect, test } from './support/fixtures';
import { screenshot } from './support/patient';

test.describe('before any script has run', () => {
  test.use({ javaScriptEnabled: false });

  test('the start page is already drawn: the search, the notice that the position is being asked for, the tabs', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('combobox', { name: 'ค้นหาสถานพยาบาล' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'กำลังหาตำแหน่งของคุณ' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'ค้นหา' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

test('the notice that the position is being asked for gives way to a new notice with the answer', async ({ page }) => {
  // The browser's answer is held until the test gives it, as while a patient reads the permission prompt.
  await page.addInitScript(() => {
    const waiting: PositionErrorCallback[] = [];
    navigator.geolocation.getCurrentPosition = (_found, failed) => {
      if (failed) waiting.push(failed);
    };
    (window as unknown as { refusePosition: () => void }).refusePosition = () =>
      waiting.splice(0).forEach((failed) => failed({ code: 1, message: 'denied' } as GeolocationPositionError));
  });
  await page.goto('/');
  const asking = page.getByRole('status').filter({ hasText: 'กำลังหาตำแหน่งของคุณ' });
  await expect(asking).toBeVisible();
  await screenshot(page, 'start-page-asking-position');
  const askingNotice = await asking.elementHandle();

  await page.evaluate(() => (window as unknown as { refusePosition: () => void }).refusePosition());
  await expect(page.getByRole('status').filter({ hasText: 'ไม่พบตำแหน่งของคุณ จึงแสดงกรุงเทพมหานคร' })).toBeVisible();
  // A new element, not the first reworded: Chrome would count reworded text as the page's largest paint again.
  expect(await askingNotice!.evaluate((element) => element.isConnected)).toBe(false);
});
