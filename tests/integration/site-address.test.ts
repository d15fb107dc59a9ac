import http from "node:http";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { createPost } from "~/models/posts.server";
import * as feedRoute from "~/routes/resources/news-feed";
import * as robotsRoute from "~/routes/resources/robots";
import * as sitemapRoute from "~/routes/resources/sitemap";
import * as sitemapPartRoute from "~/routes/resources/sitemap-part";
import * as newsRoute from "~/routes/site/news";
import * as postRoute from "~/routes/site/news-post";
import { pageMeta } from "~/shared/meta";
import { loader as rootLoader } from "../../app/root";
import { createUser } from "../support/accounts";
import { type CachedRoutes, withCachedRoutes } from "../support/cached-routes";
import { postFrom } from "../support/outreach";
import { call, dataOf, load, readOutbox } from "../support/route-calls";

// With SITE_URL unset (the tests' default) the site's address is http://localhost:PORT, never a
// request's Host: a request naming another host must not put it in anything stored or shared
// (docs/decisions/066).

// The default: SITE_URL unset (the test setup sets it; before any module reads the environment).
vi.hoisted(() => {
  delete process.env.SITE_URL;
});

const SITE = "http://localhost:3000";
const EVIL = "evil.example";

beforeAll(async () => {
  const editor = await createUser("editor");
  await createPost(editor, {
    title: "خبر العنوان",
    slug: "address-post",
    excerpt: null,
    content: "<p>نص</p>",
    categoryId: null,
    status: "published",
  });
});

/** GET `path` from the server at `origin` with its own Host header (fetch would not send one). */
function get(origin: string, path: string, host?: string) {
  const { port } = new URL(origin);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.get(
      { host: "127.0.0.1", port, path, headers: host ? { host } : {} },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on("error", reject);
  });
}

describe("a request's Host never becomes the site's address", () => {
  test("robots.txt, the feeds, the sitemap and its parts: asked first with Host: evil.example, then plainly", async () => {
    const routes: CachedRoutes = {
      "/robots.txt": { module: robotsRoute },
      "/feed.xml": { module: feedRoute },
      "/atom.xml": { module: feedRoute },
      "/sitemap.xml": { module: sitemapRoute },
      "/sitemap/posts-1.xml": { module: sitemapPartRoute, params: { part: "posts-1.xml" } },
    };
    await withCachedRoutes(routes, async (origin) => {
      for (const path of Object.keys(routes)) {
        const poisoned = await get(origin, path, EVIL);
        expect(poisoned.status).toBe(200);
        expect(poisoned.body).not.toContain(EVIL);
        const plain = await get(origin, path);
        expect(plain.body).not.toContain(EVIL);
        expect(plain.body).toContain(SITE);
      }
      expect((await get(origin, "/robots.txt")).body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    });
  });

  test("a post's canonical link and structured data, and an e-mailed link, asked with that Host", async () => {
    const evilRequest = (path: string) => new Request(`http://${EVIL}${path}`);
    const root = dataOf<{ siteUrl: string | null }>(await load(rootLoader, evilRequest("/")));
    const tags = pageMeta([{ id: "root", data: root }], {
      title: "خبر",
      description: "وصف",
      path: "/media/news/address-post",
    });
    expect(JSON.stringify(tags)).not.toContain(EVIL);
    const post = (await load(postRoute.loader, evilRequest("/media/news/address-post"), {
      slug: "address-post",
    })) as { jsonLd: string };
    expect(post.jsonLd).toContain(`${SITE}/media/news/address-post`);
    expect(post.jsonLd).not.toContain(EVIL);

    const signUp = postFrom("203.0.113.9", "/media/news", { email: "host@example.test" });
    const fromEvil = new Request(`http://${EVIL}/media/news`, {
      method: "POST",
      headers: signUp.headers,
      body: await signUp.text(),
    });
    await call(newsRoute.action, fromEvil);
    const [mail] = readOutbox().filter((message) => message.to === "host@example.test");
    expect(mail.text).toContain(`${SITE}/newsletter/confirm?token=`);
    expect(mail.text).not.toContain(EVIL);
  });
});
