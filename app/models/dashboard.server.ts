import { count, desc, sql, sum } from "drizzle-orm";
import type { PostStatus } from "~/shared/post-status";
import { type Actor, assertRole, hasRole } from "~/shared/roles";
import { db } from "~/utils/db.server";
import { cachedRead } from "~/utils/read-cache.server";
import { storageUsage } from "~/utils/storage.server";
import { images, posts, users, videos } from "../../database/schema";
import { countRequestHints } from "./requests.server";
import { averageRatingSince } from "./surveys.server";
import { countNewVolunteers } from "./volunteers.server";

type StatusCounts<S extends string> = Record<S, number> & { total: number; views: number };

export interface DashboardStats {
  posts: StatusCounts<PostStatus>;
  videos: StatusCounts<"draft" | "published">;
  images: number;
  /** Registered users: present for administrators only (spec §6). */
  users?: number;
  /** Volunteer registrations still "new", and this month's mean survey rating (1–5, or null). */
  outreach: { newVolunteers: number; surveyAverage: number | null };
  /** Open requests given to the reader, and open requests past their due date (docs/decisions/072). */
  requests: { mine: number; overdue: number };
  /** Every uploaded file of the site (images, documents), local or in the bucket. */
  storage: { files: number; bytes: number };
}

/** The first moment of the current month in Riyadh (UTC+3 all year). */
export function startOfMonthInRiyadh(now = new Date()): Date {
  const riyadh = new Date(now.getTime() + 3 * 60 * 60 * 1000);
  return new Date(Date.UTC(riyadh.getUTCFullYear(), riyadh.getUTCMonth(), 1) - 3 * 60 * 60 * 1000);
}

type ContentTable = "posts" | "videos" | "images";

/**
 * How long a content figure is kept at most. Every change of a post, video or image is announced
 * (database/migrations/0001) and forgets it at once in every server process; a visit that only adds
 * to a post's views is not (0003), so the views shown may be this late.
 */
const CONTENT_FIGURES_TTL_MS = 60_000;

/**
 * A read over a whole content table (10,000 posts: tens of ms on the embedded database), kept
 * until that table changes (read-cache.server.ts): the staff home costs what any staff page does,
 * whatever the site holds (docs/decisions/081).
 */
const keptUntilChanged = <T>(key: string, table: ContentTable, read: () => PromiseLike<T>) =>
  // Awaited here: a Drizzle query is a lazy thenable that would run again at every `await` of
  // the kept value.
  cachedRead(key, table, { ttlMs: CONTENT_FIGURES_TTL_MS }, async () => await read());

/** Rows of (status, count, views) folded into one record with a total. */
function tally<S extends string>(
  statuses: readonly S[],
  rows: { status: string; total: number; views: string | number | null }[],
): StatusCounts<S> {
  const result = { total: 0, views: 0 } as StatusCounts<S>;
  for (const status of statuses) (result as Record<string, number>)[status] = 0;
  for (const row of rows) {
    (result as Record<string, number>)[row.status] = row.total;
    result.total += row.total;
    result.views += Number(row.views ?? 0);
  }
  return result;
}

/**
 * The overview's figures (spec §7): posts and videos by status with their views, the number
 * of images and, for administrators only, the number of users.
 */
export async function getDashboardStats(actor: Actor | null): Promise<DashboardStats> {
  const reader = assertRole(actor, "editor");
  const byStatus = (table: typeof posts | typeof videos, name: ContentTable) =>
    keptUntilChanged(`dashboard:${name}-by-status`, name, () =>
      db
        .select({ status: table.status, total: count(), views: sum(table.viewsCount) })
        .from(table)
        .groupBy(table.status),
    );
  const [
    postRows,
    videoRows,
    [imageRow],
    userRow,
    newVolunteers,
    surveyAverage,
    storage,
    requests,
  ] = await Promise.all([
    byStatus(posts, "posts"),
    byStatus(videos, "videos"),
    keptUntilChanged("dashboard:images-count", "images", () =>
      db.select({ total: count() }).from(images),
    ),
    hasRole(reader, "admin")
      ? db.select({ total: count() }).from(users)
      : Promise.resolve(undefined),
    countNewVolunteers(reader),
    averageRatingSince(reader, startOfMonthInRiyadh()),
    storageUsage(),
    countRequestHints(reader),
  ]);
  const stats: DashboardStats = {
    posts: tally(["draft", "published", "archived"], postRows),
    videos: tally(["draft", "published"], videoRows),
    images: imageRow?.total ?? 0,
    outreach: { newVolunteers, surveyAverage },
    requests,
    storage,
  };
  if (userRow) stats.users = userRow[0]?.total ?? 0;
  return stats;
}

export interface ActivityItem {
  kind: "post" | "video" | "image";
  id: string;
  title: string;
  /** When it was last changed (images have no updated_at: their creation date). */
  changedAt: Date;
  createdAt: Date;
  /** Posts and videos only. */
  status: PostStatus | null;
}

/** The most recently changed posts, videos and images, newest first. */
export async function getRecentActivity(actor: Actor | null, limit = 5): Promise<ActivityItem[]> {
  assertRole(actor, "editor");
  const latest = <T extends typeof posts | typeof videos>(table: T, kind: "post" | "video") =>
    keptUntilChanged(`dashboard:latest-${kind}s-${limit}`, `${kind}s`, () =>
      db
        .select({
          id: table.id,
          title: table.title,
          changedAt: table.updatedAt,
          createdAt: table.createdAt,
          status: table.status,
        })
        .from(table as typeof posts)
        .orderBy(desc(table.updatedAt))
        .limit(limit)
        .then((rows) => rows.map((row) => ({ ...row, kind }))),
    );
  const [postRows, videoRows, imageRows] = await Promise.all([
    latest(posts, "post"),
    latest(videos, "video"),
    keptUntilChanged(`dashboard:latest-images-${limit}`, "images", () =>
      db
        .select({
          id: images.id,
          title: images.title,
          changedAt: images.createdAt,
          createdAt: images.createdAt,
          status: sql<PostStatus | null>`null`,
        })
        .from(images)
        .orderBy(desc(images.createdAt))
        .limit(limit)
        .then((rows) => rows.map((row) => ({ ...row, kind: "image" as const }))),
    ),
  ]);
  return [...postRows, ...videoRows, ...imageRows]
    .sort((a, b) => b.changedAt.getTime() - a.changedAt.getTime())
    .slice(0, limit);
}
