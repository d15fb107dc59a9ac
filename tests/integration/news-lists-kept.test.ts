import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import { listFeaturedPosts, listPublishedPostsPage } from "~/models/posts.server";
import { db } from "~/utils/db.server";
import { enableReadCache, forgetReads } from "~/utils/read-cache.server";
import { posts } from "../../database/schema";
import { createRealtimeHub } from "../../server/realtime";
import { createUser } from "../support/accounts";
import { readingUntil } from "../support/read-until";

// The news page's lists are kept in this process between changes of the posts, as the server
// keeps them once its hub listens (server/app.ts, docs/decisions/095): a render past the page
// cache (a signed-in reader's) does not ask the database again, and a post saved by ANY process
// shows at the next read.

const hub = createRealtimeHub({ onChange: (event) => forgetReads(event) });
const server = express().get("/realtime", hub.handle).listen(0, "127.0.0.1");

beforeAll(async () => {
  if (!server.listening) await new Promise((resolve) => server.once("listening", resolve));
  expect((server.address() as AddressInfo).port).toBeGreaterThan(0);
  await hub.ready;
  enableReadCache();
});

afterAll(async () => {
  await hub.close();
  server.close();
});

/** Reads until a change shows, for at most 2 s. */
const within2s = readingUntil(2_000);

const firstSlug = async () => (await listPublishedPostsPage({ page: 1 })).items[0]?.slug;

test("a page of the news is read once, and a post written by another process shows at once", async () => {
  const admin = await createUser("editor");
  const kept = await listPublishedPostsPage({ page: 1 });
  const featuredKept = await listFeaturedPosts();
  // Kept: the same answers, not read again.
  expect(await listPublishedPostsPage({ page: 1 })).toBe(kept);
  expect(await listFeaturedPosts()).toBe(featuredKept);

  const slug = `kept-news-${Date.now()}`;
  const [post] = await db
    .insert(posts)
    .values({
      title: "خبر من عملية أخرى",
      slug,
      content: "<p>نص الخبر</p>",
      contentText: "نص الخبر",
      status: "published",
      publishedAt: new Date(),
      authorId: admin.id,
      featuredImage: "/brand/association.svg",
    })
    .returning();
  expect(await within2s(firstSlug, (first) => first === slug)).toBe(slug);
  const featured = await within2s(listFeaturedPosts, (list) => list[0]?.slug === slug);
  expect(featured[0]).toMatchObject({ slug, title: "خبر من عملية أخرى" });

  // A reader's view only adds to views_count, which is not announced: the lists stay kept.
  const page = await listPublishedPostsPage({ page: 1 });
  await db
    .update(posts)
    .set({ viewsCount: sql`${posts.viewsCount} + 1` })
    .where(eq(posts.id, post.id));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await listPublishedPostsPage({ page: 1 })).toBe(page);

  // Unpublished by another process: gone from both lists at the next read.
  await db.update(posts).set({ status: "draft", publishedAt: null }).where(eq(posts.id, post.id));
  expect(await within2s(firstSlug, (first) => first !== slug)).not.toBe(slug);
  const after = await within2s(listFeaturedPosts, (list) => list[0]?.slug !== slug);
  expect(after.map((item) => item.slug)).not.toContain(slug);
});

test("each chip and page is kept on its own", async () => {
  const all = await listPublishedPostsPage({ page: 1 });
  const second = await listPublishedPostsPage({ page: 2 });
  const uncategorised = await listPublishedPostsPage({ chip: "عام", page: 1 });
  expect(second).not.toBe(all);
  expect(uncategorised).not.toBe(all);
  expect(second.page).toBe(2);
  expect(await listPublishedPostsPage({ chip: "عام", page: 1 })).toBe(uncategorised);
});
