/**
 * The media library's rules (spec §2.2 /media/gallery): published videos and gallery images
 * as one list, the filters and their counts, and the stats cards.
 */

/** Items without a category are shown as general, like posts. */
export const UNCATEGORISED = "عام";
/** The category names behind the "events" and "programs" filters. */
export const EVENTS_CATEGORY = "فعاليات";
export const PROGRAMS_CATEGORY = "برامج";

export const GALLERY_FILTERS = ["all", "videos", "images", "events", "programs"] as const;
export type GalleryFilter = (typeof GALLERY_FILTERS)[number];

/** The media library shows this many items a page (`?page=`, docs/decisions/036). */
export const GALLERY_PAGE_SIZE = 24;

interface ItemBase {
  id: string;
  title: string;
  description: string | null;
  category: string;
  date: Date;
}
export type GalleryItem =
  | (ItemBase & { type: "video"; youtubeId: string; views: number })
  | (ItemBase & { type: "image"; imageUrl: string });

/** A row of the library's query: a published video or an image, with its category's name. */
export interface GalleryRow {
  type: "video" | "image";
  id: string;
  title: string;
  description: string | null;
  categoryName: string | null;
  createdAt: Date;
  youtubeId: string | null;
  views: number;
  imageUrl: string | null;
}

/** The category a filter button stands for; a missing or blank category is general. */
export const categoryOf = (categoryName: string | null) => categoryName?.trim() || UNCATEGORISED;

export function toGalleryItem(row: GalleryRow): GalleryItem {
  const base = {
    id: row.id,
    title: row.title,
    description: row.description,
    category: categoryOf(row.categoryName),
    date: row.createdAt,
  };
  return row.type === "video"
    ? { ...base, type: "video", youtubeId: row.youtubeId ?? "", views: row.views }
    : { ...base, type: "image", imageUrl: row.imageUrl ?? "" };
}

/** The `?type=` value of the URL; anything unknown means all. */
export function parseGalleryFilter(value: string | null | undefined): GalleryFilter {
  return GALLERY_FILTERS.find((filter) => filter === value) ?? "all";
}

/** What a filter shows: one type, one category (by name), or everything. */
export function filterScope(filter: GalleryFilter): {
  type?: "video" | "image";
  category?: string;
} {
  switch (filter) {
    case "all":
      return {};
    case "videos":
      return { type: "video" };
    case "images":
      return { type: "image" };
    case "events":
      return { category: EVENTS_CATEGORY };
    case "programs":
      return { category: PROGRAMS_CATEGORY };
  }
}

/** How many media of a type a category holds (and, for videos, their views). */
export interface GalleryTally {
  type: "video" | "image";
  categoryName: string | null;
  count: number;
  views: number;
}

/** How many items each filter button would show, from the tallies per type and category. */
export function filterCounts(tallies: GalleryTally[]): Record<GalleryFilter, number> {
  const counts = Object.fromEntries(GALLERY_FILTERS.map((filter) => [filter, 0])) as Record<
    GalleryFilter,
    number
  >;
  for (const tally of tallies) {
    for (const filter of GALLERY_FILTERS) {
      const scope = filterScope(filter);
      if (scope.type && scope.type !== tally.type) continue;
      if (scope.category && scope.category !== categoryOf(tally.categoryName)) continue;
      counts[filter] += tally.count;
    }
  }
  return counts;
}

/** The stats cards; only videos count views (images have none). */
export function galleryStats(tallies: GalleryTally[]) {
  const sum = (type: GalleryTally["type"], key: "count" | "views") =>
    tallies.filter((tally) => tally.type === type).reduce((total, tally) => total + tally[key], 0);
  const videos = sum("video", "count");
  const images = sum("image", "count");
  return { total: videos + images, videos, images, views: sum("video", "views") };
}

const YOUTUBE_ID = /^[\w-]{11}$/;

/** Only a well-formed id is ever put into an embed address. */
export const isYoutubeId = (id: string) => YOUTUBE_ID.test(id);

/** YouTube's privacy-enhanced player, which sets no cookies until the visitor plays. */
export const youtubeEmbedUrl = (id: string) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1&rel=0`;
