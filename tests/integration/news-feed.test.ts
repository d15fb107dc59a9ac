import { isNotNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { createPost, FEED_SIZE, togglePostStatus } from "~/models/posts.server";
import * as feedRoute from "~/routes/resources/news-feed";
import * as sitemapPartRoute from "~/routes/resources/sitemap-part";
import { db } from "~/utils/db.server";
import { FEED_VIDEO_LINK_TEXT } from "~/utils/rich-text.server";
import { posts } from "../../database/schema";
import { createUser, type TestUser } from "../support/accounts";
import { type CachedRoutes, withCachedRoutes } from "../support/cached-routes";
import { load } from "../support/route-calls";
import { parseHtmlFragment, parseXml } from "../support/xml";
import { expectOnlyAllowedMarkup, XSS_CORPUS } from "../support/xss";

// The news feeds as a feed reader reads them (docs/decisions/037): titles and summaries are text
// (a reader shows them as typed, never as markup); the article's HTML is the page's sanitized HTML.

const BASE = "http://localhost:3000";
const CONTENT_NS = "http://purl.org/rss/1.0/modules/content/";

/** Text as the page shows it: markup-looking characters are characters. */
const asText = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Against the XML itself: a CDATA end, entities typed as text, a control character. */
const XML_BREAKERS = [`]]><script>alert(1)</script>`, `&lt;img src=x onerror=alert(7)&gt;`];
const PAYLOADS = [...XSS_CORPUS, ...XML_BREAKERS];

let editor: TestUser;
/** Each payload's post: its title and what its summary must read. */
const expected: { slug: string; payload: string; title: string; summaryStart: string }[] = [];

beforeAll(async () => {
  editor = await createUser("editor", "كاتبة الخلاصة");
  for (const [index, payload] of PAYLOADS.entries()) {
    const slug = `feed-xss-${index}`;
    const title = `خبر ${index}: ${payload}`;
    // Every other post has its own excerpt; the rest are summarised from their text.
    const excerpt = index % 2 ? `ملخص ${payload}` : null;
    await createPost(editor, {
      title,
      slug,
      excerpt,
      // The payload once as text (the page shows it escaped) and once as markup (sanitized).
      content: `<p>About HTML: ${asText(payload)}</p>${payload}`,
      categoryId: null,
      status: "published",
    });
    expected.push({ slug, payload, title, summaryStart: excerpt ?? `About HTML: ${payload}` });
  }
});

async function readFeed(path: "/feed.xml" | "/atom.xml") {
  const response = (await load(feedRoute.loader, new Request(`${BASE}${path}`))) as Response;
  expect(response.status).toBe(200);
  const document = parseXml(await response.text());
  expect(document.getElementsByTagName("parsererror")).toHaveLength(0);
  return { document, contentType: response.headers.get("content-type") };
}

/** The text an HTML string shows, after checking it holds no element at all. */
function textOfHtmlWithoutMarkup(html: string): string {
  const fragment = parseHtmlFragment(html);
  expect(fragment.querySelectorAll("*")).toHaveLength(0);
  return fragment.textContent ?? "";
}

/** An element that holds text only: no child element smuggled in. */
function textOf(element: Element | null | undefined): string {
  expect(element).toBeTruthy();
  expect(element?.children).toHaveLength(0);
  return element?.textContent ?? "";
}

/** An article's HTML holds only the allowlist; the paragraph about markup still says it, as text. */
function expectSanitized(html: string, payload: string) {
  const fragment = parseHtmlFragment(html);
  expectOnlyAllowedMarkup(fragment);
  expect(fragment.querySelector("p")?.textContent).toBe(`About HTML: ${payload}`);
}

const slugOf = (link: string | null | undefined) => link?.split("/").at(-1) ?? "";
/** The payload post an entry's link points at (undefined for the other tests' posts). */
const payloadPost = (link: string | null | undefined) =>
  expected.find((one) => one.slug === slugOf(link));
const alternateOf = (entry: Element) =>
  entry.querySelector("link:not([rel]), link[rel=alternate]")?.getAttribute("href");

/** The RSS item and the Atom entry of the post at `slug`. */
async function entriesOf(slug: string) {
  const rss = (await readFeed("/feed.xml")).document;
  const atom = (await readFeed("/atom.xml")).document;
  const item = [...rss.querySelectorAll("channel > item")].find(
    (one) => slugOf(one.querySelector("link")?.textContent) === slug,
  );
  const entry = [...atom.querySelectorAll("feed > entry")].find(
    (one) => slugOf(alternateOf(one)) === slug,
  );
  if (!item || !entry) throw new Error(`${slug} is not in both feeds`);
  return {
    item,
    entry,
    rssHtml: textOf(item.getElementsByTagNameNS(CONTENT_NS, "encoded")[0]),
    atomHtml: textOf(entry.querySelector("content")),
  };
}

describe("every payload of the XSS list through the feeds", () => {
  test("RSS: titles are text, descriptions are HTML that only shows text, content is sanitized", async () => {
    const { document, contentType } = await readFeed("/feed.xml");
    expect(contentType).toBe("application/rss+xml; charset=utf-8");
    const items = [...document.querySelectorAll("channel > item")];
    const found = items.map((item) => payloadPost(item.querySelector("link")?.textContent));
    expect(found.filter(Boolean)).toHaveLength(PAYLOADS.length);
    for (const [index, item] of items.entries()) {
      const post = found[index];
      if (!post) continue;
      expect(textOf(item.querySelector("title"))).toBe(post.title);
      // A reader renders <description> as HTML: it must show the summary as typed.
      const summary = textOfHtmlWithoutMarkup(textOf(item.querySelector("description")));
      expect(summary.startsWith(post.summaryStart)).toBe(true);
      expectSanitized(textOf(item.getElementsByTagNameNS(CONTENT_NS, "encoded")[0]), post.payload);
    }
  });

  test("Atom: titles and summaries are type=text, content is sanitized HTML", async () => {
    const { document, contentType } = await readFeed("/atom.xml");
    expect(contentType).toBe("application/atom+xml; charset=utf-8");
    const entries = [...document.querySelectorAll("feed > entry")];
    const found = entries.map((entry) => payloadPost(alternateOf(entry)));
    expect(found.filter(Boolean)).toHaveLength(PAYLOADS.length);
    for (const [index, entry] of entries.entries()) {
      const post = found[index];
      if (!post) continue;
      const title = entry.querySelector("title");
      expect(title?.getAttribute("type")).toBe("text");
      expect(textOf(title)).toBe(post.title);
      const summary = entry.querySelector("summary");
      expect(summary?.getAttribute("type")).toBe("text");
      expect(textOf(summary).startsWith(post.summaryStart)).toBe(true);
      const content = entry.querySelector("content");
      expect(content?.getAttribute("type")).toBe("html");
      expectSanitized(textOf(content), post.payload);
    }
  });
});

describe("the article in the feeds", () => {
  test("HTML stored past the sanitizer is sanitized again, as on the page", async () => {
    await db.insert(posts).values({
      title: "خبر قديم\u0007",
      slug: "feed-stored-dirty",
      content: `<p>مقدمة</p>${XSS_CORPUS.join("")}`,
      contentText: "مقدمة",
      status: "published",
      publishedAt: new Date(Date.now() - 60_000),
    });
    const { item, entry, rssHtml, atomHtml } = await entriesOf("feed-stored-dirty");
    for (const html of [rssHtml, atomHtml]) {
      const fragment = parseHtmlFragment(html);
      expectOnlyAllowedMarkup(fragment);
      expect(fragment.querySelector("p")?.textContent).toBe("مقدمة");
    }
    // A character XML cannot carry is left out, not a feed that no reader can open.
    expect(textOf(item.querySelector("title"))).toBe("خبر قديم");
    expect(textOf(entry.querySelector("title"))).toBe("خبر قديم");
  });

  test("our images and links are absolute, a video is a link to it", async () => {
    await createPost(editor, {
      title: "خبر بصورة وفيديو",
      slug: "feed-media",
      excerpt: null,
      content:
        '<figure><img src="/uploads/posts/1-a.webp" alt="وصف"><figcaption>تعليق</figcaption></figure>' +
        '<p><a href="/about">من نحن</a> و<a href="https://example.org/x">مصدر</a></p>' +
        '<div data-youtube-id="dQw4w9WgXcQ"></div>',
      categoryId: null,
      status: "published",
    });
    const { rssHtml, atomHtml } = await entriesOf("feed-media");
    expect(atomHtml).toBe(rssHtml);
    const fragment = parseHtmlFragment(rssHtml);
    expectOnlyAllowedMarkup(fragment);
    expect(fragment.querySelector("img")?.getAttribute("src")).toBe(
      `${BASE}/uploads/posts/1-a.webp`,
    );
    expect(fragment.querySelector("img")?.getAttribute("alt")).toBe("وصف");
    const links = [...fragment.querySelectorAll("a")].map((a) => [a.textContent, a.href]);
    expect(links).toEqual([
      ["من نحن", `${BASE}/about`],
      ["مصدر", "https://example.org/x"],
      [FEED_VIDEO_LINK_TEXT, "https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    ]);
  });
});

describe("a browser's copy of the feeds", () => {
  test("is forgotten when a post is unpublished, not kept for the cache's minute", async () => {
    // The sitemap's posts are in its parts (docs/decisions/053); this site has one.
    const routes: CachedRoutes = {
      "/feed.xml": { module: feedRoute },
      "/atom.xml": { module: feedRoute },
      "/sitemap/posts-1.xml": { module: sitemapPartRoute, params: { part: "posts-1.xml" } },
    };
    await withCachedRoutes(routes, async (origin) => {
      const asBrowser = (path: string) =>
        fetch(`${origin}${path}`, { headers: { accept: "text/html,application/xhtml+xml" } });

      const { id } = await createPost(editor, {
        title: "خبر سيُسحب",
        slug: "feed-withdrawn",
        excerpt: null,
        content: "<p>نص</p>",
        categoryId: null,
        status: "published",
      });
      for (const path of Object.keys(routes)) {
        expect(await (await asBrowser(path)).text()).toContain("feed-withdrawn");
        expect((await asBrowser(path)).headers.get("x-cache")).toBe("HIT");
      }
      expect((await togglePostStatus(editor, id)).status).toBe("draft");
      for (const path of Object.keys(routes)) {
        await vi.waitFor(
          async () => expect(await (await asBrowser(path)).text()).not.toContain("feed-withdrawn"),
          { timeout: 5_000, interval: 50 },
        );
      }
    });
  });
});

describe("the feeds' length", () => {
  test(`carry the newest ${FEED_SIZE} published posts, each whole`, async () => {
    // The other tests' posts become a day older than those about to be published.
    await db
      .update(posts)
      .set({ publishedAt: sql`${posts.publishedAt} - interval '1 day'` })
      .where(isNotNull(posts.publishedAt));
    const newer = Array.from({ length: FEED_SIZE }, (_, index) => ({
      title: `خبر حديث ${index}`,
      slug: `feed-newer-${index}`,
      content: "<p>نص</p>",
      contentText: "نص",
      status: "published" as const,
      publishedAt: new Date(Date.now() - 1000 + index),
    }));
    await db.insert(posts).values(newer);
    for (const path of ["/feed.xml", "/atom.xml"] as const) {
      const { document } = await readFeed(path);
      const links = [
        ...document.querySelectorAll("channel > item > link, feed > entry > link[rel=alternate]"),
      ].map((link) => slugOf(link.textContent || link.getAttribute("href")));
      expect(links).toEqual(newer.map((post) => post.slug).reverse());
    }
  });
});
