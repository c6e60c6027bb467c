import { addDays, todayInBangkok } from '@klaimor/contracts';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { latestCode, onPhone, registerThroughApi, screenshot, typed } from './support/patient';
import { unreadableText, useLargeText } from './support/text-fit';

/** Pages in large text: the system's 200% text size, as the other 200% journeys set it. */

for (const size of ['phone', 'large-text'] as const) {
  test(`a parent asks to look after her teenage son, who confirms with the code on his phone; a stranger's claim is reported (${size})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    // Three people's screens, each looked at: longer than one patient's journey.
    test.setTimeout(180_000);
    const prefix = size === 'phone' ? 'family-minor-' : 'large-text-family-minor-';
    const check = async (on: Page, name: string) => {
      await screenshot(on, `${prefix}${name}`);
      if (size === 'large-text')
        expect.soft(await unreadableText(on), `text cut off or overlapping at 200% on ${name}`).toEqual([]);
    };
    if (size === 'large-text') await useLargeText(page);
    await registerThroughApi(page, { firstname: 'มาลี', lastname: 'ใจดี' });
    const teen = await browser.newContext(onPhone(baseURL));
    const son = await teen.newPage();
    if (size === 'large-text') await useLargeText(son);
    const sonsPhone = await registerThroughApi(son, {
      firstname: 'ภูมิ',
      lastname: 'ใจดี',
      birthday: addDays(todayInBangkok(), -15 * 366),
    });

    await test.step('The mother invites her son: the form says he confirms first', async () => {
      await page.goto('/family');
      await page.getByRole('button', { name: 'เพิ่มสมาชิกครอบครัว' }).click();
      const dialog = page.getByRole('dialog', { name: 'เพิ่มสมาชิกครอบครัว' });
      await dialog.getByRole('radio', { name: /มีบัญชีใกล้หมออยู่แล้ว/ }).check();
      await dialog.getByRole('textbox', { name: /เบอร์มือถือของเขา/ }).fill(typed(sonsPhone));
      await dialog.getByRole('combobox', { name: /ความสัมพันธ์/ }).selectOption({ label: 'พ่อหรือแม่' });
      await dialog.getByRole('checkbox', { name: 'ฉันเป็นพ่อแม่หรือผู้ปกครองตามกฎหมายของเด็กคนนี้' }).check();
      await expect(dialog.getByText('เด็กที่มีบัญชีของตนเองต้องยืนยันก่อน: เราจะส่งรหัสไปที่มือถือของเด็กพร้อมชื่อของคุณ')).toBeVisible();
      // Read from the top: text scrolled under the dialog's fixed title is not text the patient is reading.
      await dialog.locator('.MuiDialogContent-root').evaluate((content) => content.scrollTo(0, 0));
      await check(page, 'invite');
      await dialog.getByRole('button', { name: 'ส่งคำเชิญ' }).click();
      await expect(page.getByText('ส่งคำขอแล้ว ขั้นต่อไป: ส่งรหัสไปที่มือถือของ ภูมิ แล้วกรอกรหัสที่ ภูมิ อ่านให้ฟัง')).toBeVisible();
    });

    await test.step('Until he confirms she sees nothing of his; the code goes to his phone with her name', async () => {
      const card = page.getByRole('article', { name: 'ภูมิ ใจดี' });
      await expect(card.getByText('รอการตอบรับ')).toBeVisible();
      await expect(card.getByRole('button', { name: 'ดูข้อมูลของ ภูมิ' })).toHaveCount(0);
      await card.getByRole('button', { name: 'ส่งรหัสไปที่มือถือของ ภูมิ' }).click();
      await expect(card.getByRole('status')).toContainText('ข้อความบอกชื่อของคุณ');
      const sms = (await (await page.request.get(`/api/dev/sms?phone=${sonsPhone}`)).json()).data[0].text as string;
      expect(sms).toMatch(/^มาลี ใจดี ขอเป็นผู้ปกครองของคุณในใกล้หมอ: รหัส \d{6}/);
      await check(page, 'code-sent');
      // He reads it out to her.
      await card.getByRole('textbox', { name: 'รหัส 6 หลัก' }).fill(await latestCode(page.request, sonsPhone));
      await card.getByRole('button', { name: 'ยืนยัน' }).click();
      await expect(card.getByText('ใช้งานอยู่')).toBeVisible();
      await expect(card.getByRole('button', { name: 'ดูข้อมูลของ ภูมิ' })).toBeVisible();
      await check(page, 'confirmed');
    });

    await test.step('A stranger claims to be his parent: the son sees the request and reports it', async () => {
      const stranger = await browser.newContext(onPhone(baseURL));
      const strangersPage = await stranger.newPage();
      await registerThroughApi(strangersPage, { firstname: 'สมปอง', lastname: 'แปลกหน้า' });
      const asked = await strangersPage.request.post('/api/family/invitations', {
        data: {
          phone: sonsPhone,
          relationship: 'parent',
          scopes: { see: true, book: true, medicines: true, alerts: true },
          guardianDeclared: true,
        },
      });
      expect(asked.status()).toBe(201);
      await son.goto('/family');
      const request = son.getByRole('article', { name: 'สมปอง แปลกหน้า ขอเป็นผู้ปกครองของคุณ' });
      await expect(
        request.getByText('ยอมรับเฉพาะเมื่อ สมปอง เป็นพ่อแม่หรือผู้ปกครองของคุณจริง ถ้าไม่ใช่ กด "ไม่ใช่ผู้ปกครองของฉัน"'),
      ).toBeVisible();
      await check(son, 'request-to-son');
      await request.getByRole('button', { name: 'ไม่ใช่ผู้ปกครองของฉัน' }).click();
      const dialog = son.getByRole('dialog', { name: 'สมปอง ไม่ใช่พ่อแม่หรือผู้ปกครองของคุณ?' });
      await check(son, 'report-dialog');
      await dialog.getByRole('button', { name: 'แจ้งและระงับทันที' }).click();
      await expect(son.getByText('แจ้งแล้ว สมปอง เข้าถึงข้อมูลของคุณไม่ได้ ทีมงานใกล้หมอจะตรวจสอบ')).toBeVisible();
      const reported = son.getByRole('article', { name: 'สมปอง แปลกหน้า' });
      await expect(reported.getByText('ระงับชั่วคราว')).toBeVisible();
      // His mother's confirmed link stays, and he may report it too but not end it.
      const mothers = son.getByRole('article', { name: 'มาลี ใจดี' });
      await expect(mothers.getByRole('button', { name: 'ไม่ใช่ผู้ปกครองของฉัน' })).toBeVisible();
      await expect(mothers.getByRole('button', { name: 'ยกเลิกการดูแล' })).toHaveCount(0);
      await check(son, 'son-family');
      await stranger.close();
    });
    await teen.close();
  });
}
