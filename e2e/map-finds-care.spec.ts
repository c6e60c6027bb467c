import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { tilePng } from './support/map-tiles';
import { screenshot } from './support/patient';

// Sanam Luang, central Bangkok: the nearest hospital (Klang) is 1.2 km away, off a zoom-16 map.
test.use({ geolocation: { latitude: 13.7563, longitude: 100.5018 }, permissions: ['geolocation'] });

/**
 * How many facilities the patient can see on the map: single markers plus the counts of clusters, counting only those
 * between the search panel and the list under the map.
 */
async function facilitiesInView(page: Page): Promise<number> {
  const panel = await page.getByRole('combobox', { name: 'ค้นหาสถานพยาบาล' }).boundingBox();
  const sheet = await page.getByRole('region', { name: 'สถานที่ใกล้ที่สุด' }).boundingBox();
  return page.evaluate(
    ([top, bottom]) => {
      let count = 0;
      for (const el of Array.from(document.querySelectorAll<HTMLElement>('.klaimor-marker, .klaimor-cluster'))) {
        const box = el.getBoundingClientRect();
        const centre = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
        if (centre.x < 0 || centre.x > window.innerWidth || centre.y < top || centre.y > bottom) continue;
        count += el.classList.contains('klaimor-cluster') ? Number(el.textContent) : 1;
      }
      return count;
    },
    [(panel?.y ?? 0) + (panel?.height ?? 0), sheet?.y ?? 0],
  );
}

test('the map shows the nearest care at once, lists it, and a search moves the map to what it found', async ({
  page,
}) => {
  const tile = tilePng();
  await page.route('**/*/*/*.png', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: tile }));

  await test.step('When I open the map where no hospital is close, it widens to show the nearest three', async () => {
    await page.goto('/');
    await expect(page.getByText('กำลังโหลดแผนที่…')).toBeHidden();
    const nearest = page.getByRole('region', { name: 'สถานที่ใกล้ที่สุด' });
    await expect(nearest.getByRole('button', { name: /^โรงพยาบาลกลาง/ })).toContainText('ห่างจากคุณ 1.2 กม.');
    await expect(nearest.getByRole('button', { name: /^โรงพยาบาลกลาง/ })).toContainText('เปิด 24 ชั่วโมง');
    await expect.poll(() => facilitiesInView(page)).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole('button', { name: 'ใช้ตำแหน่งของฉัน' })).toBeVisible();
    await screenshot(page, 'map-01-nearest');
  });

  await test.step('And pulling the list up shows the nearest places with their schemes', async () => {
    const handle = page.getByRole('button', { name: /ดูทั้งหมด/ });
    await handle.click();
    await expect(page.getByRole('button', { name: /ย่อรายการ/ })).toHaveAttribute('aria-expanded', 'true');
    const list = page.getByRole('region', { name: 'สถานที่ใกล้ที่สุด' }).getByRole('listitem');
    await expect(list.nth(3)).toBeVisible();
    await expect(list.nth(1)).toContainText('โรงพยาบาลศิริราช');
    await expect(list.nth(1)).toContainText('บัตรทอง (สปสช.)');
    await screenshot(page, 'map-02-list');
    await page.getByRole('button', { name: /ย่อรายการ/ }).click();
  });

  await test.step('When I search for "โรงพยาบาลกลาง", the map moves to it and lists it', async () => {
    await page.getByRole('combobox', { name: 'ค้นหาสถานพยาบาล' }).fill('โรงพยาบาลกลาง');
    const nearest = page.getByRole('region', { name: 'สถานที่ใกล้ที่สุด' });
    await expect(nearest.getByRole('listitem')).toHaveCount(1);
    await expect(nearest.getByRole('listitem').first()).toContainText('โรงพยาบาลกลาง');
    await expect(page.getByTitle('โรงพยาบาลกลาง')).toBeInViewport();
    await expect.poll(() => facilitiesInView(page)).toBe(1);
  });

  await test.step('And tapping it in the list opens its card, whose main button is in sight above the tab bar', async () => {
    await page
      .getByRole('region', { name: 'สถานที่ใกล้ที่สุด' })
      .getByRole('button', { name: /^โรงพยาบาลกลาง/ })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: 'โรงพยาบาลกลาง' })).toBeVisible();
    await expect(page.getByText(/^ค่ามัดจำ \d+ บาท ชำระผ่านพร้อมเพย์ตอนจอง/)).toBeVisible();
    const main = page.getByRole('button', { name: 'ระบุอาการ' });
    await expect(main).toBeInViewport({ ratio: 1 });
    const [button, tabs] = [
      await main.boundingBox(),
      await page.getByRole('navigation', { name: 'เมนูหลัก' }).boundingBox(),
    ];
    expect(button!.y + button!.height).toBeLessThanOrEqual(tabs!.y);
    await screenshot(page, 'map-03-card');
    await page.getByRole('button', { name: 'ปิด' }).click();
  });

  await test.step('And "use my location" brings the map back to me', async () => {
    await page.getByRole('combobox', { name: 'ค้นหาสถานพยาบาล' }).fill('');
    await expect(page.getByRole('button', { name: /ดูทั้งหมด/ })).toContainText(/\d{2} แห่ง/);
    await page.getByRole('button', { name: 'ใช้ตำแหน่งของฉัน' }).click();
    await expect(page.getByTitle('ตำแหน่งของคุณ')).toBeInViewport();
    await expect.poll(() => facilitiesInView(page)).toBeGreaterThanOrEqual(3);
  });

  await test.step('When I look for a medicine, the map moves to the nearest pharmacies', async () => {
    await page.goto(`/map?kind=pharmacy&medicine=${encodeURIComponent('Metformin 500 mg')}`);
    const nearest = page.getByRole('region', { name: 'สถานที่ใกล้ที่สุด' });
    await expect(nearest.getByRole('listitem').first()).toContainText('วัตสัน สาขามาบุญครอง');
    await expect(nearest.getByRole('listitem').first()).toContainText('ร้านยา · ห่างจากคุณ 3.3 กม.');
    await expect.poll(() => facilitiesInView(page)).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'map-04-pharmacies');
  });

  await test.step('And at 200% text size the list and the card still read whole', async () => {
    await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
    await screenshot(page, 'map-05-pharmacies-200');
    await page.getByRole('region', { name: 'สถานที่ใกล้ที่สุด' }).getByRole('button', { name: /^วัตสัน/ }).click();
    // A pharmacy takes no bookings: its card says so, in sight, where a hospital's has its booking button.
    await expect(page.getByText('ร้านยาไม่ต้องจอง ไปที่ร้านได้เลย')).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'ระบุอาการ' })).toHaveCount(0);
    await screenshot(page, 'map-06-card-200');
  });
});
