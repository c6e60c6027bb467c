import type { Locator, Page } from '@playwright/test';
import { thaiOutsideNames } from './support/english-text';
import { expect, test } from './support/fixtures';
import { registerThroughApi, shotFitting } from './support/patient';
import { unreadableText, useLargeText } from './support/text-fit';

const TITLE = 'รายการที่ต้องทำประจำวัน';
const PARACETAMOL = 'Paracetamol 500 mg';
const RECORD = `บันทึกว่าทานแล้ว (${PARACETAMOL})`;

/** A moment as the app shows it: the 24-hour clock in Thailand. */
const clock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Bangkok',
});

/** The day's screen drawn again after a reload: its heading, nothing still loading. */
async function shown(page: Page, title = TITLE): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0);
}

/** Every text on the screen reads whole (cut off, squeezed or overlapping text fails the test, softly). */
async function readsWhole(page: Page, name: string): Promise<void> {
  expect.soft(await unreadableText(page), `text cut off or overlapping at 200% on ${name}`).toEqual([]);
}

/** Opens the add-a-medicine form and fills what every medicine has. */
async function addMedicine(page: Page, name: string, strength: string): Promise<Locator> {
  await page.getByRole('button', { name: 'เพิ่มยา' }).click();
  const dialog = page.getByRole('dialog', { name: 'เพิ่มยา' });
  await dialog.getByRole('textbox', { name: 'ชื่อยา' }).fill(name);
  await dialog.getByRole('textbox', { name: 'ความแรง' }).fill(strength);
  return dialog;
}

/** The as-needed section and Paracetamol's card in it (the medication list below has a card of its own). */
const section = (page: Page) => page.getByRole('region', { name: 'ยาที่ทานเมื่อมีอาการ' });
const card = (page: Page) => section(page).getByRole('article', { name: PARACETAMOL });

interface ChecklistReply {
  data: {
    due: number;
    doses: { name: string }[];
    asNeeded: { medicationId: string; takes: { id: string; takenAt: string }[] }[];
  }[];
}

test('a patient records a medicine taken only when needed apart from the doses due, and sees medicines every 8 hours and before breakfast by their times', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await registerThroughApi(page, { firstname: 'บุญมี', lastname: 'ใจดี' });

  await test.step('Given a medicine before breakfast: its panel and its line in my list say ก่อนอาหารเช้า', async () => {
    await page.goto('/todo');
    await shown(page);
    const dialog = await addMedicine(page, 'Omeprazole', '20 mg');
    await expect(dialog.getByRole('radio', { name: /^ทานตามมื้ออาหาร/ })).toBeChecked();
    await dialog.getByRole('radio', { name: 'ก่อนอาหาร', exact: true }).check();
    await dialog.getByRole('combobox', { name: 'ก่อนอาหารเช้า' }).selectOption({ label: '1 เม็ด' });
    await shotFitting(page, 'as-needed-00-before-breakfast-form');
    await dialog.getByRole('button', { name: 'บันทึก' }).click();
    await expect(dialog).toBeHidden();
    const panels = page.getByRole('list', { name: 'ยาแต่ละมื้อ' });
    await expect(panels.getByRole('button', { name: /^ก่อนอาหารเช้า/ })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Omeprazole 20 mg · 1 เม็ด' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Omeprazole 20 mg' })).toContainText('ก่อนอาหารเช้า ครั้งละ 1 เม็ด');
    await expect(page.getByText('ทานแล้ว 0 จาก 1 รายการ')).toBeVisible();
  });

  await test.step('When I add paracetamol “เมื่อมีไข้”, 1 tablet at most 4 times a day, it is listed apart and nothing more is due', async () => {
    const dialog = await addMedicine(page, 'Paracetamol', '500 mg');
    await dialog.getByRole('radio', { name: /^ทานเมื่อมีอาการ/ }).check();
    await expect(dialog.getByRole('combobox', { name: 'ก่อนอาหารเช้า' })).toHaveCount(0);
    await expect(dialog.getByRole('combobox', { name: 'หลังอาหารเช้า' })).toHaveCount(0);
    await expect(dialog.getByRole('combobox', { name: 'จำนวนต่อครั้ง' })).toHaveValue('1');
    await dialog.getByRole('combobox', { name: 'ทานได้ไม่เกินวันละ' }).selectOption({ label: '4 ครั้ง' });
    await dialog.getByRole('textbox', { name: 'ใช้เมื่อมีอาการอะไร' }).fill('เมื่อมีไข้');
    await dialog.getByRole('textbox', { name: 'จำนวนยาที่เหลืออยู่' }).fill('10');
    await shotFitting(page, 'as-needed-01-form');
    await dialog.getByRole('button', { name: 'บันทึก' }).click();
    await expect(dialog).toBeHidden();

    await expect(card(page)).toContainText('เมื่อมีไข้ ครั้งละ 1 เม็ด ไม่เกินวันละ 4 ครั้ง');
    await expect(card(page)).not.toContainText('ยังไม่ได้ทาน');
    // Not a dose due: no box to tick, and the count of the day is as it was.
    await expect(page.getByRole('checkbox', { name: /Paracetamol/ })).toHaveCount(0);
    await expect(page.getByText('ทานแล้ว 0 จาก 1 รายการ')).toBeVisible();
    const inList = page.getByRole('heading', { name: 'ยาของฉัน' }).locator('xpath=ancestor::section[1]');
    const listed = inList.getByRole('article', { name: PARACETAMOL });
    await expect(listed).toContainText('เมื่อมีไข้ ครั้งละ 1 เม็ด ไม่เกินวันละ 4 ครั้ง');
    await expect(listed).toContainText('เหลือ 10 เม็ด');
    await expect(listed).not.toContainText('(พอ');
    const button = card(page).getByRole('button', { name: RECORD });
    await expect(button).toBeEnabled();
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await shotFitting(page, 'as-needed-02-section');
  });

  let takenAt = '';
  await test.step('When I record that I took it, it says 1 of 4 times today and when', async () => {
    await card(page).getByRole('button', { name: RECORD }).click();
    await expect(card(page)).toContainText('วันนี้ทานแล้ว 1 จาก 4 ครั้ง');
    const res = await page.request.get('/api/checklist');
    const [day] = ((await res.json()) as ChecklistReply).data;
    expect(day.due).toBe(1);
    expect(day.doses.map((d) => d.name)).toEqual(['Omeprazole']);
    expect(day.asNeeded[0].takes).toHaveLength(1);
    takenAt = day.asNeeded[0].takes[0].takenAt;
    await expect(card(page)).toContainText(`ทานเมื่อ ${clock.format(new Date(takenAt))} น. · 1 เม็ด`);
    await expect(page.getByText('ทานแล้ว 0 จาก 1 รายการ')).toBeVisible();
    await shotFitting(page, 'as-needed-03-taken');
  });

  await test.step('When I remove it as recorded by mistake, I am asked first, and it is gone', async () => {
    const time = clock.format(new Date(takenAt));
    await card(page)
      .getByRole('button', { name: `ลบการบันทึกเวลา ${time} น. ของ ${PARACETAMOL}` })
      .click();
    const confirm = page.getByRole('dialog', { name: `ลบการบันทึกเวลา ${time} น.?` });
    await expect(confirm).toContainText('ใช้เมื่อกดบันทึกผิด');
    await shotFitting(page, 'as-needed-04-confirm-remove');
    await confirm.getByRole('button', { name: 'ลบการบันทึก' }).click();
    await expect(confirm).toBeHidden();
    await expect(card(page)).not.toContainText('วันนี้ทานแล้ว');
    await expect(card(page)).not.toContainText(time);
    const res = await page.request.get('/api/checklist');
    expect(((await res.json()) as ChecklistReply).data[0].asNeeded[0].takes).toEqual([]);
  });

  await test.step('When it was taken the most times a day, the button says why it is off, and the server refuses a fifth', async () => {
    const res = await page.request.get('/api/checklist');
    const { medicationId } = ((await res.json()) as ChecklistReply).data[0].asNeeded[0];
    for (let i = 0; i < 4; i++)
      expect((await page.request.post('/api/checklist/as-needed', { data: { medicationId } })).status()).toBe(201);
    const fifth = await page.request.post('/api/checklist/as-needed', { data: { medicationId } });
    expect(fifth.status()).toBe(409);
    expect(((await fifth.json()) as { error: { code: string } }).error.code).toBe('as_needed_limit');
    await page.reload();
    await shown(page);
    await expect(card(page)).toContainText('วันนี้ทานแล้ว 4 จาก 4 ครั้ง');
    await expect(card(page)).toContainText('วันนี้ทานครบ 4 ครั้งแล้ว ไม่ควรทานเพิ่มอีกในวันนี้');
    await expect(card(page).getByRole('button', { name: RECORD })).toBeDisabled();
    await shotFitting(page, 'as-needed-05-most-a-day');
  });

  await test.step('When I add a medicine every 8 hours from 06:00, the day has its three panels by clock', async () => {
    const dialog = await addMedicine(page, 'Amoxicillin', '500 mg');
    await dialog.getByRole('radio', { name: /^ทานทุก ๆ กี่ชั่วโมง/ }).check();
    await dialog.getByRole('combobox', { name: 'ทานทุก' }).selectOption({ label: '8 ชั่วโมง' });
    await dialog.getByLabel('เวลาทานครั้งแรกของวัน').fill('06:00');
    await expect(dialog.getByText('เวลาทานแต่ละวัน: 06:00, 14:00, 22:00 น.')).toBeVisible();
    await shotFitting(page, 'as-needed-06-every-8-hours-form');
    await dialog.getByRole('button', { name: 'บันทึก' }).click();
    await expect(dialog).toBeHidden();
    const panels = page.getByRole('list', { name: 'ยาแต่ละมื้อ' });
    await expect(panels.getByRole('button', { name: /^(ทุก|ก่อนอาหาร)/ })).toHaveText([
      /^ทุก 8 ชั่วโมง · 06:00 น\./,
      /^ก่อนอาหารเช้า/,
      /^ทุก 8 ชั่วโมง · 14:00 น\./,
      /^ทุก 8 ชั่วโมง · 22:00 น\./,
    ]);
    await expect(page.getByText('ทานแล้ว 0 จาก 4 รายการ')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Amoxicillin 500 mg' })).toContainText(
      'ทุก 8 ชั่วโมง (06:00, 14:00, 22:00) ครั้งละ 1 เม็ด',
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    await shotFitting(page, 'as-needed-07-panels');
  });

  await test.step('In English the section, the panels and the lines read in English', async () => {
    await page.evaluate(() => localStorage.setItem('klaimor.lang', 'en'));
    await page.reload();
    await shown(page, 'Daily Check List');
    await expect(page.getByRole('region', { name: 'Medicines taken only when needed' })).toBeVisible();
    const panels = page.getByRole('list', { name: 'Doses by time of day' });
    await expect(panels.getByRole('button', { name: /^Every 8 hours · 14:00/ })).toBeVisible();
    await expect(panels.getByRole('button', { name: /^Before breakfast/ })).toBeVisible();
    expect.soft(await thaiOutsideNames(page), 'Thai words on the English screen').toEqual([]);
    await shotFitting(page, 'as-needed-08-english');
    await page.evaluate(() => localStorage.setItem('klaimor.lang', 'th'));
  });

  await test.step('At 200% text the section, the panels and the form still read whole', async () => {
    await useLargeText(page);
    await page.reload();
    await shown(page);
    await readsWhole(page, 'the checklist');
    await shotFitting(page, 'as-needed-09-large-text');
    await page.getByRole('button', { name: 'เพิ่มยา' }).click();
    const dialog = page.getByRole('dialog', { name: 'เพิ่มยา' });
    await dialog.getByRole('radio', { name: /^ทานเมื่อมีอาการ/ }).check();
    await dialog.getByRole('combobox', { name: 'ทานได้ไม่เกินวันละ' }).scrollIntoViewIfNeeded();
    await readsWhole(page, 'the as-needed form');
    await shotFitting(page, 'as-needed-10-large-text-form');
    await dialog.getByRole('radio', { name: /^ทานทุก ๆ กี่ชั่วโมง/ }).check();
    await dialog.getByRole('combobox', { name: 'ทานทุก' }).selectOption({ label: '8 ชั่วโมง' });
    await dialog.getByLabel('เวลาทานครั้งแรกของวัน').fill('06:00');
    await dialog.getByText('เวลาทานแต่ละวัน: 06:00, 14:00, 22:00 น.').scrollIntoViewIfNeeded();
    await readsWhole(page, 'the every-N-hours form');
    await shotFitting(page, 'as-needed-11-large-text-interval-form');
    await dialog.getByRole('radio', { name: /^ทานตามมื้ออาหาร/ }).check();
    await dialog.getByRole('radio', { name: 'ก่อนอาหาร', exact: true }).check();
    await dialog.getByRole('combobox', { name: 'ก่อนอาหารเช้า' }).scrollIntoViewIfNeeded();
    await readsWhole(page, 'the meals form');
    await shotFitting(page, 'as-needed-12-large-text-meals-form');
  });
});
