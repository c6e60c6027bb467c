import type { Facility } from './facility.js';
import { distanceMetres } from './geo.js';
import type { KnownFacility, RegistryFacts } from './hospitals.repository.js';

/** Two places with the same name are one when their points lie this close (a hospital's campus, a geocoding slip). */
export const SAME_PLACE_METRES = 2_000;

/** A name as written on different lists: no spaces or dots, without a trailing "จังหวัด…" or "(…)". */
export function comparableName(name: string): string {
  return name
    .replace(/\(.*?\)/g, '')
    .replace(/\s*จังหวัด\S*$/, '')
    .replace(/[\s.·-]+/g, '')
    .toLowerCase();
}

export interface RegistryMerge {
  /** Registry rows no other source lists: inserted, or updated as the registry's own. */
  own: Facility[];
  /** Registry rows that are a place another source lists: that row takes the registry's facts. */
  matched: RegistryFacts[];
}

/**
 * Splits the registry's rows into the registry's own and the ones another source already lists: the same MOPH code,
 * or the same name within SAME_PLACE_METRES. The listed row keeps its id, names and point, so a place is never shown
 * twice and an operator's or a hand-sourced row's corrections survive a new import.
 */
export function mergeWithKnown(imported: readonly Facility[], known: readonly KnownFacility[]): RegistryMerge {
  const byCode = new Map(known.filter((k) => k.mophCode).map((k) => [k.mophCode!, k]));
  const byName = new Map<string, KnownFacility[]>();
  for (const k of known) {
    const name = comparableName(k.nameTh);
    byName.set(name, [...(byName.get(name) ?? []), k]);
  }
  const taken = new Set<string>();
  const merge: RegistryMerge = { own: [], matched: [] };
  for (const facility of imported) {
    const code = facility.mophCode;
    const sameName = (byName.get(comparableName(facility.nameTh)) ?? []).find(
      (k) => !taken.has(k.stableId) && distanceMetres(k.lat, k.lng, facility.lat, facility.lng) <= SAME_PLACE_METRES,
    );
    const match = (code && byCode.get(code)) || sameName;
    if (!code || !match) {
      merge.own.push(facility);
      continue;
    }
    taken.add(match.stableId);
    merge.matched.push({
      stableId: match.stableId,
      mophCode: code,
      mophType: facility.mophType ?? null,
      beds: facility.beds ?? null,
      serviceLevel: facility.serviceLevel ?? null,
      subdistrictEn: facility.subdistrictEn ?? null,
      districtEn: facility.districtEn ?? null,
      provinceEn: facility.provinceEn ?? null,
    });
  }
  return merge;
}
