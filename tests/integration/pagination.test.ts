import { beforeAll, expect, test } from "vitest";
import { loader as staffPostsLoader } from "~/routes/admin/posts/list";
import { loader as newsLoader } from "~/routes/site/news";
import { db } from "~/utils/db.server";
import { categories, posts } from "../../database/schema";
import { createUser, requestAs, type TestUser } from "../support/accounts";
import { load } from "../support/route-calls";

let editor: TestUser;
let viewer: TestUser;
const DAY = 24 * 60 * 60 * 1000;
const start = Date.parse("2026-01-01T08:00:00Z");
/** Post n was published n days after New Year: the highest n is the newest. */
const slugOf = (n: number) => `post-${String(n).padStart(3, "0")}`;

beforeAll(async () => {
  editor = await createUser("editor", "محرر الصفحات");
  viewer = await createUser("viewer", "زائر");
  const [health] = await db.insert(categories).values({ name: "صحة", slug: "health" }).returning();
  await db.insert(posts).values(
    Array.from({ length: 45 }, (_, i) => ({
      title: `خبر رقم ${i}`,
      slug: slugOf(i),
      content: `نص الخبر رقم ${i}`,
      status: i === 44 ? ("draft" as const) : ("published" as const),
      publishedAt: i === 44 ? null : new Date(start + i * DAY),
      createdAt: new Date(start + i * DAY),
      categoryId: i % 3 === 0 ? (health?.id ?? null) : null,
      featuredImage: i % 10 === 0 ? `/uploads/posts/${i}.webp` : null,
    })),
  );
});

test("the news list comes 20 at a time, newest first, with links to the older and newer pages", async () => {
  const first = await load(newsLoader, requestAs(null, "/media/news"));
  expect(first.list.map((card) => card.slug)).toEqual(
    Array.from({ length: 20 }, (_, i) => slugOf(43 - i)),
  );
  expect(first).toMatchObject({ page: 1, hasMore: true });

  const third = await load(newsLoader, requestAs(null, "/media/news?page=3"));
  expect(third.list.map((card) => card.slug)).toEqual([slugOf(3), slugOf(2), slugOf(1), slugOf(0)]);
  expect(third).toMatchObject({ page: 3, hasMore: false });

  // The draft is on no page; a page past the end is empty, a bad page number is page 1.
  expect((await load(newsLoader, requestAs(null, "/media/news?page=4"))).list).toEqual([]);
  expect((await load(newsLoader, requestAs(null, "/media/news?page=abc"))).page).toBe(1);
  const all = [first, await load(newsLoader, requestAs(null, "/media/news?page=2")), third].flatMap(
    (p) => p.list,
  );
  expect(all).toHaveLength(44);
  expect(all.map((card) => card.slug)).not.toContain(slugOf(44));
});

test("the chips and the featured block stay whole whatever the page; a chip pages its own posts", async () => {
  const page = await load(newsLoader, requestAs(null, "/media/news?page=2"));
  // Ordered by each chip's newest post (post 43 has no category, 42 is on health).
  expect(page.chips).toEqual(["جميع الأخبار", "عام", "صحة"]);
  expect(page.featured.map((card) => card.slug)).toEqual([40, 30, 20, 10, 0].map(slugOf));

  const health = await load(
    newsLoader,
    requestAs(null, `/media/news?category=${encodeURIComponent("صحة")}`),
  );
  expect(health.list.map((card) => card.slug)).toEqual(
    [42, 39, 36, 33, 30, 27, 24, 21, 18, 15, 12, 9, 6, 3, 0].map(slugOf),
  );
  expect(health.hasMore).toBe(false);
  const general = await load(
    newsLoader,
    requestAs(null, `/media/news?category=${encodeURIComponent("عام")}`),
  );
  expect(general.list.every((card) => card.category === "عام")).toBe(true);
  expect(general).toMatchObject({ hasMore: true });
});

test("the staff posts list comes 20 at a time, drafts included, and only for staff", async () => {
  await db.insert(posts).values(
    Array.from({ length: 10 }, (_, i) => ({
      title: `مسودة ${i}`,
      slug: slugOf(100 + i),
      content: "مسودة",
      createdAt: new Date(start + (100 + i) * DAY),
    })),
  );
  // 55 posts, newest created first: 109…100, then 44…0.
  const first = await load(staffPostsLoader, requestAs(editor, "/admin/dashboard/posts"));
  expect(first.posts).toHaveLength(20);
  expect(first.posts[0]?.slug).toBe(slugOf(109));
  expect(first).toMatchObject({ page: 1, hasMore: true });
  const third = await load(staffPostsLoader, requestAs(editor, "/admin/dashboard/posts?page=3"));
  expect(third.posts.map((post) => post.slug)).toEqual(
    Array.from({ length: 15 }, (_, i) => slugOf(14 - i)),
  );
  expect(third).toMatchObject({ page: 3, hasMore: false });

  await expect(
    load(staffPostsLoader, requestAs(viewer, "/admin/dashboard/posts")),
  ).rejects.toMatchObject({
    status: 403,
  });
});
