import { expect, test } from "vitest";
import { listPublishedEventsPage } from "~/models/events.server";
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

test("the demo seed adds two coming events and a past one, once (docs/decisions/052)", async () => {
  await seedDemoContent();
  await seedDemoContent();
  const { items } = await listPublishedEventsPage(1);
  expect(items.map((event) => [event.slug, event.upcoming])).toEqual([
    ["multaqa-al-ajyal", true],
    ["health-day-khobar", true],
    ["eid-visits", false],
  ]);
  expect(items[0].imageUrl).toMatch(/^\/uploads\/events\/.+\.webp$/);
});
