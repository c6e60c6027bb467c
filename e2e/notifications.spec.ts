import { expect, test } from './support/fixtures';
import { registerThroughApi, screenshot } from './support/patient';

test('a patient sets their medicine times and quiet hours, sends a test, and reads it under the bell', async ({
  page,
}) => {
  await registerThroughApi(page);
  await page.goto('/todo');
  await page.getByRole('link', { name: 'ตั้งเวลาเตือนทานยา' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ตั้งค่าการแจ้งเตือน' })).toBeVisible();

  const breakfast = page.getByLabel('หลังอาหารเช้า');
  await expect(breakfast).toHaveValue('08:00');
  await breakfast.fill('07:15');
  await page.getByRole('switch', { name: 'ช่วงเวลางดเตือน' }).check();
  await expect(page.getByLabel('ตั้งแต่')).toHaveValue('22:00');
  await screenshot(page, 'notification-settings');
  await page.getByRole('button', { name: 'บันทึก' }).click();
  await expect(page.getByText('บันทึกการตั้งค่าแล้ว')).toBeVisible();

  await page.getByRole('button', { name: 'ส่งการแจ้งเตือนทดสอบ' }).click();
  await expect(page.getByText('ส่งการแจ้งเตือนทดสอบแล้ว ดูที่กระดิ่งด้านบน')).toBeVisible();
  const bell = page.getByRole('link', { name: 'การแจ้งเตือน ยังไม่ได้อ่าน 1 รายการ' });
  await expect(bell).toBeVisible();
  await bell.click();

  const item = page.getByRole('listitem').filter({ hasText: 'ทดสอบการแจ้งเตือน' });
  await expect(item).toContainText('การแจ้งเตือนของใกล้หมอถึงคุณแล้ว');
  await expect(item).toContainText(/วันนี้ \d\d:\d\d น\./);
  await expect(item.getByText('ใหม่')).toBeVisible();
  await screenshot(page, 'notifications');
  // Opening the centre read it: the bell has nothing new.
  await expect(page.getByRole('link', { name: 'การแจ้งเตือน', exact: true })).toBeVisible();

  // What was saved is what the form shows again.
  await page.reload();
  await page.goto('/settings/notifications');
  await expect(page.getByLabel('หลังอาหารเช้า')).toHaveValue('07:15');
  await expect(page.getByLabel(/^ถึง/)).toHaveValue('06:00');
});
