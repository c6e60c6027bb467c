import { expect, test } from './support/fixtures';
import { screenshot } from './support/patient';

test('anyone can read the terms of use and the privacy policy, also at 200% text size', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'ข้อตกลงการใช้งาน' })).toBeVisible();
  await expect(page.getByText('ฉบับวันที่ 25 พฤศจิกายน 2569')).toBeVisible();
  await screenshot(page, 'legal-01-terms');
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'นโยบายความเป็นส่วนตัว' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'ผู้ควบคุมข้อมูลส่วนบุคคล' })).toBeVisible();
  await screenshot(page, 'legal-02-privacy');
  await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
  await screenshot(page, 'legal-03-privacy-200');
});
