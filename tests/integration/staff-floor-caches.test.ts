import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import { getDashboardStats, getRecentActivity } from "~/models/dashboard.server";
import { announceStoredFilesChanged } from "~/models/stored-files.server";
import type { ChangeEvent } from "~/shared/live-event";
import { db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { enableReadCache, forgetReads } from "~/utils/read-cache.server";
import {
  announceFileChanges,
  createLocalStorage,
  getStorage,
  STORED_FILES,
  storageUsage,
} from "~/utils/storage.server";
import { posts } from "../../database/schema";
import { createRealtimeHub } from "../../server/realtime";
import { createUser } from "../support/accounts";
import { readingUntil } from "../support/read-until";
import { openEventStream } from "../support/sse";

// The staff home's figures are kept in this process, as the server keeps them once its hub
// listens (server/app.ts), so a staff page costs the same whatever the site holds
// (docs/decisions/081). A change made here or by ANOTHER process (a file stored through another
// storage object and announced, a row written straight to the database) shows at the next view.

const contentChanges: ChangeEvent[] = [];
let filesAnnounced = 0;
const hub = createRealtimeHub({
  onChange: (event) => {
    if (event) contentChanges.push(event);
    forgetReads(event);
  },
  onFilesChanged: () => {
    filesAnnounced++;
    forgetReads({ table: STORED_FILES });
  },
});
const server = express().get("/realtime", hub.handle).listen(0, "127.0.0.1");
let base = "";

beforeAll(async () => {
  if (!server.listening) await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await hub.ready;
  enableReadCache();
  announceFileChanges(announceStoredFilesChanged);
});

afterAll(async () => {
  await hub.close();
  server.close();
});

/** Reads until a change shows, for at most 500 ms. */
const within500ms = readingUntil(500);

test("the storage usage follows an upload and a delete here at once", async () => {
  const announced = filesAnnounced;
  const before = await storageUsage();
  await getStorage().put("posts/usage-here.webp", Buffer.alloc(1234), "image/webp");
  expect(await storageUsage()).toEqual({ files: before.files + 1, bytes: before.bytes + 1234 });
  await getStorage().remove("posts/usage-here.webp");
  expect(await storageUsage()).toEqual(before);
  // Both announcements come back through LISTEN: one arriving late, in the next test, would
  // clear the figure that test expects to be kept (seen on a loaded machine with PostgreSQL).
  for (let waited = 0; filesAnnounced < announced + 2 && waited < 10_000; waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(filesAnnounced).toBe(announced + 2);
});

test("a file stored or removed by another process shows once it is announced, not before", async () => {
  // Another process's storage: the same folder, written without this process knowing.
  const elsewhere = createLocalStorage(path.join(getEnv().DATA_DIR, "uploads"));
  const before = await storageUsage();
  const announced = filesAnnounced;
  await elsewhere.put("documents/usage-elsewhere.pdf", Buffer.alloc(5000), "application/pdf");
  // Kept: the figure is not counted again on each view (that walk is what this saves).
  expect(await storageUsage()).toEqual(before);
  await announceStoredFilesChanged("put");
  const after = await within500ms(storageUsage, (usage) => usage.files === before.files + 1);
  expect(after).toEqual({ files: before.files + 1, bytes: before.bytes + 5000 });
  expect(filesAnnounced).toBeGreaterThan(announced);

  await elsewhere.remove("documents/usage-elsewhere.pdf");
  await announceStoredFilesChanged("remove");
  expect(await within500ms(storageUsage, (usage) => usage.files === before.files)).toEqual(before);
  // The announcement is the server's business alone: no change event for pages.
  expect(contentChanges.map((event) => event.table)).not.toContain(STORED_FILES);
});

test("the announcement never reaches a browser", async () => {
  const stream = await openEventStream(`${base}/realtime`);
  try {
    await announceStoredFilesChanged("put");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(JSON.stringify(stream.events)).not.toContain(STORED_FILES);
  } finally {
    await stream.close();
  }
});

test("the home's content figures follow a post written by another process", async () => {
  const admin = await createUser("admin");
  const before = await getDashboardStats(admin);
  const [post] = await db
    .insert(posts)
    .values({
      title: "خبر من عملية أخرى",
      slug: `from-elsewhere-${Date.now()}`,
      content: "<p>نص</p>",
      status: "draft",
      authorId: admin.id,
    })
    .returning();
  const after = await within500ms(
    () => getDashboardStats(admin),
    (stats) => stats.posts.total === before.posts.total + 1,
  );
  expect(after.posts.total).toBe(before.posts.total + 1);
  expect(after.posts.draft).toBe(before.posts.draft + 1);
  const activity = await within500ms(
    () => getRecentActivity(admin, 5),
    (items) => items[0]?.id === post.id,
  );
  expect(activity[0]).toMatchObject({ id: post.id, kind: "post", title: "خبر من عملية أخرى" });

  await db.delete(posts).where(eq(posts.id, post.id));
  const removed = await within500ms(
    () => getDashboardStats(admin),
    (stats) => stats.posts.total === before.posts.total,
  );
  expect(removed.posts).toEqual(before.posts);
});

test("the home's figures are read once, not at each view (a visit's views are not announced)", async () => {
  const admin = await createUser("admin");
  const [post] = await db
    .insert(posts)
    .values({
      title: "خبر يُقرأ",
      slug: `read-often-${Date.now()}`,
      content: "<p>نص</p>",
      status: "draft",
      authorId: admin.id,
    })
    .returning();
  const first = await within500ms(
    () => getDashboardStats(admin),
    (stats) => stats.posts.draft > 0 && stats.posts.total > 0,
  );
  // A visit only adds to views_count, which is not announced (migration 0003): the kept figure
  // stays as it was read, however often the home is viewed.
  await db
    .update(posts)
    .set({ viewsCount: sql`${posts.viewsCount} + 7` })
    .where(eq(posts.id, post.id));
  await new Promise((resolve) => setTimeout(resolve, 100));
  for (let i = 0; i < 3; i++)
    expect((await getDashboardStats(admin)).posts.views).toBe(first.posts.views);
  await db.delete(posts).where(eq(posts.id, post.id));
});
