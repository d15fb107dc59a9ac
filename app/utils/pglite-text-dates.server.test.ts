import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { withTextDates } from "./pglite-text-dates.server";

// Dates of every kind, their arrays and a plain value, as drizzle reads them (docs/decisions/086).
const DATES = sql`select timestamptz '2026-11-29 22:00:00.123+00' as at,
  timestamp '2026-11-29 22:00:00' as local, date '2026-11-29' as day, interval '1 day 2 hours' as span,
  array[date '2026-01-01', date '2026-12-31'] as days, array[1.5, 2.25]::numeric[] as amounts,
  42 as answer, '{"a": 1}'::jsonb as data`;

describe("drizzle on the embedded database, with its date parsers set once", () => {
  let wrapped: PGlite;
  let plain: PGlite;
  /** The parsers each query brought to the instance itself. */
  const brought: unknown[] = [];

  beforeAll(async () => {
    [wrapped, plain] = await Promise.all([PGlite.create(), PGlite.create()]);
    const query = wrapped.query.bind(wrapped);
    wrapped.query = ((
      text: string,
      params?: unknown[],
      options?: Parameters<PGlite["query"]>[2],
    ) => {
      brought.push(options?.parsers);
      return query(text, params, options);
    }) as PGlite["query"];
  });
  afterAll(async () => {
    await Promise.all([wrapped.close(), plain.close()]);
  });

  test("reads every kind of date as drizzle does on PGlite, and no query copies the parsers", async () => {
    const db = drizzle({ client: withTextDates(wrapped) });
    const reference = drizzle({ client: plain });
    const expected = await reference.execute(DATES);
    expect(expected.rows[0]).toMatchObject({ day: "2026-11-29", span: "1 day 02:00:00" });
    expect((await db.execute(DATES)).rows).toEqual(expected.rows);
    // Inside a transaction (and a savepoint) too.
    const inTransaction = await db.transaction((tx) =>
      tx.transaction(async (inner) => (await inner.execute(DATES)).rows),
    );
    expect(inTransaction).toEqual(expected.rows);
    expect(brought.length).toBeGreaterThan(0);
    expect(brought.every((parsers) => parsers === undefined)).toBe(true);
  });
});
