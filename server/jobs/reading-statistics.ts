import {
  flushReadingCounts,
  foldRareKeys,
  rebuildPeriodTops,
  trimReadingCounts,
  vacuumReadingTables,
} from "~/models/reading-counts.server";
import { dayBefore, riyadhDay } from "~/shared/statistics";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";

const HOUR_MS = 60 * 60 * 1000;

/**
 * One upkeep pass of the reading statistics (docs/decisions/074): the last three days' rare keys
 * folded into «أخرى», days older than STATISTICS_RETENTION_DAYS deleted, the dashboard's period
 * tops rebuilt from the days up to yesterday, and (embedded database) the dead rows' space made
 * reusable. Idempotent: every process may run it.
 */
export async function tidyReadingCounts(
  today = riyadhDay(),
  retentionDays = getEnv().STATISTICS_RETENTION_DAYS,
) {
  const folded = await foldRareKeys(dayBefore(today, 2), today);
  const trimmed = await trimReadingCounts(dayBefore(today, retentionDays - 1));
  await rebuildPeriodTops(today);
  await vacuumReadingTables();
  return { folded, trimmed };
}

const globalStore = globalThis as typeof globalThis & {
  __rifqReadingFlush?: NodeJS.Timeout;
};

/**
 * Writes this process's counts every STATISTICS_FLUSH_MS and tidies the table hourly; `stop()`
 * writes what is left. Failures are logged (the counts stay buffered for the next write).
 */
export function startReadingStatistics({ flushMs = getEnv().STATISTICS_FLUSH_MS } = {}) {
  clearInterval(globalStore.__rifqReadingFlush);
  let running: Promise<unknown> = Promise.resolve();
  let nextTidyAt = Date.now() + 60_000;
  const pass = () =>
    flushReadingCounts()
      .then(() => {
        if (Date.now() < nextTidyAt) return;
        nextTidyAt = Date.now() + HOUR_MS;
        return tidyReadingCounts().then((done) => logger.info(done, "reading statistics tidied"));
      })
      .catch((error) => logger.warn({ err: error }, "failed to write the reading statistics"));
  const timer = setInterval(() => {
    running = running.then(pass);
  }, flushMs);
  timer.unref();
  globalStore.__rifqReadingFlush = timer;
  return {
    async stop() {
      clearInterval(timer);
      await running;
      await flushReadingCounts().catch((error) =>
        logger.warn({ err: error }, "failed to write the reading statistics"),
      );
    },
  };
}
