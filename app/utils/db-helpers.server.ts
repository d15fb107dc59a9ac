import { type AnyColumn, ilike, like, or, type SQL, sql } from "drizzle-orm";
import type { PgSelect, PgTable } from "drizzle-orm/pg-core";
import { toLatinDigits } from "~/shared/iban";
import { readCountedPage } from "~/shared/pagination";
import { db } from "./db.server";

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

/** Whether `text` has a letter with an upper and a lower case (Latin has, Arabic has not). */
const hasCase = (text: string) => text.toLowerCase() !== text.toUpperCase();

/**
 * `column` holds `text`, whatever the case. Arabic letters have no case, so words without a cased
 * letter are matched with LIKE: ILIKE lower-cases every value it reads, half of a search's scan
 * (a search of 10,000 form answers, docs/decisions/084).
 */
export function containing(column: AnyColumn | SQL, text: string): SQL {
  const pattern = containingPattern(text);
  return hasCase(text) ? ilike(column, pattern) : like(column, pattern);
}

/** Rows where one of `columns` holds the searched words; undefined when nothing is searched. */
export function containingAny(
  q: string | undefined,
  ...columns: (AnyColumn | SQL)[]
): SQL | undefined {
  const words = q?.trim();
  if (!words) return undefined;
  return or(...columns.map((column) => containing(column, words)));
}

/**
 * Rows whose stored mobile `column` (+9665XXXXXXXX) holds the number searched, when `q` is only
 * digits (Latin or Arabic-Indic) and separators: three digits or more, without the country code
 * or the leading 0 people type. Undefined for anything else (words are matched by `containing`).
 */
export function phoneContaining(column: AnyColumn | SQL, q: string): SQL | undefined {
  const latin = toLatinDigits(q.trim());
  if (!/^[\d\s\-+().]+$/.test(latin)) return undefined;
  const digits = latin.replace(/\D/g, "").replace(/^(?:00966|966|0)/, "");
  return digits.length >= 3 ? like(column, containingPattern(digits)) : undefined;
}

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

/**
 * One page of a staff list, newest first (the id breaks ties), and how many rows match `where`:
 * `query` is the list's select with its joins, made dynamic (`.$dynamic()`) so this adds the rest.
 */
export function readNewestPage<Query extends PgSelect>(
  page: number,
  size: number,
  list: { table: PgTable; newest: AnyColumn; id: AnyColumn; where: SQL | undefined },
  query: () => Query,
) {
  return readCountedPage<Awaited<Query>[number]>(page, size, {
    rows: ({ limit, offset }) =>
      query()
        .where(list.where)
        .orderBy(...newestFirst(list.newest, list.id))
        .limit(limit)
        .offset(offset),
    count: () => db.$count(list.table, list.where),
  });
}
