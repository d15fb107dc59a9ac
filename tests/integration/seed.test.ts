import { expect, test } from "vitest";
import { listGalleryPage } from "~/models/gallery.server";
import { listPublishedPosts } from "~/models/posts.server";
import { seedDemoContent } from "../../scripts/seed";

test("the demo seed fills every public list once, and keeps its draft private", async () => {
  await seedDemoContent();
  await seedDemoContent();
  const posts = await listPublishedPosts();
  expect(posts.map((post) => post.slug)).not.toContain("ramadan-activities-draft");
  expect(posts).toHaveLength(4);
  expect(posts.filter((post) => post.featuredImage)).toHaveLength(3);
  expect((await listGalleryPage({ filter: "videos", page: 1 })).total).toBe(2);
  const images = (await listGalleryPage({ filter: "images", page: 1 })).items;
  expect(images).toHaveLength(2);
  expect(images[0].imageUrl).toMatch(/^\/uploads\/gallery\/.+\.webp$/);
});
