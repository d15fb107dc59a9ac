// The built app on a fresh data folder with the demo content (`npm run seed`), for benchmarks.
import { freePort } from "./measure.js";
import { startServer } from "./server.js";

/**
 * The built app (with package.json's start flags) on a fresh data folder with the demo content,
 * on `port` or a free one; the embedded database even when DATABASE_URL is set.
 */
export async function startBenchSite(port) {
  return startServer({ port: port || (await freePort()), env: { DATABASE_URL: "" } });
}

/** The public pages every benchmark reports: /, the news list, the newest post and /donate. */
export async function benchPages(url) {
  const news = await fetch(`${url}/media/news`).then((r) => r.text());
  const post = news.match(/href="(\/media\/news\/[^"?#]+)"/)?.[1];
  return ["/", "/media/news", ...(post ? [decodeURI(post)] : []), "/donate"];
}
