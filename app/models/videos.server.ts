import { and, eq, sql } from "drizzle-orm";
import { ConflictError, NotFoundError } from "~/shared/domain-errors";
import { toggledStatus } from "~/shared/post-status";
import { type Actor, assertRole } from "~/shared/roles";
import type { VideoStatus } from "~/shared/statuses";
import { db } from "~/utils/db.server";
import { containingAny, isUuid, readNewestPage } from "~/utils/db-helpers.server";
import { logger } from "~/utils/logger.server";
import { categories, users, videos } from "../../database/schema";

/** A video is public when published (spec §2.7). */
export const publicVideos = () => eq(videos.status, "published");

/** What the staff list shows of a video. */
const staffVideoColumns = {
  id: videos.id,
  title: videos.title,
  description: videos.description,
  youtubeId: videos.youtubeId,
  viewsCount: videos.viewsCount,
  createdAt: videos.createdAt,
  categoryName: categories.name,
  authorName: users.fullName,
  status: videos.status,
  updatedAt: videos.updatedAt,
};

// ─── The staff area ─────────────────────────────────────────────────────────────────────────
// Reads and changes need an editor (docs/decisions/020).

export type { VideoStatus };

const notFound = () => new NotFoundError("الفيديو غير موجود");

export const STAFF_VIDEOS_PAGE_SIZE = 24;

/**
 * One page of the videos, newest first (id breaks ties), with their category and author, and
 * how many match, for the staff list (spec §2.7, docs/decisions/036).
 */
export async function listVideosForStaff(
  actor: Actor | null,
  filters: { q?: string; page?: number } = {},
) {
  assertRole(actor, "editor");
  const where = containingAny(filters.q, videos.title, videos.description, videos.youtubeId);
  return readNewestPage(
    filters.page ?? 1,
    STAFF_VIDEOS_PAGE_SIZE,
    { table: videos, newest: videos.createdAt, id: videos.id, where },
    () =>
      db
        .select(staffVideoColumns)
        .from(videos)
        .leftJoin(categories, eq(videos.categoryId, categories.id))
        .leftJoin(users, eq(videos.authorId, users.id))
        .$dynamic(),
  );
}

export type StaffVideoRow = Awaited<ReturnType<typeof listVideosForStaff>>["items"][number];

/** One video, whatever its status, for the edit form; null when there is none. */
export async function getVideoForStaff(actor: Actor | null, id: string) {
  assertRole(actor, "editor");
  if (!isUuid(id)) return null;
  const [video] = await db.select().from(videos).where(eq(videos.id, id));
  return video ?? null;
}

/** What the video form saves (spec §7: the id already extracted from the typed link). */
export interface VideoInput {
  title: string;
  description: string | null;
  youtubeId: string;
  categoryId: string | null;
  status: VideoStatus;
}

const savedColumns = { id: videos.id, youtubeId: videos.youtubeId, status: videos.status };

/** Creates a video; the saving editor is its author (spec §5, §7). */
export async function createVideo(actor: Actor | null, input: VideoInput) {
  const editor = assertRole(actor, "editor");
  const [created] = await db
    .insert(videos)
    .values({ ...input, authorId: editor.id })
    .returning(savedColumns);
  return created;
}

/** Saves the edit form; as in the spec, the saving user becomes the author. */
export async function updateVideo(actor: Actor | null, id: string, input: VideoInput) {
  const editor = assertRole(actor, "editor");
  if (!isUuid(id)) throw notFound();
  const [updated] = await db
    .update(videos)
    .set({ ...input, authorId: editor.id, updatedAt: new Date() })
    .where(eq(videos.id, id))
    .returning(savedColumns);
  if (!updated) throw notFound();
  return updated;
}

/**
 * The list's publish toggle (spec §4): draft ↔ published, with updated_at. Like the posts'
 * toggle it only applies if the status is still the one read, so two screens cannot silently
 * undo each other.
 */
export async function toggleVideoStatus(actor: Actor | null, id: string) {
  const editor = assertRole(actor, "editor");
  const current = await getVideoForStaff(editor, id);
  if (!current) throw notFound();
  const status = toggledStatus(current.status);
  const [row] = await db
    .update(videos)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(videos.id, id), eq(videos.status, current.status)))
    .returning({ id: videos.id, status: videos.status, updatedAt: videos.updatedAt });
  if (!row) {
    logger.warn({ id }, "video status changed by someone else during a toggle");
    throw new ConflictError("تغيّرت حالة الفيديو قبل قليل، حدّث الصفحة وحاول مجدداً");
  }
  return row;
}

export async function deleteVideo(actor: Actor | null, id: string) {
  assertRole(actor, "editor");
  if (!isUuid(id)) throw notFound();
  const [deleted] = await db.delete(videos).where(eq(videos.id, id)).returning({ id: videos.id });
  if (!deleted) throw notFound();
  return deleted;
}

/**
 * Counts one view of a video whose player finished loading in the staff list (spec §4).
 * Staff who watch the list count one (docs/decisions/020); nobody else may, so nobody outside
 * can inflate the figures the overview and the public gallery show. The spec writes "the value read plus one"; one atomic
 * `views_count + 1` cannot lose views when two people watch at once. updated_at is left
 * alone: being watched does not change the video.
 */
export async function countVideoView(actor: Actor | null, id: string) {
  assertRole(actor, "editor");
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .update(videos)
    .set({ viewsCount: sql`${videos.viewsCount} + 1` })
    .where(eq(videos.id, id))
    .returning({ id: videos.id, viewsCount: videos.viewsCount });
  if (!row) throw notFound();
  return row;
}
