import { PGlite } from '@electric-sql/pglite';
import { and, asc, eq, getTableColumns, gt, gte, ilike, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../db/client.js';
import { appointments, facilities, screeningSlots } from '../../db/schema.js';
import { holdPastItsTime } from '../../shared/appointment-lifecycle/appointment-lifecycle.js';
import type { Facility } from './facility.js';

/** Columns the directory does not show: the internal id, the PromptPay ids, the operator's bookkeeping and the rest. */
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
}

export interface FacilityFilter {
  scheme?: string;
  kind?: string;
  q?: string;
}

/**
 * What a patient's search matches (the same in `where` below): the facility's name in Thai or English, its
 * sub-district, district or province, or exactly its MOPH code. As SQL text over two placeholders.
 */
const matchesSearch = (pattern: string, exact: string) =>
  `(${['name_th', 'name_en', 'subdistrict', 'district', 'province'].map((c) => `${c} ilike ${pattern}`).join(' or ')}` +
  ` or moph_code = ${exact})`;

/** `%` and `_` typed by a patient are letters, not wildcards. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(filter: FacilityFilter): SQL | undefined {
  return and(
    isNull(facilities.hiddenAt),
    filter.scheme ? sql`${filter.scheme} = any(${facilities.schemes})` : undefined,
    filter.kind ? eq(facilities.kind, filter.kind) : undefined,
    filter.q
      ? sql`(${or(
          ...[
            facilities.nameTh,
            facilities.nameEn,
            facilities.subdistrict,
            facilities.district,
            facilities.province,
          ].map((column) => ilike(column, likePattern(filter.q!))),
          eq(facilities.mophCode, filter.q),
        )})`
      : undefined,
  );
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

    async byName(limit: number, filter: FacilityFilter): Promise<FacilityRow[]> {
      const rows = await db
        .select({ entry: facilities.directoryEntry })
        .from(facilities)
        .where(where(filter))
        .orderBy(asc(facilities.nameTh))
        .limit(limit);
      return rows.map((row) => row.entry as FacilityRow);
    },

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
     * The registry's facts about a place already listed from another source: its code, type, beds and service level
     * join the row; its names, position and everything else stay as they were. Returns how many rows changed.
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
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(facilities.stableId, m.stableId),
              sql`(${facilities.mophCode}, ${facilities.mophType}, ${facilities.beds}, ${facilities.serviceLevel})
                is distinct from (${m.mophCode}, ${m.mophType}, ${m.beds}::int, ${m.serviceLevel})`,
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
        })
        .from(screeningSlots)
        .where(
          and(
            eq(screeningSlots.facilityId, facilityId),
            gte(screeningSlots.startsAt, from),
            lt(screeningSlots.startsAt, to),
            gt(screeningSlots.startsAt, sql`now()`),
            isNull(screeningSlots.withdrawnAt),
          ),
        )
        .orderBy(asc(screeningSlots.startsAt), asc(screeningSlots.doctor));
    },
  };
}
export type HospitalsRepository = ReturnType<typeof createHospitalsRepository>;

/**
 * The directory's hot path in plain SQL on the driver: nothing built per call but the filters, and the rows as one JSON
 * value of ready-made entries (PGlite decodes every field of every row in JavaScript). On a server, one named statement
 * per filter combination, parsed and planned once per connection. On PGlite, one simple-protocol query with the values
 * as literals: its extended protocol costs six calls into WebAssembly per query, the simple one two.
 */
function nearestQuery(db: Db) {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  return async (lat: number, lng: number, limit: number, filter: FacilityFilter): Promise<FacilityRow[]> => {
    const values: unknown[] = [];
    const param = (value: number | string) =>
      client instanceof PGlite
        ? typeof value === 'number'
          ? String(value)
          : escapeLiteral(value)
        : `$${values.push(value)}`;
    const [x, y, z] = unitSphere(lat, lng).map(param);
    const conditions = ['hidden_at is null'];
    if (filter.scheme) conditions.push(`${param(filter.scheme)} = any(schemes)`);
    if (filter.kind) conditions.push(`kind = ${param(filter.kind)}`);
    if (filter.q) conditions.push(matchesSearch(param(likePattern(filter.q)), param(filter.q)));
    const where = `where ${conditions.join(' and ')}`;
    const text = `select json_agg(directory_entry order by chord) as list from (
      select directory_entry, globe_position <-> cube(array[${x}, ${y}, ${z}]::float8[]) as chord
      from facilities ${where} order by chord limit ${param(limit)}) nearest`;
    if (client instanceof PGlite) {
      const [result] = await client.exec(text);
      return (result.rows[0] as { list: FacilityRow[] | null }).list ?? [];
    }
    const name = `facilities_nearest_${filter.scheme ? 's' : ''}${filter.kind ? 'k' : ''}${filter.q ? 'q' : ''}`;
    return (await client.query<{ list: FacilityRow[] | null }>({ name, text, values })).rows[0].list ?? [];
  };
}

// pg exports libpq's literal escaping at run time; its type definitions have not caught up.
const escapeLiteral = (pg as unknown as { escapeLiteral(text: string): string }).escapeLiteral;

/** The point on the unit sphere the `globe_position` column stores for a latitude and longitude. */
function unitSphere(lat: number, lng: number): [number, number, number] {
  const [φ, λ] = [(lat * Math.PI) / 180, (lng * Math.PI) / 180];
  return [Math.cos(φ) * Math.cos(λ), Math.cos(φ) * Math.sin(λ), Math.sin(φ)];
}

/** camelCase property -> the snake_case column it is stored in. */
/** What a facility's own admin sets in its settings: once they have, the seed file and the import no longer overwrite it. */
const SET_BY_THE_HOSPITAL = new Set(['phone', 'openingHours', 'schemes', 'insurers', 'depositAmount']);

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
    : `excluded.${column}`;
  return correction
    ? `(case when '${correction}' = any(facilities.operator_corrected) then facilities.${column} else ${imported} end)`
    : imported;
}

function toColumn(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
