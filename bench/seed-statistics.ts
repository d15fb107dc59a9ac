// Adds `STATISTICS_VIEWS` (default 1,000,000) simulated page views over the past 90 days to
// DATA_DIR's `reading_counts` for bench/statistics.js, as the counters would: per day a few
// thousand addresses read on a long-tailed curve (and as many scanned 404s), referrers, devices
// and searches; then what the server's hourly upkeep does (server/jobs/reading-statistics.ts):
// the daily fold, the period tops, the embedded database's VACUUM. Prints the rows of both
// tables before and after, and their size on disk.
import { sql } from "drizzle-orm";
import {
  countReadingRows,
  createCountBuffer,
  foldRareKeys,
  rebuildPeriodTops,
  vacuumReadingTables,
} from "../app/models/reading-counts.server";
import { dayBefore, riyadhDay } from "../app/shared/statistics";
import { db, ensureDatabaseReady, getDatabaseHandle } from "../app/utils/db.server";

const VIEWS = Number(process.env.STATISTICS_VIEWS ?? 1_000_000);
const DAYS = 90;
const ADDRESSES = 3_000;

await ensureDatabaseReady();
const today = riyadhDay();
const perDay = Math.round(VIEWS / DAYS);
let seeded = 0;
for (let d = 0; d < DAYS; d++) {
  const day = dayBefore(today, d);
  const buffer = createCountBuffer();
  // A long tail: address i gets about perDay / (i + 1) / H views (H the harmonic number).
  const harmonic = Array.from({ length: ADDRESSES }, (_, i) => 1 / (i + 1)).reduce((a, b) => a + b);
  let left = perDay;
  for (let i = 0; i < ADDRESSES && left > 0; i++) {
    const views = Math.min(left, Math.max(1, Math.round(perDay / (i + 1) / harmonic)));
    left -= views;
    const address = i % 3 === 0 ? `/media/news/خبر-${i}` : `/page-${i}`;
    buffer.add("view", address, "", { by: views, day });
    buffer.add("device", ["phone", "desktop", "tablet"][i % 3] ?? "phone", "", { by: views, day });
    if (i % 10 === 0) buffer.add("referrer", `site-${i % 300}.example`, "", { by: views, day });
    if (i % 5 === 0) buffer.add("search", `بحث ${i % 1000}`, "", { by: 1 + (views >> 4), day });
    if (i % 15 === 0) buffer.add("search-miss", `كلمة ${i % 500}`, "", { by: 1, day });
    buffer.add("not-found", `/scan-${d}-${i}`, `ref-${i % 50}.example/`, { day });
    seeded += views;
  }
  await buffer.flush();
}
const before = await countReadingRows();
await foldRareKeys(dayBefore(today, DAYS), today);
await rebuildPeriodTops(today);
await vacuumReadingTables();
const after = await countReadingRows();
const sizes = await db.execute(sql`
  select (select count(*)::int from reading_period_tops) as tops,
    pg_total_relation_size('reading_counts') as counts_bytes,
    pg_total_relation_size('reading_period_tops') as tops_bytes`);
const size = sizes.rows[0] as { tops: number; counts_bytes: number; tops_bytes: number };
const mb = (bytes: number) => (Number(bytes) / 1024 / 1024).toFixed(1);
console.log(
  `seeded ${seeded.toLocaleString("en")} views: reading_counts ${before} rows, ${after} after the daily fold (${mb(size.counts_bytes)} MB with its indexes); reading_period_tops ${size.tops} rows (${mb(size.tops_bytes)} MB)`,
);
await getDatabaseHandle().close();
