import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'import-facilities.ts');
const dir = mkdtempSync(path.join(os.tmpdir(), 'klaimor-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const feature = (id: number, name: string, lng: number, lat: number) => ({
  type: 'Feature',
  properties: { '@id': `node/${id}`, amenity: 'hospital', name, 'operator:type': 'government' },
  geometry: { type: 'Point', coordinates: [lng, lat] },
});

async function importFile(file: string) {
  // The embedded database of this run; with DATABASE_URL the import goes to that server instead.
  const env = { ...process.env, DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent' };
  const { stdout } = await run(process.execPath, ['--import', 'tsx', script, file], { env });
  return stdout;
}

describe('npm run import:facilities', () => {
  it(
    'reports rows read, inserted, updated and rejected, and updates on a second run',
    { timeout: 60_000 },
    async () => {
      const file = path.join(dir, 'export.geojson');
      // Ids of this run only, so a shared PostgreSQL server does not remember them from an earlier run.
      const stamp = Date.now();
      writeFileSync(
        file,
        JSON.stringify({
          type: 'FeatureCollection',
          features: [
            feature(stamp, 'โรงพยาบาลทดสอบนำเข้า', 100.5, 13.75),
            feature(stamp + 1, 'โรงพยาบาลส่งเสริมสุขภาพตำบลทดสอบ', 100.6, 13.8),
            feature(stamp + 2, 'Hospital in Kuala Lumpur', 101.69, 3.14),
          ],
        }),
      );
      const first = await importFile(file);
      expect(first).toContain('rows read: 3, inserted: 2, updated: 0, rejected: 1');
      expect(first).toMatch(/row 3: .+/);
      const second = await importFile(file);
      expect(second).toContain('rows read: 3, inserted: 0, updated: 0, rejected: 1, unchanged: 2');
    },
  );
});
