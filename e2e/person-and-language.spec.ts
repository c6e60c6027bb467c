import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { thaiOutsideNames } from './support/english-text';
import { tilePng } from './support/map-tiles';
import { DEMO_PATIENT, latestCode, screenshot } from './support/patient';
import { LARGE_TEXT, unreadableText } from './support/text-fit';

const HOSPITAL = 'siriraj-hospital';
const MOTHER = 'บุญมา';

test.use({ geolocation: { latitude: 13.7563, longitude: 100.4888 }, permissions: ['geolocation'] });

/** The demo patient signed in through the API (one code of her five an hour), the browser sharing the session. */
async function signInDemoPatient(page: Page): Promise<void> {
  expect((await page.request.post('/api/auth/otp', { data: { phone: DEMO_PATIENT } })).status()).toBe(202);
  const verified = await page.request.post('/api/auth/otp/verify', {
    data: { phone: DEMO_PATIENT, code: await latestCode(page.request, DEMO_PATIENT) },
  });
  expect(verified.ok()).toBe(true);
}

/** A paid screening three days ahead in the day's `slot`th place, for the demo patient or her mother; its id. */
async function bookScreening(page: Page, slot: number, patient?: string): Promise<string> {
  const day = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Bangkok' });
  const slots = (await (await page.request.get(`/api/hospitals/${HOSPITAL}/slots?from=${day}&to=${day}`)).json())
    .data as { id: string }[];
  const query = patient ? `?patient=${patient}` : '';
  const booked = await page.request.post(`/api/appointments${query}`, {
    headers: { 'idempotency-key': randomUUID() },
    data: { hospitalId: HOSPITAL, slotId: slots[slot]!.id, symptoms: 'ปวดเข่า', duration: '3 วัน' },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { id } = (await booked.json()).data[0];
  expect((await page.request.post(`/api/dev/payments/${id}/paid${query}`)).ok()).toBe(true);
  return id;
}

async function motherId(page: Page): Promise<string> {
  const links = (await (await page.request.get('/api/family')).json()).data as {
    person: { id: string; firstname: string };
  }[];
  return links.find((link) => link.person.firstname === MOTHER)!.person.id;
}

/** Shows the mother's data from now on, through the person switcher as the caregiver would. */
async function chooseMother(page: Page): Promise<void> {
  await page.goto('/myHealth');
  await page.getByRole('button', { name: /^(เปลี่ยนคน|Switch) \(/ }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${MOTHER} `) }).click();
  await expect(page.locator(`[data-person]`)).toContainText(MOTHER);
}

/** The screen is drawn: its one h1 shown, nothing still loading. */
async function settled(page: Page): Promise<void> {
  // A page's code loads on first use; on a busy machine that takes a while.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

function useLanguage(page: Page, lang: 'th' | 'en') {
  return page.addInitScript((chosen) => localStorage.setItem('klaimor.lang', chosen), lang);
}

function useLargeText(page: Page) {
  return page.addInitScript((css) => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = css;
      document.head.append(style);
    });
  }, LARGE_TEXT);
}

/** The screens showing the person's own data. */
const PERSON_SCREENS = [
  ['myhealth', '/myHealth'],
  ['todo', '/todo'],
  ['coverage', '/medicalRight'],
  ['history', '/history'],
  ['symptom-notes', '/asd'],
  ['profile', '/profile'],
  ['my-data-summary', '/my-data/summary'],
  ['access-log', '/my-data/access'],
  ['notifications', '/notifications'],
  ['notification-settings', '/settings/notifications'],
] as const;

for (const lang of ['th', 'en'] as const) {
  test(`a caregiver looking at her mother's data sees her mother named in every heading (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await useLanguage(page, lang);
    await signInDemoPatient(page);
    const appointment = await bookScreening(page, lang === 'th' ? 1 : 2, await motherId(page));
    await chooseMother(page);
    const screens = [...PERSON_SCREENS, ['appointment', `/appointments/${appointment}`] as const];
    for (const [name, path] of screens) {
      await test.step(path, async () => {
        await page.goto(path);
        await settled(page);
        const headings = await page.getByRole('heading').allInnerTexts();
        expect
          .soft(
            headings.filter((h) => /ของฉัน|(^|\s)my\s/i.test(h)),
            `"my" headings on ${path}`,
          )
          .toEqual([]);
        // She signs in herself, so her notifications reach her own phone: those screens show the caregiver's own.
        if (!name.startsWith('notification'))
          expect.soft(await page.getByRole('heading', { level: 1 }).innerText(), `the h1 of ${path}`).toContain(MOTHER);
        await screenshot(page, `whose-${lang}-${name}`);
      });
    }
  });
}

/** Every patient screen of routes.tsx, with the booking card; signed out first, then as the demo patient. */
async function walkEnglishScreens(page: Page, prefix: string, slot: number): Promise<void> {
  const problems: string[] = [];
  const look = async (name: string) => {
    await settled(page);
    for (const found of await thaiOutsideNames(page)) problems.push(`${name}: Thai text ${found}`);
    for (const found of await unreadableText(page)) problems.push(`${name}: ${found}`);
    await screenshot(page, `${prefix}${name}`);
  };
  const visit = async (name: string, path: string) => {
    await test.step(path, async () => {
      await page.goto(path);
      await look(name);
    });
  };

  await visit('seek', '/');
  await visit('map', '/map');
  await visit('hospital', `/?hospital=${HOSPITAL}`);
  await visit('login', '/login');
  await visit('signup', '/signup');
  await visit('myhealth-signed-out', '/myHealth');
  await visit('terms', '/terms');
  await visit('privacy', '/privacy');
  await visit('account-deleted', '/account-deleted');
  await visit('not-found', '/no-such-page');

  await signInDemoPatient(page);
  const appointment = await bookScreening(page, slot);
  await visit('booking-card', `/?hospital=${HOSPITAL}`);
  await visit('myhealth', '/myHealth');
  await visit('appointment', `/appointments/${appointment}`);
  await visit('todo', '/todo');
  await visit('coverage', '/medicalRight');
  await visit('history', '/history');
  await visit('symptom-notes', '/asd');
  await visit('profile', '/profile');
  await test.step('the profile form', async () => {
    await page.getByRole('button', { name: 'Edit information' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await look('profile-edit');
  });
  await visit('my-data-summary', '/my-data/summary');
  await visit('access-log', '/my-data/access');
  await visit('family', '/family');
  await visit('notifications', '/notifications');
  await visit('notification-settings', '/settings/notifications');

  await chooseMother(page);
  for (const [name, path] of PERSON_SCREENS) await visit(`mother-${name}`, path);

  expect(problems, 'Thai words or cut-off labels on English screens').toEqual([]);
}

test('every patient screen in English reads as English, whole, at phone size', async ({ page }) => {
  test.setTimeout(600_000);
  await page.route('**/*/*/*.png', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: tilePng() }),
  );
  await useLanguage(page, 'en');
  await walkEnglishScreens(page, 'english-', 0);
});

test('every patient screen in English reads whole at 360x740 with 200% text', async ({ page }) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.route('**/*/*/*.png', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: tilePng() }),
  );
  await useLanguage(page, 'en');
  await useLargeText(page);
  await walkEnglishScreens(page, 'english-360-large-', 3);
});
