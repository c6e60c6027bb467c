import type { Page } from '@playwright/test';
import { todayInBangkok, type CareLink } from '@klaimor/contracts';
import { expect, test } from './support/fixtures';
import { newThaiId, registerThroughApi, screenshot } from './support/patient';
import { unreadableText, useLargeText } from './support/text-fit';

/**
 * A new patient (not the demo patient, whose codes the other journeys spend) who looks after her son บุญมา: added
 * through the API on her declaration of being his parent, with a medicine of his.
 */
async function parentWithChild(page: Page): Promise<void> {
  await registerThroughApi(page, { firstname: 'มาลี', lastname: 'ใจดี' });
  const added = await page.request.post('/api/family/dependents', {
    data: {
      thai_id: newThaiId(),
      firstname: 'บุญมา',
      lastname: 'ใจดี',
      birthday: '2016-05-05',
      address: '45 หมู่ 2',
      subdistrist: 'ศรีภูมิ',
      district: 'เมืองเชียงใหม่',
      province: 'เชียงใหม่',
      postcode: '50200',
      relationship: 'parent',
      scopes: { see: true, book: true, medicines: true, alerts: true },
      guardianDeclared: true,
    },
  });
  expect(added.status()).toBe(201);
  const [link] = ((await added.json()) as { data: CareLink[] }).data;
  const medicine = await page.request.post(`/api/medications?patient=${link!.person.id}`, {
    data: {
      name: 'Amlodipine',
      strength: '5 mg',
      form: 'tablet',
      doses: { afterBreakfast: 1 },
      startDate: todayInBangkok(),
      stock: 30,
    },
  });
  expect(medicine.status()).toBe(201);
}

/** Every family-care screen of a parent who looks after her son. */
async function familyScreens(page: Page, prefix: string, check: (name: string) => Promise<void>) {
  await test.step('The family screen lists her son with what the grant allows and its history', async () => {
    await page.goto('/family');
    const card = page.getByRole('article', { name: 'บุญมา ใจดี' });
    await expect(card.getByRole('checkbox', { name: /จัดการยาและติ๊กยา/ })).toBeChecked();
    await check(`${prefix}family`);
  });

  await test.step('Adding a family member without the app asks for the ID card details', async () => {
    await page.getByRole('button', { name: 'เพิ่มสมาชิกครอบครัว' }).click();
    await expect(
      page.getByRole('dialog', { name: 'เพิ่มสมาชิกครอบครัว' }).getByRole('button', { name: 'สแกนบัตรประชาชน' }),
    ).toBeVisible();
    await check(`${prefix}family-add`);
    await page.getByRole('dialog').getByRole('button', { name: 'ยกเลิก' }).last().click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  await test.step("Deleting her son's profile says first what goes and that the code comes to her own phone", async () => {
    await page.getByRole('article', { name: 'บุญมา ใจดี' }).getByRole('button', { name: 'ลบโปรไฟล์' }).click();
    const dialog = page.getByRole('dialog', { name: 'ลบโปรไฟล์ของ บุญมา?' });
    await expect(dialog.getByText('บุญมา ไม่มีเบอร์เข้าสู่ระบบของตนเอง รหัสยืนยันจึงส่งไปที่มือถือของคุณ')).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^ส่งรหัสยืนยันไปที่ 0/ })).toBeVisible();
    await check(`${prefix}family-delete-profile`);
    // Not sent, not deleted: the journey goes on with him.
    await dialog.getByRole('button', { name: 'ยกเลิก' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('article', { name: 'บุญมา ใจดี' })).toBeVisible();
  });

  await test.step("Her son's health: My Health under his name and colour", async () => {
    await page.getByRole('button', { name: 'ดูข้อมูลของ บุญมา' }).click();
    await expect(page.getByRole('region', { name: 'ข้อมูลของ' }).getByText('บุญมา ใจดี')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'ยาวันนี้' })).toBeVisible();
    await check(`${prefix}myhealth-mother`);
  });

  await test.step("Her son's medicines, profile and access log", async () => {
    await page.goto('/todo');
    await expect(page.getByText('Amlodipine').first()).toBeVisible();
    await check(`${prefix}todo-mother`);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'บุญมา ใจดี' })).toBeVisible();
    await check(`${prefix}profile-mother`);
    await page.goto('/my-data/access');
    await expect(page.getByRole('heading', { name: /^ใครเปิดดูข้อมูลของคุณ\s?บุญมา$/ })).toBeVisible();
    // What his mother just opened is in his log.
    await expect(page.getByText(/ผู้ดูแลในครอบครัว/).first()).toBeVisible();
    await check(`${prefix}access-log-mother`);
  });

  await test.step("Her son's reminder times and notification centre are hers to keep: his reminders come to her", async () => {
    await page.goto('/todo');
    await page.getByRole('link', { name: 'ตั้งเวลาเตือนทานยา' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'ตั้งค่าการแจ้งเตือนของบุญมา' })).toBeVisible();
    await expect(page.getByText(/^การแจ้งเตือนของบุญมาส่งถึงคุณ/)).toBeVisible();
    await check(`${prefix}notification-settings-child`);
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'การแจ้งเตือนของบุญมา' })).toBeVisible();
    await check(`${prefix}notifications-child`);
  });

  await test.step('Back to her own data from the switcher', async () => {
    await page.goto('/myhealth');
    await page.getByRole('button', { name: 'เปลี่ยนคน (ตอนนี้: บุญมา ใจดี)' }).click();
    await page.getByRole('menuitem', { name: /^ฉัน/ }).click();
    await expect(page.getByRole('region', { name: 'ข้อมูลของ' }).getByText('ข้อมูลของฉัน')).toBeVisible();
    await check(`${prefix}myhealth-self`);
  });
}

test('family care screens at phone size: accessible, with 44 px targets', async ({ page }) => {
  // Every family screen, each photographed and checked: longer than one step's default on a busy machine.
  test.setTimeout(120_000);
  await parentWithChild(page);
  await familyScreens(page, 'family-', (name) => screenshot(page, name));
});

test('family care screens at 200% text size read whole', async ({ page }) => {
  test.setTimeout(120_000);
  await useLargeText(page);
  await parentWithChild(page);
  await familyScreens(page, 'large-text-family-', async (name) => {
    await screenshot(page, name);
    expect
      .soft(await unreadableText(page), `text cut off or overlapping at 200% on ${name} (${page.url()})`)
      .toEqual([]);
  });
});
