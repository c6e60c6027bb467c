import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { latestCode, newPhone, newThaiId, screenshot, typed } from './support/patient';
import { LARGE_TEXT, unreadableText } from './support/text-fit';

/** A passport number no earlier run has used on this database. */
const newPassport = () => `MB${String(Date.now()).slice(-7)}`;

/** The screen at 390x844, then at 360x740 with 200% text (read whole), each checked with axe and 44 px targets. */
async function shots(page: Page, name: string) {
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 360, height: 740 });
  const large = await page.addStyleTag({ content: LARGE_TEXT });
  await screenshot(page, `${name}-360-200pct`);
  expect.soft(await unreadableText(page), `text cut off or overlapping on ${name}`).toEqual([]);
  await large.evaluate((style) => (style as HTMLStyleElement).remove());
  await page.setViewportSize({ width: 390, height: 844 });
}

const toEnglish = (page: Page) => page.getByRole('button', { name: 'EN: Switch to English' }).click();
const toThai = (page: Page) => page.getByRole('button', { name: 'ไทย: เปลี่ยนเป็นภาษาไทย' }).click();

test('a foreign resident registers in English with a passport, birth year in the Common Era', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const phone = newPhone();
  const passport = newPassport();

  await test.step('When I switch to English and verify my mobile number', async () => {
    await page.goto('/signup');
    // The prerendered page answers once the app has started, which enables its button.
    await expect(page.getByRole('button', { name: 'ถัดไป' })).toBeEnabled();
    await toEnglish(page);
    await page.getByLabel('Mobile phone number').fill(typed(phone));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Digit 1' }).click();
    await page.keyboard.type(await latestCode(request, phone));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /Manual Input/ }).check();
    await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
  });

  await test.step('When I give my name and my birth date, in Common Era years', async () => {
    await page.getByRole('textbox', { name: 'First name' }).fill('Aung');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Min');
    const year = page.getByRole('combobox', { name: 'Year' });
    await expect(year.getByRole('option', { name: '1990', exact: true })).toHaveCount(1);
    await expect(year.getByRole('option', { name: '2533', exact: true })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Day' }).selectOption('1');
    await page.getByRole('combobox', { name: 'Month' }).selectOption({ label: 'May' });
    await year.selectOption('1990');
  });

  await test.step("Then a Thai national's number is refused as a foreigner's 13-digit ID", async () => {
    await page.getByRole('combobox', { name: 'Identity document' }).selectOption('foreign_id');
    const number = page.getByRole('textbox', { name: '13-digit ID number' });
    await number.fill(newThaiId());
    await number.blur();
    await expect(number).toHaveAccessibleDescription(/Thai national's number/);
  });

  await test.step('When I give my passport, its country and my address instead', async () => {
    await page.getByRole('combobox', { name: 'Identity document' }).selectOption('passport');
    await page.getByRole('textbox', { name: 'Passport number' }).fill(passport.toLowerCase());
    await page.getByRole('combobox', { name: /^Nationality/ }).selectOption({ label: 'Myanmar' });
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('45/6 Moo 3');
    await page.getByRole('combobox', { name: /Subdistrict/ }).fill('ศรีภูม');
    await page.getByRole('option', { name: /ศรีภูมิ.*50200/ }).click();
    await shots(page, 'foreigner-01-register-en');
    await toThai(page);
    await expect(page.getByRole('combobox', { name: 'ปี พ.ศ.' }).locator('option:checked')).toHaveText('2533');
    await shots(page, 'foreigner-02-register-th');
    await toEnglish(page);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
  });

  await test.step('Then my profile shows my passport and birth date in the Common Era', async () => {
    await expect(page).toHaveURL(/\/myhealth$/, { timeout: 15_000 });
    await page.getByRole('link', { name: /Personal information/ }).click();
    await expect(page.getByRole('heading', { name: 'Aung Min' })).toBeVisible();
    await expect(page.getByText(`${passport} (MMR)`)).toBeVisible();
    await expect(page.getByText(/1 May 1990/)).toBeVisible();
    await shots(page, 'foreigner-03-profile-en');
    await toThai(page);
    await expect(page.getByText(/1 พฤษภาคม 2533/)).toBeVisible();
    await shots(page, 'foreigner-04-profile-th');
  });
});
