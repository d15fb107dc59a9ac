import { expect, test } from "vitest";
import { listGalleryImages } from "~/models/images.server";
import { listPublishedPosts } from "~/models/posts.server";
import { listPublishedVideos } from "~/models/videos.server";
import { seedDemoContent } from "../../database/seed";

test("the demo seed fills every public list once, and keeps its draft private", async () => {
  await seedDemoContent();
  await seedDemoContent();
  const posts = await listPublishedPosts();
  expect(posts.map((post) => post.slug)).not.toContain("ramadan-activities-draft");
  expect(posts).toHaveLength(4);
  expect(posts.filter((post) => post.featuredImage)).toHaveLength(3);
  expect(await listPublishedVideos()).toHaveLength(2);
  const images = await listGalleryImages();
  expect(images).toHaveLength(2);
  expect(images[0].imageUrl).toMatch(/^\/uploads\/gallery\/.+\.webp$/);
});
