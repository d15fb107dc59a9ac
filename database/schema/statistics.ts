import { date, index, integer, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";

/**
 * Reading statistics (docs/decisions/074): one row per day, kind and key (an address, a
 * referring host, a device class, a search, a campaign link…), with its count. No reader is
 * recorded: no address, no cookie, no user agent — only totals. Each process buffers its counts
 * and adds them here in batches (`count = count + excluded.count`); a daily pass folds a day's
 * rare keys into «أخرى» and deletes days past the retention.
 */
export const readingCounts = pgTable(
  "reading_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    /** What is counted: see STATISTIC_KINDS in app/shared/statistics.ts. */
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    /** A second part of the key: a 404's referrer, a campaign link's address; "" otherwise. */
    detail: text("detail").notNull().default(""),
    count: integer("count").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.day, table.key, table.detail] }),
    index("reading_counts_day_idx").on(table.day),
  ],
);

/**
 * The dashboard's "most counted" lists per period (docs/decisions/074, "Read from a rollup"),
 * over the period's complete days (today is read from `reading_counts` and added): per period
 * and kind, the KEYS_KEPT_PER_DAY most counted keys and the rest summed into «أخرى» (totals
 * kept), and a marker row (kind "", key = the last day included) saying what it was built from.
 * Derived from `reading_counts`: rebuilt hourly and whenever its marker is not yesterday, so it
 * holds at most periods × (kinds + 1) × 101 rows.
 */
export const readingPeriodTops = pgTable(
  "reading_period_tops",
  {
    /** The period in days (STATISTIC_PERIODS). */
    period: smallint("period").notNull(),
    /** A STATISTIC_KINDS value, "post" (views of news), or "" for the marker row. */
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    detail: text("detail").notNull().default(""),
    count: integer("count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.period, table.kind, table.key, table.detail] })],
);
