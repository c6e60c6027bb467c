import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { type Facility, FacilitySchema, type FacilitySource } from './facility.js';

/**
 * The nationwide directory as the repository ships it: the MOPH registry as our importer read it, one compact row a
 * facility (about 0.5 MB gzip for 11,000), loaded on a server's first start so every installation starts with the
 * country. Made by `npm run directory:snapshot`.
 */
export const SNAPSHOT_FILE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'data',
  'facilities.registry.json.gz',
);

const COLUMNS = [
  'mophCode',
  'nameTh',
  'kind',
  'ownership',
  'address',
  'subdistrict',
  'district',
  'province',
  'subdistrictEn',
  'districtEn',
  'provinceEn',
  'postcode',
  'lat',
  'lng',
  'positionFlag',
  'mophType',
  'beds',
  'serviceLevel',
] as const;

type Cell = string | number | null;

interface SnapshotFile {
  /** A digest of the rows: a server loads a snapshot once per version. */
  version: string;
  source: FacilitySource;
  columns: readonly string[];
  rows: Cell[][];
}

export interface RegistrySnapshot {
  version: string;
  facilities: Facility[];
}

/** The snapshot of facilities read from the registry (all of one source), gzipped JSON. */
export function writeSnapshot(facilities: readonly Facility[]): Buffer {
  if (facilities.length === 0) throw new Error('an empty snapshot');
  const rows = facilities.map((f) =>
    COLUMNS.map((column): Cell => {
      const value = f[column] ?? null;
      // Six decimals place a point within 0.11 m.
      return typeof value === 'number' && (column === 'lat' || column === 'lng') ? Number(value.toFixed(6)) : value;
    }),
  );
  const version = createHash('sha256').update(JSON.stringify(rows)).digest('hex').slice(0, 16);
  const file: SnapshotFile = { version, source: facilities[0].source, columns: COLUMNS, rows };
  return gzipSync(JSON.stringify(file), { level: 9 });
}

export function readSnapshot(file = SNAPSHOT_FILE): RegistrySnapshot {
  const snapshot = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as SnapshotFile;
  if (snapshot.columns.join() !== COLUMNS.join()) throw new Error(`${file}: columns not as this version writes them`);
  const facilities = snapshot.rows.map((row) => {
    const fields = Object.fromEntries(COLUMNS.map((column, i) => [column, row[i]]));
    return FacilitySchema.parse({
      ...fields,
      stableId: `moph-${fields.mophCode}`,
      nameEn: fields.nameTh,
      phone: null,
      openingHours: null,
      schemes: [],
      insurers: [],
      depositAmount: 0,
      promptpayId: null,
      source: snapshot.source,
    });
  });
  return { version: snapshot.version, facilities };
}
