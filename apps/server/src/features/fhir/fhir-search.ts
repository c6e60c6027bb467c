import { type SQL, and, not, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { fhirError } from './fhir-http.js';

/*
 * FHIR search as the FHIR API's resources read it: the parameter types they take (token, reference, date) turned into
 * SQL conditions, and paging by a cursor on the resources' order. Everything a system writes in a query is checked
 * here before it reaches SQL, so a malformed value is a 400 naming the parameter, never a 500.
 */

/** One parameter as given: `start=ge2025-03-01` is { name: 'start', modifier: null, value: 'ge2025-03-01' }. */
export interface SearchParam {
  name: string;
  modifier: string | null;
  value: string;
}

export const invalidSearchValue = (name: string, why: string) =>
  fhirError(400, 'invalid', 'invalid_search_value', `ค่าของ ${name} ไม่ถูกต้อง: ${why}`);

/** A value's alternatives (`free,busy`): FHIR's comma is OR, and `\,` a comma inside one. */
export function alternatives(param: SearchParam): string[] {
  const values = param.value.split(/(?<!\\),/).map((v) => v.replaceAll('\\,', ','));
  if (values.some((v) => v === '')) throw invalidSearchValue(param.name, 'ว่าง');
  return values;
}

/** Any of the alternatives. */
export const anyOf = (conditions: SQL[]): SQL => (conditions.length === 1 ? conditions[0]! : or(...conditions)!);

/* ------------------------------------------------------------------ token */

/**
 * A token (`system|value`, `|value` for no system, `value` in any system, `system|` any value of the system) against
 * an identifier kept as two columns.
 */
export function tokenCondition(param: SearchParam, system: AnyPgColumn, value: AnyPgColumn): SQL {
  return anyOf(
    alternatives(param).map((token) => {
      const bar = token.indexOf('|');
      if (bar < 0) return sql`${value} = ${token}`;
      const [s, v] = [token.slice(0, bar), token.slice(bar + 1)];
      if (s === '' && v === '') throw invalidSearchValue(param.name, 'ต้องมี system หรือ value');
      if (s === '') return sql`${system} is null and ${value} = ${v}`;
      if (v === '') return sql`${system} = ${s}`;
      return and(sql`${system} = ${s}`, sql`${value} = ${v}`)!;
    }),
  );
}

/** The `identifier=system|value` of a conditional create: both parts, exactly one identifier. */
export function identifierOfQuery(query: string): { system: string; value: string } | null {
  const params = new URLSearchParams(query);
  const keys = [...params.keys()];
  if (keys.length !== 1 || keys[0] !== 'identifier') return null;
  const token = params.get('identifier')!;
  const bar = token.indexOf('|');
  if (bar <= 0 || bar === token.length - 1 || token.includes(',')) return null;
  return { system: token.slice(0, bar), value: token.slice(bar + 1) };
}

/* ------------------------------------------------------------------ date */

const PREFIXES = ['eq', 'ne', 'gt', 'lt', 'ge', 'le'] as const;
type Prefix = (typeof PREFIXES)[number];

/** Bangkok keeps one offset all year: a date without a zone is a Bangkok date, as the hospitals' days are. */
const BANGKOK_OFFSET_MS = 7 * 3_600_000;

const DATE_VALUE =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;

/**
 * A date search value as FHIR reads it: a prefix and the range its precision covers, [from, to). `2025-03` is the
 * whole of March (Bangkok time); `2025-03-01T09:00:00+07:00` the one second.
 */
export function dateRange(param: SearchParam, raw: string): { prefix: Prefix; from: Date; to: Date } {
  const [, given, text] = /^([a-z]{2})?(.*)$/.exec(raw)!;
  if (given !== undefined && !(PREFIXES as readonly string[]).includes(given)) {
    throw invalidSearchValue(param.name, `รองรับคำนำหน้า ${PREFIXES.join(', ')}`);
  }
  const prefix = (given ?? 'eq') as Prefix;
  const m = DATE_VALUE.exec(text!);
  if (!m) throw invalidSearchValue(param.name, 'ต้องเป็นวันที่หรือเวลาแบบ FHIR เช่น ge2025-03-01');
  const [year, month, day, hour, minute, second, milli, zone] = m.slice(1);
  const parts = [Number(year), Number(month ?? 1), Number(day ?? 1), Number(hour ?? 0), Number(minute ?? 0)];
  const seconds = Number(second ?? 0);
  const millis = milli ? Number(milli.padEnd(3, '0')) : 0;
  const offset = zone === undefined ? BANGKOK_OFFSET_MS : zone === 'Z' ? 0 : zoneOffset(zone);
  const utc = Date.UTC(parts[0]!, parts[1]! - 1, parts[2], parts[3], parts[4], seconds, millis);
  const start = new Date(utc - offset);
  const check = new Date(utc);
  const real =
    check.getUTCFullYear() === parts[0] &&
    check.getUTCMonth() === parts[1]! - 1 &&
    check.getUTCDate() === parts[2] &&
    parts[3]! < 24 &&
    parts[4]! < 60 &&
    seconds < 60;
  if (!real) throw invalidSearchValue(param.name, 'ไม่มีวันหรือเวลานี้จริง');
  const end = new Date(start);
  if (milli !== undefined) end.setTime(start.getTime() + 1);
  else if (second !== undefined) end.setTime(start.getTime() + 1_000);
  else if (minute !== undefined) end.setTime(start.getTime() + 60_000);
  else if (day !== undefined) end.setTime(start.getTime() + 86_400_000);
  else if (month !== undefined) end.setTime(Date.UTC(parts[0]!, parts[1]!, 1) - offset);
  else end.setTime(Date.UTC(parts[0]! + 1, 0, 1) - offset);
  return { prefix, from: start, to: end };
}

function zoneOffset(zone: string): number {
  const sign = zone.startsWith('-') ? -1 : 1;
  const [h, m] = zone.slice(1).split(':').map(Number);
  return sign * (h! * 60 + m!) * 60_000;
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** A date parameter against an instant (a slot's start): FHIR's prefixes over the value's range. */
export function instantCondition(param: SearchParam, column: AnyPgColumn | SQL): SQL {
  return anyOf(
    alternatives(param).map((raw) => {
      const { prefix, from, to } = dateRange(param, raw);
      const within = sql`${column} >= ${at(from)} and ${column} < ${at(to)}`;
      switch (prefix) {
        case 'eq':
          return within;
        case 'ne':
          return not(within);
        case 'gt':
          return sql`${column} >= ${at(to)}`;
        case 'lt':
          return sql`${column} < ${at(from)}`;
        case 'ge':
          return sql`${column} >= ${at(from)}`;
        case 'le':
          return sql`${column} < ${at(to)}`;
      }
    }),
  );
}

/**
 * A date parameter against a period [start, end) (a schedule's planning horizon; an open end is the infinite past or
 * future), as FHIR defines the prefixes over ranges: `eq` the value's range holds the whole period, `gt` the time after
 * the value overlaps it, `ge` either, and `lt`, `le` the same before.
 */
export function periodCondition(param: SearchParam, start: SQL, end: SQL): SQL {
  return anyOf(
    alternatives(param).map((raw) => {
      const { prefix, from, to } = dateRange(param, raw);
      const held = sql`${start} >= ${at(from)} and ${end} <= ${at(to)}`;
      const after = sql`${end} > ${at(to)}`;
      const before = sql`${start} < ${at(from)}`;
      switch (prefix) {
        case 'eq':
          return held;
        case 'ne':
          return not(held);
        case 'gt':
          return after;
        case 'lt':
          return before;
        case 'ge':
          return or(after, held)!;
        case 'le':
          return or(before, held)!;
      }
    }),
  );
}

/* ------------------------------------------------------------------ paging */

export const DEFAULT_PAGE = 20;
export const MAX_PAGE = 100;

/** Where a page starts: after the resource at this sort key (microseconds since the epoch) with this id. */
export interface Cursor {
  micros: string;
  id: string;
}

const CURSOR = /^(-?\d{1,20})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export const cursorText = (cursor: Cursor): string => `${cursor.micros}_${cursor.id}`;

export function cursorOf(value: string): Cursor {
  const match = CURSOR.exec(value);
  if (!match) throw invalidSearchValue('_cursor', 'ใช้ลิงก์ next ของหน้าก่อนตามที่ได้รับ');
  return { micros: match[1]!, id: match[2]! };
}

/** The sort key of a timestamp in whole microseconds, as PostgreSQL keeps it, so no row is skipped between pages. */
export const microsOf = (column: AnyPgColumn) => sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

/** The rows after the cursor in (timestamp, id) order. */
export const afterCursor = (column: AnyPgColumn, id: AnyPgColumn, cursor: Cursor): SQL =>
  sql`(${column}, ${id}) > (timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`;

/** `_count`: how many a page holds, at most MAX_PAGE (FHIR lets a server give fewer than asked). */
export function pageSize(value: string | undefined): number {
  if (value === undefined) return DEFAULT_PAGE;
  if (!/^\d{1,6}$/.test(value) || Number(value) < 1) throw invalidSearchValue('_count', 'ต้องเป็นจำนวนเต็มบวก');
  return Math.min(Number(value), MAX_PAGE);
}
