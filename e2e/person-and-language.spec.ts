import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { thaiOutsideNames } from './support/english-text';
import { tilePng } from './support/map-tiles';
import { DEMO_PATIENT, latestCode, screenshot } from './support/patient';
import { unreadableText, useLargeText } from './support/text-fit';

const HOSPITAL = 'siriraj-hospital';
const MOTHER = 'บุญมา';

test.use({ geolocation: { latitude: 13.7563, longitude: 100.4888 }, permissions: ['geolocation'] });

/** The demo patient signed in through the API, the browser sharing the session. */
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

/** Shows the mother's data from now on, through the person switcher on My Health as the caregiver would. */
async function chooseMother(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(เปลี่ยนคน|Switch) \(/ }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${MOTHER} `) }).click();
  await expect(page.locator(`[data-person]`)).toContainText(MOTHER);
}

/** The screen is drawn: its one new h1 shown, nothing still loading. */
async function settled(page: Page): Promise<void> {
  // A page's code loads on first use; on a busy machine that takes a while.
  await expect(page.locator('h1:not([data-left])')).toBeVisible({ timeout: 30_000 });
  // Loading shows a spinner without a value; a form's steps are a progress bar with one.
  await expect(page.locator('[role="progressbar"]:not([aria-valuenow])')).toHaveCount(0, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

/**
 * Opens `path` inside the running app, as its own links do (loading the whole app again for each screen would take
 * most of a walk's time); the screen left behind has its h1 marked, so the wait is for the next screen's.
 */
async function open(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    for (const h1 of Array.from(document.querySelectorAll('h1'))) h1.setAttribute('data-left', '');
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settled(page);
}

function useLanguage(page: Page, lang: 'th' | 'en') {
  return page.addInitScript((chosen) => localStorage.setItem('klaimor.lang', chosen), lang);
}

/** The screens showing the person's own data. */
const PERSON_SCREENS = [
  ['todo', '/todo'],
  ['refills', '/refills'],
  ['refill-request', '/refills/new'],
  ['coverage', '/medicalRight'],
  ['history', '/history'],
  ['symptom-notes', '/asd'],
  ['profile', '/profile'],
  ['my-data-summary', '/my-data/summary'],
  ['access-log', '/my-data/access'],
  ['notifications', '/notifications'],
  ['notification-settings', '/settings/notifications'],
  // Last, not first: the switch is made on this screen, so opening it again would draw no new heading.
  ['myhealth', '/myHealth'],
] as const;

/** Headings over the mother's data that still say "my", and the h1 when it does not name her; empty when all do. */
async function headingsNotNamingMother(page: Page, path: string): Promise<string[]> {
  const found = (await page.getByRole('heading').allInnerTexts())
    .filter((heading) => /ของฉัน|(^|\s)my\s/i.test(heading))
    .map((heading) => `${path}: "${heading}"`);
  // She signs in herself, so her notifications reach her own phone: those screens show the caregiver's own.
  const h1 = await page.locator('h1:not([data-left])').innerText();
  if (!/^\/(settings\/)?notifications/.test(path) && !h1.includes(MOTHER)) found.push(`${path}: h1 "${h1}"`);
  return found;
}

test("a caregiver looking at her mother's data sees her mother named in every heading", async ({ page }) => {
  test.setTimeout(180_000);
  await useLanguage(page, 'th');
  await signInDemoPatient(page);
  const appointment = await bookScreening(page, 1, await motherId(page));
  await page.goto('/myHealth');
  await settled(page);
  await chooseMother(page);
  const problems: string[] = [];
  for (const [name, path] of [...PERSON_SCREENS, ['appointment', `/appointments/${appointment}`] as const]) {
    await test.step(path, async () => {
      await open(page, path);
      problems.push(...(await headingsNotNamingMother(page, path)));
      await screenshot(page, `whose-th-${name}`);
    });
  }
  expect(problems, 'headings over her mother\'s data that say "my" or do not name her').toEqual([]);
});

/**
 * Every patient screen of routes.tsx, with the booking card and the profile form; signed out first, then as the demo
 * patient, then as she looks after her mother (whose headings must name her). Each screen is photographed and checked
 * with axe when `photographed` says so.
 */
async function walkEnglishScreens(
  page: Page,
  prefix: string,
  slot: number,
  photographed: (name: string) => boolean,
): Promise<void> {
  const problems: string[] = [];
  const look = async (name: string) => {
    await settled(page);
    for (const found of await thaiOutsideNames(page)) problems.push(`${name}: Thai text ${found}`);
    for (const found of await unreadableText(page)) problems.push(`${name}: ${found}`);
    if (photographed(name)) await screenshot(page, `${prefix}${name}`);
  };
  const visit = async (name: string, path: string) => {
    await test.step(path, async () => {
      await open(page, path);
      await look(name);
    });
  };

  // One screen draws the search, the map and a hospital's card: another screen comes between them, for a new h1.
  await page.goto('/');
  await look('seek');
  await visit('login', '/login');
  await visit('map', '/map');
  await visit('signup', '/signup');
  await visit('hospital', `/?hospital=${HOSPITAL}`);
  await visit('myhealth-signed-out', '/myHealth');
  await visit('terms', '/terms');
  await visit('privacy', '/privacy');
  await visit('account-deleted', '/account-deleted');
  await visit('not-found', '/no-such-page');

  await signInDemoPatient(page);
  const appointment = await bookScreening(page, slot);
  const mothers = await bookScreening(page, slot + 1, await motherId(page));
  // Signed in behind the app's back: it learns so on loading again.
  await page.goto(`/?hospital=${HOSPITAL}`);
  await look('booking-card');
  await visit('appointment', `/appointments/${appointment}`);
  await visit('todo', '/todo');
  await visit('refills', '/refills');
  await visit('refill-request', '/refills/new');
  await visit('coverage', '/medicalRight');
  await visit('history', '/history');
  await visit('symptom-notes', '/asd');
  await visit('profile', '/profile');
  await test.step('the profile form', async () => {
    await page.getByRole('button', { name: 'Edit information' }).click();
    await expect(page.getByRole('form')).toBeVisible();
    await look('profile-edit');
  });
  await visit('my-data-summary', '/my-data/summary');
  await visit('access-log', '/my-data/access');
  await visit('family', '/family');
  await test.step('the form that adds a family member', async () => {
    await page.getByRole('button', { name: 'Add a family member' }).click();
    await expect(page.getByRole('group', { name: /^Date of birth/ })).toBeVisible();
    await look('family-add');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('group', { name: /^Date of birth/ })).toHaveCount(0);
  });
  await visit('notifications', '/notifications');
  await visit('notification-settings', '/settings/notifications');

  await visit('myhealth', '/myHealth');
  await chooseMother(page);
  for (const [name, path] of [...PERSON_SCREENS, ['appointment', `/appointments/${mothers}`] as const]) {
    await visit(`mother-${name}`, path);
    problems.push(...(await headingsNotNamingMother(page, path)));
  }

  expect(problems, 'Thai words, cut-off labels or "my" over her mother\'s data on English screens').toEqual([]);
}

test('every patient screen in English reads as English, whole, at phone size', async ({ page }) => {
  test.setTimeout(240_000);
  await page.route('**/*/*/*.png', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: tilePng() }),
  );
  await useLanguage(page, 'en');
  await walkEnglishScreens(page, 'english-', 0, () => true);
});

/** The screens whose words this walk has changed, photographed at 200% too; the others are only read. */
const LARGE_TEXT_SHOTS = new Set([
  'hospital',
  'appointment',
  'todo',
  'history',
  'profile-edit',
  'mother-myhealth',
  'family-add',
]);

test('every patient screen in English reads whole at 360x740 with 200% text', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.route('**/*/*/*.png', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: tilePng() }),
  );
  await useLanguage(page, 'en');
  await useLargeText(page);
  await walkEnglishScreens(page, 'english-360-large-', 3, (name) => LARGE_TEXT_SHOTS.has(name));
});
