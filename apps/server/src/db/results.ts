/** The rows of a raw `db.execute(sql…)`: node-postgres and PGlite both put them in `rows`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** How many rows a raw INSERT, UPDATE or DELETE changed: node-postgres says rowCount, PGlite affectedRows. */
export function changedRows(result: unknown): number {
  const counted = result as { rowCount?: number | null; affectedRows?: number };
  return counted.rowCount ?? counted.affectedRows ?? 0;
}

/** The constraint a unique violation (Postgres 23505, wherever in the error's causes) names; null for any other error. */
export function uniqueViolation(error: unknown): string | null {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return null;
}
