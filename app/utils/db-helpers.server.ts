import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/**
 * The name of the unique constraint a failed query broke (PostgreSQL code 23505), or null.
 * Drizzle wraps the driver's error (pg or PGlite, both carry `code` and `constraint`) in
 * `cause`, so the chain is walked.
 */
export function violatedUniqueConstraint(error: unknown): string | null {
  for (let current = error; current instanceof Object; ) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === "23505") {
      return typeof candidate.constraint === "string" ? candidate.constraint : "";
    }
    current = candidate.cause;
  }
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` can be a row id; anything else is "not found" rather than a SQL error. */
export const isUuid = (value: string) => UUID.test(value);

/** `%text%` for ILIKE, with the user's own %, _ and \ searched as characters. */
export const containingPattern = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

/**
 * `column desc nulls last`: the order of the schema's `.desc()` indexes (drizzle writes them
 * `DESC NULLS LAST`), so a list ordered by it reads a page straight from its index. A plain
 * `desc` (nulls first) could not use them.
 */
export const newestFirst = (...columns: (AnyColumn | SQL)[]) =>
  columns.map((column) => sql`${column} desc nulls last`);

/**
 * An `updated_at` still at `version`, the time an edit form was opened with: compared to the
 * millisecond, JavaScript's precision (PostgreSQL keeps microseconds). In an UPDATE's WHERE it
 * makes "nobody saved meanwhile" part of the write (docs/decisions/067).
 */
export const stillAt = (column: AnyColumn, version: Date) =>
  sql`date_trunc('milliseconds', ${column}) = ${version.toISOString()}`;

/** Whether the version a form sent ("" or none: a form without one) is not `current`'s. */
export const isStaleVersion = (version: string | undefined, current: Date) =>
  Boolean(version) && version !== current.toISOString();
