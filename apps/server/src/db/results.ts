/** The rows of a raw `db.execute(sql…)`: node-postgres and PGlite both put them in `rows`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** How many rows a raw INSERT, UPDATE or DELETE changed: node-postgres says rowCount, PGlite affectedRows. */
export function changedRows(result: unknown): number {
  const counted = result as { rowCount?: number | null; affectedRows?: number };
  return counted.rowCount ?? counted.affectedRows ?? 0;
}

/** The constraint a violation of the Postgres error `code` names, wherever in the error's causes; null for any other error. */
function violation(error: unknown, code: string): string | null {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === code) return e.constraint ?? '';
  }
  return null;
}

/** The constraint a unique violation (23505) names; null for any other error. */
export const uniqueViolation = (error: unknown): string | null => violation(error, '23505');

/** The constraint a foreign key violation (23503: a row still referenced, or a reference to none) names; null otherwise. */
export const foreignKeyViolation = (error: unknown): string | null => violation(error, '23503');

/** The constraint a check violation (23514: a row the table's rules refuse) names; null for any other error. */
export const checkViolation = (error: unknown): string | null => violation(error, '23514');
