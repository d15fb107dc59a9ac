import { and, desc, eq, gte, lt, sql, sum } from "drizzle-orm";
import { NEWS_PATH } from "~/shared/paths";
import { type Actor, assertRole } from "~/shared/roles";
import type { DayCount, KeyCount, StatisticFigures } from "~/shared/statistic-charts";
import {
  dayBefore,
  MAX_KEY_LENGTH,
  OTHER_KEY,
  riyadhDay,
  STATISTIC_KINDS,
  STATISTIC_PERIODS,
  type StatisticKind,
} from "~/shared/statistics";
import { db, getDatabaseHandle } from "~/utils/db.server";
import {
  eventRegistrations,
  formAnswers,
  newsletterCampaigns,
  readingCounts,
  readingPeriodTops,
} from "../../database/schema";

/**
 * Reading statistics (docs/decisions/074). Counting only adds to a map in this process (no I/O,
 * nothing about the reader); `flushReadingCounts` adds the map to `reading_counts` in batches
 * with `count = count + excluded.count`, so any number of processes add up. A day's rare keys
 * are folded into «أخرى» and old days deleted (`foldRareKeys`, `trimReadingCounts`).
 */

/** Distinct keys one process holds between two writes; later new keys count as «أخرى». */
export const MAX_BUFFERED_KEYS = 5_000;
/** Keys of one kind kept per day when a day is folded; the rest become «أخرى». */
export const KEYS_KEPT_PER_DAY = 100;
/** Rows per INSERT statement. */
const BATCH_ROWS = 500;
const SEPARATOR = "\u0000";

/**
 * One process's counts until they are written. `add` only touches a map; `flush` adds the map to
 * the table with one upsert per BATCH_ROWS keys, and puts the counts back if the write fails.
 */
export function createCountBuffer() {
  let counts = new Map<string, number>();
  return {
    add(
      kind: StatisticKind,
      key: string,
      detail = "",
      { by = 1, day = riyadhDay() }: { by?: number; day?: string } = {},
    ) {
      let id = `${day}${SEPARATOR}${kind}${SEPARATOR}${key}${SEPARATOR}${detail}`;
      let now = counts.get(id);
      if (now === undefined && counts.size >= MAX_BUFFERED_KEYS) {
        id = `${day}${SEPARATOR}${kind}${SEPARATOR}${OTHER_KEY}${SEPARATOR}`;
        now = counts.get(id);
      }
      counts.set(id, (now ?? 0) + by);
    },
    get size() {
      return counts.size;
    },
    async flush(): Promise<number> {
      if (counts.size === 0) return 0;
      const taken = counts;
      counts = new Map();
      try {
        await writeCounts(taken);
      } catch (error) {
        for (const [id, count] of taken) counts.set(id, (counts.get(id) ?? 0) + count);
        throw error;
      }
      return taken.size;
    },
  };
}

async function writeCounts(counts: Map<string, number>) {
  const rows = [...counts].map(([id, count]) => {
    const [day = "", kind = "", key = "", detail = ""] = id.split(SEPARATOR);
    return {
      day,
      kind,
      key: key.slice(0, MAX_KEY_LENGTH),
      detail: detail.slice(0, MAX_KEY_LENGTH),
      count,
    };
  });
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    await db
      .insert(readingCounts)
      .values(rows.slice(start, start + BATCH_ROWS))
      .onConflictDoUpdate({
        target: [readingCounts.kind, readingCounts.day, readingCounts.key, readingCounts.detail],
        set: { count: sql`${readingCounts.count} + excluded.count` },
      });
  }
  // The period tops hold the complete days: counts of one of them make them out of date.
  const today = riyadhDay();
  if (rows.some((row) => row.day < today)) await periodTopsOutdated();
}

const globalStore = globalThis as typeof globalThis & {
  __rifqReadingCounts?: ReturnType<typeof createCountBuffer>;
};
/** This process's buffer (one, even when the development server reloads this module). */
const processBuffer = () => {
  globalStore.__rifqReadingCounts ??= createCountBuffer();
  return globalStore.__rifqReadingCounts;
};

/** Adds to a count of today (or of `day`) in this process's buffer. */
export const countReading: ReturnType<typeof createCountBuffer>["add"] = (...args) =>
  processBuffer().add(...args);

/** How many distinct keys wait to be written (for tests and the bench). */
export const bufferedReadingKeys = () => processBuffer().size;

/** Writes this process's counts and empties its buffer (a failed write keeps them). */
export const flushReadingCounts = () => processBuffer().flush();

/**
 * Folds, for each kind and day from `from` to `to` (inclusive), every key past the
 * KEYS_KEPT_PER_DAY most counted into «أخرى», in one statement. Idempotent; any process may run it.
 */
export async function foldRareKeys(from: string, to: string, keep = KEYS_KEPT_PER_DAY) {
  const result = await db.execute(sql`
    with ranked as (
      select kind, day, key, detail,
        row_number() over (partition by kind, day order by count desc, key, detail) as rank
      from reading_counts
      where day >= ${from} and day <= ${to} and not (key = ${OTHER_KEY} and detail = '')),
    gone as (
      delete from reading_counts r using ranked
      where ranked.rank > ${keep} and r.kind = ranked.kind and r.day = ranked.day
        and r.key = ranked.key and r.detail = ranked.detail
      returning r.kind, r.day, r.count)
    insert into reading_counts (kind, day, key, detail, count)
      select kind, day, ${OTHER_KEY}, '', sum(count)::int from gone group by kind, day
    on conflict (kind, day, key, detail)
      do update set count = reading_counts.count + excluded.count`);
  return (result as { affectedRows?: number; rowCount?: number }).rowCount ?? 0;
}

/** Deletes the days before `firstKept` (`YYYY-MM-DD`); returns how many rows went. */
export async function trimReadingCounts(firstKept: string): Promise<number> {
  const gone = await db
    .delete(readingCounts)
    .where(lt(readingCounts.day, firstKept))
    .returning({ day: readingCounts.day });
  return gone.length;
}

/**
 * Lets the embedded database reuse the space of the rows the fold, the trim and every upsert
 * leave behind (PGlite runs no autovacuum; PostgreSQL's does this by itself), and refreshes the
 * planner's figures. Outside any transaction.
 */
export async function vacuumReadingTables() {
  const handle = getDatabaseHandle();
  if (handle.kind !== "pglite") return;
  await handle.db.execute(sql`vacuum (analyze) reading_counts, reading_period_tops`);
}

/** Rows in the table (the bench prints it). */
export async function countReadingRows(): Promise<number> {
  const [row] = await db.select({ rows: sql<number>`count(*)::int` }).from(readingCounts);
  return row?.rows ?? 0;
}

/** The days of a period, oldest first, ending today (Riyadh). */
export function periodDays(days: number, today = riyadhDay()): string[] {
  return Array.from({ length: days }, (_, index) => dayBefore(today, days - 1 - index));
}

/** A count per day for every day of the period (0 where none). */
function everyDay(days: string[], rows: { day: string; count: number | string | null }[]) {
  const byDay = new Map(rows.map((row) => [row.day, Number(row.count ?? 0)]));
  return days.map((day) => ({ day, count: byDay.get(day) ?? 0 }));
}

/** The "kind" of the period tops that ranks the views of news (the posts chart). */
const POSTS = "post";
/** The kind of the marker row of `reading_period_tops` (its key: the last day included). */
const BUILT = "";
/** Kinds whose detail is part of what is ranked (a 404's referrer, a campaign's link). */
const WITH_DETAIL = [STATISTIC_KINDS.notFound, STATISTIC_KINDS.click];

/**
 * What is ranked from `reading_counts` rows of days `from`..`to`: every kind (detail kept only
 * where it is part of the key) and, as "post", the views of news.
 */
const rankedRows = (from: string, to: string) => sql`
  select kind, key,
    case when kind in (${sql.join(
      WITH_DETAIL.map((kind) => sql`${kind}`),
      sql`, `,
    )}) then detail else '' end as detail,
    day, count
  from reading_counts where day >= ${from} and day <= ${to}
  union all
  select ${POSTS}, key, '', day, count from reading_counts
  where kind = ${STATISTIC_KINDS.view} and day >= ${from} and day <= ${to}
    and key like ${`${NEWS_PATH}/%`} and key <> ${OTHER_KEY}`;

/**
 * Rebuilds `reading_period_tops` for the periods ending `today` from their complete days (up to
 * yesterday): per period and kind the `keep` most counted keys, the rest summed into «أخرى» (so
 * totals stay; the news list keeps its top only), and the marker. One scan of the longest
 * period, in one transaction; idempotent, any process may run it.
 */
export async function rebuildPeriodTops(today = riyadhDay(), keep = KEYS_KEPT_PER_DAY) {
  const through = dayBefore(today, 1);
  const periods = [...STATISTIC_PERIODS].sort((a, b) => a - b);
  const longest = periods.at(-1) ?? 1;
  const sums = sql.join(
    periods.map(
      (period) =>
        sql`sum(count) filter (where day >= ${dayBefore(today, period - 1)})::int as ${sql.identifier(`c${period}`)}`,
    ),
    sql`, `,
  );
  const perPeriod = sql.join(
    periods.map(
      (period) =>
        sql`select ${period}::smallint as period, kind, key, detail, ${sql.identifier(`c${period}`)} as count
          from summed where ${sql.identifier(`c${period}`)} > 0`,
    ),
    sql` union all `,
  );
  await getDatabaseHandle().db.transaction(async (tx) => {
    await tx.delete(readingPeriodTops);
    await tx.execute(sql`
      with summed as (
        select kind, key, detail, ${sums}
        from (${rankedRows(dayBefore(today, longest - 1), through)}) counted
        group by kind, key, detail),
      per_period as (${perPeriod}),
      ranked as (
        select *, row_number() over (partition by period, kind order by count desc, key, detail) as rank
        from per_period)
      insert into reading_period_tops (period, kind, key, detail, count)
        select period, kind,
          case when rank > ${keep} then ${OTHER_KEY} else key end,
          case when rank > ${keep} then '' else detail end,
          sum(count)::int
        from ranked where rank <= ${keep} or kind <> ${POSTS}
        group by 1, 2, 3, 4
      on conflict (period, kind, key, detail) do update set count = excluded.count`);
    await tx
      .insert(readingPeriodTops)
      .values(periods.map((period) => ({ period, kind: BUILT, key: through, count: 0 })))
      .onConflictDoNothing();
  });
}

/**
 * Marks the period tops as out of date (the next dashboard rebuilds them): after counts of a
 * past day were written (a flush across midnight, a seed, a test).
 */
async function periodTopsOutdated() {
  await db.delete(readingPeriodTops).where(eq(readingPeriodTops.kind, BUILT));
}

/** Rows of the period tops and today's counts, ranked per kind: what the "top" charts show. */
interface TopRow {
  kind: string;
  key: string;
  detail: string;
  count: number;
  subject: string | null;
}

/**
 * The TOP_ROWS most counted keys of every kind over the period: its complete days from
 * `reading_period_tops`, today from `reading_counts`, added and ranked in one query (with the
 * marker rows, which say what the tops were built from, and the campaigns' subjects).
 */
async function topsOfPeriod(days: number, today: string): Promise<TopRow[]> {
  const result = await db.execute(sql`
    with counted as (
      select kind, key, detail, count from reading_period_tops where period = ${days}
      union all
      select kind, key, detail, count from (${rankedRows(today, today)}) today_rows),
    summed as (select kind, key, detail, sum(count)::int as count from counted group by 1, 2, 3),
    ranked as (
      select *, row_number() over (partition by kind order by count desc, key, detail) as rank
      from summed)
    select ranked.kind, ranked.key, ranked.detail, ranked.count,
      newsletter_campaigns.subject
    from ranked
      left join newsletter_campaigns on ranked.kind = ${STATISTIC_KINDS.click}
        and newsletter_campaigns.id::text = ranked.key
    where ranked.rank <= ${TOP_ROWS}
    order by ranked.kind, ranked.rank`);
  return (result.rows as unknown as TopRow[]).map((row) => ({
    ...row,
    count: Number(row.count),
  }));
}

/** The period's days: views (from the device rows), event registrations and form answers. */
async function daysOfPeriod(period: string[]) {
  const from = period[0] ?? "";
  const since = new Date(Date.parse(`${from}T00:00:00+03:00`));
  const createdDay = (table: typeof eventRegistrations | typeof formAnswers) =>
    sql`to_char(${table.createdAt} at time zone 'Asia/Riyadh', 'YYYY-MM-DD')`;
  const result = await db.execute(sql`
    select 'views' as series, day::text as day, sum(count)::int as count from reading_counts
      where kind = ${STATISTIC_KINDS.device} and day >= ${from} group by day
    union all
    select 'registrations', ${createdDay(eventRegistrations)}, count(*)::int
      from ${eventRegistrations} where ${eventRegistrations.createdAt} >= ${since} group by 2
    union all
    select 'answers', ${createdDay(formAnswers)}, count(*)::int
      from ${formAnswers} where ${formAnswers.createdAt} >= ${since} group by 2`);
  const rows = result.rows as unknown as { series: string; day: string; count: number }[];
  const series = (name: string): DayCount[] =>
    everyDay(
      period,
      rows.filter((row) => row.series === name),
    );
  return {
    views: series("views"),
    registrations: series("registrations"),
    answers: series("answers"),
  };
}

/** Newsletter links followed in the period, most first, with their campaign's subject. */
async function clicksSince(from: string, limit: number, campaignId?: string) {
  const total = sum(readingCounts.count).mapWith(Number);
  const rows = await db
    .select({
      campaignId: readingCounts.key,
      subject: newsletterCampaigns.subject,
      link: readingCounts.detail,
      count: total,
    })
    .from(readingCounts)
    .leftJoin(newsletterCampaigns, sql`${newsletterCampaigns.id}::text = ${readingCounts.key}`)
    .where(
      and(
        eq(readingCounts.kind, STATISTIC_KINDS.click),
        gte(readingCounts.day, from),
        campaignId ? eq(readingCounts.key, campaignId) : undefined,
      ),
    )
    .groupBy(readingCounts.key, newsletterCampaigns.subject, readingCounts.detail)
    .orderBy(desc(total), readingCounts.detail)
    .limit(limit);
  return rows.map((row) => ({ ...row, subject: row.subject ?? OTHER_KEY }));
}

/** Every link of one campaign followed since it was counted (its page shows them). */
export async function campaignLinkClicks(actor: Actor, campaignId: string) {
  assertRole(actor, "editor");
  // Every day kept (PostgreSQL has no year 0).
  return clicksSince("1970-01-01", 100, campaignId);
}

/** Rows shown in each "top" list of the dashboard. */
export const TOP_ROWS = 10;

/**
 * Everything the statistics dashboard shows for a period of `days` days ending today, in two
 * queries (docs/decisions/074, "Read from a rollup"): the days of the period, and the top lists
 * from the period tops plus today's rows. Tops not built up to yesterday are rebuilt first.
 */
export async function readStatistics(
  actor: Actor,
  days: number,
  today = riyadhDay(),
): Promise<StatisticFigures> {
  assertRole(actor, "editor");
  const period = periodDays(days, today);
  const through = dayBefore(today, 1);
  let tops = await topsOfPeriod(days, today);
  if (!tops.some((row) => row.kind === BUILT && row.key === through)) {
    await rebuildPeriodTops(today);
    tops = await topsOfPeriod(days, today);
  }
  const top = (kind: string, limit = TOP_ROWS): KeyCount[] =>
    tops
      .filter((row) => row.kind === kind)
      .slice(0, limit)
      .map(({ key, detail, count }) => ({ key, detail, count }));
  const { views, registrations, answers } = await daysOfPeriod(period);
  return {
    views,
    pages: top(STATISTIC_KINDS.view),
    posts: top(POSTS),
    referrers: top(STATISTIC_KINDS.referrer),
    // Three classes and «أخرى» at most.
    devices: top(STATISTIC_KINDS.device, 4),
    searches: top(STATISTIC_KINDS.search),
    missedSearches: top(STATISTIC_KINDS.searchMiss),
    notFound: top(STATISTIC_KINDS.notFound),
    clicks: tops
      .filter((row) => row.kind === STATISTIC_KINDS.click)
      .map((row) => ({
        campaignId: row.key,
        subject: row.subject ?? OTHER_KEY,
        link: row.detail,
        count: row.count,
      })),
    registrations,
    answers,
  };
}
