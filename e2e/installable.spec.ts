import { expect, test } from './support/fixtures';
import { registerThroughApi, screenshot } from './support/patient';

test('the app can be installed: a manifest in Thai with its icons, and a service worker for the whole app', async ({
  page,
  request,
}) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({
    name: 'ใกล้หมอ',
    short_name: 'ใกล้หมอ',
    lang: 'th',
    start_url: '/',
    display: 'standalone',
    theme_color: '#6AA6FF',
  });
  const icons = manifest.icons as { src: string; sizes: string; purpose?: string }[];
  expect(icons.map((icon) => `${icon.sizes}${icon.purpose ? ` ${icon.purpose}` : ''}`)).toEqual(
    expect.arrayContaining(['192x192', '512x512', '512x512 maskable']),
  );
  for (const icon of icons) {
    const res = await request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
  }

  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/');
});

test('a page opened before opens again without a network, and says so', async ({ page, context }) => {
  await page.goto('/myhealth');
  await page.evaluate(async () => navigator.serviceWorker.ready);
  // Once the worker controls the page, what the page loads is kept.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'สุขภาพของฉัน' })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'สุขภาพของฉัน' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'ไม่มีอินเทอร์เน็ต: แสดงข้อมูลที่บันทึกไว้ล่าสุด' })).toBeVisible();
  await screenshot(page, 'offline-myhealth');

  await context.setOffline(false);
  await expect(page.getByText('ไม่มีอินเทอร์เน็ต')).toHaveCount(0);
});

test('My Health invites a signed-in patient to install the app when the browser offers it, and says why', async ({
  page,
}) => {
  await registerThroughApi(page);
  await page.goto('/myhealth');
  await expect(page.getByRole('heading', { level: 1, name: 'สุขภาพของฉัน' })).toBeVisible();
  const card = page.getByRole('region', { name: 'ติดตั้งใกล้หมอไว้บนหน้าจอโฮม' });
  await expect(card).toHaveCount(0);

  // Chromium's offer, as it sends it once the app can be installed; the dialog itself is the browser's.
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        (window as unknown as { installAsked: boolean }).installAsked = true;
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
  });
  await expect(card).toContainText('หน้าที่เคยเปิดแล้วยังดูได้แม้ไม่มีอินเทอร์เน็ต');
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'myhealth-install-card');
  await card.getByRole('button', { name: 'ติดตั้ง' }).click();
  expect(await page.evaluate(() => (window as unknown as { installAsked?: boolean }).installAsked)).toBe(true);
  await expect(card).toHaveCount(0);
});
