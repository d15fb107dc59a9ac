// `npm run bench:cache`: a page from Rifq's page cache beside nginx serving the very same brotli
// bytes as a static file, with wrk (-t2 -c50), in one run, alternating a few rounds so both see
// the same machine. Prints req/s, p99, the CPU each server spent per request (/proc utime+stime
// of its processes) and the load average before and after each round. Figures only.
//   CACHE_PAGES=/,/media/news   pages to measure (default /)
//   BENCH_SECONDS=10  BENCH_ROUNDS=3
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { atLoad, freePort, loadAverage, WRK, wrk, wrkFigures } from "./measure.js";
import { request, startServer } from "./server.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAGES = (process.env.CACHE_PAGES ?? "/").split(",");
const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((file) => existsSync(file));
const HEADERS = { accept: "text/html", "accept-encoding": "br" };

/** nginx on a generated config serving `files` (name → brotli bytes) as they are, brotli. */
export async function startBrotliNginx(files, port) {
  const root = mkdtempSync(path.join(os.tmpdir(), "rifq-nginx-"));
  chmodSync(root, 0o755); // nginx's workers may run as another user
  mkdirSync(path.join(root, "www"));
  for (const [name, bytes] of Object.entries(files)) {
    writeFileSync(path.join(root, "www", name), bytes);
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
  server {
    listen 127.0.0.1:${port};
    root ${root}/www;
    # The stored brotli bytes, sent as they are (nginx-light has no brotli module).
    add_header Content-Encoding br;
    add_header Vary Accept-Encoding;
  }
}
`,
  );
  const child = spawn(NGINX, ["-c", path.join(root, "nginx.conf"), "-p", root], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    if (
      await fetch(`${url}/`).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGQUIT");
      await exited;
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** The page's stored brotli bytes, once the cache has made its best brotli (from the third hit). */
async function storedBrotli(url) {
  for (let i = 0; i < 4; i++) await request(url, { headers: HEADERS });
  await new Promise((resolve) => setTimeout(resolve, 1_500)); // quality 11 is made in the background
  const answer = await request(url, { headers: HEADERS });
  if (answer.headers["x-cache"] !== "HIT" || answer.headers["content-encoding"] !== "br")
    throw new Error(`${url} is not answered from the cache in brotli`);
  return answer.body;
}

export async function benchCachedVsNginx() {
  if (!WRK) throw new Error("wrk is not installed: apt-get install wrk");
  if (!NGINX) throw new Error("nginx is not installed: apt-get install nginx-light");
  const server = await startServer({ port: await freePort() });
  let nginx;
  try {
    const files = {};
    for (const [index, page] of PAGES.entries())
      files[`page${index}.html`] = await storedBrotli(`${server.url}${page}`);
    nginx = await startBrotliNginx(files, await freePort());
    console.log(
      `Cached page vs nginx, same brotli bytes: wrk -t2 -c50 -d${SECONDS}s, ${ROUNDS} rounds, ` +
        `${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length}× ${os.cpus()[0]?.model.trim()}, ` +
        `node ${process.version}, load ${loadAverage().toFixed(2)} at the start`,
    );
    const results = [];
    for (const [index, page] of PAGES.entries()) {
      const bytes = files[`page${index}.html`].length;
      for (let round = 1; round <= ROUNDS; round++) {
        const rifq = await atLoad(() =>
          wrk(`${server.url}${page}`, { seconds: SECONDS, headers: HEADERS, pid: server.pid }),
        );
        const fromNginx = await atLoad(() =>
          wrk(`${nginx.url}/page${index}.html`, {
            seconds: SECONDS,
            headers: HEADERS,
            pid: nginx.pid,
          }),
        );
        const share = (100 * rifq.result.reqPerSec) / Math.max(1, fromNginx.result.reqPerSec);
        console.log(
          `${page} (${bytes} B brotli) round ${round}: Rifq cached ${wrkFigures(rifq.result)} [${rifq.load}]` +
            ` | nginx ${wrkFigures(fromNginx.result)} [${fromNginx.load}] | Rifq = ${share.toFixed(0)} % of nginx`,
        );
        results.push({ page, round, rifq, nginx: fromNginx, share });
      }
    }
    return results;
  } finally {
    await nginx?.stop();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCachedVsNginx();
