import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { tilePng } from './support/map-tiles';
import { enterSentCode, newPhone, screenshot, signInAsDemoPatient, typed } from './support/patient';
import { unreadableText, useLargeText } from './support/text-fit';

test.use({ geolocation: { latitude: 13.7563, longitude: 100.4888 }, permissions: ['geolocation'] });

/** Opens a screen at 200% text size, waits for what shows it is ready, and checks every text on it reads whole. */
async function readsWhole(page: Page, path: string, ready: (page: Page) => Promise<void>, name: string) {
  if (path) await page.goto(path);
  await ready(page);
  await screenshot(page, `large-text-${name}`);
  expect.soft(await unreadableText(page), `text cut off or overlapping at 200% on ${name} (${page.url()})`).toEqual([]);
}

/**
 * The map at 200% text, measured: the room it keeps (from under the search panel to the list), the share the two bars
 * take, whether "use my location" is clear of the map's credit line, and whether the search box's hint fits its box.
 */
async function mapRoom(page: Page) {
  const box = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!;
  const viewport = page.viewportSize()!.height;
  // The kind filter is the search panel's last row for a signed-out visitor.
  const searchPanel = await box(page.getByRole('group', { name: 'กรองตามประเภทสถานพยาบาล' }));
  const sheet = await box(page.getByRole('region', { name: 'สถานที่ใกล้ที่สุด' }));
  const map = await box(page.locator('.leaflet-container'));
  const appBar = await box(page.getByRole('banner'));
  const tabs = await box(page.getByRole('navigation', { name: 'เมนูหลัก' }));
  const myLocation = await box(page.getByRole('button', { name: 'ใช้ตำแหน่งของฉัน' }));
  const credit = await box(page.locator('.leaflet-control-attribution'));
  const hintOverflow = await page
    .getByRole('combobox', { name: 'ค้นหาสถานพยาบาล' })
    .evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(input.placeholder).width - room;
    });
  return {
    mapShare: map.height / viewport,
    openMapShare: (sheet.y - (searchPanel.y + searchPanel.height)) / viewport,
    barsShare: (appBar.height + tabs.height) / viewport,
    myLocationOverCredit:
      myLocation.x < credit.x + credit.width &&
      credit.x < myLocation.x + myLocation.width &&
      myLocation.y < credit.y + credit.height &&
      credit.y < myLocation.y + myLocation.height,
    hintOverflow,
  };
}

test('at 200% text size the map keeps its room: 40% of the screen, the bars compact, nothing over the credit line', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tile = tilePng();
  await page.route('**/*/*/*.png', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: tile }));
  await useLargeText(page);
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 360, height: 740 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'สถานที่ใกล้ที่สุด' })).toBeVisible({ timeout: 60_000 });
    // A first-time visitor's intro is there, folded to one line at this size: the map keeps its room with it.
    await expect(page.getByRole('button', { name: 'ใกล้หมอคืออะไร' })).toBeVisible();
    const room = await mapRoom(page);
    expect
      .soft(room.mapShare, `the map's share of a ${viewport.width}x${viewport.height} screen`)
      .toBeGreaterThanOrEqual(0.4);
    expect.soft(room.openMapShare, 'the map between the search panel and the list').toBeGreaterThanOrEqual(0.15);
    expect.soft(room.barsShare, 'the app bar and the tab bar together').toBeLessThanOrEqual(0.25);
    expect.soft(room.myLocationOverCredit, '"use my location" drawn over the map credit').toBe(false);
    expect.soft(room.hintOverflow, 'the search hint is wider than its box by').toBeLessThanOrEqual(0);
    await screenshot(page, `large-text-map-${viewport.width}`);
  }
});

test('at 200% text size every main screen reads whole: nothing cut off, nothing drawn over other text', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tile = tilePng();
  await page.route('**/*/*/*.png', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: tile }));
  await useLargeText(page);

  await test.step('Signed out: the map with its list, signing in and the policies', async () => {
    await readsWhole(
      page,
      '/',
      async (p) => {
        await expect(p.getByText('กำลังโหลดแผนที่…')).toBeHidden();
        await expect(p.getByRole('region', { name: 'สถานที่ใกล้ที่สุด' })).toBeVisible();
      },
      'map',
    );
    // The prerendered page's button is enabled once the app has started; checked before, its colours are mid-change.
    await readsWhole(page, '/login', (p) => expect(p.getByRole('button', { name: 'ถัดไป' })).toBeEnabled(), 'login');
    await readsWhole(page, '/terms', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(), 'terms');
  });

  await test.step('Registering: the consent step and the form with its birthday selects', async () => {
    const phone = newPhone();
    await page.goto('/signup');
    await page.getByLabel('เบอร์โทรศัพท์มือถือ').fill(typed(phone));
    await page.getByRole('button', { name: 'ถัดไป' }).click();
    await expect(page.getByRole('textbox', { name: 'หลักที่ 1' })).toBeVisible();
    await enterSentCode(page, request, phone);
    await page.getByRole('button', { name: 'ถัดไป' }).click();
    await readsWhole(
      page,
      '',
      (p) => expect(p.getByRole('checkbox', { name: /ยินยอมตาม/ })).toBeVisible(),
      'signup-consent',
    );
    await page.getByRole('checkbox', { name: /ยินยอมตาม/ }).check();
    await page.getByRole('button', { name: 'ถัดไป' }).click();
    // This browser has no camera: the scan step says so and offers a photo from the device or typing.
    await readsWhole(page, '', (p) => expect(p.getByText(/เลือกรูปบัตรที่ถ่ายไว้แทน/)).toBeVisible(), 'signup-scan');
    await page.getByRole('button', { name: 'กรอกข้อมูลเอง' }).click();
    await readsWhole(page, '', (p) => expect(p.getByRole('combobox', { name: 'เดือน' })).toBeVisible(), 'signup-form');
  });

  await test.step('Signed in: My Health, the profile and each record screen', async () => {
    await page.goto('/login');
    await signInAsDemoPatient(page, request);
    await readsWhole(page, '/myhealth', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(), 'myhealth');
    await readsWhole(
      page,
      '/profile',
      (p) => expect(p.getByRole('button', { name: 'แก้ไขข้อมูล' })).toBeVisible(),
      'profile',
    );
    await readsWhole(page, '/todo', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(), 'todo');
    await readsWhole(page, '/refills', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(), 'refills');
    await readsWhole(
      page,
      '/refills/new',
      (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
      'refill-request',
    );
    await readsWhole(
      page,
      '/medicalRight',
      (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
      'coverage',
    );
    await readsWhole(page, '/history', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(), 'history');
    await readsWhole(page, '/asd', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(), 'symptom-notes');
    await readsWhole(
      page,
      '/settings/notifications',
      (p) => expect(p.getByRole('button', { name: 'ส่งการแจ้งเตือนทดสอบ' })).toBeVisible(),
      'notification-settings',
    );
    await readsWhole(
      page,
      '/notifications',
      (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
      'notifications',
    );
  });
});
