import { expect, test } from './support/fixtures';
import { shotFitting } from './support/patient';
import { unusedTotpCode } from './support/staff';

/** The demo hospital's administrator (README, "Hospital staff (demo)"): demo mode seeds them at Siriraj. */
const ADMIN = {
  email: 'admin@demo.klaimor.test',
  password: 'klaimor-demo-staff',
  totpSecret: 'KLAIMORDEMOADMINKLAIMORDEMOADMIN',
};

/** A Bangkok calendar date `days` from today, as YYYY-MM-DD. */
function bangkokDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** '2026-12-01' as the app writes it short, in the Buddhist Era: '1 ธ.ค. 2569'. */
const shortThaiDate = (date: string) =>
  new Intl.DateTimeFormat('th-TH', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Bangkok',
  }).format(new Date(`${date}T12:00:00+07:00`));

test('the sign-in page fits a phone', async ({ page }) => {
  await page.goto('/staff/sign-in');
  await expect(page.getByRole('heading', { level: 1, name: 'เข้าสู่ระบบสำหรับเจ้าหน้าที่' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'เมนูหลัก' })).toHaveCount(0);
  await shotFitting(page, 'staff-00-sign-in-phone');
});

test.describe('at the front desk', () => {
  test.use({ viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

  test('the demo admin signs in, adds a weekly session, previews its slots, closes a day and opens it again', async ({
    page,
  }) => {
    const closedDay = bangkokDate(6);
    const closedDayText = shortThaiDate(closedDay);

    await test.step('When I open /staff without a staff session, I am asked to sign in', async () => {
      await page.goto('/staff');
      await expect(page).toHaveURL(/\/staff\/sign-in$/);
      await expect(page.getByRole('heading', { level: 1, name: 'เข้าสู่ระบบสำหรับเจ้าหน้าที่' })).toBeVisible();
      await shotFitting(page, 'staff-01-sign-in');
    });

    await test.step('When I sign in with my password and the authenticator code, I see the demo schedule', async () => {
      await page.getByRole('textbox', { name: /^อีเมล/ }).fill(ADMIN.email);
      await page.getByLabel(/^รหัสผ่าน/).fill(ADMIN.password);
      await page.getByRole('textbox', { name: /^รหัส 6 หลัก/ }).fill(await unusedTotpCode(ADMIN.totpSecret));
      await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
      await expect(page).toHaveURL(/\/staff\/schedule$/);
      await expect(page.getByRole('heading', { level: 1, name: 'ตารางออกตรวจ' })).toBeVisible();
      await expect(page.getByText('ผู้ดูแลระบบ (เดโม)')).toBeVisible();
      await expect(page.getByText('โรงพยาบาลศิริราช')).toBeVisible();
      const weekly = page.getByRole('region', { name: 'ตารางประจำสัปดาห์' });
      await expect(weekly.getByRole('row', { name: /ทุกวัน 09:00–12:00 น\./ })).toBeVisible();
      await expect(weekly.getByRole('row', { name: /ทุกวัน 13:00–16:00 น\./ })).toBeVisible();
      await shotFitting(page, 'staff-02-schedule');
      await page.setViewportSize({ width: 1024, height: 768 });
      await shotFitting(page, 'staff-02-schedule-1024');
      await page.setViewportSize({ width: 1366, height: 768 });
    });

    await test.step('When I add an evening session on weekdays, it is listed with its slots made', async () => {
      await page.getByRole('button', { name: 'เพิ่มตารางประจำสัปดาห์' }).click();
      const dialog = page.getByRole('dialog', { name: 'เพิ่มตารางประจำสัปดาห์' });
      await dialog.getByRole('button', { name: 'จันทร์–ศุกร์' }).click();
      await dialog.getByRole('group', { name: 'เริ่ม' }).getByRole('combobox', { name: 'ชั่วโมง' }).selectOption('17');
      await dialog.getByRole('group', { name: 'สิ้นสุด' }).getByRole('combobox', { name: 'ชั่วโมง' }).selectOption('19');
      await dialog.getByLabel(/^ช่วงละ/).fill('30');
      await dialog.getByLabel(/^รับต่อช่วง/).fill('2');
      await dialog.getByLabel(/^แพทย์ที่ออกตรวจ/).fill('นพ.ทดสอบ ตารางเย็น');
      await dialog.getByLabel(/^มัดจำ/).fill('300');
      await expect(dialog.getByText('ได้ 4 ช่วงต่อรอบ')).toBeVisible();
      await shotFitting(page, 'staff-03-add-session');
      await dialog.getByRole('button', { name: 'บันทึก' }).click();
      await expect(page.getByText('บันทึกตารางแล้ว ช่วงเวลาเปิดให้จองทันที')).toBeVisible();
      const row = page.getByRole('row', { name: /จ\.–ศ\. 17:00–19:00 น\./ });
      await expect(row).toContainText('30 นาที');
      await expect(row).toContainText('2 คน');
      await expect(row).toContainText('นพ.ทดสอบ ตารางเย็น');
      await expect(row).toContainText('300 บาท');
      await shotFitting(page, 'staff-04-session-added');
    });

    await test.step('When I preview its slots, I see them by day with the clinician and places taken', async () => {
      await page.getByRole('button', { name: 'ดูช่วงเวลาของรอบ จ.–ศ. 17:00–19:00 น.' }).click();
      await expect(page.getByRole('tab', { name: 'ช่วงเวลาจอง', selected: true })).toBeVisible();
      const days = page.getByRole('list', { name: 'ช่วงเวลาแยกตามวัน' });
      await expect(days.getByRole('heading', { level: 3 })).toHaveCount(7);
      const evening = days.getByRole('listitem').filter({ hasText: /^17:00–17:30 น\./ });
      await expect(evening.first()).toContainText('นพ.ทดสอบ ตารางเย็น');
      await expect(evening.first()).toContainText('จองแล้ว 0/2');
      await expect(days.getByText('09:00–10:00 น.')).toHaveCount(0);
      await shotFitting(page, 'staff-05-slots');
    });

    await test.step('When I close a day with a reason, it is listed and the preview shows it closed', async () => {
      await page.getByRole('tab', { name: 'วันปิดทำการ' }).click();
      await page.getByRole('button', { name: 'ปิดทำการ 1 วัน' }).click();
      const dialog = page.getByRole('dialog', { name: 'ปิดทำการ 1 วัน' });
      const [y, m, d] = closedDay.split('-').map(Number);
      await dialog.getByRole('combobox', { name: 'วัน' }).selectOption(String(d));
      await dialog.getByRole('combobox', { name: 'เดือน' }).selectOption(String(m));
      await dialog.getByRole('combobox', { name: 'ปี พ.ศ.' }).selectOption(String(y + 543));
      await dialog.getByRole('textbox', { name: /^เหตุผล/ }).fill('อบรมเจ้าหน้าที่ประจำปี');
      await shotFitting(page, 'staff-06-close-day');
      await dialog.getByRole('button', { name: 'ปิดทำการวันนี้' }).click();
      await expect(page.getByText(`ปิดทำการวันที่ ${closedDayText} แล้ว`)).toBeVisible();
      await expect(page.getByRole('row', { name: /อบรมเจ้าหน้าที่ประจำปี/ })).toBeVisible();
      await shotFitting(page, 'staff-07-day-closed');

      await page.getByRole('tab', { name: 'ช่วงเวลาจอง' }).click();
      await expect(page.getByText('ปิดทำการ: อบรมเจ้าหน้าที่ประจำปี')).toBeVisible();
      await shotFitting(page, 'staff-08-slots-closed-day');
    });

    await test.step('When I open the day again, it leaves the list of closed days', async () => {
      await page.getByRole('tab', { name: 'วันปิดทำการ' }).click();
      await page.getByRole('button', { name: `เปิดทำการอีกครั้ง วันที่ ${closedDayText}` }).click();
      const dialog = page.getByRole('dialog', { name: `เปิดทำการวันที่ ${closedDayText} อีกครั้ง?` });
      await dialog.getByRole('button', { name: 'เปิดทำการอีกครั้ง' }).click();
      await expect(page.getByText(`เปิดทำการวันที่ ${closedDayText} อีกครั้งแล้ว`)).toBeVisible();
      await expect(page.getByRole('row', { name: /อบรมเจ้าหน้าที่ประจำปี/ })).toHaveCount(0);
      await shotFitting(page, 'staff-09-day-reopened');
    });

    await test.step('When I remove the session I added, the demo schedule is as it was', async () => {
      await page.getByRole('tab', { name: 'รอบตรวจ' }).click();
      await page.getByRole('button', { name: 'ลบรอบ จ.–ศ. 17:00–19:00 น.' }).click();
      await page
        .getByRole('dialog', { name: 'ลบรอบ จ.–ศ. 17:00–19:00 น.?' })
        .getByRole('button', { name: 'ลบ' })
        .click();
      await expect(page.getByText('ลบรอบตรวจแล้ว')).toBeVisible();
      await expect(page.getByRole('row', { name: /17:00–19:00 น\./ })).toHaveCount(0);
    });

    await test.step('When I sign out, /staff asks me to sign in again', async () => {
      await page.getByRole('button', { name: 'ออกจากระบบ' }).click();
      await expect(page).toHaveURL(/\/staff\/sign-in$/);
      await page.goto('/staff');
      await expect(page).toHaveURL(/\/staff\/sign-in$/);
    });
  });
});
