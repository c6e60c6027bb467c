import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { FacilitySchema } from './facility.js';
import type { HospitalsRepository } from './hospitals.repository.js';

const SEED_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data', 'facilities.seed.json');

/**
 * The hand-listed directory of real Thai hospitals and pharmacies, added or brought up to date. Its deposits and
 * PromptPay ids are the demo's (ids that name no one): outside the demo (`demoPayments: false`) the places come
 * without them, so no patient is ever shown a QR code for an account nobody holds; the operator sets the real ones.
 */
export async function seedFacilities(
  hospitals: HospitalsRepository,
  { demoPayments }: { demoPayments: boolean } = { demoPayments: true },
): Promise<void> {
  const facilities = z.array(FacilitySchema).parse(JSON.parse(readFileSync(SEED_FILE, 'utf8')));
  await hospitals.upsert(
    demoPayments ? facilities : facilities.map((f) => ({ ...f, depositAmount: 0, promptpayId: null })),
  );
}
