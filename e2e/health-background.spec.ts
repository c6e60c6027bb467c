import type { Page } from '@playwright/test';
import { thaiOutsideNames } from './support/english-text';
import { expect, test } from './support/fixtures';
import { registerThroughApi, shotFitting } from './support/patient';
import { unreadableText, useLargeText } from './support/text-fit';
import { shown } from './support/screen';

const TITLE = 'ประวัติแพ้ยาและโรคประจำตัว';

/** Every text on the screen reads whole at 200% (cut off, squeezed or overlapping text fails the test, softly). */
async function readsWhole(page: Page, name: string): Promise<void> {
  expect.soft(await unreadableText(page), `text cut off or overlapping at 200% on ${name}`).toEqual([]);
}

test('a patient records a drug allergy and a condition from the list, sees both, and removes one', async ({ page }) => {
  test.setTimeout(120_000);
  await registerThroughApi(page, { firstname: 'สมพร', lastname: 'ใจงาม' });

  await test.step('From My Health I open my allergies and conditions, and am told what to add', async () => {
    await page.goto('/myhealth');
    const tile = page.getByRole('navigation', { name: 'เมนูสุขภาพ' }).getByRole('link', { name: 'แพ้ยาและโรคประจำตัว' });
    await expect(tile).toBeVisible();
    await shotFitting(page, 'health-background-00-myhealth');
    await tile.click();
    await expect(page).toHaveURL(/\/health-background$/);
    await shown(page, TITLE);
    await expect(page.getByText('ยังไม่มีข้อมูลการแพ้')).toBeVisible();
    await expect(page.getByText('หากเคยแพ้ยาหรืออาหาร เพิ่มไว้ให้แพทย์เห็นก่อนสั่งยา')).toBeVisible();
    await expect(page.getByText('ยังไม่มีข้อมูลโรคประจำตัว')).toBeVisible();
    await shotFitting(page, 'health-background-01-empty');
  });

  await test.step('When I add a severe penicillin allergy, it shows in bold with “แพ้รุนแรง”', async () => {
    await page.getByRole('button', { name: 'เพิ่มประวัติการแพ้' }).click();
    const dialog = page.getByRole('dialog', { name: 'เพิ่มประวัติการแพ้' });
    await expect(dialog.getByRole('radio', { name: 'ยา', exact: true })).toBeChecked();
    await dialog.getByRole('textbox', { name: 'ชื่อยาที่แพ้' }).fill('เพนิซิลลิน');
    await dialog.getByRole('textbox', { name: 'อาการที่เกิดขึ้น' }).fill('ผื่นขึ้นทั้งตัว หน้าบวม');
    await dialog.getByRole('radio', { name: /^รุนแรง/ }).check();
    await shotFitting(page, 'health-background-02-add-allergy');
    await dialog.getByRole('button', { name: 'บันทึก' }).click();
    await expect(dialog).toBeHidden();
    const card = page.getByRole('region', { name: 'ประวัติการแพ้' }).getByRole('article', { name: 'เพนิซิลลิน' });
    await expect(card).toContainText('แพ้รุนแรง');
    await expect(card).toContainText('ประเภท: ยา');
    await expect(card).toContainText('อาการที่เกิด: ผื่นขึ้นทั้งตัว หน้าบวม');
    await expect(card).toContainText(/คุณบันทึกเอง · \d{1,2} [ก-๙.]+ 25\d\d/);
  });

  await test.step('When I choose high blood pressure from the list, it is saved with its ICD-10 code', async () => {
    await page.getByRole('button', { name: 'เพิ่มโรคประจำตัว' }).click();
    const dialog = page.getByRole('dialog', { name: 'เพิ่มโรคประจำตัว' });
    const name = dialog.getByRole('combobox', { name: 'ชื่อโรค' });
    await name.click();
    // The whole list opens on the first tap, for whoever does not know what to type.
    await expect(page.getByRole('option', { name: /^เบาหวานชนิดที่ 2/ })).toBeVisible();
    await shotFitting(page, 'health-background-03-condition-list');
    await name.fill('ความดัน');
    await page.getByRole('option', { name: /^ความดันโลหิตสูง/ }).click();
    await expect(name).toHaveValue('ความดันโลหิตสูง');
    await expect(dialog.getByText('โรคจากรายการ รหัส ICD-10: I10')).toBeVisible();
    await dialog.getByRole('button', { name: 'บันทึก' }).click();
    await expect(dialog).toBeHidden();
    const conditions = page.getByRole('region', { name: 'โรคประจำตัว' });
    await expect(conditions.getByRole('heading', { level: 3, name: 'ความดันโลหิตสูง ICD-10 I10' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'เพนิซิลลิน' })).toBeVisible();
    await shotFitting(page, 'health-background-04-both');
  });

  await test.step('In English the screen reads in English, the condition by its English name', async () => {
    await page.evaluate(() => localStorage.setItem('klaimor.lang', 'en'));
    await page.reload();
    await shown(page, 'Allergies and long-term conditions');
    await expect(page.getByRole('article', { name: 'เพนิซิลลิน' })).toContainText('Severe reaction');
    await expect(page.getByRole('article', { name: 'High blood pressure' })).toContainText('You recorded this');
    expect.soft(await thaiOutsideNames(page), 'Thai words on the English screen').toEqual([]);
    await shotFitting(page, 'health-background-05-english');
    await page.evaluate(() => localStorage.setItem('klaimor.lang', 'th'));
  });

  await test.step('At 200% text the lists, the form and its severity choices still read whole', async () => {
    await useLargeText(page);
    await page.reload();
    await shown(page, TITLE);
    await readsWhole(page, 'the lists');
    await shotFitting(page, 'health-background-06-large-text');
    await page.getByRole('button', { name: 'เพิ่มประวัติการแพ้' }).click();
    const dialog = page.getByRole('dialog', { name: 'เพิ่มประวัติการแพ้' });
    await dialog.getByRole('radio', { name: 'อาหาร', exact: true }).check();
    await expect(dialog.getByRole('textbox', { name: 'อาหารที่แพ้' })).toBeVisible();
    await readsWhole(page, 'the allergy form');
    await shotFitting(page, 'health-background-07-large-text-form');
    // Further down the form: the severity choices with their examples.
    await dialog.getByRole('radio', { name: /^รุนแรง/ }).scrollIntoViewIfNeeded();
    await readsWhole(page, 'the severity choices');
    await shotFitting(page, 'health-background-07b-large-text-severity');
    await dialog.getByRole('button', { name: 'ยกเลิก' }).last().click();
    await expect(dialog).toBeHidden();
  });

  await test.step('When I remove the condition, I am asked first, naming it, and it is gone', async () => {
    await page.getByRole('button', { name: 'ลบ ความดันโลหิตสูง' }).click();
    const confirm = page.getByRole('dialog', { name: 'ลบ “ความดันโลหิตสูง” ออกจากโรคประจำตัว?' });
    await expect(confirm).toContainText('แพทย์จะไม่เห็นรายการนี้อีก');
    await readsWhole(page, 'the removal question');
    await shotFitting(page, 'health-background-08-confirm-remove');
    await confirm.getByRole('button', { name: 'ลบ', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('article', { name: 'ความดันโลหิตสูง' })).toBeHidden();
    await expect(page.getByText('ยังไม่มีข้อมูลโรคประจำตัว')).toBeVisible();
    await expect(page.getByRole('article', { name: 'เพนิซิลลิน' })).toBeVisible();
    await page.reload();
    await shown(page, TITLE);
    await expect(page.getByRole('article', { name: 'ความดันโลหิตสูง' })).toHaveCount(0);
    await expect(page.getByRole('article', { name: 'เพนิซิลลิน' })).toBeVisible();
    await shotFitting(page, 'health-background-09-after-remove');
  });
});
