import { resolve } from 'node:path';
import type { APIRequestContext, Browser, Page, Request } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { findChromium } from '../scripts/find-chromium.mjs';
import { CARD_DIR, cardPhoto, cardVideo, syntheticHolder } from './support/id-card';
import { enterSentCode, newPhone, screenshot, typed } from './support/patient';

// This file's browser has a fake camera that films a generated card (Chromium reads the Y4M file
// when the page asks for the camera; the file is written before that, in beforeAll).
const VIDEO = resolve(CARD_DIR, 'camera.y4m');
test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: findChromium() ?? undefined,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${VIDEO}`,
    ],
  },
});

const cameraHolder = syntheticHolder('310530078242');

/** A desktop-like page (no phone scaling) to draw the cards in. */
async function drawingPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ deviceScaleFactor: 1, isMobile: false, hasTouch: false });
  return context.newPage();
}

test.beforeAll(async ({ browser }) => {
  const page = await drawingPage(browser);
  await cardVideo(page, cameraHolder, VIDEO);
  await page.context().close();
});

/** Every request the page (and its workers) makes, with its body. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.context().on('request', (request) => requests.push(request));
  return requests;
}

/** JPEG, PNG, WebP and GIF signatures: no request may carry a picture. */
function looksLikeImage(body: Buffer): boolean {
  const hex = body.subarray(0, 12).toString('hex');
  return (
    hex.startsWith('ffd8ff') ||
    hex.startsWith('89504e47') ||
    hex.startsWith('47494638') ||
    body.subarray(8, 12).toString() === 'WEBP'
  );
}

/** Sign-up up to step 4 with a fresh number, OCR chosen (the default). */
async function reachScanStep(page: Page, request: APIRequestContext, shot: string): Promise<string> {
  const phone = newPhone();
  await page.goto('/signup');
  await page.getByLabel('เบอร์โทรศัพท์มือถือ').fill(typed(phone));
  await page.getByRole('button', { name: 'ถัดไป' }).click();
  await enterSentCode(page, request, phone);
  await page.getByRole('button', { name: 'ถัดไป' }).click();
  await expect(page.getByRole('heading', { name: 'ข้อมูลส่วนบุคคล' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /สแกนบัตรประชาชน/ })).toBeChecked();
  await page.getByRole('checkbox', { name: /ยินยอมตาม\s*ข้อตกลงการใช้งาน/ }).check();
  await screenshot(page, `${shot}-choose-ocr`);
  await page.getByRole('button', { name: 'ถัดไป' }).click();
  await expect(page.getByRole('heading', { name: 'สแกนบัตรประชาชน' })).toBeVisible();
  return phone;
}

/** What the filled form must show for the card holder. */
async function expectFilledFrom(page: Page, holder: ReturnType<typeof syntheticHolder>): Promise<void> {
  await expect(page.getByText(/กรอกข้อมูลจากบัตรให้แล้ว \d+ ช่อง/)).toBeVisible({ timeout: 60_000 });
  const id = holder.thaiId;
  await expect(page.getByRole('textbox', { name: 'เลขประจำตัวประชาชน' })).toHaveValue(
    `${id[0]}-${id.slice(1, 5)}-${id.slice(5, 10)}-${id.slice(10, 12)}-${id[12]}`,
  );
  await expect(page.getByRole('textbox', { name: 'ชื่อ', exact: true })).toHaveValue(holder.firstname);
  await expect(page.getByRole('textbox', { name: 'นามสกุล' })).toHaveValue(holder.lastname);
  await expect(page.getByRole('combobox', { name: 'วัน' })).toHaveValue('14');
  await expect(page.getByRole('combobox', { name: 'เดือน' })).toHaveValue('7');
  await expect(page.getByRole('combobox', { name: 'ปี พ.ศ.' }).locator('option:checked')).toHaveText('2531');
  await expect(page.getByRole('combobox', { name: 'เพศ' })).toHaveValue('male');
  // The house number's slash is the hardest mark to read: it is the field the patient checks and corrects.
  await expect(page.getByRole('textbox', { name: 'ที่อยู่', exact: true })).toHaveValue(/^45.?6 หมู่ที่ 3$/);
  await expect(page.getByRole('combobox', { name: /ตำบล\/แขวง/ })).toHaveValue(holder.subdistrict);
  await expect(page.getByRole('combobox', { name: /อำเภอ\/เขต/ })).toHaveValue(holder.district);
  await expect(page.getByRole('textbox', { name: 'จังหวัด' })).toHaveValue(holder.province);
  await expect(page.getByRole('combobox', { name: /รหัสไปรษณีย์/ })).toHaveValue(holder.postcode);
  // Every filled field carries a note to check it.
  await expect(page.getByRole('textbox', { name: 'นามสกุล' })).toHaveAccessibleDescription(/โปรดตรวจสอบ/);
  // The English name is shown to help checking (never sent).
  await expect(page.getByText(/ชื่อภาษาอังกฤษบนบัตร: /)).toContainText(holder.englishFirstname);
}

/** The privacy promise, checked on every request the journey made. */
function expectNothingLeft(
  requests: Request[],
  holder: ReturnType<typeof syntheticHolder>,
  origin: string,
  registerAt: number,
): void {
  expect(requests.length).toBeGreaterThan(10);
  const cardOnly = [holder.englishFirstname, holder.englishLastname, 'ชื่อตัวและชื่อสกุล', 'Identification'];
  const filled = [holder.thaiId, holder.firstname, holder.lastname, encodeURIComponent(holder.lastname)];
  requests.forEach((request, i) => {
    const url = request.url();
    // Nothing goes to another site: the reader's code, engine and trained data come from our own origin.
    if (!url.startsWith('data:') && !url.startsWith('blob:')) expect(new URL(url).origin).toBe(origin);
    const body = request.postDataBuffer() ?? Buffer.alloc(0);
    expect(looksLikeImage(body), `${request.method()} ${url} carries an image`).toBe(false);
    expect(body.length, `${request.method()} ${url} body size`).toBeLessThan(4096);
    const text = `${url}\n${JSON.stringify(request.headers())}\n${body.toString('utf8')}`;
    for (const word of cardOnly) expect(text, `${request.method()} ${url}`).not.toContain(word);
    // Before the patient confirmed and pressed Register, not even the read values went anywhere.
    if (i < registerAt) for (const word of filled) expect(text, `${request.method()} ${url}`).not.toContain(word);
  });
  const registrations = requests.filter((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/users');
  expect(registrations).toHaveLength(1);
  expect(requests.indexOf(registrations[0])).toBeGreaterThanOrEqual(registerAt);
}

test('a new patient scans the ID card from a photo, checks the filled form, corrects a field and registers', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const holder = syntheticHolder('320660145597');
  const requests = recordRequests(page);

  await test.step('When I choose to scan my ID card', async () => {
    await reachScanStep(page, request, 'ocr-01');
    await expect(page.getByText(/ไม่มีการส่งรูปหรือข้อความบนบัตรออกไป/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'เลือกรูปบัตรจากเครื่อง' })).toBeVisible();
    await screenshot(page, 'ocr-02-scan-step');
  });

  await test.step('And I pick a photo of my card instead of using the camera', async () => {
    const drawing = await drawingPage(browser);
    const photo = await cardPhoto(drawing, holder, 'photo');
    await drawing.context().close();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'card.jpg', mimeType: photo.mime, buffer: photo.bytes });
    await expect(page.getByRole('img', { name: 'รูปบัตรประชาชนที่ถ่ายไว้' })).toBeVisible();
  });

  await test.step('Then the form opens filled in from my card, every read field marked for me to check', async () => {
    await expectFilledFrom(page, holder);
    await screenshot(page, 'ocr-03-form-filled');
  });

  let registerAt = 0;
  await test.step('When I correct my house number and press Register without confirming, nothing is sent', async () => {
    await page.getByRole('textbox', { name: 'ที่อยู่', exact: true }).fill('45/6 หมู่ที่ 3 ซอย 2');
    await page.getByRole('button', { name: 'ลงทะเบียน', exact: true }).click();
    await expect(page.getByText('โปรดตรวจสอบข้อมูลที่อ่านจากบัตร แล้วติ๊กยืนยันก่อนลงทะเบียน')).toBeVisible();
    await screenshot(page, 'ocr-04-confirm-needed');
    expect(requests.some((r) => r.method() === 'POST' && r.url().endsWith('/api/users'))).toBe(false);
  });

  await test.step('And once I confirm I checked the details, I am registered', async () => {
    await page.getByRole('checkbox', { name: /ข้าพเจ้าได้ตรวจสอบข้อมูลที่อ่านจากบัตรแล้ว/ }).check();
    registerAt = requests.length;
    await page.getByRole('button', { name: 'ลงทะเบียน', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'ลงทะเบียนสำเร็จ' })).toBeVisible();
    await expect(page).toHaveURL(/\/myhealth$/, { timeout: 15_000 });
    await expect(page.getByText(`สวัสดี คุณ${holder.firstname}`)).toBeVisible();
    await screenshot(page, 'ocr-05-registered');
  });

  await test.step('And what was registered is the card as I corrected it', async () => {
    const me = await page.request.get('/api/users/me');
    const [profile] = (await me.json()).data as Record<string, string>[];
    expect(profile).toMatchObject({
      thai_id: holder.thaiId,
      firstname: holder.firstname,
      lastname: holder.lastname,
      gender: 'male',
      birthday: holder.birthday,
      address: '45/6 หมู่ที่ 3 ซอย 2',
      district: holder.district,
      province: holder.province,
      postcode: holder.postcode,
    });
  });

  await test.step('And neither the photo nor the text read from it left the browser', async () => {
    expectNothingLeft(requests, holder, baseURL!, registerAt);
  });
});

test('a new patient films the ID card with the phone camera and registers from the filled form', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const requests = recordRequests(page);

  await test.step('When I choose to scan, the back camera shows my card inside the card-shaped guide', async () => {
    await reachScanStep(page, request, 'ocr-10');
    await expect(page.getByRole('button', { name: 'ถ่ายรูป' })).toBeEnabled({ timeout: 20_000 });
    await expect(page.getByTestId('card-guide')).toBeVisible();
    await screenshot(page, 'ocr-11-camera-live');
  });

  await test.step('And I capture the photo', async () => {
    await page.getByRole('button', { name: 'ถ่ายรูป' }).click();
    await expect(page.getByRole('img', { name: 'รูปบัตรประชาชนที่ถ่ายไว้' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'ถ่ายใหม่' })).toBeVisible();
  });

  await test.step('Then the form opens filled in from the card', async () => {
    await expectFilledFrom(page, cameraHolder);
    await screenshot(page, 'ocr-12-camera-form-filled');
  });

  let registerAt = 0;
  await test.step('When I switch to typing, what was filled stays; I correct my first name and register', async () => {
    await page.getByRole('button', { name: 'สแกนใหม่' }).click();
    await expect(page.getByRole('button', { name: 'ถ่ายรูป' })).toBeEnabled({ timeout: 20_000 });
    await page.getByRole('button', { name: 'กรอกข้อมูลเอง' }).click();
    await expect(page.getByRole('heading', { name: 'กรอกข้อมูลส่วนตัว' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'นามสกุล' })).toHaveValue(cameraHolder.lastname);
    await page.getByRole('textbox', { name: 'ชื่อ', exact: true }).fill('สมชัย');
    await expect(page.getByRole('textbox', { name: 'ชื่อ', exact: true })).not.toHaveAccessibleDescription(/โปรดตรวจสอบ/);
    await page.getByRole('checkbox', { name: /ข้าพเจ้าได้ตรวจสอบข้อมูลที่อ่านจากบัตรแล้ว/ }).check();
    await screenshot(page, 'ocr-13-camera-corrected');
    registerAt = requests.length;
    await page.getByRole('button', { name: 'ลงทะเบียน', exact: true }).click();
    await expect(page).toHaveURL(/\/myhealth$/, { timeout: 20_000 });
    await expect(page.getByText('สวัสดี คุณสมชัย')).toBeVisible();
  });

  await test.step('And nothing but the confirmed registration left the browser', async () => {
    expectNothingLeft(requests, { ...cameraHolder, firstname: 'สมชัย' }, baseURL!, registerAt);
  });
});

test('a patient scans a card held in the hand: what the reader is sure of is right, and the rest is marked unsure', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const holder = syntheticHolder('154872039915');

  await test.step('When I pick a photo of my card held close to the lens, a thumb over its edge', async () => {
    await reachScanStep(page, request, 'ocr-20');
    const drawing = await drawingPage(browser);
    const photo = await cardPhoto(drawing, holder, 'hand-held', 'cropped', 5151);
    await drawing.context().close();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'card.jpg', mimeType: photo.mime, buffer: photo.bytes });
  });

  await test.step('Then the form is filled from it, and every field marked as read agrees with my card', async () => {
    await expect(page.getByText(/กรอกข้อมูลจากบัตรให้แล้ว \d+ ช่อง/)).toBeVisible({ timeout: 60_000 });
    const id = holder.thaiId;
    await expect(page.getByRole('textbox', { name: 'เลขประจำตัวประชาชน' })).toHaveValue(
      `${id[0]}-${id.slice(1, 5)}-${id.slice(5, 10)}-${id.slice(10, 12)}-${id[12]}`,
    );
    const noteOf = (field: ReturnType<Page['getByRole']>) =>
      field.evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
    let sure = 0;
    let marked = 0;
    // The names are marked one by one.
    for (const [field, truth] of [
      [page.getByRole('textbox', { name: 'ชื่อ', exact: true }), holder.firstname],
      [page.getByRole('textbox', { name: 'นามสกุล' }), holder.lastname],
    ] as const) {
      const value = await field.inputValue();
      const note = await noteOf(field);
      if (!value) continue;
      marked++;
      expect(note).toMatch(/อ่านจากบัตร โปรดตรวจสอบ|อ่านได้ไม่ชัด/);
      if (note.includes('อ่านจากบัตร โปรดตรวจสอบ')) {
        sure++;
        expect(value, 'a name the reader was sure of').toBe(truth);
      }
    }
    // The address is marked as one: sure only if every part of it is right.
    const addressNote = page
      .getByRole('heading', { name: 'ที่อยู่ตามบัตรประชาชน' })
      .locator('xpath=following-sibling::*[1]');
    await expect(addressNote).toHaveText(/อ่านจากบัตร โปรดตรวจสอบ|อ่านได้ไม่ชัด/);
    marked++;
    if ((await addressNote.textContent())?.includes('อ่านจากบัตร โปรดตรวจสอบ')) {
      sure++;
      await expect(page.getByRole('textbox', { name: 'ที่อยู่', exact: true })).toHaveValue(holder.address);
      await expect(page.getByRole('combobox', { name: /ตำบล\/แขวง/ })).toHaveValue(holder.subdistrict);
      await expect(page.getByRole('combobox', { name: /อำเภอ\/เขต/ })).toHaveValue(holder.district);
      await expect(page.getByRole('textbox', { name: 'จังหวัด' })).toHaveValue(holder.province);
      await expect(page.getByRole('combobox', { name: /รหัสไปรษณีย์/ })).toHaveValue(holder.postcode);
    }
    await screenshot(page, 'ocr-21-hand-held-form');
    // What the reader was unsure of is counted for the patient at the top of the form.
    expect(marked).toBe(3);
    if (sure < marked) await expect(page.getByText(/ช่องที่อ่านได้ไม่ชัด \(กรอบสีส้ม\)/)).toBeVisible();
  });
});
