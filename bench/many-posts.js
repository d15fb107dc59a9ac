// Part of `npm run bench`: the site with 10,000 posts (and as many videos and images). Prints how
// long the news list, a post, the staff posts list, the media library and the staff videos take
// to render (one request at a time, past the page cache), and what the feeds and every sitemap
// part cost when answered from the page cache. Figures only.
import { createHmac } from "node:crypto";
import { BENCH_VIEWER } from "./bench-accounts.js";
import { loadAverage, wrk, wrkFigures } from "./measure.js";
import { ADMIN_ENV, cpuMs, request, run, signIn, signInAdmin, startServer } from "./server.js";

const SECRET = "bench-secret-0123456789abcdef0123456789abcdef";
const COUNT = Number(process.env.MANY_POSTS ?? 10_000);
const ROUNDS = Number(process.env.MANY_POSTS_ROUNDS ?? 30);
/** MANY_POSTS_ONLY=feeds: only the feeds and the sitemap from the cache. */
const FEEDS_ONLY = process.env.MANY_POSTS_ONLY === "feeds";

/** A session cookie signed with the server's secret (no such session): skips the page cache. */
export const signedOut = () => {
  const value = "bench-session-token";
  const signature = createHmac("sha256", SECRET).update(value).digest("base64");
  return `better-auth.session_token=${encodeURIComponent(`${value}.${signature}`)}`;
};

/**
 * What a page of the render benches' PAGES asks: "post" is a post, "staff" the staff posts list,
 * anything else an address. `as` is who asks: every /admin address the admin, a "viewer:" page
 * a signed-in viewer (served the page viewers share: decision 096), any other page a signed
 * session that has ended (`signedOut`), which is rendered past the page cache.
 */
export function benchPage(page) {
  const viewer = page.startsWith("viewer:");
  const name = viewer ? page.slice("viewer:".length) : page;
  const pathname =
    name === "staff"
      ? "/admin/dashboard/posts"
      : name === "post"
        ? "/media/news/bench-post-5000"
        : name;
  return { pathname, as: pathname.startsWith("/admin") ? "admin" : viewer ? "viewer" : "rendered" };
}

/** The cookies of the render benches' askers on a server: the admin's, the viewer's. */
export async function benchSessions(url) {
  return { admin: await signInAdmin(url), viewer: await signIn(url, BENCH_VIEWER) };
}

/** The cookie a page's asker (`benchPage(page).as`) sends. */
export const cookieAs = (as, sessions) =>
  as === "admin" ? sessions.admin : as === "viewer" ? sessions.viewer : signedOut();

export async function timeRenders(url, cookie) {
  const times = [];
  for (let i = 0; i < ROUNDS + 3; i++) {
    const started = performance.now();
    const response = await request(url, {
      headers: { accept: "text/html", "accept-encoding": "gzip", cookie },
    });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    if (i >= 3) times.push(performance.now() - started); // the first ones warm up
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return `median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms`;
}

/**
 * The feeds, the sitemap index and each of its parts as a feed reader or a robot asks for them
 * (not for HTML): the first request renders and stores, then one at a time from the cache (server
 * CPU per request from /proc), then wrk at 50 connections.
 */
async function cachedFeeds(url) {
  const figures = [];
  const paths = ["/feed.xml", "/atom.xml", "/sitemap.xml"];
  for (const path of paths) {
    const headers = { accept: "*/*", "accept-encoding": "gzip, br" };
    const first = performance.now();
    const stored = await request(`${url}${path}`, { headers: { accept: "*/*" } });
    const renderMs = performance.now() - first;
    const text = stored.body.toString("utf8");
    const rows = (text.match(/<(url|item|entry|sitemap)>/g) ?? []).length;
    // The index names the parts: each is measured after it.
    if (path === "/sitemap.xml")
      paths.push(...[...text.matchAll(/<loc>[^<]*?(\/sitemap\/[^<]+)<\/loc>/g)].map((m) => m[1]));
    const hit = await request(`${url}${path}`, { headers });
    const rounds = 200;
    const cpuBefore = await cpuMs(server.pid);
    for (let i = 0; i < rounds; i++) await request(`${url}${path}`, { headers });
    const oneAtATime = ((await cpuMs(server.pid)) - cpuBefore) / rounds;
    const loaded = await wrk(`${url}${path}`, { seconds: 5, headers, pid: server.pid });
    figures.push(
      `${path} (${stored.status}, ${hit.headers["x-cache"]}, ${rows} entries, ${(stored.body.length / 1024).toFixed(0)} KB, first render ${renderMs.toFixed(0)} ms): ` +
        `${oneAtATime.toFixed(3)} ms CPU/req one at a time; wrk -c50 ${wrkFigures(loaded)}`,
    );
  }
  return figures;
}

let server;

export async function benchManyPosts({ port = 3995 } = {}) {
  server = await startServer({
    port,
    env: { AUTH_SECRET: SECRET, ...ADMIN_ENV },
    beforeStart: (dataDir) =>
      run("npx", ["tsx", "bench/seed-many-posts.ts"], {
        DATA_DIR: dataDir,
        MANY_POSTS: String(COUNT),
      }),
  });
  try {
    const load = loadAverage();
    const feeds = await cachedFeeds(server.url);
    console.log(
      `Feeds and sitemap from the page cache (load ${load.toFixed(2)} → ${loadAverage().toFixed(2)}):\n  ${feeds.join("\n  ")}`,
    );
    if (FEEDS_ONLY) return { feeds };
    const admin = await signInAdmin(server.url);
    const figures = {
      "/media/news": await timeRenders(`${server.url}/media/news`, signedOut()),
      "/media/news?page=250": await timeRenders(`${server.url}/media/news?page=250`, signedOut()),
      "a post": await timeRenders(`${server.url}/media/news/bench-post-5000`, signedOut()),
      "staff posts list": await timeRenders(`${server.url}/admin/dashboard/posts`, admin),
      "/media/gallery": await timeRenders(`${server.url}/media/gallery`, signedOut()),
      "/media/gallery?page=300": await timeRenders(
        `${server.url}/media/gallery?page=300`,
        signedOut(),
      ),
      "staff videos list": await timeRenders(`${server.url}/admin/dashboard/videos`, admin),
      // Site search (docs/decisions/045): words in every post, and a title only one post has.
      "/search (every post matches)": await timeRenders(
        `${server.url}/search?q=${encodeURIComponent("الزيارات المنزليه")}`,
        signedOut(),
      ),
      "/search (one title)": await timeRenders(
        `${server.url}/search?q=${encodeURIComponent("خبر رقم 5000")}`,
        signedOut(),
      ),
    };
    console.log(
      `${COUNT.toLocaleString("en")} posts, rendered one at a time (load ${loadAverage().toFixed(2)}): ` +
        Object.entries(figures)
          .map(([page, figure]) => `${page} ${figure}`)
          .join(" | "),
    );
    return figures;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchManyPosts();
