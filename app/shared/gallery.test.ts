import { describe, expect, test } from "vitest";
import {
  filterCounts,
  filterScope,
  type GalleryTally,
  galleryStats,
  isYoutubeId,
  parseGalleryFilter,
  toGalleryItem,
  youtubeEmbedUrl,
} from "./gallery";

const tallies: GalleryTally[] = [
  { type: "video", categoryName: "فعاليات", count: 1, views: 120 },
  { type: "video", categoryName: null, count: 1, views: 30 },
  { type: "image", categoryName: "برامج", count: 1, views: 0 },
  { type: "image", categoryName: "فعاليات", count: 1, views: 0 },
  { type: "image", categoryName: "  ", count: 1, views: 0 },
];

describe("toGalleryItem", () => {
  test("shows a row as a video or an image card, with 'عام' for a missing category", () => {
    const row = {
      id: "v2",
      title: "فيديو",
      description: null,
      categoryName: "  ",
      createdAt: new Date(2026, 0, 1),
      youtubeId: "dQw4w9WgXcQ",
      views: 30,
      imageUrl: null,
    };
    expect(toGalleryItem({ ...row, type: "video" })).toMatchObject({
      type: "video",
      category: "عام",
      youtubeId: "dQw4w9WgXcQ",
      views: 30,
    });
    const image = toGalleryItem({ ...row, type: "image", imageUrl: "/uploads/gallery/a.webp" });
    expect(image).toMatchObject({ type: "image", imageUrl: "/uploads/gallery/a.webp" });
    expect(image).not.toHaveProperty("views");
  });
});

describe("filters", () => {
  test("count the items each filter shows", () => {
    expect(filterCounts(tallies)).toEqual({ all: 5, videos: 2, images: 3, events: 2, programs: 1 });
    expect(filterCounts([])).toEqual({ all: 0, videos: 0, images: 0, events: 0, programs: 0 });
  });

  test("events and programs go by category name, whatever the type", () => {
    expect(filterScope("events")).toEqual({ category: "فعاليات" });
    expect(filterScope("programs")).toEqual({ category: "برامج" });
    expect(filterScope("videos")).toEqual({ type: "video" });
    expect(filterScope("all")).toEqual({});
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
    expect(galleryStats(tallies)).toEqual({ total: 5, videos: 2, images: 3, views: 150 });
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
