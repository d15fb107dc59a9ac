import { and, count, eq, type SQL, sql, sum } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { publicImages } from "~/models/images.server";
import { publicVideos } from "~/models/videos.server";
import {
  filterScope,
  GALLERY_PAGE_SIZE,
  type GalleryFilter,
  type GalleryRow,
  type GalleryTally,
  UNCATEGORISED,
} from "~/shared/gallery";
import { readCountedPage } from "~/shared/pagination";
import { db } from "~/utils/db.server";
import { categories, images, videos } from "../../database/schema";

/**
 * The public media library (spec §2.2): published videos and every gallery image as one list,
 * newest first, a page at a time (docs/decisions/036). Drafts never come out of here.
 */

/** Rows whose category is `name` as the filter buttons see it (a blank name is 'عام'). */
function inCategory(name: string | undefined): SQL | undefined {
  if (!name) return undefined;
  return sql`coalesce(nullif(trim(${categories.name}), ''), ${UNCATEGORISED}) = ${name}`;
}

/** The condition of one side of the library: false when the filter leaves that type out. */
function sideCondition(type: GalleryRow["type"], filter: GalleryFilter): SQL | undefined {
  const scope = filterScope(filter);
  if (scope.type && scope.type !== type) return sql`false`;
  return and(type === "video" ? publicVideos() : publicImages(), inCategory(scope.category));
}

function videoSide(filter: GalleryFilter) {
  return db
    .select({
      type: sql<GalleryRow["type"]>`'video'`.as("type"),
      id: videos.id,
      title: videos.title,
      description: videos.description,
      categoryName: categories.name,
      createdAt: videos.createdAt,
      youtubeId: sql<string | null>`${videos.youtubeId}`.as("youtube_id"),
      views: sql<number>`${videos.viewsCount}`.as("views"),
      imageUrl: sql<string | null>`null`.as("image_url"),
    })
    .from(videos)
    .leftJoin(categories, eq(videos.categoryId, categories.id))
    .where(sideCondition("video", filter));
}

function imageSide(filter: GalleryFilter) {
  return db
    .select({
      type: sql<GalleryRow["type"]>`'image'`.as("type"),
      id: images.id,
      title: images.title,
      description: images.description,
      categoryName: categories.name,
      createdAt: images.createdAt,
      youtubeId: sql<string | null>`null`.as("youtube_id"),
      views: sql<number>`0`.as("views"),
      imageUrl: sql<string | null>`${images.imageUrl}`.as("image_url"),
    })
    .from(images)
    .leftJoin(categories, eq(images.categoryId, categories.id))
    .where(sideCondition("image", filter));
}

/**
 * One page of the library under a filter, newest first (id breaks ties, so pages never
 * overlap), and how many items the filter holds. Each side is read through its
 * `(…, created_at desc, id desc)` index and the two are merged.
 */
export async function listGalleryPage({ filter, page }: { filter: GalleryFilter; page: number }) {
  const { items, ...rest } = await readCountedPage(page, GALLERY_PAGE_SIZE, {
    rows: ({ limit, offset }) =>
      unionAll(videoSide(filter), imageSide(filter))
        .orderBy(sql`"created_at" desc nulls last`, sql`"id" desc nulls last`)
        .limit(limit)
        .offset(offset),
    count: async () => {
      const library = unionAll(videoSide(filter), imageSide(filter)).as("library");
      const [row] = await db.select({ value: count() }).from(library);
      return row?.value ?? 0;
    },
  });
  return { ...rest, items: items.map((row) => ({ ...row, createdAt: new Date(row.createdAt) })) };
}

/**
 * How many published videos (and their views) and images each category holds: one row per
 * category and type, so the stats cards and the filter counts never read the media themselves.
 */
export async function galleryTallies(): Promise<GalleryTally[]> {
  const [videoRows, imageRows] = await Promise.all([
    db
      .select({ categoryName: categories.name, count: count(), views: sum(videos.viewsCount) })
      .from(videos)
      .leftJoin(categories, eq(videos.categoryId, categories.id))
      .where(publicVideos())
      .groupBy(categories.name),
    db
      .select({ categoryName: categories.name, count: count() })
      .from(images)
      .leftJoin(categories, eq(images.categoryId, categories.id))
      .where(publicImages())
      .groupBy(categories.name),
  ]);
  return [
    ...videoRows.map((row) => ({ ...row, type: "video" as const, views: Number(row.views ?? 0) })),
    ...imageRows.map((row) => ({ ...row, type: "image" as const, views: 0 })),
  ];
}
