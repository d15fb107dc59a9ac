import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, expect, test } from "vitest";
import { SETTING_DEFAULTS } from "~/models/site-settings.server";
import { db } from "~/utils/db.server";
import { pageContent, posts, siteSettings } from "../../database/schema";
import { createRealtimeHub } from "../../server/realtime";
import { STOPPING_MESSAGE } from "../../server/shutdown-guard.js";

const hub = createRealtimeHub();
const app = express().get("/realtime", hub.handle);
const server = app.listen(0);
const port = (server.address() as AddressInfo).port;

afterAll(async () => {
  await hub.close();
  server.close();
});

/** Reads the SSE stream until `count` data events arrived. */
async function readEvents(response: Response, count: number) {
  if (!response.body) throw new Error("no stream");
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const events: unknown[] = [];
  let buffer = "";
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end !== -1) {
      const chunk = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = chunk.split("\n").find((line) => line.startsWith("data: "));
      if (data) events.push(JSON.parse(data.slice(6)));
      end = buffer.indexOf("\n\n");
    }
  }
  await reader.cancel();
  return events;
}

test("a change to a content table reaches an open /realtime stream", async () => {
  await hub.ready;
  const response = await fetch(`http://127.0.0.1:${port}/realtime`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  const received = readEvents(response, 2);
  await db
    .insert(pageContent)
    .values({ pagePath: "/", contentKey: "hero-title", contentValue: "عنوان جديد" });
  await db.insert(siteSettings).values({ key: "contact_info", value: { phone: "0500000000" } });
  expect(await received).toEqual([
    // A signed-out stream hears what changed, never which row (docs/decisions/016); page texts
    // and public settings come with their new value (docs/decisions/026).
    {
      table: "page_content",
      page_path: "/",
      key: "hero-title",
      block: { value: "عنوان جديد", type: "text", updatedAt: expect.any(String) },
    },
    {
      table: "site_settings",
      key: "contact_info",
      value: { ...SETTING_DEFAULTS.contact_info, phone: "0500000000" },
    },
  ]);
});

test("a visit that only counts a view is not broadcast", async () => {
  const [post] = await db
    .insert(posts)
    .values({
      title: "خبر",
      content: "نص",
      slug: "khabar",
      status: "published",
      publishedAt: new Date(),
    })
    .returning();
  await new Promise((resolve) => setTimeout(resolve, 100)); // let the INSERT's event pass first
  const response = await fetch(`http://127.0.0.1:${port}/realtime`);
  const received = readEvents(response, 1);
  await db.update(posts).set({ viewsCount: 5 }).where(eq(posts.id, post.id));
  await db.update(posts).set({ title: "خبر محدث" }).where(eq(posts.id, post.id));
  expect(await received).toEqual([{ table: "posts" }]);
});

test("a stopping process ends its streams and sends new ones elsewhere with 503", async () => {
  const stopping = createRealtimeHub();
  const own = express().get("/realtime", stopping.handle).listen(0);
  try {
    await stopping.ready;
    const url = `http://127.0.0.1:${(own.address() as AddressInfo).port}/realtime`;
    const open = await fetch(url);
    expect(open.status).toBe(200);
    stopping.drain();
    // The stream ends: the page's EventSource reconnects (through nginx, to another process).
    expect(await open.text()).toContain(": connected");
    expect(stopping.size).toBe(0);
    const refused = await fetch(url);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("2");
    expect(await refused.text()).toBe(STOPPING_MESSAGE);
  } finally {
    await stopping.close();
    own.close();
  }
});
