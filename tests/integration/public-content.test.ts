import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { listGalleryPage } from "~/models/gallery.server";
import { countPostViewBySlug, getPublishedPost, listPublishedPosts } from "~/models/posts.server";
import { loader as galleryLoader } from "~/routes/site/gallery";
import { loader as newsLoader } from "~/routes/site/news";
import { loader as newsPostLoader } from "~/routes/site/news-post";
import { db } from "~/utils/db.server";
import { categories, images, posts, videos } from "../../database/schema";
import { createUser, requestAs } from "../support/accounts";
import { call, load, statusOf } from "../support/route-calls";

const viewsOf = async (slug: string) =>
  (await db.select({ views: posts.viewsCount }).from(posts).where(eq(posts.slug, slug)))[0]?.views;

beforeAll(async () => {
  const author = await createUser("editor", "سارة المحررة");
  const [events, hidden] = await db
    .insert(categories)
    .values([
      { name: "فعاليات", slug: "events" },
      { name: "مسودات سرية", slug: "secret" },
    ])
    .returning();
  await db.insert(posts).values([
    {
      title: "اليوم العالمي لكبار السن",
      slug: "world-day",
      content: "احتفلت الجمعية باليوم العالمي لكبار السن.\n\nوشارك المتطوعون في الفعالية.",
      status: "published",
      publishedAt: new Date("2026-10-01T08:00:00Z"),
      categoryId: events.id,
      authorId: author.id,
      featuredImage: "/uploads/posts/world-day.webp",
    },
    {
      title: "زيارة منزلية",
      slug: "home-visit",
      content: "زار فريق الجمعية عدداً من كبار السن في منازلهم.",
      excerpt: "زيارات منزلية في الدمام",
      status: "published",
      publishedAt: new Date("2026-11-01T08:00:00Z"),
    },
    {
      title: "مسودة لم تنشر",
      slug: "draft-post",
      content: "نص لم يكتمل بعد",
      status: "draft",
      categoryId: hidden.id,
      featuredImage: "/uploads/posts/draft.webp",
    },
    {
      title: "خبر مؤرشف",
      slug: "archived-post",
      content: "خبر قديم سُحب من الموقع",
      status: "archived",
      categoryId: hidden.id,
      featuredImage: "/uploads/posts/archived.webp",
    },
  ]);
  await db.insert(videos).values([
    { title: "فيديو الفعالية", youtubeId: "dQw4w9WgXcQ", status: "published", viewsCount: 40 },
    { title: "فيديو مسودة", youtubeId: "aaaaaaaaaaa", status: "draft", viewsCount: 500 },
  ]);
  await db
    .insert(images)
    .values([
      { title: "صورة البرنامج", imageUrl: "/uploads/gallery/a.webp", categoryId: events.id },
    ]);
});

describe("published posts only", () => {
  test("listPublishedPosts gives the published posts, newest published first", async () => {
    expect((await listPublishedPosts()).map((post) => post.slug)).toEqual([
      "home-visit",
      "world-day",
    ]);
  });

  test("getPublishedPost finds a published post but never a draft or an archived one", async () => {
    expect((await getPublishedPost("world-day"))?.authorName).toBe("سارة المحررة");
    expect(await getPublishedPost("draft-post")).toBeNull();
    expect(await getPublishedPost("archived-post")).toBeNull();
  });

  test("the news page shows neither drafts nor archived posts, nor their categories", async () => {
    const page = await load(newsLoader, requestAs(null, "/media/news"));
    expect(page.list.map((card) => card.slug)).toEqual(["home-visit", "world-day"]);
    expect(page.featured.map((card) => card.slug)).toEqual(["world-day"]);
    expect(page.chips).toEqual(["جميع الأخبار", "عام", "فعاليات"]);
    expect(JSON.stringify(page)).not.toMatch(/draft-post|archived-post|مسودات سرية/);
  });

  test("the news page filters by the ?category= chip", async () => {
    const events = await load(
      newsLoader,
      requestAs(null, `/media/news?category=${encodeURIComponent("فعاليات")}`),
    );
    expect(events.selected).toBe("فعاليات");
    expect(events.list.map((card) => card.slug)).toEqual(["world-day"]);
    expect(events.featured).toHaveLength(1);

    const general = await load(
      newsLoader,
      requestAs(null, `/media/news?category=${encodeURIComponent("عام")}`),
    );
    expect(general.list.map((card) => card.slug)).toEqual(["home-visit"]);
    expect(general.list[0]).toMatchObject({ author: "مجهول", category: "عام" });
    expect(general.list[0]?.text).toBe("زيارات منزلية في الدمام");

    const hidden = await load(
      newsLoader,
      requestAs(null, `/media/news?category=${encodeURIComponent("مسودات سرية")}`),
    );
    expect(hidden.list).toEqual([]);
  });

  test("a draft's or an archived post's page answers 404; a published one renders", async () => {
    for (const slug of ["draft-post", "archived-post", "no-such-post"]) {
      const answer = await call(newsPostLoader, requestAs(null, `/media/news/${slug}`), { slug });
      expect(statusOf(answer)).toBe(404);
    }
    const page = await load(newsPostLoader, requestAs(null, "/media/news/world-day"), {
      slug: "world-day",
    });
    expect(page.post.title).toBe("اليوم العالمي لكبار السن");
    expect(page.parts).toEqual([
      {
        kind: "html",
        html: "<p>احتفلت الجمعية باليوم العالمي لكبار السن.</p><p>وشارك المتطوعون في الفعالية.</p>",
      },
    ]);
  });

  test("a view counts for a published post only, never a draft or an archived one", async () => {
    const before = await viewsOf("home-visit");
    await countPostViewBySlug("home-visit");
    expect(await viewsOf("home-visit")).toBe((before ?? 0) + 1);
    await countPostViewBySlug("draft-post");
    await countPostViewBySlug("archived-post");
    expect(await viewsOf("draft-post")).toBe(0);
    expect(await viewsOf("archived-post")).toBe(0);
  });
});

describe("the gallery", () => {
  test("shows published videos only, and every image", async () => {
    const videos = await listGalleryPage({ filter: "videos", page: 1 });
    expect(videos.items.map((video) => video.title)).toEqual(["فيديو الفعالية"]);
    expect((await listGalleryPage({ filter: "images", page: 1 })).total).toBe(1);

    const page = await load(galleryLoader, requestAs(null, "/media/gallery"));
    expect(page.items.map((item) => item.title).sort()).toEqual(
      ["صورة البرنامج", "فيديو الفعالية"].sort(),
    );
    expect(page.stats).toEqual({ total: 2, videos: 1, images: 1, views: 40 });
    expect(page.counts).toEqual({ all: 2, videos: 1, images: 1, events: 1, programs: 0 });
    expect(JSON.stringify(page)).not.toContain("فيديو مسودة");
  });

  test("filters by ?type=", async () => {
    const videosOnly = await load(galleryLoader, requestAs(null, "/media/gallery?type=videos"));
    expect(videosOnly.filter).toBe("videos");
    expect(videosOnly.items.map((item) => item.type)).toEqual(["video"]);
    const events = await load(galleryLoader, requestAs(null, "/media/gallery?type=events"));
    expect(events.items.map((item) => item.title)).toEqual(["صورة البرنامج"]);
  });
});
