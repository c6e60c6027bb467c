import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { FacilitySchema } from './facility.js';
import type { HospitalsRepository } from './hospitals.repository.js';

const SEED_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data', 'facilities.seed.json');

/** The shipped directory of real Thai hospitals and pharmacies, added or brought up to date. */
export async function seedFacilities(hospitals: HospitalsRepository): Promise<void> {
  const facilities = z.array(FacilitySchema).parse(JSON.parse(readFileSync(SEED_FILE, 'utf8')));
  await hospitals.upsert(facilities);
}
