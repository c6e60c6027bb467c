import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { registerThroughApi, screenshot } from './support/patient';
import { LARGE_TEXT, unreadableText } from './support/text-fit';

// Chiang Mai's old town, as a patient there opens the app for the first time with the position granted.
test.use({ geolocation: { latitude: 18.79, longitude: 98.98 }, permissions: ['geolocation'] });

/** Holds back every file of the app's code, as a slow network does, until `release` is called. */
async function holdAppCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const early = (page: Page) => page.locator('#klaimor-nearest-before-app');

test("before the app's code has come the start page shows the nearest place, and the app's list takes its place", async ({
  page,
}) => {
  const release = await holdAppCode(page);
  await page.goto('/', { waitUntil: 'commit' });
  const place = early(page).getByRole('link');
  await expect(place).toHaveText(/ · ห่างจากคุณ [\d.,]+ (กม|ม)\.$/);
  await expect(early(page).getByText('สถานที่ใกล้ที่สุด')).toBeVisible();
  // Above the tab bar, in sight, and nothing of the app has run: the map is not drawn yet.
  const [box, bar] = await Promise.all([early(page).boundingBox(), page.locator('nav[data-bottom-nav]').boundingBox()]);
  expect(box!.y + box!.height).toBeLessThanOrEqual(bar!.y + 1);
  expect(box!.y).toBeGreaterThan(0);
  await expect(page.locator('.leaflet-container')).toHaveCount(0);
  await screenshot(page, 'nearest-before-app');
  const name = await place.locator('span').first().innerText();

  release();
  // The app's own list, the same place first, and the early one gone: one list on the screen.
  await expect(page.locator('.klaimor-nearby-list')).toHaveCount(1, { timeout: 30_000 });
  await expect(early(page)).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('.klaimor-nearby-list > li').first()).toContainText(name);
});

test('the early place reads whole on a small phone at 200% text, and in English', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // Once the page is read, before the app's (held) code would run.
  await page.addInitScript((css) => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const style = document.createElement('style');
      style.textContent = css;
      document.head.append(style);
    });
  }, LARGE_TEXT);
  for (const lang of ['th', 'en'] as const) {
    await page.addInitScript((chosen) => localStorage.setItem('klaimor.lang', chosen), lang);
    const release = await holdAppCode(page);
    await page.goto('/', { waitUntil: 'commit' });
    const place = early(page).getByRole('link');
    await expect(place).toHaveText(lang === 'th' ? /ห่างจากคุณ/ : /km from you$|m from you$/);
    const [box, bar] = await Promise.all([
      early(page).boundingBox(),
      page.locator('nav[data-bottom-nav]').boundingBox(),
    ]);
    expect(box!.y + box!.height).toBeLessThanOrEqual(bar!.y + 1);
    expect((await place.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // The early place's own texts; the page under it is still the prerender, not yet laid out by the app.
    const own = (await early(page).locator('p, span').allInnerTexts()).map((text) => JSON.stringify(text.slice(0, 40)));
    expect((await unreadableText(page)).filter((found) => own.some((text) => found.includes(text)))).toEqual([]);
    await screenshot(page, `nearest-before-app-360-large-${lang}`);
    release();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }
});

test('a signed-in patient, whose page is not prerendered, sees the nearest place early too', async ({ page }) => {
  await registerThroughApi(page);
  const release = await holdAppCode(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(early(page).getByRole('link')).toHaveText(/ · ห่างจากคุณ [\d.,]+ (กม|ม)\.$/);
  release();
  await expect(page.locator('.klaimor-nearby-list')).toHaveCount(1, { timeout: 30_000 });
  await expect(early(page)).toHaveCount(0);
});

test('the early place opens its card, before or after the app has come', async ({ page }) => {
  const release = await holdAppCode(page);
  await page.goto('/', { waitUntil: 'commit' });
  const place = early(page).getByRole('link');
  const name = await place.locator('span').first().innerText();
  release();
  await place.click();
  await expect(page).toHaveURL(/[?&]hospital=/);
  await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 30_000 });
  await expect(early(page)).toHaveCount(0);
});

test('a first visitor, who has not said yes to sharing the position, is not asked before the app can say why', async ({
  browser,
}) => {
  const context = await browser.newContext({ permissions: [] });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const geolocation = navigator.geolocation;
    const ask = geolocation.getCurrentPosition.bind(geolocation);
    (window as { asked?: number }).asked = 0;
    geolocation.getCurrentPosition = (...args) => {
      (window as { asked?: number }).asked! += 1;
      return ask(...args);
    };
  });
  const release = await holdAppCode(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.locator('nav[data-bottom-nav]')).toBeAttached();
  // The inline script asked for the permission's state while the page was read; asked again now, the answer comes after its.
  const state = await page.evaluate(async () => (await navigator.permissions.query({ name: 'geolocation' })).state);
  expect(state).not.toBe('granted');
  expect(await page.evaluate(() => (window as { asked?: number }).asked)).toBe(0);
  await expect(early(page)).toHaveCount(0);
  release();
  await context.close();
});
