// Part of `npm run bench`: the site with 10,000 posts (and as many videos and images). Prints how
// long the news list, a post, the staff posts list, the media library and the staff videos take
// to render (one request at a time, past the page cache). Figures only.
import { createHmac } from "node:crypto";
import { ADMIN_ENV, request, run, signInAdmin, startServer } from "./server.js";

const SECRET = "bench-secret-0123456789abcdef0123456789abcdef";
const COUNT = Number(process.env.MANY_POSTS ?? 10_000);
const ROUNDS = Number(process.env.MANY_POSTS_ROUNDS ?? 30);

/** A session cookie signed with the server's secret (no such session): skips the page cache. */
export const signedOut = () => {
  const value = "bench-session-token";
  const signature = createHmac("sha256", SECRET).update(value).digest("base64");
  return `better-auth.session_token=${encodeURIComponent(`${value}.${signature}`)}`;
};

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

export async function benchManyPosts({ port = 3995 } = {}) {
  const server = await startServer({
    port,
    env: { AUTH_SECRET: SECRET, ...ADMIN_ENV },
    beforeStart: (dataDir) =>
      run("npx", ["tsx", "bench/seed-many-posts.ts"], {
        DATA_DIR: dataDir,
        MANY_POSTS: String(COUNT),
      }),
  });
  try {
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
      `${COUNT.toLocaleString("en")} posts, rendered one at a time: ` +
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
