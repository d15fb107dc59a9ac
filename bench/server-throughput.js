// Server side of `npm run bench`: requests per second, p99 and the server's CPU per request at 50
// connections (wrk -t2 -c50) for the public pages, served from the page cache ("cached", a
// signed-out visitor; "viewer", a signed-in viewer, whose page all viewers share: decision 096) and
// rendered (a signed session cookie whose session has ended, which skips the cache), next to nginx serving the cached page's very brotli bytes as a static file in the same
// run, with the load average of each measurement. Figures only: nothing here passes or fails.
import { createHmac } from "node:crypto";
import { existsSync } from "node:fs";
import os from "node:os";
import { BENCH_VIEWER } from "./bench-accounts.js";
import { startBrotliNginx } from "./cached-vs-nginx.js";
import { atLoad, freePort, wrk, wrkFigures } from "./measure.js";
import { ADMIN_ENV, cpuMs, request, signIn, signInAdmin, startServer } from "./server.js";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((file) => existsSync(file));
const SECRET = "bench-secret-0123456789abcdef0123456789abcdef";

/** A session cookie signed with the server's AUTH_SECRET (its session does not exist). */
const signedSession = () => {
  const value = "bench-session-token";
  const signature = createHmac("sha256", SECRET).update(value).digest("base64");
  return `better-auth.session_token=${encodeURIComponent(`${value}.${signature}`)}`;
};

const HEADERS = { accept: "text/html", "accept-encoding": "gzip, deflate, br" };

/** wrk at 50 connections with the load average around it; `pid`'s CPU per request. */
const load = (url, { headers = {}, seconds = DURATION, pid } = {}) =>
  atLoad(() =>
    wrk(url, { connections: CONNECTIONS, seconds, headers: { ...HEADERS, ...headers }, pid }),
  );

const figures = ({ result, load: at }) => `${wrkFigures(result)} [${at}]`;

/** The server's CPU time per rendered request, one request at a time (no queueing, no timeouts). */
async function cpuPerRender(server, page, rounds = 30) {
  const get = () =>
    fetch(`${server.url}${page}`, {
      headers: { ...HEADERS, cookie: signedSession() },
    }).then((r) => r.arrayBuffer());
  for (let i = 0; i < 5; i++) await get();
  const before = await cpuMs(server.pid);
  for (let i = 0; i < rounds; i++) await get();
  return ((await cpuMs(server.pid)) - before) / rounds;
}

/** The first published post's path, read from the news list. */
async function firstPostPath(url) {
  const html = await fetch(`${url}/media/news`).then((r) => r.text());
  return html.match(/href="(\/media\/news\/[^"?#]+)"/)?.[1] ?? null;
}

/**
 * Prints, per page, cached and rendered req/s, p99 and CPU per request at 50 connections, and
 * nginx serving the cached page's brotli bytes as a static file. Answers the figures for the caller.
 */
export async function benchServerThroughput({ port, buildDir } = {}) {
  const server = await startServer({
    port: port ?? (await freePort()),
    buildDir,
    env: { AUTH_SECRET: SECRET, ...ADMIN_ENV },
  });
  const results = [];
  let nginx;
  try {
    await signInAdmin(server.url); // the first-run setup, before which nobody signs in
    const viewer = { cookie: await signIn(server.url, BENCH_VIEWER) };
    const post = await firstPostPath(server.url);
    const pages = (process.env.BENCH_PAGES?.split(",") ?? ["/", "/media/news", "post", "/donate"])
      .map((page) => (page === "post" ? post : page))
      .filter(Boolean);
    const files = {};
    for (const [index, page] of pages.entries()) {
      const brotli = { ...HEADERS, "accept-encoding": "br" };
      await request(`${server.url}${page}`, { headers: brotli }); // stored
      files[`page${index}.html`] = (
        await request(`${server.url}${page}`, { headers: brotli })
      ).body;
    }
    if (NGINX) nginx = await startBrotliNginx(files, await freePort());
    console.log(
      `Server: wrk -t2 -c${CONNECTIONS}, ${DURATION} s each, node ${process.version}, ` +
        `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}; CPU per request from /proc`,
    );
    for (const [index, page] of pages.entries()) {
      await load(`${server.url}${page}`, { seconds: 3 }); // warm-up: the cache and the JIT
      const cached = await load(`${server.url}${page}`, {
        headers: { "accept-encoding": "br" },
        pid: server.pid,
      });
      const fromNginx = nginx
        ? await load(`${nginx.url}/page${index}.html`, {
            headers: { "accept-encoding": "br" },
            pid: nginx.pid,
          })
        : null;
      await load(`${server.url}${page}`, { headers: viewer, seconds: 3 });
      const asViewer = await load(`${server.url}${page}`, { headers: viewer, pid: server.pid });
      // Warm-up: the render path's JIT (a server runs for days; its first seconds are not its pace).
      await load(`${server.url}${page}`, { headers: { cookie: signedSession() }, seconds: 3 });
      const rendered = await load(`${server.url}${page}`, {
        headers: { cookie: signedSession() },
        pid: server.pid,
      });
      const renderCost = await atLoad(() => cpuPerRender(server, page));
      const share = fromNginx
        ? ` = ${((100 * cached.result.reqPerSec) / fromNginx.result.reqPerSec).toFixed(0)} % of nginx`
        : "";
      console.log(
        `${page.padEnd(24)} cached ${figures(cached)}${share}` +
          (fromNginx
            ? ` | nginx, same brotli bytes ${figures(fromNginx)}`
            : " | nginx not installed") +
          ` | viewer ${figures(asViewer)}` +
          ` | rendered ${figures(rendered)}` +
          ` | one at a time: ${renderCost.result.toFixed(1)} ms CPU/render [${renderCost.load}]`,
      );
      results.push({
        page,
        cached,
        viewer: asViewer,
        rendered,
        nginx: fromNginx,
        renderCost: renderCost.result,
      });
    }
  } finally {
    await nginx?.stop();
    await server.stop();
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchServerThroughput();
