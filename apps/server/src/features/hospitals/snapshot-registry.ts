// npm run directory:snapshot -- REGISTRY.csv [--places DIR]
// Reads the MOPH HDC facility registry (as `npm run import:facilities` does) and writes the nationwide directory the
// repository ships (data/facilities.registry.json.gz), which every server loads on its first start.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseFacilityFile } from './import-facilities.js';
import { MOPH_REGISTRY_SOURCE } from './moph-registry.js';
import { SNAPSHOT_FILE, readSnapshot, writeSnapshot } from './registry-snapshot.js';

function main(): void {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { places: { type: 'string' } } });
  const [file] = positionals;
  if (!file) throw new Error('Usage: npm run directory:snapshot -- REGISTRY.csv [--places DIR]');
  const resolve = (given: string) => path.resolve(process.env.INIT_CWD ?? '.', given);
  const { facilities, rejected } = parseFacilityFile(resolve(file), {
    places: values.places && resolve(values.places),
  });
  if (facilities.length === 0 || facilities.some((f) => f.source.name !== MOPH_REGISTRY_SOURCE)) {
    throw new Error(`${file} is not the MOPH HDC facility registry`);
  }
  writeFileSync(SNAPSHOT_FILE, writeSnapshot(facilities));
  const { version } = readSnapshot();
  console.log(
    `${facilities.length} facilities (${rejected.length} rows left out) -> ${SNAPSHOT_FILE}, version ${version}`,
  );
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
