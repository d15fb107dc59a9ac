import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { ChangeEvent } from "~/shared/live-event";
import { now } from "~/utils/clock.server";
import { CHANGES_CHANNEL, db } from "~/utils/db.server";
import { logger } from "~/utils/logger.server";
import { posts } from "../../database/schema";

/** How often each process looks for scheduled posts that have come due. */
export const SCHEDULE_CHECK_MS = 5_000;

/**
 * Announces every scheduled post whose time has come since the last look, on the content
 * channel, as a save would (docs/decisions/031), marked `due`: each process clears its page
 * cache and open pages reload their news. The public queries and the realtime filter hide a
 * post until it is due; this makes it appear at once. Every process runs one; the public hears
 * the first announcement only (docs/decisions/035).
 */
export async function announceDuePosts(since: Date, until: Date): Promise<number> {
  const due = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        eq(posts.status, "published"),
        gt(posts.publishedAt, since),
        lte(posts.publishedAt, until),
      ),
    );
  for (const { id } of due) {
    const event: ChangeEvent = { table: "posts", op: "UPDATE", key: id, due: true };
    const payload = JSON.stringify(event);
    await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${payload})`);
  }
  return due.length;
}

/** Starts the per-process check; `stop()` ends it. Failures are logged, never thrown. */
export function startScheduledPublishing({ intervalMs = SCHEDULE_CHECK_MS } = {}) {
  let checkedUpTo = now();
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    const until = now();
    running = announceDuePosts(checkedUpTo, until)
      .then(() => {
        checkedUpTo = until;
      })
      .catch((error) => logger.warn({ err: error }, "announcing scheduled posts failed"));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
