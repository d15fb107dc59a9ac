// Server side of `npm run bench`: requests per second and p99 at 50 connections for the public
// pages, served from the page cache ("cached", a signed-out visitor) and rendered (a request with
// a signed session cookie, as a signed-in visitor sends), next to nginx serving the same bytes as a
// static file in the same run. Figures only: nothing here passes or fails.
import { spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { cpuMs, startServer } from "./server.js";

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

function load(url, headers = {}, duration = DURATION) {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    headers: { ...HEADERS, ...headers },
  });
}

const figures = (r) =>
  `${r.requests.average.toFixed(0).padStart(6)} req/s p99 ${String(r.latency.p99).padStart(5)} ms` +
  (r.cpuPerRequest ? `, ${r.cpuPerRequest.toFixed(2)} ms CPU/req` : "") +
  (r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : "");

/** Runs `load` and adds the server's CPU time per request (less sensitive to a busy machine). */
async function measured(pid, run) {
  const before = await cpuMs(pid);
  const result = await run();
  result.cpuPerRequest = ((await cpuMs(pid)) - before) / Math.max(1, result.requests.total);
  return result;
}

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

/** nginx on a temporary config, serving `files` (name → bytes) gzip-compressed as stored files. */
async function startNginx(files, port) {
  const root = mkdtempSync(path.join(os.tmpdir(), "rifq-nginx-"));
  chmodSync(root, 0o755); // nginx's workers run as another user
  mkdirSync(path.join(root, "www"));
  for (const [name, bytes] of Object.entries(files)) {
    writeFileSync(path.join(root, "www", name), bytes.identity);
    writeFileSync(path.join(root, "www", `${name}.gz`), bytes.gzip);
  }
  writeFileSync(
    path.join(root, "nginx.conf"),
    `worker_processes auto;
daemon off;
pid ${root}/nginx.pid;
error_log ${root}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${root}/tmp;
  proxy_temp_path ${root}/tmp;
  fastcgi_temp_path ${root}/tmp;
  uwsgi_temp_path ${root}/tmp;
  scgi_temp_path ${root}/tmp;
  types { text/html html; }
  default_type text/html;
  sendfile on;
  gzip_static on;
  server {
    listen 127.0.0.1:${port};
    root ${root}/www;
  }
}
`,
  );
  const child = spawn(NGINX, ["-c", path.join(root, "nginx.conf"), "-p", root], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 40; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGQUIT");
      await exited;
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The first published post's path, read from the news list. */
async function firstPostPath(url) {
  const html = await fetch(`${url}/media/news`).then((r) => r.text());
  return html.match(/href="(\/media\/news\/[^"?#]+)"/)?.[1] ?? null;
}

/**
 * Prints, per page, cached and rendered req/s and p99 at 50 connections and nginx serving the
 * cached page's bytes as a static file. Answers the figures for the caller.
 */
export async function benchServerThroughput({ port = 3999, nginxPort = 3998, buildDir } = {}) {
  const server = await startServer({ port, buildDir, env: { AUTH_SECRET: SECRET } });
  const results = [];
  let nginx;
  try {
    const post = await firstPostPath(server.url);
    const pages = (process.env.BENCH_PAGES?.split(",") ?? ["/", "/media/news", "post", "/donate"])
      .map((page) => (page === "post" ? post : page))
      .filter(Boolean);
    const files = {};
    for (const [index, page] of pages.entries()) {
      const fetchBytes = async (encoding) =>
        Buffer.from(
          await fetch(`${server.url}${page}`, {
            headers: { accept: "text/html", "accept-encoding": encoding },
          }).then((r) => r.arrayBuffer()),
        );
      const identity = await fetchBytes("identity");
      const { gzipSync } = await import("node:zlib");
      files[`page${index}.html`] = { identity, gzip: gzipSync(identity, { level: 9 }) };
    }
    if (NGINX) nginx = await startNginx(files, nginxPort);
    console.log(
      `Server: ${CONNECTIONS} connections, ${DURATION} s each, node ${process.version}, ` +
        `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}`,
    );
    for (const [index, page] of pages.entries()) {
      await load(`${server.url}${page}`); // warm-up: the cache and the JIT
      const cached = await measured(server.pid, () => load(`${server.url}${page}`));
      // Warm-up: the render path's JIT (a server runs for days; its first seconds are not its pace).
      await load(`${server.url}${page}`, { cookie: signedSession() }, 3);
      const rendered = await measured(server.pid, () =>
        load(`${server.url}${page}`, { cookie: signedSession() }),
      );
      const fromNginx = nginx ? await load(`${nginx.url}/page${index}.html`) : null;
      const renderCost = await cpuPerRender(server, page);
      const share = fromNginx
        ? ` = ${((100 * cached.requests.average) / fromNginx.requests.average).toFixed(0)} % of nginx`
        : "";
      console.log(
        `${page.padEnd(24)} cached ${figures(cached)}${share} | rendered ${figures(rendered)}` +
          ` (one at a time: ${renderCost.toFixed(1)} ms CPU/render)` +
          (fromNginx ? ` | nginx ${figures(fromNginx)}` : " | nginx not installed"),
      );
      results.push({ page, cached, rendered, nginx: fromNginx, renderCost });
    }
  } finally {
    await nginx?.stop();
    await server.stop();
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchServerThroughput();
