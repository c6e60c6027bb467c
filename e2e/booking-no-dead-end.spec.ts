import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { tilePng } from './support/map-tiles';
import { enterSentCode, newPhone, newThaiId, registerThroughApi, screenshot, typed } from './support/patient';
import { LARGE_TEXT } from './support/text-fit';

test.use({ geolocation: { latitude: 13.7563, longitude: 100.4888 }, permissions: ['geolocation'] });

const SIRIRAJ = 'siriraj-hospital';
const RAMATHIBODI = 'ramathibodi-hospital';
const TIMES = 'เลือกเวลานัดตรวจคัดกรอง';

async function mapTiles(page: Page): Promise<void> {
  const tile = tilePng();
  await page.route('**/*/*/*.png', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: tile }));
}

/** 200% text, as a patient who set their phone's text size large, switched on or off without reloading. */
async function largeText(page: Page, on: boolean): Promise<void> {
  await page.evaluate(
    ({ css, on }) => {
      document.getElementById('large-text')?.remove();
      if (!on) return;
      const style = document.createElement('style');
      style.id = 'large-text';
      style.textContent = css;
      document.head.append(style);
    },
    { css: LARGE_TEXT, on },
  );
}

/**
 * The step's main button is wholly on screen, above the tab bar, and nothing of the card scrolling behind it is drawn
 * over it or shows between it and the tab bar.
 */
async function expectActionInReach(page: Page, action: Locator, where: string): Promise<void> {
  // After a resize or a text-size change the sheet lays itself out again; measure once it has settled.
  await expect(() => actionInReach(page, action, where)).toPass({ timeout: 10_000 });
}

async function actionInReach(page: Page, action: Locator, where: string): Promise<void> {
  const box = await action.boundingBox();
  const viewport = page.viewportSize()!;
  const nav = await page.getByRole('navigation', { name: /เมนูหลัก|Main menu/ }).boundingBox();
  expect(box, `${where}: the action button is drawn`).not.toBeNull();
  expect(box!.y, `${where}: the action's top is on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x, `${where}: the action's left edge is on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${where}: the action's right edge is on screen`).toBeLessThanOrEqual(viewport.width);
  expect(box!.y + box!.height, `${where}: the action is above the tab bar`).toBeLessThanOrEqual(nav!.y + 0.5);
  // Every point of the button, and of the strip under it down to the tab bar, belongs to the action's own bar.
  const strayed = await action.evaluate((button, navTop) => {
    const bar = button.parentElement!;
    const rect = button.getBoundingClientRect();
    const found: string[] = [];
    for (let y = rect.top + 2; y < navTop - 1; y += 6) {
      for (const x of [rect.left + 4, rect.left + rect.width / 2, rect.right - 4]) {
        const hit = document.elementFromPoint(x, y);
        if (hit && !bar.contains(hit) && !hit.contains(bar))
          found.push(`${hit.tagName} "${hit.textContent?.slice(0, 30)}"`);
      }
    }
    return found;
  }, nav!.y);
  expect(strayed, `${where}: nothing shows through over or under the action`).toEqual([]);
}

test('the times are the patient’s to choose, shown whole, and the step’s button stays above the tab bar', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await mapTiles(page);
  await registerThroughApi(page);
  await page.goto(`/?hospital=${SIRIRAJ}`);
  await page.getByRole('button', { name: 'ระบุอาการ' }).click();
  const times = page.getByRole('radiogroup', { name: TIMES });
  await expect(times.getByRole('radio').first()).toBeVisible();
  const submit = page.getByRole('button', { name: 'ส่งข้อมูล' });

  await test.step('No time is chosen for me, on the first day or another, until I tap one', async () => {
    await page.getByRole('textbox', { name: 'ระบุอาการเบื้องต้น' }).fill('ไอ มีเสมหะ');
    await page.getByRole('textbox', { name: 'ระยะเวลาที่พบอาการ' }).fill('3 วัน');
    await expect(times.getByRole('radio', { checked: true })).toHaveCount(0);
    await expect(submit).toBeDisabled();
    await expect(page.getByText('แตะเลือกเวลานัดก่อนส่งข้อมูล')).toBeVisible();
    await page.getByRole('group', { name: 'เลือกวัน' }).getByRole('button', { pressed: false }).first().click();
    await expect(times.getByRole('radio', { checked: true })).toHaveCount(0);
    await expect(submit).toBeDisabled();
  });

  await test.step('The day’s times are a grid seen whole: nothing of it clipped by a box or drawn over', async () => {
    const columns = await times.evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
    expect(columns).toBeGreaterThanOrEqual(2);
    await times.scrollIntoViewIfNeeded();
    const unseen = await times.evaluate((grid) => {
      const rect = grid.getBoundingClientRect();
      const found: string[] = [];
      for (let y = rect.top + 2; y <= rect.bottom - 2; y += 8) {
        for (const x of [rect.left + 2, rect.left + rect.width / 2, rect.right - 2]) {
          const hit = document.elementFromPoint(x, y);
          if (!hit || !grid.contains(hit))
            found.push(`${Math.round(x)},${Math.round(y)}: ${hit?.tagName ?? 'off screen'}`);
        }
      }
      return found;
    });
    expect(unseen).toEqual([]);
    await times.getByRole('radio').first().check();
    await expect(submit).toBeEnabled();
  });

  for (const [width, height] of [
    [390, 844],
    [360, 740],
  ]) {
    for (const large of [false, true]) {
      for (const lang of ['th', 'en'] as const) {
        const name = `${width}x${height}${large ? ' at 200% text' : ''} in ${lang === 'th' ? 'Thai' : 'English'}`;
        await test.step(`At ${name}, the button is in reach wherever the card is scrolled`, async () => {
          await page.setViewportSize({ width, height });
          await largeText(page, large);
          const button = page.getByRole('button', { name: lang === 'th' ? 'ส่งข้อมูล' : 'Submit' });
          await expect(button).toBeEnabled();
          await page.getByRole('textbox', { name: lang === 'th' ? 'ระบุอาการเบื้องต้น' : 'Initial symptoms' }).focus();
          await expectActionInReach(page, button, `${name}, card at its top`);
          await page
            .getByRole('radiogroup', { name: lang === 'th' ? TIMES : 'Choose a screening time' })
            .scrollIntoViewIfNeeded();
          await expectActionInReach(page, button, `${name}, card at the times`);
          const shot = `booking-times-${width}${large ? '-large' : ''}-${lang}`;
          await screenshot(page, shot);
          if (lang === 'th') await page.getByRole('button', { name: 'EN: Switch to English' }).click();
          else await page.getByRole('button', { name: /ภาษาไทย|Thai/ }).click();
        });
      }
    }
  }
});

test('the pay step stays until the deposit arrives, explains an early confirm, and moves on by itself', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await mapTiles(page);
  await registerThroughApi(page);
  await page.goto(`/?hospital=${SIRIRAJ}`);
  await page.getByRole('button', { name: 'ระบุอาการ' }).click();
  await page.getByRole('textbox', { name: 'ระบุอาการเบื้องต้น' }).fill('ปวดหลัง');
  await page.getByRole('textbox', { name: 'ระยะเวลาที่พบอาการ' }).fill('1 สัปดาห์');
  // Tomorrow's first time: never one starting while the test books it.
  await page.getByRole('group', { name: 'เลือกวัน' }).getByRole('button').nth(1).click();
  await page.getByRole('radiogroup', { name: TIMES }).getByRole('radio').first().check();
  const booked = page.waitForResponse((r) => r.url().endsWith('/api/appointments') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'ส่งข้อมูล' }).click();
  const appointmentId = ((await (await booked).json()) as { data: { id: string }[] }).data[0].id;
  const qr = page.getByRole('img', { name: /QR พร้อมเพย์/ });
  await expect(qr).toBeVisible();

  await test.step('Confirming before paying says what is missing and keeps the QR and the ways to pay', async () => {
    await page.getByRole('button', { name: 'ยืนยันการนัดหมาย' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'ยังไม่ได้รับเงินมัดจำ' })).toBeVisible();
    await expect(qr).toBeAttached();
    await expect(page.getByRole('button', { name: 'บันทึกรูป QR' })).toBeAttached();
    await expect(page.getByRole('button', { name: 'คัดลอกเลขพร้อมเพย์' })).toBeAttached();
    await expect(page.getByText('กำลังรอรับการชำระเงินมัดจำ…')).toHaveCount(0);
    await expectActionInReach(page, page.getByRole('button', { name: 'ยืนยันการนัดหมาย' }), 'early confirm');
    await screenshot(page, 'booking-pay-early-confirm');
    await page.setViewportSize({ width: 360, height: 740 });
    await largeText(page, true);
    await expectActionInReach(page, page.getByRole('button', { name: 'ยืนยันการนัดหมาย' }), 'early confirm, 360, 200%');
    await screenshot(page, 'booking-pay-early-confirm-360-large');
    await largeText(page, false);
    await page.setViewportSize({ width: 390, height: 844 });
  });

  await test.step('When the payment arrives (the provider tells the server), the card moves on without a tap', async () => {
    expect((await page.request.post(`/api/dev/payments/${appointmentId}/paid`)).ok()).toBe(true);
    await expect(page.getByText('นัดหมายสำเร็จ')).toBeVisible();
    await expect(page.getByText('ขั้นตอนที่ 4 จาก 4')).toBeVisible();
    await expect(page.getByRole('link', { name: 'ดูนัดหมาย' })).toBeInViewport({ ratio: 1 });
    await screenshot(page, 'booking-pay-arrived');
  });
});

test('a visitor’s symptoms follow them to another hospital and through signing in, then registering', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await mapTiles(page);
  const symptoms = page.getByRole('textbox', { name: 'ระบุอาการเบื้องต้น' });

  await test.step('Signed out, I describe my symptoms at Siriraj, then choose Ramathibodi instead', async () => {
    await page.goto(`/?hospital=${SIRIRAJ}`);
    await page.getByRole('button', { name: 'ระบุอาการ' }).click();
    await symptoms.fill('ปวดท้อง คลื่นไส้');
    await page.getByRole('textbox', { name: 'ระยะเวลาที่พบอาการ' }).fill('2 วัน');
    await page.getByRole('button', { name: 'ปิด' }).click();
    await page.goto(`/?hospital=${RAMATHIBODI}`);
    await page.getByRole('button', { name: 'ระบุอาการ' }).click();
    await expect(symptoms).toHaveValue('ปวดท้อง คลื่นไส้');
    await page.getByRole('group', { name: 'เลือกวัน' }).getByRole('button').nth(1).click();
    await page.getByRole('radiogroup', { name: TIMES }).getByRole('radio').first().check();
    await page.getByRole('button', { name: 'ส่งข้อมูล' }).click();
  });

  await test.step('The sign-in page says which booking it returns to, and registering is offered as plainly', async () => {
    await expect(page).toHaveURL(/\/login$/);
    // The sign-in page's code loads on first use: on a busy machine the map stays a while after the address changed.
    await expect(page.getByRole('button', { name: 'ถัดไป' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/โรงพยาบาลรามาธิบดี/)).toBeVisible();
    const register = page.getByRole('link', { name: 'ลงทะเบียน' });
    const next = page.getByRole('button', { name: 'ถัดไป' });
    const [registerBox, nextBox] = [await register.boundingBox(), await next.boundingBox()];
    expect(registerBox!.height).toBeGreaterThanOrEqual(nextBox!.height - 1);
    expect(registerBox!.width).toBeGreaterThanOrEqual(nextBox!.width - 1);
    await screenshot(page, 'booking-login-mid-booking');
    await register.click();
  });

  const phone = newPhone();
  await test.step('The register page says it too, and its last step says where it goes', async () => {
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByText(/โรงพยาบาลรามาธิบดี/)).toBeVisible();
    await screenshot(page, 'booking-signup-mid-booking');
    await page.getByLabel('เบอร์โทรศัพท์มือถือ').fill(typed(phone));
    await page.getByRole('button', { name: 'ถัดไป' }).click();
    await enterSentCode(page, request, phone);
    await page.getByRole('button', { name: 'ถัดไป' }).click();
    await page.getByRole('radio', { name: /กรอกข้อมูลเอง/ }).check();
    await page.getByRole('checkbox', { name: /ยินยอมตาม\s*ข้อตกลงการใช้งาน/ }).check();
    await page.getByRole('button', { name: 'ถัดไป' }).click();
    await page.getByRole('textbox', { name: 'ชื่อ', exact: true }).fill('สมศรี');
    await page.getByRole('textbox', { name: 'นามสกุล' }).fill('ใจเย็น');
    await page.getByRole('textbox', { name: 'เลขประจำตัวประชาชน' }).fill(newThaiId());
    await page.getByRole('combobox', { name: 'วัน' }).selectOption('3');
    await page.getByRole('combobox', { name: 'เดือน' }).selectOption({ label: 'มีนาคม' });
    await page.getByRole('combobox', { name: 'ปี พ.ศ.' }).selectOption('2500');
    await page.getByRole('textbox', { name: 'ที่อยู่', exact: true }).fill('12 หมู่ 1');
    await page.getByRole('combobox', { name: /ตำบล\/แขวง/ }).fill('ศรีภูม');
    await page.getByRole('option', { name: /ศรีภูมิ.*เมืองเชียงใหม่.*50200/ }).click();
    await page.getByRole('button', { name: 'ลงทะเบียน', exact: true }).click();
    await expect(page.getByText('กำลังพาคุณกลับไปจองนัดที่ โรงพยาบาลรามาธิบดี…')).toBeVisible();
  });

  await test.step('Registered, I am back at Ramathibodi’s card with my symptoms and time as I left them', async () => {
    await expect(page).toHaveURL(new RegExp(`/\\?hospital=${RAMATHIBODI}$`), { timeout: 15_000 });
    await expect(symptoms).toHaveValue('ปวดท้อง คลื่นไส้');
    await expect(page.getByRole('radiogroup', { name: TIMES }).getByRole('radio', { checked: true })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'ส่งข้อมูล' })).toBeEnabled();
    await screenshot(page, 'booking-back-after-signup');
  });

  await test.step('Signed out again, signing in mid-booking brings me back the same way', async () => {
    expect((await page.request.post('/api/auth/logout')).ok()).toBe(true);
    // Siriraj's card opens where I left it, at the symptoms, which are the ones I typed.
    await page.goto(`/?hospital=${SIRIRAJ}`);
    // A fresh page load: the map and the card's code load first (slow on a busy machine).
    await expect(symptoms).toHaveValue('ปวดท้อง คลื่นไส้', { timeout: 30_000 });
    await page.getByRole('group', { name: 'เลือกวัน' }).getByRole('button').nth(1).click();
    await page.getByRole('radiogroup', { name: TIMES }).getByRole('radio').first().check();
    await page.getByRole('button', { name: 'ส่งข้อมูล' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The sign-in page's code may still be loading while the map and the card stay on screen.
    await expect(page.getByRole('heading', { level: 1, name: 'เข้าสู่ระบบ' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/โรงพยาบาลศิริราช/)).toBeVisible();
    await page.getByLabel('เบอร์โทรศัพท์มือถือ').fill(typed(phone));
    await page.getByRole('button', { name: 'ถัดไป' }).click();
    await enterSentCode(page, request, phone);
    await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
    await expect(page).toHaveURL(new RegExp(`/\\?hospital=${SIRIRAJ}$`));
    await expect(symptoms).toHaveValue('ปวดท้อง คลื่นไส้');
    await expect(page.getByRole('button', { name: 'ส่งข้อมูล' })).toBeEnabled();
  });
});
