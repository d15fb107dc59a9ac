import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createPost } from "~/models/posts.server";
import { db } from "~/utils/db.server";
import { posts } from "../../database/schema";
import { createPageCache } from "../../server/page-cache";
import { createPostViewCounter, postViewed, viewOfNodeRequest } from "../../server/post-views";
import { trustProxySetting } from "../../server/trust-proxy";
import { createUser } from "../support/accounts";

/*
 * Post views are counted before the page cache answers: the host's order (server/app.ts) with
 * the real cache and the real database; only the React render is a stand-in page.
 */
const app = express();
app.set("trust proxy", "loopback");
app.use((_req, res, next) => {
  res.locals.cspNonce = "nonce";
  next();
});
app.use(createPostViewCounter());
const cache = createPageCache({
  secret: "post-views-test-secret-0123456789abcdef",
  listsAt: () => [],
});
app.use(cache.middleware);
app.get("/{*path}", (_req, res) => {
  res.type("html").send("<p>الخبر</p>");
});
const server = app.listen(0, "127.0.0.1");
afterAll(() => server.close());

const CHROME = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36";

function open(path: string, { from = "203.0.113.1", userAgent = CHROME } = {}) {
  const { port } = server.address() as AddressInfo;
  return fetch(`http://127.0.0.1:${port}${path}`, {
    headers: { accept: "text/html", "user-agent": userAgent, "x-forwarded-for": from },
  });
}

const viewsOf = async (slug: string) =>
  (await db.select({ views: posts.viewsCount }).from(posts).where(eq(posts.slug, slug)))[0]?.views;
/** Counting runs beside the response: wait until it has landed. */
const settled = async (slug: string, expected: number) =>
  expect.poll(() => viewsOf(slug), { timeout: 5000 }).toBe(expected);

beforeAll(async () => {
  const editor = await createUser("editor");
  for (const [slug, status] of [
    ["popular", "published"],
    ["draft-views", "draft"],
  ] as const) {
    await createPost(editor, {
      title: slug,
      slug,
      excerpt: null,
      content: "نص",
      categoryId: null,
      status,
    });
  }
});

test("five readers through the cache are five views; one reader is one an hour", async () => {
  for (const reader of [1, 2, 3, 4, 5]) {
    const response = await open("/media/news/popular", { from: `203.0.113.${reader}` });
    expect(response.status).toBe(200);
    if (reader > 1) expect(response.headers.get("x-cache")).toBe("HIT");
  }
  await settled("popular", 5);

  // The same reader again, by document and by data request: still five.
  await open("/media/news/popular", { from: "203.0.113.1" });
  await open("/media/news/popular.data", { from: "203.0.113.1" });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await viewsOf("popular")).toBe(5);
});

test("robots, drafts and live-update revalidations are not views", async () => {
  await open("/media/news/popular", { from: "198.51.100.7", userAgent: "Googlebot/2.1" });
  await open("/media/news/draft-views", { from: "198.51.100.8" });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await viewsOf("popular")).toBe(5);
  expect(await viewsOf("draft-views")).toBe(0);

  const get = (url: string) => postViewed({ method: "GET", url });
  expect(get("/media/news/popular.data?_routes=root%2Croutes%2Fsite%2Flayout")).toBeNull();
  expect(get("/media/news/popular.data?_routes=root,routes/site/news-post")).toBe("popular");
  expect(get("/media/news/popular.data")).toBe("popular");
  expect(get("/media/news/%D8%AE%D8%A8%D8%B1?utm_source=x")).toBe("خبر");
  expect(get("/media/news/%E0%A4%A")).toBeNull();
  expect(postViewed({ method: "POST", url: "/media/news/popular" })).toBeNull();
  expect(get("/media/news")).toBeNull();
  expect(get("/media/newsletter/popular")).toBeNull();
});

test("the fast path reads a request's address, method and browser as Express does", async () => {
  for (const [setting, forwardedFor] of [
    [undefined, "203.0.113.7"],
    ["1", "198.51.100.1, 203.0.113.7"],
    ["2", "198.51.100.1, 203.0.113.7"],
    ["10.0.0.0/8", "203.0.113.7"],
  ] as const) {
    const proxied = express();
    proxied.set("trust proxy", trustProxySetting(setting));
    proxied.get("/{*path}", (req, res) => {
      const fromNode = viewOfNodeRequest(req, proxied.get("trust proxy fn"));
      res.json({
        same: fromNode.ip === req.ip && fromNode.url === req.originalUrl,
        ...fromNode,
      });
    });
    const listening = proxied.listen(0, "127.0.0.1");
    await new Promise((resolve) => listening.once("listening", resolve));
    try {
      const { port } = listening.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/media/news/popular?x=1`, {
        headers: { "x-forwarded-for": forwardedFor, "user-agent": CHROME },
      }).then((response) => response.json());
      expect(answer).toMatchObject({
        same: true,
        method: "GET",
        url: "/media/news/popular?x=1",
        userAgent: CHROME,
      });
    } finally {
      listening.close();
    }
  }
});
