import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { tilePng } from './support/map-tiles';
import { registerThroughApi, screenshot } from './support/patient';
import { hardToReadText } from './support/readable';
import { LARGE_TEXT, unreadableText } from './support/text-fit';

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
      ['/refills', 'refills'],
      ['/refills/new', 'refill-request'],
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

/** The intro in each language: its name, its button and the words a first-time visitor must meet in it. */
const INTRO = {
  th: { name: 'ใกล้หมอคืออะไร', dismiss: 'เข้าใจแล้ว', words: ['ฟรี', 'มัดจำ', 'พร้อมเพย์', 'กันคิว', 'คืน'] },
  en: { name: 'What KlaiMor is', dismiss: 'Got it', words: ['free', 'deposit', 'PromptPay', 'hold', 'refund'] },
};

test('a first-time visitor reads in one glance what the app does, that finding care is free and what a deposit is for, and the map keeps its room', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const tile = tilePng();
  await page.route('**/*/*/*.png', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: tile }));
  // The text size each load starts with, 100% or 200% (WCAG 1.4.4), as a phone's own setting would set it.
  await page.addInitScript((css) => {
    document.addEventListener('DOMContentLoaded', () => {
      if (sessionStorage.getItem('e2e.largeText') !== '1') return;
      const style = document.createElement('style');
      style.textContent = css;
      document.head.append(style);
    });
  }, LARGE_TEXT);
  const sheet = page.locator('section').filter({ has: page.locator('.klaimor-nearby-list') });
  const firstPlace = page.locator('.klaimor-nearby-list > li').first();
  const box = async (locator: Locator) => (await locator.boundingBox())!;

  for (const lang of ['th', 'en'] as const) {
    for (const large of [false, true]) {
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 360, height: 740 },
      ]) {
        const name = `intro-${lang}-${viewport.width}${large ? '-200' : ''}`;
        await test.step(name, async () => {
          await page.setViewportSize(viewport);
          await page.goto('/');
          await page.evaluate(
            ({ lang, large }) => {
              localStorage.clear();
              localStorage.setItem('klaimor.lang', lang);
              sessionStorage.setItem('e2e.largeText', large ? '1' : '0');
            },
            { lang, large },
          );
          await page.reload();
          await expect(firstPlace).toBeVisible({ timeout: 60_000 });
          const intro = page.getByRole('region', { name: INTRO[lang].name });
          await expect(intro).toBeVisible();

          const map = await box(page.locator('.leaflet-container'));
          const introBox = await box(intro);
          expect
            .soft(map.height / viewport.height, `the map's share of the screen with the intro showing (${name})`)
            .toBeGreaterThanOrEqual(large ? 0.4 : 0.45);
          expect
            .soft(introBox.y + introBox.height, `the intro ends above the list (${name})`)
            .toBeLessThanOrEqual((await box(sheet)).y + 0.5);
          if (!large) {
            // Whole at once, the nearest place still in sight under it.
            for (const word of INTRO[lang].words) await expect.soft(intro).toContainText(word, { ignoreCase: true });
            expect
              .soft((await box(firstPlace)).y + 44, `the nearest place is in sight under the intro (${name})`)
              .toBeLessThanOrEqual(viewport.height);
            expect.soft(await unreadableText(page), `text cut off or overlapping (${name})`).toEqual([]);
            expect.soft(await hardToReadText(page), `text too small or too faint (${name})`).toEqual([]);
            await screenshot(page, `readable-${name}`);
            await intro.getByRole('button', { name: INTRO[lang].dismiss }).click();
          } else {
            // One line, opening the whole text over the map; the map's credit line still clear of its controls.
            expect.soft(introBox.height, `the folded intro's height (${name})`).toBeLessThanOrEqual(80);
            const myLocation = await box(
              page.getByRole('button', { name: lang === 'th' ? 'ใช้ตำแหน่งของฉัน' : 'Use my location' }),
            );
            const credit = await box(page.locator('.leaflet-control-attribution'));
            const apart =
              myLocation.x + myLocation.width <= credit.x ||
              credit.x + credit.width <= myLocation.x ||
              myLocation.y + myLocation.height <= credit.y ||
              credit.y + credit.height <= myLocation.y;
            expect.soft(apart, `"use my location" clear of the map's credit line (${name})`).toBe(true);
            expect.soft(await unreadableText(page), `text cut off or overlapping (${name})`).toEqual([]);
            await screenshot(page, `readable-${name}-folded`);
            await intro.getByRole('button', { name: INTRO[lang].name }).click();
            const whole = page.getByRole('dialog');
            for (const word of INTRO[lang].words) await expect.soft(whole).toContainText(word, { ignoreCase: true });
            const hidden = await whole
              .locator('.MuiDialogContent-root')
              .evaluate((lines) => lines.scrollHeight - lines.clientHeight);
            expect.soft(hidden, `the intro's lines hidden below its button, in px (${name})`).toBeLessThanOrEqual(1);
            expect.soft(await unreadableText(page), `text cut off or overlapping (${name})`).toEqual([]);
            expect.soft(await hardToReadText(page), `text too small or too faint (${name})`).toEqual([]);
            await screenshot(page, `readable-${name}`);
            await whole.getByRole('button', { name: INTRO[lang].dismiss }).click();
          }
          await expect(intro).toHaveCount(0);
          await screenshot(page, `readable-${name}-dismissed`);
        });
      }
    }
  }

  await test.step('Dismissed once, it stays away on this phone', async () => {
    await page.reload();
    await expect(firstPlace).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('region', { name: INTRO.en.name })).toHaveCount(0);
  });

  await test.step('A signed-in patient does not see it', async () => {
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await registerThroughApi(page);
    await page.goto('/');
    await expect(page.getByRole('group', { name: 'กรองตามสิทธิการรักษา' })).toBeVisible({ timeout: 60_000 });
    await expect(firstPlace).toBeVisible();
    await expect(page.getByRole('region', { name: INTRO.th.name })).toHaveCount(0);
  });
});
