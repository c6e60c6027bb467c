import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { tilePng } from './support/map-tiles';
import { screenshot } from './support/patient';

/**
 * Patients far from Bangkok, where the directory is the MOPH registry: the first view lists their nearest care, at the
 * distance it really is. The expected places are worked out here from the files the server loads (the shipped
 * registry snapshot and the hand-listed places), by haversine, not by the app's code.
 */
interface Place {
  code: string | null;
  nameTh: string;
  kind: string;
  lat: number;
  lng: number;
}

const SNAPSHOT = 'apps/server/src/features/hospitals/data/facilities.registry.json.gz';
const LISTED = 'apps/server/src/features/hospitals/data/facilities.seed.json';

function directory(): Place[] {
  const snapshot = JSON.parse(gunzipSync(readFileSync(SNAPSHOT)).toString('utf8')) as {
    columns: string[];
    rows: (string | number | null)[][];
  };
  const at = (name: string) => snapshot.columns.indexOf(name);
  const registry: Place[] = snapshot.rows.map((r) => ({
    code: r[at('mophCode')] as string,
    nameTh: r[at('nameTh')] as string,
    kind: r[at('kind')] as string,
    lat: r[at('lat')] as number,
    lng: r[at('lng')] as number,
  }));
  const listed = (JSON.parse(readFileSync(LISTED, 'utf8')) as (Place & { mophCode: string | null })[]).map((p) => ({
    ...p,
    code: p.mophCode,
  }));
  // A registry place the hand-listed file also has (the same code, or the same name within 2 km) shows once, as listed.
  const same = (a: Place, b: Place) =>
    (a.code !== null && a.code === b.code) || (squash(a.nameTh) === squash(b.nameTh) && haversine(a, b) <= 2000);
  return [...listed, ...registry.filter((r) => !listed.some((l) => same(l, r)))];
}
const squash = (name: string) =>
  name
    .replace(/\(.*?\)/g, '')
    .replace(/\s*จังหวัด\S*$/, '')
    .replace(/[\s.·-]+/g, '')
    .toLowerCase();

function haversine(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** The distance as a Thai screen words it: metres to the nearest 10 under 1 km, else km to one decimal. */
function distanceText(metres: number): string {
  const rounded = metres < 100 ? Math.round(metres) : Math.round(metres / 10) * 10;
  if (rounded < 1000) return `ห่างจากคุณ ${new Intl.NumberFormat('th-TH').format(rounded)} ม.`;
  const km = new Intl.NumberFormat('th-TH', { maximumFractionDigits: 1 }).format(metres / 1000);
  return `ห่างจากคุณ ${km} กม.`;
}

const POINTS = [
  { name: 'a village in Nan', slug: 'nan-village', lat: 19.153, lng: 100.93 },
  { name: 'Mae Hong Son town', slug: 'mae-hong-son', lat: 19.3013, lng: 97.9654 },
  { name: 'Ubon Ratchathani', slug: 'ubon', lat: 15.2448, lng: 104.8473 },
  { name: 'Yala', slug: 'yala', lat: 6.5411, lng: 101.2804 },
  { name: 'Ko Samui', slug: 'ko-samui', lat: 9.5357, lng: 100.0629 },
];

const HOSPITAL_KINDS = new Set(['hospital', 'community_hospital']);
const KIND_BUTTON: Record<string, string> = {
  health_promoting_hospital: 'รพ.สต.',
  hospital: 'โรงพยาบาล',
  community_hospital: 'โรงพยาบาลชุมชน',
};

const places = directory();
const nearest = (from: { lat: number; lng: number }, admit: (p: Place) => boolean) =>
  places
    .filter(admit)
    .map((p) => ({ place: p, metres: haversine(from, p) }))
    .sort((a, b) => a.metres - b.metres)[0];

async function firstListed(page: Page) {
  return page.getByRole('region', { name: 'สถานที่ใกล้ที่สุด' }).getByRole('listitem').first();
}

for (const point of POINTS) {
  test.describe(point.name, () => {
    test.use({ geolocation: { latitude: point.lat, longitude: point.lng }, permissions: ['geolocation'] });

    test(`the first view in ${point.name} lists the nearest รพ.สต. and hospital, at their distance`, async ({
      page,
    }) => {
      const tile = tilePng();
      await page.route('**/*/*/*.png', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: tile }));
      const overall = nearest(point, () => true);
      const village = nearest(point, (p) => p.kind === 'health_promoting_hospital');
      const hospital = nearest(point, (p) => HOSPITAL_KINDS.has(p.kind));

      await test.step('When I open the app where I stand, the nearest place is listed first, at its distance', async () => {
        await page.goto('/');
        await expect(page.getByText('กำลังโหลดแผนที่…')).toBeHidden();
        const first = await firstListed(page);
        await expect(first).toContainText(overall.place.nameTh);
        await expect(first).toContainText(distanceText(overall.metres));
        await screenshot(page, `far-${point.slug}-01-first-view`);
      });

      for (const [label, expected] of [
        ['รพ.สต.', village],
        ['hospital', hospital],
      ] as const) {
        await test.step(`And the nearest ${label} is ${expected.place.nameTh}, ${distanceText(expected.metres)}`, async () => {
          const filter = page.getByRole('group', { name: 'กรองตามประเภทสถานพยาบาล' });
          const button = filter.getByRole('button', { name: KIND_BUTTON[expected.place.kind], exact: true });
          await button.click();
          await expect(button).toHaveAttribute('aria-pressed', 'true');
          const first = await firstListed(page);
          await expect(first).toContainText(expected.place.nameTh);
          await expect(first).toContainText(distanceText(expected.metres));
          await button.click();
          await expect(button).toHaveAttribute('aria-pressed', 'false');
        });
      }
    });
  });
}

test.describe('a patient whose location is unknown', () => {
  test.use({ permissions: [] });

  test('finds a hospital 500 km away by a misspelt name, from the suggestions, and reads where its facts come from', async ({
    page,
  }) => {
    await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    await page.goto('/');
    await expect(page.getByText('ไม่พบตำแหน่งของคุณ จึงแสดงกรุงเทพมหานคร')).toBeVisible();

    await test.step('When I type the name with a letter missing, it is offered as I type', async () => {
      const search = page.getByRole('combobox', { name: 'ค้นหาสถานพยาบาล' });
      await search.fill('สรรพสิทธประสงค์');
      const suggestions = page.getByRole('listbox', { name: 'สถานพยาบาลที่ค้นพบ' });
      await expect(suggestions.getByRole('option').first()).toContainText('โรงพยาบาลสรรพสิทธิประสงค์');
      await expect(search).toHaveAttribute('aria-expanded', 'true');
      await screenshot(page, 'far-search-01-suggestions');
    });

    await test.step('And choosing it opens its card, with what it is and where the facts come from', async () => {
      await page.getByRole('option', { name: /^โรงพยาบาลสรรพสิทธิประสงค์/ }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'โรงพยาบาลสรรพสิทธิประสงค์' })).toBeVisible();
      const facts = page.getByRole('region', { name: 'ข้อมูลสถานพยาบาล' });
      await expect(facts).toContainText('รหัสสถานพยาบาล10669');
      await expect(facts).toContainText('โรงพยาบาลศูนย์');
      await expect(facts.getByText('ที่มา: ทะเบียนสถานพยาบาล ศูนย์ข้อมูลสุขภาพ (HDC) กระทรวงสาธารณสุข')).toBeVisible();
      await expect(page.getByRole('listbox')).toHaveCount(0);
      await screenshot(page, 'far-search-02-card');
    });

    await test.step('And at 200% text the card still reads whole', async () => {
      await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
      await screenshot(page, 'far-search-03-card-200');
    });
  });
});
