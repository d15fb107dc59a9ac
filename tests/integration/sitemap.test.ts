import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { createEvent, type EventInput, toggleEventStatus } from "~/models/events.server";
import { createPost, togglePostStatus } from "~/models/posts.server";
import * as feedRoute from "~/routes/resources/news-feed";
import * as robotsRoute from "~/routes/resources/robots";
import * as sitemapRoute from "~/routes/resources/sitemap";
import * as sitemapPartRoute from "~/routes/resources/sitemap-part";
import {
  buildSitemapIndex,
  buildSitemapPart,
  SITEMAP_PART_SIZE,
  SITEMAP_SOURCES,
  type SitemapSource,
} from "~/services/sitemap.server";
import { db } from "~/utils/db.server";
import { events as eventRows, posts } from "../../database/schema";
import { createUser, type TestUser } from "../support/accounts";
import { type CachedRoutes, withCachedRoutes } from "../support/cached-routes";
import { load } from "../support/route-calls";
import { parseXml } from "../support/xml";

// The sitemap as a search engine reads it (docs/decisions/053): an index naming parts of at most
// 5,000 addresses, each part one window of one source; drafts and scheduled posts never listed.

const BASE = "http://localhost:3000";
const NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
/** Enough published posts for a second part. */
const PUBLISHED = SITEMAP_PART_SIZE + 3;
const DAY = 86_400_000;

let editor: TestUser;

beforeAll(async () => {
  editor = await createUser("editor", "محررة الخريطة");
  const now = Date.now();
  const rows = Array.from({ length: PUBLISHED }, (_, i) => ({
    title: `خبر الخريطة ${i + 1}`,
    slug: `map-post-${i + 1}`,
    content: "<p>نص</p>",
    status: "published" as const,
    publishedAt: new Date(now - (PUBLISHED - i) * DAY),
  }));
  for (let start = 0; start < rows.length; start += 1_000)
    await db.insert(posts).values(rows.slice(start, start + 1_000));
  await db.insert(posts).values([
    { title: "مسودة", slug: "map-draft", content: "<p>نص</p>", status: "draft" },
    {
      title: "مجدول",
      slug: "map-scheduled",
      content: "<p>نص</p>",
      status: "published",
      publishedAt: new Date(now + DAY),
    },
    { title: "مؤرشف", slug: "map-archived", content: "<p>نص</p>", status: "archived" },
  ]);
});

/** An event of the sitemap's tests, published unless told. */
const newEvent = (slug: string, status: EventInput["status"] = "published") => {
  const startsAt = new Date(Date.now() + 3 * DAY);
  return createEvent(editor, {
    title: `فعالية ${slug}`,
    slug,
    description: "<p>وصف</p>",
    startsAt,
    endsAt: new Date(startsAt.getTime() + 3_600_000),
    place: "الدمام",
    mapUrl: null,
    capacity: 20,
    registrationOpen: true,
    status,
  });
};

/** A route's answer as a robot gets it: status, type and parsed XML. */
async function fetchRoute(module: { loader: unknown }, path: string, params = {}) {
  const response = (await load(
    module.loader as Parameters<typeof load>[0],
    new Request(`${BASE}${path}`),
    params,
  )) as Response;
  return { response, text: await response.text() };
}

function parsed(text: string) {
  const document = parseXml(text);
  expect(document.getElementsByTagName("parsererror")).toHaveLength(0);
  expect(document.documentElement.namespaceURI).toBe(NS);
  return document;
}

const locsOf = (document: Document) =>
  [...document.getElementsByTagNameNS(NS, "loc")].map((loc) => loc.textContent ?? "");

async function readPart(part: string) {
  const { response, text } = await fetchRoute(sitemapPartRoute, `/sitemap/${part}`, { part });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
  const document = parsed(text);
  expect(document.documentElement.localName).toBe("urlset");
  return locsOf(document);
}

describe("the sitemap index and its parts", () => {
  test("the index names each part; each part holds at most 5,000 addresses of its source", async () => {
    const { response, text } = await fetchRoute(sitemapRoute, "/sitemap.xml");
    expect(response.status).toBe(200);
    const index = parsed(text);
    expect(index.documentElement.localName).toBe("sitemapindex");
    expect(locsOf(index)).toEqual([
      `${BASE}/sitemap/pages-1.xml`,
      `${BASE}/sitemap/posts-1.xml`,
      `${BASE}/sitemap/posts-2.xml`,
    ]);

    const pages = await readPart("pages-1.xml");
    expect(pages).toContain(`${BASE}/about`);
    expect(pages).toContain(`${BASE}/media/news`);

    const first = await readPart("posts-1.xml");
    const second = await readPart("posts-2.xml");
    expect(first).toHaveLength(SITEMAP_PART_SIZE);
    expect(second).toHaveLength(PUBLISHED - SITEMAP_PART_SIZE);
    // Oldest first: a new post lands in the last part; the parts neither overlap nor skip.
    expect(first[0]).toBe(`${BASE}/media/news/map-post-1`);
    expect(second.at(-1)).toBe(`${BASE}/media/news/map-post-${PUBLISHED}`);
    expect(new Set([...first, ...second]).size).toBe(PUBLISHED);
    const all = [...pages, ...first, ...second].join("\n");
    for (const hidden of ["map-draft", "map-scheduled", "map-archived"])
      expect(all).not.toContain(hidden);
  });

  test("a part past the last, an unknown source or a made-up name is 404, not an empty sitemap", async () => {
    for (const part of ["posts-3.xml", "posts-0.xml", "videos-1.xml", "posts-1", "../x.xml"]) {
      const { response, text } = await fetchRoute(sitemapPartRoute, `/sitemap/${part}`, { part });
      expect(response.status).toBe(404);
      expect(text).toBe("لا يوجد جزء بهذا الاسم في خريطة الموقع");
    }
  });

  test("published events are a part of their own, oldest first, paged like the others; drafts never", async () => {
    const created = Date.now() - 3_600_000;
    for (const [n, slug] of ["map-event-1", "map-event-2", "map-event-3"].entries()) {
      await newEvent(slug);
      // A minute apart: three made in the same moment would tie on created_at, and their random
      // ids would order them.
      await db
        .update(eventRows)
        .set({ createdAt: new Date(created + n * 60_000) })
        .where(eq(eventRows.slug, slug));
    }
    await newEvent("map-event-draft", "draft");
    const { text } = await fetchRoute(sitemapRoute, "/sitemap.xml");
    expect(locsOf(parsed(text))).toContain(`${BASE}/sitemap/events-1.xml`);
    const events = await readPart("events-1.xml");
    expect(events).toEqual([1, 2, 3].map((n) => `${BASE}/events/map-event-${n}`));

    // Windows of two: the third event is the second part; no third part.
    const parts = await Promise.all(
      ["events-1.xml", "events-2.xml", "events-3.xml"].map((part) =>
        buildSitemapPart(BASE, part, { partSize: 2 }),
      ),
    );
    expect(locsOf(parsed(parts[0] ?? ""))).toEqual(events.slice(0, 2));
    expect(locsOf(parsed(parts[1] ?? ""))).toEqual(events.slice(2));
    expect(parts[2]).toBeNull();
  });

  test("robots.txt points to the index", async () => {
    const { text } = await fetchRoute(robotsRoute, "/robots.txt");
    expect(text).toMatch(/^Sitemap: http:\/\/localhost:3000\/sitemap\.xml$/m);
  });

  test("a source is one entry: its name, its count and its reader", async () => {
    const extra: SitemapSource = {
      name: "extra",
      count: async () => 3,
      read: async ({ limit, offset }) =>
        ["/p/a", "/p/b", "/p/c"]
          .slice(offset, offset + limit)
          .map((path) => ({ path, lastmod: null })),
    };
    const index = parsed(
      await buildSitemapIndex(BASE, { sources: [...SITEMAP_SOURCES, extra], partSize: 2 }),
    );
    expect(locsOf(index).filter((loc) => loc.includes("extra"))).toEqual([
      `${BASE}/sitemap/extra-1.xml`,
      `${BASE}/sitemap/extra-2.xml`,
    ]);
  });
});

/** The cached routes as robots and feed readers ask them: not for HTML. */
const robotOf = (origin: string) => (path: string) =>
  fetch(`${origin}${path}`, { headers: { accept: "*/*" } });

/** Waits until the answer at `path` does (or does not) hold `text`. */
const eventually = (
  asRobot: (path: string) => Promise<Response>,
  path: string,
  text: string,
  holds = true,
) =>
  vi.waitFor(
    async () => {
      const body = await (await asRobot(path)).text();
      expect(body.includes(text)).toBe(holds);
    },
    { timeout: 5_000, interval: 50 },
  );

describe("feeds and sitemap in the page cache", () => {
  test("are stored for a robot or a feed reader, answered from the cache, and cleared with the news", async () => {
    const routes: CachedRoutes = {
      "/feed.xml": { module: feedRoute },
      "/atom.xml": { module: feedRoute },
      "/robots.txt": { module: robotsRoute },
      "/sitemap.xml": { module: sitemapRoute },
      "/sitemap/posts-2.xml": { module: sitemapPartRoute, params: { part: "posts-2.xml" } },
    };
    await withCachedRoutes(routes, async (origin, cache) => {
      const asRobot = robotOf(origin);
      for (const path of Object.keys(routes)) {
        expect((await asRobot(path)).headers.get("x-cache")).toBe("MISS");
        expect((await asRobot(path)).headers.get("x-cache")).toBe("HIT");
      }
      const rendersBefore = cache.renders;
      const { id } = await createPost(editor, {
        title: "خبر جديد للخريطة",
        slug: "map-new",
        excerpt: null,
        content: "<p>نص</p>",
        categoryId: null,
        status: "published",
      });
      // The post lands in the feeds and the sitemap's last part at once, not a minute later.
      for (const path of ["/feed.xml", "/atom.xml", "/sitemap/posts-2.xml"])
        await eventually(asRobot, path, "map-new");
      expect((await asRobot("/robots.txt")).headers.get("x-cache")).toBe("HIT");
      expect(cache.renders).toBeGreaterThan(rendersBefore);
      expect((await togglePostStatus(editor, id)).status).toBe("draft");
      await eventually(asRobot, "/sitemap/posts-2.xml", "map-new", false);
    });
  });

  test("the events' part is stored and cleared when an event is published or withdrawn", async () => {
    const routes: CachedRoutes = {
      "/sitemap.xml": { module: sitemapRoute },
      "/sitemap/events-1.xml": { module: sitemapPartRoute, params: { part: "events-1.xml" } },
    };
    await newEvent("map-cached-first");
    await withCachedRoutes(routes, async (origin) => {
      const asRobot = robotOf(origin);
      for (const path of Object.keys(routes)) {
        expect((await asRobot(path)).headers.get("x-cache")).toBe("MISS");
        expect((await asRobot(path)).headers.get("x-cache")).toBe("HIT");
      }
      const { id } = await newEvent("map-cached-new");
      await eventually(asRobot, "/sitemap/events-1.xml", "/events/map-cached-new");
      // Stored again once rendered with it.
      expect((await asRobot("/sitemap/events-1.xml")).headers.get("x-cache")).toBe("HIT");
      expect((await toggleEventStatus(editor, id)).status).toBe("draft");
      await eventually(asRobot, "/sitemap/events-1.xml", "/events/map-cached-new", false);
      await eventually(asRobot, "/sitemap/events-1.xml", "/events/map-cached-first");
    });
  });
});
