import { PGlite } from '@electric-sql/pglite';
import { and, asc, eq, getTableColumns, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import { MOPH_REGISTRY_SOURCE } from '@klaimor/contracts';
import pg from 'pg';
import type { Db } from '../../db/client.js';
import { KIND_WORDS, appointments, clinics, facilities, screeningSlots } from '../../db/schema.js';
import { holdPastItsTime } from '../../shared/appointment-lifecycle/appointment-lifecycle.js';
import { clinicName } from '../clinics/clinics.repository.js';
import type { Facility } from './facility.js';

/**
 * Columns the directory does not show: the internal id, the PromptPay ids, the operator's bookkeeping, the reply time
 * patients are shown only where they write (GET /api/messages/facilities), a pharmacy's part in the "รับยาใกล้บ้าน"
 * scheme, shown where a refill is asked for (GET /api/refills/pharmacies), and the rest.
 */
export const notInDirectory = [
  'id',
  'globePosition',
  'promptpayId',
  'promptpayPendingId',
  'operatorCorrected',
  'hiddenAt',
  'hiddenReason',
  'mergedInto',
  'updatedAt',
  'settingsChangedAt',
  'directoryEntry',
  'searchName',
  'searchPlace',
  'messageReplyHours',
  'nearHomePharmacy',
] as const;
/** What the directory shows of a facility, as its `directory_entry` holds it. */
export type FacilityRow = Omit<typeof facilities.$inferSelect, (typeof notInDirectory)[number]>;

/** A listed facility an import may match: by its MOPH code, or by its name near its point. */
export interface KnownFacility {
  stableId: string;
  mophCode: string | null;
  nameTh: string;
  lat: number;
  lng: number;
}

/** What the MOPH registry adds to a facility already listed from another source. */
export interface RegistryFacts {
  stableId: string;
  mophCode: string;
  mophType: string | null;
  beds: number | null;
  serviceLevel: string | null;
  /** Its place names in English, from the sub-district table the registry's codes name. */
  subdistrictEn: string | null;
  districtEn: string | null;
  provinceEn: string | null;
}

export interface FacilityFilter {
  scheme?: string;
  kind?: string;
  q?: string;
}

/** `%` and `_` typed by a patient are letters, not wildcards. */
const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

const THAI_KIND_WORDS = new RegExp(KIND_WORDS);
const ENGLISH_KIND_WORDS = /\b(health promoting hospital|hospital|clinic|pharmacy|health cent(re|er))\b/gi;

/**
 * The words of a search that name the place rather than its kind, for the near spellings: "โรงพยาบาลสุขสบาย" is not
 * nearly every hospital's name. The whole search when it is nothing but a kind.
 */
function nameWords(q: string): string {
  const words = q.replace(THAI_KIND_WORDS, '').replace(ENGLISH_KIND_WORDS, ' ').replace(/\s+/g, ' ').trim();
  return words || q;
}

/**
 * A patient's search (`q`), as SQL over placeholders made by `param`: what it matches and how well.
 *
 * It matches a facility anywhere in the country by its MOPH code (exactly), by a word or part of its name in Thai or
 * English, by its sub-district, district or province in Thai or English, and, when nothing matches so, by a name
 * spelt nearly alike (pg_trgm's word similarity: a letter dropped, swapped or mistyped). Both trigram indexes
 * (migration 0023) answer the match; the tiers rank it: 0 the code or the whole name, 1 the start of a word of the
 * name, 2 inside the name, 3 the place, 4 a name spelt nearly alike, by how alike.
 */
function searchSql(q: string, param: (value: string) => string) {
  const [exact, near, contains, wordStart, anyWordStart] = [
    param(q),
    param(nameWords(q)),
    param(`%${escapeLike(q)}%`),
    param(`${escapeLike(q)}%`),
    param(`% ${escapeLike(q)}%`),
  ];
  return {
    // One indexed look-up each: joined by OR in one condition, the planner reads the whole table instead.
    matches: `id in (select id from facilities where search_name ilike ${contains}
      union select id from facilities where search_place ilike ${contains}
      union select id from facilities where moph_code = ${exact}
      union select id from facilities where ${near} <% search_name)`,
    tier: `case when moph_code = ${exact} or lower(name_th) = lower(${exact}) or lower(name_en) = lower(${exact}) then 0
      when search_name ilike ${wordStart} or search_name ilike ${anyWordStart} then 1
      when search_name ilike ${contains} then 2 when search_place ilike ${contains} then 3 else 4 end`,
    likeness: `word_similarity(${near}, search_name)`,
  };
}

function toRow(f: Facility) {
  return {
    stableId: f.stableId,
    mophCode: f.mophCode,
    nameTh: f.nameTh,
    nameEn: f.nameEn,
    kind: f.kind,
    ownership: f.ownership,
    address: f.address,
    subdistrict: f.subdistrict,
    district: f.district,
    province: f.province,
    subdistrictEn: f.subdistrictEn ?? null,
    districtEn: f.districtEn ?? null,
    provinceEn: f.provinceEn ?? null,
    postcode: f.postcode,
    lat: f.lat,
    lng: f.lng,
    phone: f.phone,
    openingHours: f.openingHours,
    emergency24h: f.emergency24h ?? false,
    schemes: f.schemes,
    insurers: f.insurers,
    depositAmount: f.depositAmount,
    promptpayId: f.promptpayId,
    sourceName: f.source.name,
    sourceRef: f.source.ref,
    sourceLicence: f.source.licence,
    positionFlag: f.positionFlag ?? null,
    mophType: f.mophType ?? null,
    beds: f.beds ?? null,
    serviceLevel: f.serviceLevel ?? null,
  };
}

export function createHospitalsRepository(db: Db) {
  return {
    /** The facilities nearest to a point by great-circle distance, nearest first. */
    nearest: nearestQuery(db),

    /** Without a position: the facilities by name, or what a search finds, best first. */
    byName: byNameQuery(db),

    /** A facility in the directory: one hidden by the operator (closed, or merged into another) is not. */
    async findByStableId(stableId: string): Promise<typeof facilities.$inferSelect | null> {
      const [row] = await db
        .select()
        .from(facilities)
        .where(and(eq(facilities.stableId, stableId), isNull(facilities.hiddenAt)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Inserts new facilities and updates known ones (same stable id) where anything differs; returns how many of each.
     * A row that would not change is left alone, so running the same import again changes nothing.
     */
    async upsert(list: readonly Facility[]): Promise<{ inserted: number; updated: number; unchanged: number }> {
      let [inserted, updated] = [0, 0];
      const keys = list.length ? Object.keys(toRow(list[0])).filter((k) => k !== 'stableId') : [];
      const differs = sql.raw(
        keys.map((k) => `facilities.${toColumn(k)} is distinct from ${updatedSql(k)}`).join(' or '),
      );
      for (let i = 0; i < list.length; i += 500) {
        const rows = await db
          .insert(facilities)
          .values(list.slice(i, i + 500).map(toRow))
          .onConflictDoUpdate({
            target: facilities.stableId,
            set: { ...Object.fromEntries(keys.map((k) => [k, sql.raw(updatedSql(k))])), updatedAt: sql`now()` },
            setWhere: differs,
          })
          .returning({ inserted: sql<boolean>`xmax = 0` });
        inserted += rows.filter((r) => r.inserted).length;
        updated += rows.filter((r) => !r.inserted).length;
      }
      return { inserted, updated, unchanged: list.length - inserted - updated };
    },

    /** The facilities from other sources than `source`: the ones an import from it may be the same places as. */
    async notFrom(source: string): Promise<KnownFacility[]> {
      return db
        .select({
          stableId: facilities.stableId,
          mophCode: facilities.mophCode,
          nameTh: facilities.nameTh,
          lat: facilities.lat,
          lng: facilities.lng,
        })
        .from(facilities)
        .where(sql`${facilities.sourceName} <> ${source} and ${facilities.hiddenReason} is distinct from 'duplicate'`);
    },

    /**
     * The registry's facts about a place already listed from another source: its code, type, beds, service level and
     * place names in English join the row; its names, position and everything else stay as they were. Returns how
     * many rows changed.
     */
    async addRegistryFacts(matches: readonly RegistryFacts[]): Promise<number> {
      let changed = 0;
      for (const m of matches) {
        const rows = await db
          .update(facilities)
          .set({
            mophCode: m.mophCode,
            mophType: m.mophType,
            beds: m.beds,
            serviceLevel: m.serviceLevel,
            subdistrictEn: m.subdistrictEn,
            districtEn: m.districtEn,
            provinceEn: m.provinceEn,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(facilities.stableId, m.stableId),
              sql`(${facilities.mophCode}, ${facilities.mophType}, ${facilities.beds}, ${facilities.serviceLevel},
                  ${facilities.subdistrictEn}, ${facilities.districtEn}, ${facilities.provinceEn})
                is distinct from (${m.mophCode}, ${m.mophType}, ${m.beds}::int, ${m.serviceLevel},
                  ${m.subdistrictEn}::text, ${m.districtEn}::text, ${m.provinceEn}::text)`,
            ),
          )
          .returning({ id: facilities.id });
        changed += rows.length;
      }
      return changed;
    },

    /**
     * Slots still offered, with the places taken now: a hold past its expiry no longer counts, even before housekeeping
     * frees it.
     */
    async slots(facilityId: string, from: Date, to: Date) {
      const staleHolds = sql<number>`(select count(*)::int from ${appointments} where ${appointments.slotId} = ${screeningSlots.id}
        and ${holdPastItsTime})`;
      return db
        .select({
          ...getTableColumns(screeningSlots),
          taken: sql<number>`${screeningSlots.taken} - ${staleHolds}`.mapWith(Number),
          clinic: clinicName,
        })
        .from(screeningSlots)
        .innerJoin(clinics, eq(clinics.id, screeningSlots.clinicId))
        .where(
          and(
            eq(screeningSlots.facilityId, facilityId),
            gte(screeningSlots.startsAt, from),
            lt(screeningSlots.startsAt, to),
            gt(screeningSlots.startsAt, sql`now()`),
            isNull(screeningSlots.withdrawnAt),
          ),
        )
        .orderBy(asc(screeningSlots.startsAt), asc(clinics.queuePrefix), asc(screeningSlots.doctor));
    },
  };
}
export type HospitalsRepository = ReturnType<typeof createHospitalsRepository>;

type Client = pg.Pool | PGlite;

/**
 * Runs a directory query: on a server, one named statement per filter combination, parsed and planned once per
 * connection; on PGlite, one simple-protocol query with the values as literals (its extended protocol costs six calls
 * into WebAssembly per query, the simple one two). `build` writes the SQL text, placing each value through `param`.
 */
async function runDirectoryQuery(
  client: Client,
  name: string,
  build: (param: (value: number | string) => string) => string,
): Promise<FacilityRow[]> {
  const values: unknown[] = [];
  const param = (value: number | string) =>
    client instanceof PGlite
      ? typeof value === 'number'
        ? String(value)
        : escapeLiteral(value)
      : `$${values.push(value)}`;
  const text = build(param);
  if (client instanceof PGlite) {
    const [result] = await client.exec(text);
    return (result.rows[0] as { list: FacilityRow[] | null }).list ?? [];
  }
  return (await client.query<{ list: FacilityRow[] | null }>({ name, text, values })).rows[0].list ?? [];
}

/** The filters but the search, as SQL conditions. */
function filterConditions(filter: FacilityFilter, param: (value: string) => string): string[] {
  const conditions = ['hidden_at is null'];
  if (filter.scheme) conditions.push(`${param(filter.scheme)} = any(schemes)`);
  if (filter.kind) conditions.push(`kind = ${param(filter.kind)}`);
  return conditions;
}

/** Within the near spellings, the closest first; the other tiers leave their order to distance or name. */
const CLOSEST = 'case when tier = 4 then likeness end desc';

/**
 * A search's matches ranked, `order` breaking ties within a tier: the near spellings only when nothing matched
 * better, so a name typed right lists that place and the places named alike, not every name a letter away.
 */
function rankedSearch(filter: FacilityFilter & { q: string }, param: (value: string) => string, select: string) {
  const search = searchSql(filter.q, param);
  return `select *, min(tier) over () as best from (
      select ${select}, ${search.tier} as tier, ${search.likeness} as likeness
      from facilities where ${[...filterConditions(filter, param), search.matches].join(' and ')}) matched`;
}

/**
 * The directory's hot path in plain SQL on the driver: nothing built per call but the filters, and the rows as one JSON
 * value of ready-made entries (PGlite decodes every field of every row in JavaScript). Without a search, the nearest by
 * the position index (a KNN scan); with one, what it matches anywhere in the country, best first and nearest first
 * among equals.
 */
function nearestQuery(db: Db) {
  const client = (db as unknown as { $client: Client }).$client;
  return async (lat: number, lng: number, limit: number, filter: FacilityFilter): Promise<FacilityRow[]> => {
    const name = `facilities_nearest_${filter.scheme ? 's' : ''}${filter.kind ? 'k' : ''}${filter.q ? 'q' : ''}`;
    return runDirectoryQuery(client, name, (param) => {
      const [x, y, z] = unitSphere(lat, lng).map(param);
      const chord = `globe_position <-> cube(array[${x}, ${y}, ${z}]::float8[])`;
      if (!filter.q) {
        return `select json_agg(directory_entry order by chord) as list from (
      select directory_entry, ${chord} as chord
      from facilities where ${filterConditions(filter, param).join(' and ')} order by chord limit ${param(limit)}) nearest`;
      }
      return `select json_agg(directory_entry order by tier, ${CLOSEST}, chord) as list from (
      select directory_entry, tier, likeness, chord from (${rankedSearch({ ...filter, q: filter.q }, param, `directory_entry, ${chord} as chord`)}) ranked
      where tier < 4 or best = 4 order by tier, ${CLOSEST}, chord limit ${param(limit)}) found`;
    });
  };
}

/** Without a position: by Thai name, or a search's matches best first and then by Thai name. */
function byNameQuery(db: Db) {
  const client = (db as unknown as { $client: Client }).$client;
  return async (limit: number, filter: FacilityFilter): Promise<FacilityRow[]> => {
    const name = `facilities_by_name_${filter.scheme ? 's' : ''}${filter.kind ? 'k' : ''}${filter.q ? 'q' : ''}`;
    return runDirectoryQuery(client, name, (param) => {
      if (!filter.q) {
        return `select json_agg(directory_entry order by name_th) as list from (
      select directory_entry, name_th from facilities where ${filterConditions(filter, param).join(' and ')}
      order by name_th limit ${param(limit)}) listed`;
      }
      return `select json_agg(directory_entry order by tier, ${CLOSEST}, name_th) as list from (
      select directory_entry, tier, likeness, name_th from (${rankedSearch({ ...filter, q: filter.q }, param, 'directory_entry, name_th')}) ranked
      where tier < 4 or best = 4 order by tier, ${CLOSEST}, name_th limit ${param(limit)}) found`;
    });
  };
}

// pg exports libpq's literal escaping at run time; its type definitions have not caught up.
const escapeLiteral = (pg as unknown as { escapeLiteral(text: string): string }).escapeLiteral;

/** The point on the unit sphere the `globe_position` column stores for a latitude and longitude. */
function unitSphere(lat: number, lng: number): [number, number, number] {
  const [φ, λ] = [(lat * Math.PI) / 180, (lng * Math.PI) / 180];
  return [Math.cos(φ) * Math.cos(λ), Math.cos(φ) * Math.sin(λ), Math.sin(φ)];
}

/** What a facility's own admin sets in its settings: once they have, the seed file and the import no longer overwrite it. */
const SET_BY_THE_HOSPITAL = new Set(['phone', 'openingHours', 'emergency24h', 'schemes', 'insurers', 'depositAmount']);

/**
 * What the registry adds to a place another source lists (`addRegistryFacts`): that source, which does not know them,
 * leaves them as they are when it is loaded again (the hand-listed places on every start).
 */
const REGISTRY_FACTS = new Set([
  'mophCode',
  'mophType',
  'beds',
  'serviceLevel',
  'subdistrictEn',
  'districtEn',
  'provinceEn',
]);

/**
 * The columns each correction of the operator's covers (`operator_corrected` lists the corrections): a corrected
 * position is the point and its flag, gone once the operator has placed the facility.
 */
export const CORRECTED_COLUMNS: Record<string, readonly string[]> = {
  nameTh: ['nameTh'],
  nameEn: ['nameEn'],
  kind: ['kind'],
  position: ['lat', 'lng', 'positionFlag'],
  phone: ['phone'],
  openingHours: ['openingHours'],
  emergency24h: ['emergency24h'],
  promptpayId: ['promptpayId'],
};
const correctionOf = new Map(
  Object.entries(CORRECTED_COLUMNS).flatMap(([correction, keys]) => keys.map((key) => [key, correction])),
);

/**
 * The value an update from the import sets a column to: the operator's corrections win always, and the hospital's own
 * settings once it has saved them.
 */
function updatedSql(key: string): string {
  const column = toColumn(key);
  const correction = correctionOf.get(key);
  const imported = SET_BY_THE_HOSPITAL.has(key)
    ? `(case when facilities.settings_changed_at is null then excluded.${column} else facilities.${column} end)`
    : REGISTRY_FACTS.has(key)
      ? `(case when excluded.source_name = ${escapeLiteral(MOPH_REGISTRY_SOURCE)} then excluded.${column}
          else coalesce(excluded.${column}, facilities.${column}) end)`
      : `excluded.${column}`;
  return correction
    ? `(case when '${correction}' = any(facilities.operator_corrected) then facilities.${column} else ${imported} end)`
    : imported;
}

/** A property's column, as the schema names it (`emergency24h` is `emergency_24h`). */
function toColumn(key: string): string {
  return getTableColumns(facilities)[key as keyof typeof facilities.$inferSelect].name;
}
