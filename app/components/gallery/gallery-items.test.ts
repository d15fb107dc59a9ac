import { describe, expect, test } from "vitest";
import {
  filterCounts,
  type GalleryItem,
  galleryStats,
  isYoutubeId,
  matchesFilter,
  parseGalleryFilter,
  toGalleryItems,
  youtubeEmbedUrl,
} from "./gallery-items";

const video = (id: string, day: number, categoryName: string | null, viewsCount = 0) => ({
  id,
  title: `فيديو ${id}`,
  description: null,
  youtubeId: "dQw4w9WgXcQ",
  viewsCount,
  createdAt: new Date(2026, 0, day),
  categoryName,
});
const image = (id: string, day: number, categoryName: string | null) => ({
  id,
  title: `صورة ${id}`,
  description: null,
  imageUrl: `/uploads/gallery/${id}.webp`,
  createdAt: new Date(2026, 0, day),
  categoryName,
});

const items = toGalleryItems(
  [video("v1", 3, "فعاليات", 120), video("v2", 1, null, 30)],
  [image("i1", 2, "برامج"), image("i2", 4, "فعاليات"), image("i3", 5, "  ")],
);

describe("toGalleryItems", () => {
  test("merges videos and images, newest first, with 'عام' for a missing category", () => {
    expect(items.map((item) => item.id)).toEqual(["i3", "i2", "v1", "i1", "v2"]);
    expect(items.find((item) => item.id === "v2")?.category).toBe("عام");
    expect(items.find((item) => item.id === "i3")?.category).toBe("عام");
  });
});

describe("filters", () => {
  test("count the items each filter shows", () => {
    expect(filterCounts(items)).toEqual({ all: 5, videos: 2, images: 3, events: 2, programs: 1 });
    expect(filterCounts([])).toEqual({ all: 0, videos: 0, images: 0, events: 0, programs: 0 });
  });

  test("events and programs go by category name, whatever the type", () => {
    const ids = (filter: Parameters<typeof matchesFilter>[1]) =>
      items.filter((item: GalleryItem) => matchesFilter(item, filter)).map((item) => item.id);
    expect(ids("events")).toEqual(["i2", "v1"]);
    expect(ids("programs")).toEqual(["i1"]);
    expect(ids("videos")).toEqual(["v1", "v2"]);
  });

  test("an unknown ?type= value means all", () => {
    expect(parseGalleryFilter("videos")).toBe("videos");
    expect(parseGalleryFilter("programs")).toBe("programs");
    expect(parseGalleryFilter(null)).toBe("all");
    expect(parseGalleryFilter("<script>")).toBe("all");
  });
});

describe("galleryStats", () => {
  test("counts media and sums the videos' views", () => {
    expect(galleryStats(items)).toEqual({ total: 5, videos: 2, images: 3, views: 150 });
    expect(galleryStats([])).toEqual({ total: 0, videos: 0, images: 0, views: 0 });
  });
});

describe("YouTube", () => {
  test("accepts only 11-character ids and embeds them without cookies", () => {
    expect(isYoutubeId("dQw4w9WgXcQ")).toBe(true);
    expect(isYoutubeId("https://youtu.be/dQw4w9WgXcQ")).toBe(false);
    expect(isYoutubeId("short")).toBe(false);
    expect(youtubeEmbedUrl("dQw4w9WgXcQ")).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0",
    );
  });
});
