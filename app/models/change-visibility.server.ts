import { and, eq, type SQL } from "drizzle-orm";
import { publicDocuments } from "~/models/documents.server";
import { publicEvents } from "~/models/events.server";
import { isPublicSettingKey } from "~/models/live-values.server";
import { publicPages } from "~/models/page-visibility.server";
import { publicPosts } from "~/models/posts.server";
import { publicVideos } from "~/models/videos.server";
import { CONTENT_TYPES, type ContentTypeName } from "~/shared/content-types";
import type { ChangeWithValue, PublicChange } from "~/shared/live-event";
import { db } from "~/utils/db.server";
import { logger } from "~/utils/logger.server";
import { documents, events, pages, posts, videos } from "../../database/schema";

/**
 * What the public hears of each content type's live table (docs/decisions/063), keyed by the
 * registry's names (the compiler asks a new type for its entry): "every row" (images have no
 * status: every image is public), "no row" (a campaign's changes reach no open public page), or
 * its table with its model's own predicate (a scheduled post or page is not public before its
 * time, docs/decisions/031 and 035; a published event's seats left reach open pages, a draft's
 * never).
 */
type Visibility =
  | "every row"
  | "no row"
  | {
      source: typeof posts | typeof videos | typeof documents | typeof events | typeof pages;
      rows: () => SQL | undefined;
    };

export const PUBLIC_ROWS: Record<ContentTypeName, Visibility> = {
  posts: { source: posts, rows: publicPosts },
  videos: { source: videos, rows: publicVideos },
  images: "every row",
  documents: { source: documents, rows: publicDocuments },
  pages: { source: pages, rows: publicPages },
  events: { source: events, rows: publicEvents },
  campaigns: "no row",
  // Forms have no live list; their answers are never announced (docs/decisions/071).
  forms: "no row",
};

/** Each content type's live table and what the public hears of it. */
const BY_LIVE_TABLE = new Map(
  (Object.keys(CONTENT_TYPES) as ContentTypeName[]).flatMap((name) => {
    const table = CONTENT_TYPES[name].liveTable;
    return table === null ? [] : [[table, PUBLIC_ROWS[name]] as const];
  }),
);

/** The live tables whose rows may be unpublished, with their predicates. */
const WITH_STATUS = [...BY_LIVE_TABLE].flatMap(([table, visibility]) =>
  typeof visibility === "string" ? [] : [{ table, ...visibility }],
);
type WithStatus = (typeof WITH_STATUS)[number];

/**
 * Decides what a signed-out visitor (or a viewer) may hear of a change: never a row's key, and
 * nothing at all about a post or video that is not and was not public (a post scheduled for
 * later is not public until it is due). Whether it was
 * published comes from the ids this filter remembers (loaded by `reload`, kept up to date by
 * every event); whether it is comes from the database. One filter serves a whole process.
 */
export function createPublicChangeFilter() {
  const published = new Map<string, Set<string>>(
    WITH_STATUS.map(({ table }) => [table, new Set<string>()]),
  );

  /** Reads the published ids afresh (at start and after a reconnect: events may be missed). */
  async function reload() {
    try {
      const rows = await Promise.all(
        WITH_STATUS.map(({ source, rows }) =>
          db.select({ id: source.id }).from(source).where(rows()),
        ),
      );
      WITH_STATUS.forEach(({ table }, index) => {
        published.set(table, new Set(rows[index]?.map((row) => row.id)));
      });
    } catch (error) {
      logger.warn({ err: error }, "reading the published ids for realtime failed");
    }
  }

  async function isPublicNow({ source, rows }: WithStatus, id: string) {
    const [row] = await db
      .select({ id: source.id })
      .from(source)
      .where(and(eq(source.id, id), rows()));
    return Boolean(row);
  }

  /** The event as the public may see it, or null when it concerns nothing public. */
  async function toPublic(event: ChangeWithValue): Promise<PublicChange | null> {
    switch (event.table) {
      case "page_content":
      case "content_lists": {
        // Page texts and stored card lists (a list has no drafts) are public: which block or list
        // and its new value (already sanitized) go along.
        const change = { table: event.table, page_path: event.page_path ?? null };
        if ("block" in event) return { ...change, key: event.key, block: event.block };
        if ("list" in event) return { ...change, key: event.key, list: event.list };
        return change;
      }
      case "site_settings":
        // Only the public settings, with their new value; the others concern no public page.
        if (!isPublicSettingKey(event.key)) return null;
        return "value" in event
          ? { table: event.table, key: event.key, value: event.value }
          : { table: event.table, key: event.key };
      case "menus":
        // Menus are on every public page; the page re-reads them (which one changed is not said).
        return { table: event.table };
      default: {
        // A content type's table: as its entry in PUBLIC_ROWS says; any other table is staff's.
        const visibility = BY_LIVE_TABLE.get(event.table);
        if (visibility === undefined || visibility === "no row") return null;
        if (visibility === "every row") return { table: event.table };
        const type = WITH_STATUS.find(({ table }) => table === event.table);
        const ids = published.get(event.table);
        if (!event.key || type === undefined || ids === undefined) return null;
        const was = ids.has(event.key);
        let is = false;
        if (event.op !== "DELETE") {
          try {
            is = await isPublicNow(type, event.key);
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
    }
  }

  return { reload, toPublic };
}
