import { expect, test } from './support/fixtures';
import { registerThroughApi, shotFitting } from './support/patient';
import { DEMO_FRONT_DESK, checkedInToday, shotsAtBothWidths, signInStaff, signOutStaff } from './support/staff';
import { useLargeText } from './support/text-fit';
import { readsWell } from './support/screen';

const HOSPITAL = 'siriraj-hospital';
const TITLE = 'ข้อความถึงทีมดูแล';

// Bangkok, near Siriraj: the nearest emergency department is found from here.
test.use({ geolocation: { latitude: 13.7563, longitude: 100.4888 }, permissions: ['geolocation'] });

test('a patient asks the care team about a rash with a photo, is told to call 1669 for chest pain, and reads the reply', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const staffContext = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 }, locale: 'th-TH' });
  const staff = await staffContext.newPage();
  await registerThroughApi(page, { firstname: 'มาลี', lastname: 'ถามดี', gender: 'female', birthday: '1958-07-21' });
  await checkedInToday(staff, page, { hospital: HOSPITAL, doctor: 'พญ.ข้อความ ตอบไว', symptoms: 'ติดตามความดัน' });

  await test.step('My Health leads to the messages, which say first that they are not for emergencies', async () => {
    await page.goto('/myhealth');
    await page.getByRole('navigation', { name: 'เมนูสุขภาพ' }).getByRole('link', { name: TITLE }).click();
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(page.getByText(/ข้อความไม่ใช่ช่องทางสำหรับเหตุฉุกเฉิน/)).toBeVisible();
    await expect(page.getByText('ยังไม่มีข้อความ')).toBeVisible();
    await shotFitting(page, 'messages-01-empty');
  });

  await test.step('I write about a rash, with a photo; the hospital is chosen and its reply time said', async () => {
    const photo = await page.screenshot({ type: 'jpeg', quality: 80 });
    await page.getByRole('link', { name: 'เขียนข้อความใหม่' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'เขียนข้อความใหม่' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: /ส่งถึงโรงพยาบาล/ })).toHaveText('โรงพยาบาลศิริราช');
    await page.getByRole('textbox', { name: /เรื่อง/ }).fill('ผื่นที่แขน');
    await page.getByRole('textbox', { name: /ข้อความ/ }).fill('มีผื่นแดงคันขึ้นที่แขนสองวันแล้ว หลังเริ่มยาความดันตัวใหม่ค่ะ');
    await page.locator('input[type=file]').setInputFiles({ name: 'rash.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByRole('img', { name: 'รูปที่ 1 ที่จะส่ง' })).toBeVisible();
    await shotFitting(page, 'messages-02-new');
    await page.getByRole('button', { name: 'ส่งข้อความ' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'ผื่นที่แขน' })).toBeVisible();
    const sent = page.getByRole('list', { name: 'ข้อความในเรื่องนี้' }).getByRole('listitem');
    await expect(sent).toHaveCount(1);
    const image = sent.getByRole('img', { name: /รูปที่ 1/ });
    await expect(image).toBeVisible();
    // The photo came back from the server, re-encoded: drawn, not a broken image.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await shotFitting(page, 'messages-03-thread');
  });

  await test.step('Chest pain: the app says at once to call 1669, not to wait, and finds the nearest emergency department', async () => {
    await page.goto('/messages/new');
    await page.getByRole('textbox', { name: /เรื่อง/ }).fill('แน่นหน้าอก');
    await page.getByRole('textbox', { name: /ข้อความ/ }).fill('เจ็บหน้าอกมาก หายใจไม่ออก เหงื่อแตก');
    const warning = page.getByRole('alert');
    await expect(warning).toContainText('อย่ารอคำตอบทางข้อความ');
    await expect(warning.getByRole('link', { name: /1669/ })).toHaveAttribute('href', 'tel:1669');
    await page.getByRole('button', { name: 'ส่งข้อความ' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'แน่นหน้าอก' })).toBeVisible();
    const after = page.getByRole('alert');
    await expect(after).toContainText('ส่งข้อความแล้ว แต่อย่ารอคำตอบ');
    await after.getByRole('button', { name: 'หาห้องฉุกเฉินที่ใกล้ที่สุด' }).click();
    await expect(after.getByText('ห้องฉุกเฉินเปิด 24 ชั่วโมง')).toBeVisible({ timeout: 20_000 });
    await expect(after.getByRole('link', { name: 'นำทาง' })).toHaveAttribute('href', /google\.com\/maps\/dir/);
    await shotFitting(page, 'messages-04-emergency');
  });

  await test.step('A nurse answers the rash from the inbox, and the notice of the reply opens it', async () => {
    await signInStaff(staff, DEMO_FRONT_DESK);
    await staff.goto('/staff/inbox');
    await expect(staff.getByRole('heading', { level: 1, name: 'ข้อความผู้ป่วย' })).toBeVisible();
    const list = staff.getByRole('list', { name: 'รายการข้อความ' });
    // The chest pain first, said in words: a red flag heads the inbox.
    const rows = list.getByRole('button');
    await expect(rows.first()).toContainText('แน่นหน้าอก');
    await expect(rows.first()).toContainText('ผู้ป่วยได้รับคำแนะนำให้โทร 1669');
    await list.getByRole('button', { name: /ผื่นที่แขน/ }).click();
    await expect(staff.getByText('มีผื่นแดงคันขึ้นที่แขนสองวันแล้ว', { exact: false })).toBeVisible();
    await shotsAtBothWidths(staff, 'messages-07-staff-inbox');
    await staff
      .getByRole('textbox', { name: 'ตอบกลับผู้ป่วย' })
      .fill('ผื่นอาจเกิดจากยาใหม่ค่ะ หยุดยาตัวใหม่ไว้ก่อน และมาพบแพทย์พรุ่งนี้ช่วงเช้านะคะ');
    await staff.getByRole('button', { name: 'ส่งคำตอบ' }).click();
    await expect(staff.getByText('ส่งคำตอบแล้ว ผู้ป่วยจะได้รับการแจ้งเตือน')).toBeVisible();
    await shotsAtBothWidths(staff, 'messages-08-staff-replied');
    await signOutStaff(staff);

    await expect(async () => {
      await page.goto('/notifications');
      await expect(page.getByRole('link', { name: 'อ่านข้อความ' }).first()).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 100_000, intervals: [5000] });
    await page.getByRole('link', { name: 'อ่านข้อความ' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    const card = page.getByRole('link', { name: /ผื่นที่แขน/ });
    await expect(card).toContainText('มีคำตอบใหม่');
    await card.click();
    const messages = page.getByRole('list', { name: 'ข้อความในเรื่องนี้' }).getByRole('listitem');
    await expect(messages).toHaveCount(2);
    await expect(messages.nth(1)).toContainText('หยุดยาตัวใหม่ไว้ก่อน');
    await expect(messages.nth(1)).toContainText('ทีมดูแล');
    await readsWell(page, 'the thread');
    await shotFitting(page, 'messages-05-reply');
  });

  await test.step('At 200% text the thread and the form still read whole', async () => {
    await useLargeText(page);
    await page.reload();
    await expect(page.getByRole('list', { name: 'ข้อความในเรื่องนี้' })).toBeVisible();
    await readsWell(page, 'the thread at 200%');
    await shotFitting(page, 'messages-06-reply-large-text');
  });

  await test.step('Who opened my data names the nurse reading and answering my message', async () => {
    await page.goto('/my-data/access');
    await expect(page.getByText('เปิดอ่านข้อความของคุณ').first()).toBeVisible();
    await expect(page.getByText('ตอบข้อความของคุณ').first()).toBeVisible();
  });
  await staffContext.close();
});
