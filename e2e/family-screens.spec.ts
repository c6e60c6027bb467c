import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { screenshot, signInAsDemoPatient } from './support/patient';
import { LARGE_TEXT, unreadableText } from './support/text-fit';

/** Every family-care screen of the demo patient, who looks after her mother บุญมา (seeded with a full grant). */
async function familyScreens(page: Page, prefix: string, check: (name: string) => Promise<void>) {
  await test.step('The family screen lists her mother with what the grant allows and its history', async () => {
    await page.goto('/family');
    const card = page.getByRole('article', { name: 'บุญมา ใจดี' });
    await expect(card.getByRole('checkbox', { name: /จัดการยาและติ๊กยา/ })).toBeChecked();
    await check(`${prefix}family`);
  });

  await test.step('Adding a family member without the app asks for the ID card details', async () => {
    await page.getByRole('button', { name: 'เพิ่มสมาชิกครอบครัว' }).click();
    await expect(page.getByRole('dialog', { name: 'เพิ่มสมาชิกครอบครัว' }).getByRole('button', { name: 'สแกนบัตรประชาชน' })).toBeVisible();
    await check(`${prefix}family-add`);
    await page.getByRole('dialog').getByRole('button', { name: 'ยกเลิก' }).last().click();
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  await test.step("Her mother's health: My Health under her name and colour", async () => {
    await page.getByRole('button', { name: 'ดูข้อมูลของ บุญมา' }).click();
    await expect(page.getByRole('region', { name: 'ข้อมูลของ' }).getByText('บุญมา ใจดี')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'ยาวันนี้' })).toBeVisible();
    await check(`${prefix}myhealth-mother`);
  });

  await test.step("Her mother's medicines, history and access log", async () => {
    await page.goto('/todo');
    await expect(page.getByText('Amlodipine').first()).toBeVisible();
    await check(`${prefix}todo-mother`);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'บุญมา ใจดี' })).toBeVisible();
    await check(`${prefix}profile-mother`);
    await page.goto('/my-data/access');
    await expect(page.getByRole('heading', { name: 'ใครเปิดดูข้อมูลของฉัน' })).toBeVisible();
    // What the daughter just opened is in her mother's log.
    await expect(page.getByText(/ผู้ดูแลในครอบครัว/).first()).toBeVisible();
    await check(`${prefix}access-log-mother`);
  });

  await test.step('Back to her own data from the switcher', async () => {
    await page.goto('/myhealth');
    await page.getByRole('button', { name: 'เปลี่ยนคน (ตอนนี้: บุญมา ใจดี)' }).click();
    await page.getByRole('menuitem', { name: /^ฉัน/ }).click();
    await expect(page.getByRole('region', { name: 'ข้อมูลของ' }).getByText('ข้อมูลของฉัน')).toBeVisible();
    await check(`${prefix}myhealth-self`);
  });
}

test('family care screens at phone size: accessible, with 44 px targets', async ({ page, request }) => {
  await page.goto('/login');
  await signInAsDemoPatient(page, request);
  await expect(page.getByRole('heading', { name: 'สุขภาพของฉัน' })).toBeVisible();
  await familyScreens(page, 'family-', (name) => screenshot(page, name));
});

test('family care screens at 200% text size read whole', async ({ page, request }) => {
  await page.addInitScript((css) => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = css;
      document.head.append(style);
    });
  }, LARGE_TEXT);
  await page.goto('/login');
  await signInAsDemoPatient(page, request);
  await expect(page.getByRole('heading', { name: 'สุขภาพของฉัน' })).toBeVisible();
  await familyScreens(page, 'large-text-family-', async (name) => {
    await screenshot(page, name);
    expect.soft(await unreadableText(page), `text cut off or overlapping at 200% on ${name} (${page.url()})`).toEqual([]);
  });
});
