import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { directoryLoads } from '../../db/schema.js';
import { createHospitalsRepository } from './hospitals.repository.js';
import { importFacilities } from './import-facilities.js';
import { MOPH_REGISTRY_SOURCE } from './moph-registry.js';
import { readSnapshot } from './registry-snapshot.js';
import { seedFacilities } from './seed-facilities.js';

/**
 * The directory every installation starts with, demo or production: the hand-sourced places (kept up to date on
 * every start) and the nationwide MOPH registry, loaded once per shipped version through the same merge as an
 * import, so its rows join the hand-sourced ones instead of repeating them. Returns what the registry load did, or
 * null when this version was loaded before.
 */
export async function loadShippedDirectory(db: Db, { demoPayments }: { demoPayments: boolean }, snapshotFile?: string) {
  const hospitals = createHospitalsRepository(db);
  await seedFacilities(hospitals, { demoPayments });
  const snapshot = readSnapshot(snapshotFile);
  const [loaded] = await db.select().from(directoryLoads).where(eq(directoryLoads.source, MOPH_REGISTRY_SOURCE));
  if (loaded?.version === snapshot.version) return null;
  const counts = await importFacilities(hospitals, snapshot.facilities);
  await db
    .insert(directoryLoads)
    .values({ source: MOPH_REGISTRY_SOURCE, version: snapshot.version })
    .onConflictDoUpdate({ target: directoryLoads.source, set: { version: snapshot.version, loadedAt: new Date() } });
  return { version: snapshot.version, ...counts };
}
