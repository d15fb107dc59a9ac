import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { ChangeEvent } from "~/shared/live-event";
import { CHANGES_CHANNEL, db } from "~/utils/db.server";
import { posts } from "../../database/schema";

/**
 * Announces every scheduled post whose time has come since the last look, on the content
 * channel, as a save would (docs/decisions/031), marked `due`: each process clears its page
 * cache and open pages reload their news. The public queries and the realtime filter hide a
 * post until it is due; this makes it appear at once. Every process runs the check
 * (server/jobs/scheduled-publishing.ts); the public hears the first announcement only
 * (docs/decisions/035).
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
