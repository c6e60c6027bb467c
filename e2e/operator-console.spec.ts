import { expect, test } from './support/fixtures';
import { tilePng } from './support/map-tiles';
import { shotFitting } from './support/patient';
import { unusedTotpCode } from './support/staff';

/** The demo operator (README, "Hospital staff (demo)"): demo mode seeds them, at no facility. */
const OPERATOR = {
  email: 'operator@demo.klaimor.test',
  password: 'klaimor-demo-staff',
  secret: 'KLAIMORDEMOOPERATORKLAIMORDEMOOP',
};
/** A real registry facility whose registry point lay elsewhere: it stands at its sub-district's point until placed. */
const FLAGGED = 'น้ำขุ่น';
const TAX_ID = '0994000165510';

test.use({ viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

test('the operator finds a misplaced facility, places it, corrects its phone, verifies its PromptPay account by its QR and invites its first administrator', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ contentType: 'image/png', body: tilePng() }));

  await test.step('Signing in as staff do, the operator lands in the console', async () => {
    await page.goto('/staff/sign-in');
    await page.getByRole('textbox', { name: /^อีเมล/ }).fill(OPERATOR.email);
    await page.getByLabel(/^รหัสผ่าน/).fill(OPERATOR.password);
    await page.getByRole('textbox', { name: /^รหัส 6 หลัก/ }).fill(await unusedTotpCode(OPERATOR.secret));
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await expect(page).toHaveURL(/\/operator$/);
    await expect(page.getByRole('heading', { name: 'รายชื่อสถานพยาบาล' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^พบ/ })).toBeVisible();
    await shotFitting(page, 'operator-01-list');
  });

  await test.step('The facilities whose point needs checking are one tick away, and a search narrows them', async () => {
    // The filters live in the address: the box shows ticked once the address has it.
    const flagged = page.getByRole('checkbox', { name: /ตำแหน่งต้องตรวจ/ });
    await flagged.click();
    await expect(flagged).toBeChecked();
    await page.getByRole('searchbox', { name: 'ค้นหา' }).fill(FLAGGED);
    const row = page.getByRole('row').filter({ hasText: FLAGGED }).first();
    await expect(row).toContainText('ตำแหน่งต้องตรวจ');
    await shotFitting(page, 'operator-02-flagged');
    await row.getByRole('link').click();
    await expect(page.getByText(/แสดงที่จุดกลางตำบล/)).toBeVisible();
    await shotFitting(page, 'operator-03-facility');
  });

  await test.step('The pin is placed and saved: the flag is gone', async () => {
    await page.getByRole('textbox', { name: 'ละติจูด' }).fill('15.5623');
    await page.getByRole('textbox', { name: 'ลองจิจูด' }).fill('105.4381');
    await page.getByRole('button', { name: 'บันทึกตำแหน่ง' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'บันทึกตำแหน่งแล้ว' })).toBeVisible();
    await expect(page.getByText(/แสดงที่จุดกลางตำบล/)).toHaveCount(0);
  });

  await test.step('The phone is corrected', async () => {
    await page.getByRole('textbox', { name: /^โทรศัพท์/ }).fill('045-123-456');
    await page.getByRole('button', { name: 'บันทึกการแก้ไข' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^บันทึกแล้ว/ })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^โทรศัพท์/ })).toHaveValue('045123456');
  });

  await test.step('A PromptPay id with a wrong check digit is refused; a right one is shown as its QR, then verified', async () => {
    const id = page.getByRole('textbox', { name: /เลขประจำตัวผู้เสียภาษี/ });
    await id.fill('0994000165511');
    await page.getByRole('button', { name: 'แสดง QR เพื่อตรวจ' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'เลขนี้ไม่ถูกต้อง' })).toBeVisible();
    await id.fill(TAX_ID);
    await page.getByRole('button', { name: 'แสดง QR เพื่อตรวจ' }).click();
    await expect(page.getByRole('img', { name: `QR พร้อมเพย์ของเลข ${TAX_ID}` })).toBeVisible();
    await shotFitting(page, 'operator-04-promptpay-qr');
    await page.getByRole('button', { name: 'ชื่อบัญชีถูกต้อง ยืนยัน' }).click();
    await expect(page.getByText(`มัดจำโอนเข้าพร้อมเพย์ ${TAX_ID} (ยืนยันแล้ว)`)).toBeVisible();
  });

  await test.step('The first administrator gets a one-time link, shown once', async () => {
    await page.getByRole('textbox', { name: 'ชื่อผู้ดูแล' }).fill('ผอ. ทดสอบ ระบบ');
    await page.getByRole('textbox', { name: 'อีเมล' }).fill(`director-${Date.now()}@e2e.klaimor.test`);
    await page.getByRole('button', { name: 'สร้างลิงก์เชิญ' }).click();
    await expect(page.getByRole('textbox', { name: 'ลิงก์ลงทะเบียน' })).toHaveValue(/\/staff\/enrol#/);
    await shotFitting(page, 'operator-05-invited');
  });
});
