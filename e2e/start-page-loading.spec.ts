import { expect, test } from './support/fixtures';

// How the start page asks for its code: all at once, and the list's code while the places are being looked up, so
// that a phone on a slow network waits for as few round trips as possible (`npm run bench map` times it).

test.use({ geolocation: { latitude: 13.7563, longitude: 100.5018 }, permissions: ['geolocation'] });

test('the start page names the app and its own page code in its first answer, so they download while it is painted', async ({
  page,
}) => {
  const html = await (await page.request.get('/')).text();
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map(([, href]) => href);
  expect(preloaded.find((href) => /\/assets\/start-app-[\w-]+\.js$/.test(href))).toBeTruthy();
  expect(preloaded.find((href) => /\/assets\/SeekPage-[\w-]+\.js$/.test(href))).toBeTruthy();
  expect(preloaded.find((href) => /\/assets\/react-[\w-]+\.js$/.test(href))).toBeTruthy();
});

test('the list of the nearest places has its code on the way before the places are asked for', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (/\/assets\/NearbySheet-[\w-]+\.js$/.test(url)) asked.push('list code');
    // The app's own request; the start page's early one for the single nearest place (limit=1) is not the app's.
    if (url.includes('/api/hospitals?') && !/[?&]limit=1(&|$)/.test(url)) asked.push('places');
  });
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'สถานที่ใกล้ที่สุด' })).toBeVisible({ timeout: 30_000 });
  expect(asked[0]).toBe('list code');
});
