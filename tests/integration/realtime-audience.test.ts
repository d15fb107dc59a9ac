import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { createPublicChangeFilter, PUBLIC_ROWS } from "~/models/change-visibility.server";
import { announceDuePosts } from "~/models/scheduled-posts.server";
import { SETTING_DEFAULTS } from "~/models/site-settings.server";
import { CONTENT_TYPES, type ContentTypeName } from "~/shared/content-types";
import { now, setClockOffset } from "~/utils/clock.server";
import { db } from "~/utils/db.server";
import {
  images,
  newsletterSubscribers,
  pageContent,
  posts,
  siteSettings,
  surveyResponses,
  videos,
  volunteers,
} from "../../database/schema";
import { createRealtimeHub } from "../../server/realtime";
import { createUser } from "../support/accounts";
import { type EventStream, openEventStream } from "../support/sse";

// Signed-out visitors and viewers hear only what public pages show; editors and admins hear
// every change, drafts included (docs/decisions/016-resilient-realtime.md).

const hub = createRealtimeHub();
const server = express().get("/realtime", hub.handle).listen(0, "127.0.0.1");
const url = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/realtime`;

let streams: { visitor: EventStream; viewer: EventStream; editor: EventStream };

beforeAll(async () => {
  await hub.ready;
  const [editor, viewer] = await Promise.all([createUser("editor"), createUser("viewer")]);
  const [visitorStream, viewerStream, editorStream] = await Promise.all([
    openEventStream(url()),
    openEventStream(url(), { cookie: viewer.cookie }),
    openEventStream(url(), { cookie: editor.cookie }),
  ]);
  streams = { visitor: visitorStream, viewer: viewerStream, editor: editorStream };
});

afterEach(() => setClockOffset(0));

afterAll(async () => {
  await Promise.all(Object.values(streams ?? {}).map((stream) => stream.close()));
  await hub.close();
  server.close();
});

let sentinels = 0;

/**
 * What each stream hears of `change`. A text of a page of its own follows it: events reach a
 * stream in the order they happened, so once a stream has heard that one, it heard all it will.
 */
async function heardOf(change: () => Promise<unknown>) {
  const starts = Object.values(streams).map((stream) => stream.events.length);
  await change();
  const sentinelPath = `/sentinel-${++sentinels}`;
  await db
    .insert(pageContent)
    .values({ pagePath: sentinelPath, contentKey: "mark", contentValue: "." });
  const heard = await Promise.all(
    Object.values(streams).map(async (stream, index) => {
      const sentinel = await stream.waitFor(
        (event) => (event.data as { page_path?: string }).page_path === sentinelPath,
        { from: starts[index] },
      );
      return stream.events
        .slice(starts[index], stream.events.indexOf(sentinel))
        .map((event) => event.data);
    }),
  );
  const [visitor, viewer, editor] = heard;
  return { visitor, viewer, editor };
}

const publishedPost = (slug: string) => ({
  title: "خبر منشور",
  content: "نص",
  slug,
  status: "published" as const,
  publishedAt: new Date(),
});

/** A page text as the event brings it: the stored value, sanitized, with its version. */
const block = (value: string, type = "text") => ({ value, type, updatedAt: expect.any(String) });

/**
 * Runs `change` and waits until staff hear its event for `key`. An event carries the value as
 * stored when it is sent (the newest one), so changes a test compares one by one are spaced so.
 */
async function heardByStaff(key: string, change: () => Promise<unknown>) {
  const from = streams.editor.events.length;
  await change();
  await streams.editor.waitFor((event) => (event.data as { key?: string }).key === key, { from });
}

test("a page text reaches everyone with its key and new value (pages apply it without a request)", async () => {
  const heard = await heardOf(async () => {
    await heardByStaff("intro", () =>
      db
        .insert(pageContent)
        .values({ pagePath: "/about", contentKey: "intro", contentValue: "من نحن" }),
    );
    // A rich text travels as stored, sanitized once on the server (no script reaches a page).
    await heardByStaff("story", () =>
      db.insert(pageContent).values({
        pagePath: "/about",
        contentKey: "story",
        contentType: "html",
        contentValue: "<p>قصتنا</p><script>alert(1)</script>",
      }),
    );
    await db.delete(pageContent).where(eq(pageContent.contentKey, "intro"));
  });
  expect(heard.visitor).toEqual([
    { table: "page_content", page_path: "/about", key: "intro", block: block("من نحن") },
    {
      table: "page_content",
      page_path: "/about",
      key: "story",
      block: block("<p>قصتنا</p>", "html"),
    },
    // Deleted: back to the built-in default.
    { table: "page_content", page_path: "/about", key: "intro", block: null },
  ]);
  expect(heard.viewer).toEqual(heard.visitor);
  expect(heard.editor).toEqual([
    {
      table: "page_content",
      op: "INSERT",
      key: "intro",
      page_path: "/about",
      block: block("من نحن"),
    },
    {
      table: "page_content",
      op: "INSERT",
      key: "story",
      page_path: "/about",
      block: block("<p>قصتنا</p>", "html"),
    },
    { table: "page_content", op: "DELETE", key: "intro", page_path: "/about", block: null },
  ]);
});

test("a public setting reaches the public with its value; other settings and image keys do not", async () => {
  const heard = await heardOf(async () => {
    await db.insert(siteSettings).values({ key: "contact_info", value: { phone: "0500000000" } });
    await db.insert(siteSettings).values({ key: "primary_admin", value: { email: "a@b.c" } });
    await db.insert(images).values({ title: "صورة", imageUrl: "/uploads/gallery/a.webp" });
  });
  const contact = { ...SETTING_DEFAULTS.contact_info, phone: "0500000000" };
  expect(heard.visitor).toEqual([
    { table: "site_settings", key: "contact_info", value: contact },
    { table: "images" },
  ]);
  expect(JSON.stringify(heard.visitor)).not.toContain("a@b.c");
  expect(heard.viewer).toEqual(heard.visitor);
  expect(heard.editor).toEqual([
    { table: "site_settings", op: "INSERT", key: "contact_info", value: contact },
    { table: "site_settings", op: "INSERT", key: "primary_admin" },
    { table: "images", op: "INSERT", key: expect.any(String) },
  ]);
});

test("a draft post's life is never heard by visitors or viewers, only by staff", async () => {
  let id = "";
  const heard = await heardOf(async () => {
    [{ id }] = await db
      .insert(posts)
      .values({ title: "مسودة سرية", content: "نص", slug: "secret-draft" })
      .returning({ id: posts.id });
    await db.update(posts).set({ title: "مسودة معدلة" }).where(eq(posts.id, id));
    await db.update(posts).set({ status: "archived" }).where(eq(posts.id, id));
    await db.delete(posts).where(eq(posts.id, id));
  });
  expect(heard.visitor).toEqual([]);
  expect(heard.viewer).toEqual([]);
  expect(heard.editor).toEqual([
    { table: "posts", op: "INSERT", key: id },
    { table: "posts", op: "UPDATE", key: id },
    { table: "posts", op: "UPDATE", key: id },
    { table: "posts", op: "DELETE", key: id },
  ]);
});

test("publishing, editing, unpublishing and deleting a post are heard, without its id", async () => {
  let draft = { id: "" };
  await heardOf(async () => {
    [draft] = await db
      .insert(posts)
      .values({ title: "قريباً", content: "نص", slug: "soon" })
      .returning({ id: posts.id });
  });
  const publish = await heardOf(() =>
    db
      .update(posts)
      .set({ status: "published", publishedAt: new Date() })
      .where(eq(posts.id, draft.id)),
  );
  expect(publish.visitor).toEqual([{ table: "posts" }]);
  expect(publish.viewer).toEqual([{ table: "posts" }]);

  const edit = await heardOf(() =>
    db.update(posts).set({ title: "عنوان جديد" }).where(eq(posts.id, draft.id)),
  );
  expect(edit.visitor).toEqual([{ table: "posts" }]);

  // Leaving the public list is news for the public pages too.
  const unpublish = await heardOf(() =>
    db.update(posts).set({ status: "draft", publishedAt: null }).where(eq(posts.id, draft.id)),
  );
  expect(unpublish.visitor).toEqual([{ table: "posts" }]);
  const editDraft = await heardOf(() =>
    db.update(posts).set({ title: "مسودة مرة أخرى" }).where(eq(posts.id, draft.id)),
  );
  expect(editDraft.visitor).toEqual([]);

  let published = { id: "" };
  const creation = await heardOf(async () => {
    [published] = await db
      .insert(posts)
      .values(publishedPost("to-delete"))
      .returning({ id: posts.id });
  });
  expect(creation.visitor).toEqual([{ table: "posts" }]);
  const removal = await heardOf(() => db.delete(posts).where(eq(posts.id, published.id)));
  expect(removal.visitor).toEqual([{ table: "posts" }]);
  expect(removal.editor).toEqual([{ table: "posts", op: "DELETE", key: published.id }]);
});

test("a scheduled post is not public before its time: nothing is heard until it is due, then once", async () => {
  const title = "خبر مجدول سري";
  let id = "";
  const scheduling = await heardOf(async () => {
    [{ id }] = await db
      .insert(posts)
      .values({
        title,
        content: "نص",
        slug: "scheduled-secret",
        status: "published",
        publishedAt: new Date(now().getTime() + 2 * 60_000),
      })
      .returning({ id: posts.id });
    await db
      .update(posts)
      .set({ title: `${title} معدل` })
      .where(eq(posts.id, id));
  });
  expect(scheduling.visitor).toEqual([]);
  expect(scheduling.viewer).toEqual([]);
  expect(scheduling.editor).toEqual([
    { table: "posts", op: "INSERT", key: id },
    { table: "posts", op: "UPDATE", key: id },
  ]);

  // Not yet due: the scheduler has nothing to say, and a fresh filter does not count it public.
  expect(await announceDuePosts(new Date(0), now())).toBe(0);
  const fresh = createPublicChangeFilter();
  await fresh.reload();
  expect(await fresh.toPublic({ table: "posts", op: "DELETE", key: id })).toBeNull();

  // Three minutes later by the app's clock: two processes announce it; the public hears it once.
  setClockOffset(3 * 60_000);
  const due = await heardOf(async () => {
    expect(await announceDuePosts(new Date(0), now())).toBe(1);
    expect(await announceDuePosts(new Date(0), now())).toBe(1);
  });
  expect(due.visitor).toEqual([{ table: "posts" }]);
  expect(due.viewer).toEqual([{ table: "posts" }]);
  expect(JSON.stringify(due.visitor)).not.toContain(id);
  expect(due.editor).toEqual([
    { table: "posts", op: "UPDATE", key: id, due: true },
    { table: "posts", op: "UPDATE", key: id, due: true },
  ]);

  // From then on it is an ordinary public post: an edit is heard as any other.
  const edit = await heardOf(() =>
    db.update(posts).set({ title: "خبر صار منشوراً" }).where(eq(posts.id, id)),
  );
  expect(edit.visitor).toEqual([{ table: "posts" }]);
});

test("a published post moved to a later time leaves the public lists, then is quiet", async () => {
  let id = "";
  await heardOf(async () => {
    [{ id }] = await db
      .insert(posts)
      .values(publishedPost("moved-later"))
      .returning({ id: posts.id });
  });
  const later = new Date(now().getTime() + 60 * 60_000);
  const moved = await heardOf(() =>
    db.update(posts).set({ publishedAt: later }).where(eq(posts.id, id)),
  );
  expect(moved.visitor).toEqual([{ table: "posts" }]);
  const edited = await heardOf(() =>
    db.update(posts).set({ title: "ما زال مجدولاً" }).where(eq(posts.id, id)),
  );
  expect(edited.visitor).toEqual([]);
});

test("a draft video is not heard by the public; a published one is", async () => {
  const draft = await heardOf(() =>
    db.insert(videos).values({ title: "فيديو مسودة", youtubeId: "dQw4w9WgXcQ" }),
  );
  expect(draft.visitor).toEqual([]);
  expect(draft.editor).toEqual([expect.objectContaining({ table: "videos", op: "INSERT" })]);

  const published = await heardOf(() =>
    db.insert(videos).values({ title: "فيديو", youtubeId: "dQw4w9WgXcQ", status: "published" }),
  );
  expect(published.visitor).toEqual([{ table: "videos" }]);
  expect(published.viewer).toEqual([{ table: "videos" }]);
});

test("volunteers, survey answers and subscribers reach an open staff inbox, never the public", async () => {
  const heard = await heardOf(async () => {
    await db.insert(volunteers).values({
      fullName: "متطوع",
      phone: "+966501234567",
      city: "dammam",
      interests: ["visits"],
      availability: ["weekends"],
    });
    await db.insert(surveyResponses).values({ audience: "visitors", answers: { overall: 5 } });
    await db
      .insert(newsletterSubscribers)
      .values({ email: "a@example.test", token: "t".repeat(32) });
  });
  expect(heard.visitor).toEqual([]);
  expect(heard.viewer).toEqual([]);
  expect(heard.editor.map((event) => (event as { table: string }).table)).toEqual([
    "volunteers",
    "survey_responses",
    "newsletter_subscribers",
  ]);
});

test("what the public hears of each content type follows its declaration (docs/decisions/063)", () => {
  for (const [name, type] of Object.entries(CONTENT_TYPES)) {
    const visibility = PUBLIC_ROWS[name as ContentTypeName];
    // A type without statuses has every row public; one with statuses has its model's predicate,
    // unless none of its public rows is on an open list (a campaign's archive is not live).
    if (type.statuses.length === 0) expect(visibility, name).toBe("every row");
    else expect(visibility, name).not.toBe("every row");
  }
});
