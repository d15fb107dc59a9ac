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

interface VideoRow {
  id: string;
  title: string;
  description: string | null;
  youtubeId: string;
  viewsCount: number;
  createdAt: Date;
  categoryName: string | null;
}

interface ImageRow {
  id: string;
  title: string;
  description: string | null;
  imageUrl: string;
  createdAt: Date;
  categoryName: string | null;
}

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

const categoryOf = (row: { categoryName: string | null }) =>
  row.categoryName?.trim() || UNCATEGORISED;

/** Videos and images together, newest first. */
export function toGalleryItems(videos: VideoRow[], images: ImageRow[]): GalleryItem[] {
  const items: GalleryItem[] = [
    ...videos.map((video) => ({
      type: "video" as const,
      id: video.id,
      title: video.title,
      description: video.description,
      category: categoryOf(video),
      date: video.createdAt,
      youtubeId: video.youtubeId,
      views: video.viewsCount,
    })),
    ...images.map((image) => ({
      type: "image" as const,
      id: image.id,
      title: image.title,
      description: image.description,
      category: categoryOf(image),
      date: image.createdAt,
      imageUrl: image.imageUrl,
    })),
  ];
  return items.sort((a, b) => b.date.getTime() - a.date.getTime());
}

/** The `?type=` value of the URL; anything unknown means all. */
export function parseGalleryFilter(value: string | null | undefined): GalleryFilter {
  return GALLERY_FILTERS.find((filter) => filter === value) ?? "all";
}

export function matchesFilter(item: GalleryItem, filter: GalleryFilter): boolean {
  switch (filter) {
    case "all":
      return true;
    case "videos":
      return item.type === "video";
    case "images":
      return item.type === "image";
    case "events":
      return item.category === EVENTS_CATEGORY;
    case "programs":
      return item.category === PROGRAMS_CATEGORY;
  }
}

/** How many items each filter button would show. */
export function filterCounts(items: GalleryItem[]): Record<GalleryFilter, number> {
  const counts = Object.fromEntries(GALLERY_FILTERS.map((filter) => [filter, 0])) as Record<
    GalleryFilter,
    number
  >;
  for (const item of items) {
    for (const filter of GALLERY_FILTERS) if (matchesFilter(item, filter)) counts[filter]++;
  }
  return counts;
}

/** The stats cards; only videos count views (images have none). */
export function galleryStats(items: GalleryItem[]) {
  const videos = items.filter((item) => item.type === "video");
  return {
    total: items.length,
    videos: videos.length,
    images: items.length - videos.length,
    views: videos.reduce((sum, video) => sum + video.views, 0),
  };
}

const YOUTUBE_ID = /^[\w-]{11}$/;

/** Only a well-formed id is ever put into an embed address. */
export const isYoutubeId = (id: string) => YOUTUBE_ID.test(id);

/** YouTube's privacy-enhanced player, which sets no cookies until the visitor plays. */
export const youtubeEmbedUrl = (id: string) =>
  `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1&rel=0`;
