import { expect, test } from './support/fixtures';
import { registerThroughApi, screenshot } from './support/patient';

// No geolocation permission: the browser cannot say where the patient is.
test.use({ permissions: [] });

test('a patient whose location is unknown sees the map of the province they registered in', async ({ page }) => {
  await test.step('Given a patient registered in Chiang Mai and logged in', async () => {
    await registerThroughApi(page);
  });

  await test.step('When I open the map and my location cannot be found', async () => {
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    const nearby = page.waitForRequest((req) => req.url().includes('/api/hospitals?') && req.url().includes('lat='));
    await page.goto('/map');
    const url = new URL((await nearby).url());
    // The map is centred on the capital of Chiang Mai, not on Bangkok and never on 0,0.
    expect(Number(url.searchParams.get('lat'))).toBeCloseTo(18.79, 1);
    expect(Number(url.searchParams.get('lng'))).toBeCloseTo(98.99, 1);
  });

  await test.step('Then I am told so, and which province the map shows', async () => {
    await expect(page.getByText('ไม่พบตำแหน่งของคุณ จึงแสดงจังหวัดเชียงใหม่ตามที่อยู่ที่ลงทะเบียน')).toBeVisible();
    await screenshot(page, 'location-fallback-province');
  });

  await test.step('And a hospital 700 km away is found by its name, or by its MOPH code', async () => {
    const search = page.getByRole('combobox', { name: 'ค้นหาสถานพยาบาล' });
    const nearest = page.getByRole('region', { name: 'สถานที่ใกล้ที่สุด' });
    for (const words of ['สรรพสิทธิประสงค์', '10669']) {
      await search.fill(words);
      await expect(nearest.getByRole('listitem')).toHaveCount(1);
      await expect(nearest.getByRole('listitem').first()).toContainText('โรงพยาบาลสรรพสิทธิประสงค์');
    }
    await screenshot(page, 'location-fallback-search-far');
  });

  await test.step('And a รพ.สต. that takes no bookings in the app says so, with the way there', async () => {
    const search = page.getByRole('combobox', { name: 'ค้นหาสถานพยาบาล' });
    await search.fill('05812');
    const nearest = page.getByRole('region', { name: 'สถานที่ใกล้ที่สุด' });
    await nearest.getByRole('button', { name: /^สถานีอนามัยสุเทพ/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'สถานีอนามัยสุเทพ' })).toBeVisible();
    await expect(page.getByText('ยังไม่รับจองผ่านใกล้หมอ ไปที่สถานพยาบาลได้โดยตรง')).toBeVisible();
    await expect(page.getByText(/ขั้นตอนที่/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'ระบุอาการ' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'ดูเส้นทาง' })).toBeVisible();
    await screenshot(page, 'location-fallback-no-bookings');
    await page.getByRole('button', { name: 'ปิด' }).click();
    await search.fill('');
  });

  await test.step('And when I look for a medicine, the map asks for pharmacies only and says what to ask for', async () => {
    const pharmacies = page.waitForRequest(
      (req) => req.url().includes('/api/hospitals?') && req.url().includes('kind=pharmacy'),
    );
    await page.goto(`/map?kind=pharmacy&medicine=${encodeURIComponent('Metformin 500 mg')}`);
    await pharmacies;
    await expect(page.getByText('ถามร้านยาหา: Metformin 500 mg (แสดงเฉพาะร้านยาใกล้คุณ)')).toBeVisible();
    await screenshot(page, 'location-fallback-pharmacies');
  });
});
