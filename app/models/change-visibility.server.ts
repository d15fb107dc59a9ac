import { and, eq, lte, type SQL } from "drizzle-orm";
import { isPublicSettingKey } from "~/models/live-values.server";
import type { ChangeWithValue, PublicChange } from "~/shared/live-event";
import { now } from "~/utils/clock.server";
import { db } from "~/utils/db.server";
import { logger } from "~/utils/logger.server";
import { documents, events, pages, posts, videos } from "../../database/schema";

/** The tables whose rows may be unpublished (images have no status: every image is public). */
const WITH_STATUS = { posts, videos, documents, events, pages };
type TableWithStatus = keyof typeof WITH_STATUS;
const TABLES_WITH_STATUS = Object.keys(WITH_STATUS) as TableWithStatus[];

/**
 * What the public sees of a table: published rows, and for posts only those that are due by the
 * app's clock (a scheduled post is not public before its time, docs/decisions/031 and 035).
 */
export const PUBLIC_ROWS: Record<TableWithStatus, () => SQL | undefined> = {
  posts: () => and(eq(posts.status, "published"), lte(posts.publishedAt, now())),
  videos: () => eq(videos.status, "published"),
  documents: () => eq(documents.status, "published"),
  // A published event's changes (its seats left among them) reach open pages; a draft's never.
  events: () => eq(events.status, "published"),
  pages: () => and(eq(pages.status, "published"), lte(pages.publishedAt, now())),
};

/**
 * Decides what a signed-out visitor (or a viewer) may hear of a change: never a row's key, and
 * nothing at all about a post or video that is not and was not public (a post scheduled for
 * later is not public until it is due). Whether it was
 * published comes from the ids this filter remembers (loaded by `reload`, kept up to date by
 * every event); whether it is comes from the database. One filter serves a whole process.
 */
export function createPublicChangeFilter() {
  const published = Object.fromEntries(
    TABLES_WITH_STATUS.map((table) => [table, new Set<string>()]),
  ) as Record<TableWithStatus, Set<string>>;

  /** Reads the published ids afresh (at start and after a reconnect: events may be missed). */
  async function reload() {
    try {
      const rows = await Promise.all(
        TABLES_WITH_STATUS.map((table) => {
          const source = WITH_STATUS[table];
          return db.select({ id: source.id }).from(source).where(PUBLIC_ROWS[table]());
        }),
      );
      TABLES_WITH_STATUS.forEach((table, index) => {
        published[table] = new Set(rows[index]?.map((row) => row.id));
      });
    } catch (error) {
      logger.warn({ err: error }, "reading the published ids for realtime failed");
    }
  }

  async function isPublicNow(table: TableWithStatus, id: string) {
    const source = WITH_STATUS[table];
    const [row] = await db
      .select({ id: source.id })
      .from(source)
      .where(and(eq(source.id, id), PUBLIC_ROWS[table]()));
    return Boolean(row);
  }

  /** The event as the public may see it, or null when it concerns nothing public. */
  async function toPublic(event: ChangeWithValue): Promise<PublicChange | null> {
    switch (event.table) {
      case "page_content":
        // Page texts are public: which block and its new value (already sanitized) go along.
        return "block" in event
          ? {
              table: event.table,
              page_path: event.page_path ?? null,
              key: event.key,
              block: event.block,
            }
          : { table: event.table, page_path: event.page_path ?? null };
      case "content_lists":
        // Every stored list is public (a list has no drafts): which one and its new cards go along.
        return "list" in event
          ? {
              table: event.table,
              page_path: event.page_path ?? null,
              key: event.key,
              list: event.list,
            }
          : { table: event.table, page_path: event.page_path ?? null };
      case "site_settings":
        // Only the public settings, with their new value; the others concern no public page.
        if (!isPublicSettingKey(event.key)) return null;
        return "value" in event
          ? { table: event.table, key: event.key, value: event.value }
          : { table: event.table, key: event.key };
      case "images":
        return { table: event.table };
      case "menus":
        // Menus are on every public page; the page re-reads them (which one changed is not said).
        return { table: event.table };
      case "posts":
      case "videos":
      case "documents":
      case "events":
      case "pages": {
        if (!event.key) return null;
        const ids = published[event.table];
        const was = ids.has(event.key);
        let is = false;
        if (event.op !== "DELETE") {
          try {
            is = await isPublicNow(event.table, event.key);
          } catch (error) {
            logger.warn({ err: error }, "reading a changed row's status for realtime failed");
            return was ? { table: event.table } : null;
          }
        }
        if (is) ids.add(event.key);
        else ids.delete(event.key);
        // A post that came due is news once: later announcements of it (other processes') are not.
        if (event.due && was) return null;
        // A row leaving the public lists (unpublished, deleted) concerns the public too.
        return was || is ? { table: event.table } : null;
      }
      default:
        return null;
    }
  }

  return { reload, toPublic };
}
