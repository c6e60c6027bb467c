// npm run import:facilities -- FILE [--coordinates FILE] [--places DIR]
// Loads facilities into the configured database from the MOPH HDC facility registry (with the thailand-geodata
// place tables, found in --places DIR or beside the file), an OpenStreetMap/healthsites export (GeoJSON or CSV), or a
// MOPH facility-code CSV joined with a coordinates CSV. Re-running changes nothing; it never duplicates.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import type { Facility } from './facility.js';
import {
  type FacilityImport,
  type RejectedRow,
  parseMophFacilities,
  parseOsmCsv,
  parseOsmGeoJson,
} from './facility-import.js';
import { type HospitalsRepository, createHospitalsRepository } from './hospitals.repository.js';
import { MOPH_REGISTRY_SOURCE, isMophRegistry, parseMophRegistry } from './moph-registry.js';
import { mergeWithKnown } from './registry-merge.js';
import { readThaiPlaces } from './thai-places.js';

export function parseFacilityFile(
  file: string,
  options: { coordinates?: string; places?: string } = {},
): FacilityImport {
  const text = readFileSync(file, 'utf8');
  if (/\.(geo)?json$/i.test(file)) return parseOsmGeoJson(text);
  const header = text.slice(0, text.indexOf('\n')).toLowerCase();
  if (isMophRegistry(header)) {
    return parseMophRegistry(text, readThaiPlaces(options.places ?? path.dirname(file)), path.basename(file));
  }
  const coordinatesFile = options.coordinates;
  if (/\b(hcode|hospcode)\b/.test(header)) {
    if (!coordinatesFile)
      throw new Error('A MOPH facility list needs --coordinates FILE (code, lat, lng) to place each facility.');
    return parseMophFacilities(text, readFileSync(coordinatesFile, 'utf8'), {
      name: 'MOPH facility codes',
      ref: path.basename(file),
      licence: 'MOPH open data',
    });
  }
  return parseOsmCsv(text);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { coordinates: { type: 'string' }, places: { type: 'string' } },
  });
  const [file] = positionals;
  if (!file) throw new Error('Usage: npm run import:facilities -- FILE [--coordinates FILE] [--places DIR]');
  const resolve = (given: string | undefined) => given && path.resolve(process.env.INIT_CWD ?? '.', given);
  const { facilities, rejected } = parseFacilityFile(resolve(file)!, {
    coordinates: resolve(values.coordinates),
    places: resolve(values.places),
  });

  const config = loadConfig();
  const database = openDatabase(config);
  try {
    await database.migrate();
    const counts = await importFacilities(createHospitalsRepository(database.db), facilities);
    const flagged = facilities.filter((f) => f.positionFlag).length;
    console.log(
      `rows read: ${facilities.length + rejected.length}, inserted: ${counts.inserted}, updated: ${counts.updated}, ` +
        `rejected: ${rejected.length}, unchanged: ${counts.unchanged}, merged with listed places: ${counts.merged}, ` +
        `placed at their sub-district's point: ${flagged}`,
    );
    for (const line of rejectionLines(rejected)) console.log(`  ${line}`);
  } finally {
    await database.close();
  }
}

/**
 * Writes an import's facilities: the registry's rows that are places another source lists give that row their facts
 * (`mergeWithKnown`); the rest are inserted or updated, and a row that would not change is left alone.
 */
export async function importFacilities(hospitals: HospitalsRepository, facilities: readonly Facility[]) {
  const fromRegistry = facilities.length > 0 && facilities[0].source.name === MOPH_REGISTRY_SOURCE;
  const { own, matched } = fromRegistry
    ? mergeWithKnown(facilities, await hospitals.notFrom(MOPH_REGISTRY_SOURCE))
    : { own: facilities, matched: [] };
  const written = own.length ? await hospitals.upsert(own) : { inserted: 0, updated: 0, unchanged: 0 };
  const changed = await hospitals.addRegistryFacts(matched);
  return {
    inserted: written.inserted,
    updated: written.updated + changed,
    unchanged: written.unchanged + matched.length - changed,
    merged: matched.length,
  };
}

/** Each rejected row on a line; a long list (a registry's offices) as one line a reason, with its count. */
function rejectionLines(rejected: readonly RejectedRow[]): string[] {
  if (rejected.length <= 20) return rejected.map((r) => `row ${r.row}: ${r.reason}`);
  const byReason = new Map<string, number>();
  for (const r of rejected) byReason.set(r.reason, (byReason.get(r.reason) ?? 0) + 1);
  return [...byReason].map(([reason, count]) => `${count} rows: ${reason}`);
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
