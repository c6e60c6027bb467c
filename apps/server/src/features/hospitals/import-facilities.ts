// npm run import:facilities -- FILE [--coordinates FILE]
// Loads facilities from an OpenStreetMap/healthsites export (GeoJSON or CSV) or a MOPH facility-code
// CSV joined with a coordinates CSV, into the configured database. Re-running updates, never duplicates.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { type FacilityImport, parseMophFacilities, parseOsmCsv, parseOsmGeoJson } from './facility-import.js';
import { createHospitalsRepository } from './hospitals.repository.js';

export function parseFacilityFile(file: string, coordinatesFile?: string): FacilityImport {
  const text = readFileSync(file, 'utf8');
  if (/\.(geo)?json$/i.test(file)) return parseOsmGeoJson(text);
  const header = text.slice(0, text.indexOf('\n')).toLowerCase();
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
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { coordinates: { type: 'string' } } });
  const [file] = positionals;
  if (!file) throw new Error('Usage: npm run import:facilities -- FILE [--coordinates FILE]');
  const { facilities, rejected } = parseFacilityFile(
    path.resolve(process.env.INIT_CWD ?? '.', file),
    values.coordinates && path.resolve(process.env.INIT_CWD ?? '.', values.coordinates),
  );

  const config = loadConfig();
  const database = openDatabase(config);
  try {
    await database.migrate();
    const { inserted, updated } = facilities.length
      ? await createHospitalsRepository(database.db).upsert(facilities)
      : { inserted: 0, updated: 0 };
    console.log(
      `rows read: ${facilities.length + rejected.length}, inserted: ${inserted}, updated: ${updated}, rejected: ${rejected.length}`,
    );
    for (const r of rejected) console.log(`  row ${r.row}: ${r.reason}`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
