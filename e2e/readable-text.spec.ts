import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { tilePng } from './support/map-tiles';
import { registerThroughApi, screenshot } from './support/patient';
import { hardToReadText } from './support/readable';

test.use({ geolocation: { latitude: 13.7563, longitude: 100.4888 }, permissions: ['geolocation'] });

const HOSPITAL = 'siriraj-hospital';

/** Checks every text on the screen as it is now for size and contrast, and keeps its screenshot. */
async function readsEasily(page: Page, name: string) {
  await screenshot(page, `readable-${name}`);
  expect.soft(await hardToReadText(page), `text too small or too faint on ${name} (${page.url()})`).toEqual([]);
}

test('every patient screen reads at arm’s length: no text under 14 px, running text 16 px, every text in contrast', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const tile = tilePng();
  await page.route('**/*/*/*.png', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: tile }));
  const nearby = page.getByRole('region', { name: 'สถานที่ใกล้ที่สุด' });

  await test.step('Signed out: the map, a place’s booking card, signing in and registering', async () => {
    await page.goto('/');
    await expect(nearby).toBeVisible({ timeout: 60_000 });
    await readsEasily(page, 'map');
    await page.goto(`/?hospital=${HOSPITAL}`);
    await expect(page.getByRole('heading', { level: 2, name: 'โรงพยาบาลศิริราช' })).toBeVisible({ timeout: 60_000 });
    await readsEasily(page, 'booking-card');
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'ถัดไป' })).toBeEnabled();
    await readsEasily(page, 'login');
    await page.goto('/signup');
    await expect(page.getByRole('button', { name: 'ถัดไป' })).toBeEnabled();
    await readsEasily(page, 'signup');
  });

  let appointment = '';
  await test.step('Given a patient who booked a screening', async () => {
    await registerThroughApi(page);
    const day = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Bangkok' });
    const slots = (await (await page.request.get(`/api/hospitals/${HOSPITAL}/slots?from=${day}&to=${day}`)).json())
      .data as { id: string }[];
    const booked = await page.request.post('/api/appointments', {
      headers: { 'idempotency-key': randomUUID() },
      data: { hospitalId: HOSPITAL, slotId: slots[0].id, symptoms: 'ปวดเข่าเวลาเดินขึ้นบันได', duration: '2 สัปดาห์' },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    appointment = (await booked.json()).data[0].id;
  });

  await test.step('Signed in: the map with the scheme filter and the open list, and each screen of theirs', async () => {
    await page.goto('/');
    await expect(nearby).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('group', { name: 'กรองตามสิทธิการรักษา' })).toBeVisible({ timeout: 30_000 });
    await readsEasily(page, 'map-signed-in');
    await nearby.getByRole('button', { name: /ดูทั้งหมด/ }).click();
    await expect(nearby.getByRole('listitem').nth(2)).toBeVisible();
    await readsEasily(page, 'nearby-open');

    const screens: [string, string][] = [
      ['/myhealth', 'myhealth'],
      ['/todo', 'todo'],
      [`/appointments/${appointment}`, 'appointment'],
      ['/profile', 'profile'],
      ['/family', 'family'],
      ['/notifications', 'notifications'],
      ['/settings/notifications', 'notification-settings'],
    ];
    for (const [path, name] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await readsEasily(page, name);
    }
  });
});

test('each place on the map is a button named after it, showing its kind by shape; the kind filter is the legend', async ({
  page,
}) => {
  const tile = tilePng();
  await page.route('**/*/*/*.png', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: tile }));
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'สถานที่ใกล้ที่สุด' })).toBeVisible({ timeout: 60_000 });

  const kinds = page.getByRole('group', { name: 'กรองตามประเภทสถานพยาบาล' });
  // Hospitals square, health centres round, clinics a diamond, pharmacies a capsule: four shapes, not only colours.
  const shapeOf = (name: string) =>
    kinds
      .getByRole('button', { name, exact: true })
      .locator('.klaimor-kind')
      .evaluate((mark) => {
        const style = getComputedStyle(mark);
        const box = mark.getBoundingClientRect();
        return `${style.borderTopLeftRadius} ${style.transform} ${Math.round((box.width / box.height) * 10)}`;
      });
  const shapes = new Set(await Promise.all(['โรงพยาบาล', 'รพ.สต.', 'คลินิก', 'ร้านยา'].map(shapeOf)));
  expect(shapes.size).toBe(4);

  const marker = page.locator('.leaflet-marker-pane').getByRole('button', { name: 'โรงพยาบาลศิริราช', exact: true });
  await expect(marker.locator('.klaimor-kind--hospital')).toHaveCount(1);
  const name = marker.locator('.klaimor-marker__name');
  expect((await name.boundingBox())!.width).toBeLessThanOrEqual(1);
  await marker.focus();
  await expect.poll(async () => (await name.boundingBox())!.width).toBeGreaterThan(40);
  await expect(name).toHaveText('โรงพยาบาลศิริราช');
  await screenshot(page, 'readable-marker-focused');
});
