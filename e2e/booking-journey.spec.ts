import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { tilePng } from './support/map-tiles';
import { enterSentCode, screenshot } from './support/patient';

const DEMO_PATIENT = '0812345678';

test.use({ geolocation: { latitude: 13.7563, longitude: 100.4888 } });

/**
 * Chooses a slot that starts at least ten minutes from now. The first slot offered may start while the test
 * books it (a run at 12:59:55 in Bangkok), and the server then rightly refuses it as full or past.
 */
async function chooseSlotAhead(page: Page): Promise<void> {
  const inBangkok = (at: Date, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Bangkok', ...options }).format(at);
  const now = new Date();
  const soon = new Date(now.getTime() + 10 * 60_000);
  const sameDay = inBangkok(now, { dateStyle: 'short' }) === inBangkok(soon, { dateStyle: 'short' });
  const earliest = inBangkok(soon, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const today = new Intl.DateTimeFormat('th-TH', { timeZone: 'Asia/Bangkok', day: 'numeric', month: 'long' }).format(
    now,
  );
  const shownDay = (await page.getByText(/^วัน\S+ที่ \d+ \S+ \d{4}$/).textContent()) ?? '';
  const radios = page.getByRole('radiogroup', { name: 'เลือกเวลานัดตรวจคัดกรอง' }).getByRole('radio');
  if (!shownDay.includes(today)) return radios.first().check();
  for (const radio of await radios.all()) {
    const starts =
      /(\d{2}:\d{2})–/.exec((await radio.evaluate((e) => e.closest('label')?.textContent)) ?? '')?.[1] ?? '';
    if (sameDay && starts >= earliest) return radio.check();
  }
  // Nothing left today that far ahead: the next day's first slot.
  await page.getByRole('group', { name: 'เลือกวัน' }).getByRole('button', { pressed: false }).first().click();
  await radios.first().check();
}

test('a patient finds Siriraj on the map, is warned about red-flag symptoms, pays the deposit and is booked', async ({
  page,
  context,
  request,
}) => {
  // The whole journey, from the map to the booked appointment.
  test.setTimeout(120_000);
  await context.grantPermissions(['geolocation']);
  const tile = tilePng();
  await page.route('**/*/*/*.png', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: tile }));

  await test.step('When I open the map, it shows where I am', async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'ค้นหาโรงพยาบาลใกล้คุณ' })).toBeAttached();
    await expect(page.getByRole('button', { name: 'ตำแหน่งของคุณ' }).or(page.getByTitle('ตำแหน่งของคุณ'))).toBeVisible();
    await expect(page.getByText('กำลังโหลดแผนที่…')).toBeHidden();
    await screenshot(page, 'booking-01-map');
  });

  await test.step('And I search for Siriraj and tap its marker', async () => {
    const search = page.getByRole('combobox', { name: 'ค้นหาสถานพยาบาล' });
    await search.fill('ศิริราช');
    await expect(page.getByRole('listbox').getByRole('option', { name: /โรงพยาบาลศิริราช/ })).toBeVisible();
    // The suggestions close, and with them the part of the search panel over the map.
    await search.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    await page.getByTitle('โรงพยาบาลศิริราช').click();
    await expect(page.getByRole('heading', { level: 2, name: 'โรงพยาบาลศิริราช' })).toBeVisible();
    await expect(page.getByText(/^ห่างจากคุณ \d+ ม\.$/)).toBeVisible();
    await expect(page.getByText('บัตรทอง (สปสช.)')).toBeVisible();
    await screenshot(page, 'booking-02-hospital');
  });

  await test.step('When I type a red-flag symptom, I am told to call 1669 and must acknowledge it', async () => {
    await page.getByRole('button', { name: 'ระบุอาการ' }).click();
    await page.getByRole('textbox', { name: 'ระบุอาการเบื้องต้น' }).fill('เจ็บหน้าอก หายใจไม่ออก');
    await page.getByRole('textbox', { name: 'ระยะเวลาที่พบอาการ' }).fill('2 ชั่วโมง');
    const warning = page.getByRole('alert').filter({ hasText: 'อาการของคุณอาจเป็นภาวะฉุกเฉิน' });
    await expect(warning).toBeVisible();
    await expect(warning.getByRole('link', { name: 'โทร 1669' })).toHaveAttribute('href', 'tel:1669');
    await expect(page.getByRole('button', { name: 'ส่งข้อมูล' })).toBeDisabled();
    await expect(
      page.getByRole('radiogroup', { name: 'เลือกเวลานัดตรวจคัดกรอง' }).getByRole('radio', { checked: true }),
    ).toHaveCount(0);
    await screenshot(page, 'booking-03-red-flag');
    await page.getByRole('checkbox', { name: 'ฉันเข้าใจ และต้องการนัดตรวจคัดกรองต่อ' }).check();
    await chooseSlotAhead(page);
    await screenshot(page, 'booking-04-symptoms');
  });

  await test.step('And when I submit, I log in first and come back to the same card, with what I entered', async () => {
    await page.getByRole('button', { name: 'ส่งข้อมูล' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(/จะกลับไปจองนัดที่ โรงพยาบาลศิริราช ต่อ/)).toBeVisible();
    await page.getByLabel('เบอร์โทรศัพท์มือถือ').fill(DEMO_PATIENT);
    await page.getByRole('button', { name: 'ถัดไป' }).click();
    await expect(page.getByRole('textbox', { name: 'หลักที่ 1' })).toBeVisible();
    await enterSentCode(page, request, DEMO_PATIENT);
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await expect(page).toHaveURL(/\/\?hospital=siriraj-hospital$/);
    await expect(page.getByRole('textbox', { name: 'ระบุอาการเบื้องต้น' })).toHaveValue('เจ็บหน้าอก หายใจไม่ออก');
    await page.getByRole('button', { name: 'ส่งข้อมูล' }).click();
  });

  await test.step('Then I see the deposit and its QR code, and pay it (development simulation)', async () => {
    await expect(page.getByText('กรุณาชำระเงินมัดจำเพื่อรับการคัดกรองอาการ')).toBeVisible();
    await expect(page.getByText('200 บาท', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('img', { name: /QR พร้อมเพย์/ })).toBeVisible();
    await expect(page.getByRole('timer')).toContainText('กรุณาชำระภายใน');
    await screenshot(page, 'booking-05-deposit');
    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: 'บันทึกรูป QR' }).click();
    expect((await saved).suggestedFilename()).toMatch(/^klaimor-promptpay-[0-9A-F]{8}\.png$/);
    await expect(page.getByText('0-0000-00000-01-9')).toBeVisible();
    await page.getByRole('button', { name: 'จำลองการชำระเงิน (โหมดพัฒนา)' }).click();
  });

  await test.step('Then, with no further tap, the appointment is booked, and I can open it', async () => {
    await expect(page.getByText('นัดหมายสำเร็จ')).toBeVisible();
    await expect(page.getByText('ได้รับเงินมัดจำแล้ว')).toBeVisible();
    await expect(page.getByText('โรงพยาบาลศิริราช').last()).toBeVisible();
    await expect(page.getByRole('button', { name: 'ยืนยันการนัดหมาย' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'ดูนัดหมาย' })).toBeInViewport({ ratio: 1 });
    await screenshot(page, 'booking-06-booked');
    await page.getByRole('link', { name: 'ดูนัดหมาย' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'รายละเอียดนัดหมาย' })).toBeVisible();
    await expect(page.getByText('2 ถนนวังหลัง ศิริราช บางกอกน้อย กรุงเทพมหานคร 10700')).toBeVisible();
    await expect(page.getByRole('link', { name: 'นำทางไปโรงพยาบาล' })).toHaveAttribute(
      'href',
      /destination=13\.75793,100\.48585$/,
    );
    await expect(page.getByText('บัตรประจำตัวประชาชน', { exact: true })).toBeVisible();
    const calendar = page.waitForEvent('download');
    await page.getByRole('button', { name: 'เพิ่มในปฏิทิน' }).click();
    expect((await calendar).suggestedFilename()).toMatch(/^klaimor-[0-9A-F]{8}\.ics$/);
    await screenshot(page, 'booking-06b-appointment-guide');
  });

  await test.step('And I find the appointment on My Health, open it and cancel it', async () => {
    await page.getByRole('link', { name: 'กลับไปหน้าสุขภาพของฉัน' }).click();
    const mine = page.getByRole('link', { name: /^ดูรายละเอียดนัดหมาย .*โรงพยาบาลศิริราช/ });
    await expect(mine).toBeVisible();
    await expect(mine).toContainText('นัดหมายแล้ว');
    await expect(mine).toContainText(/\d{2}:\d{2}–\d{2}:\d{2} น\./);
    await screenshot(page, 'booking-07-my-appointments');
    await mine.click();
    await expect(page.getByRole('heading', { level: 1, name: 'รายละเอียดนัดหมาย' })).toBeVisible();
    await expect(page.getByText('เจ็บหน้าอก หายใจไม่ออก')).toBeVisible();
    await expect(page.getByText('200 บาท ชำระแล้ว')).toBeVisible();
    await page.getByRole('button', { name: 'ยกเลิกนัดหมาย' }).click();
    const dialog = page.getByRole('dialog', { name: 'ยกเลิกนัดหมายนี้?' });
    // The earliest slot may be less than 24 hours ahead (deposit kept) or more (refunded): the dialog says which.
    await expect(dialog).toContainText(/เงินมัดจำ 200 บาท (คืน|จะไม่ได้รับคืน)/);
    await screenshot(page, 'booking-08-cancel-dialog');
    const refundable = (await dialog.textContent())?.includes('จะได้รับเงินมัดจำ') ?? false;
    await dialog.getByRole('button', { name: 'ยืนยันการยกเลิก' }).click();
    await expect(page.getByText('ยกเลิกแล้ว')).toBeVisible();
    const fate = refundable ? /คืนเงินมัดจำ 200 บาท/ : /เงินมัดจำ 200 บาท ไม่ได้รับคืน/;
    await expect(page.getByRole('status').filter({ hasText: fate })).toBeVisible();
    await expect(page.getByRole('button', { name: 'ยกเลิกนัดหมาย' })).toBeHidden();
    await screenshot(page, 'booking-09-cancelled');
  });
});
