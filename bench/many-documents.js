// The site of issue 23's figure: 2,000 documents (bench/seed-documents.ts) and 500 pages built
// from blocks, each with cards and a documents list (bench/seed-many-pages.ts). Renders /governance,
// a page and the staff lists one request at a time, beside /about, and prints per address the
// median and p95 wall time, the server's CPU per request (/proc of its process, PGlite included:
// the honest figure on a shared machine) and the load average. Figures only.
// `npm run bench:documents`
//
// Public addresses are asked with a query parameter the page cache never stores
// (server/page-cache/rules.ts): each request is a signed-out reader's full render, with no
// session to look up. Staff lists are asked signed in as an admin.

import { loadAverage, treeCpuMs } from "./measure.js";
import { ADMIN_ENV, request, run, signInAdmin, startServer } from "./server.js";

const SECRET = "bench-secret-0123456789abcdef0123456789abcdef";
const DOCUMENTS = Number(process.env.MANY_DOCUMENTS ?? 2_000);
const PAGES = Number(process.env.MANY_PAGES ?? 500);
const ROUNDS = Number(process.env.MANY_DOCUMENTS_ROUNDS ?? 40);
const WARM_UP = 10;
/** BENCH_CPU_PROF=<folder>: the server runs under `node --cpu-prof` and writes its profile there. */
const CPU_PROF = process.env.BENCH_CPU_PROF;

/** `url` with a parameter the page cache does not store: rendered every time, never kept. */
const uncached = (url, i) => `${url}${url.includes("?") ? "&" : "?"}uncached=${i}`;

/** One request as the bench asks it: past the page cache, gzip, refused unless a 200. */
async function render(server, { path, cookie }, i) {
  const url = `${server.url}${cookie ? path : uncached(path, i)}`;
  const response = await request(url, {
    headers: { accept: "text/html", "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) },
  });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  if (response.headers["x-cache"] === "HIT") throw new Error(`${path} came from the page cache`);
  return response.body.length;
}

async function timeRenders(server, address) {
  const times = [];
  let bytes = 0;
  let cpu = 0;
  const loadBefore = loadAverage();
  for (let i = 0; i < ROUNDS; i++) {
    const cpuBefore = treeCpuMs(server.pid);
    const started = performance.now();
    bytes = await render(server, address, WARM_UP + i);
    times.push(performance.now() - started);
    cpu += treeCpuMs(server.pid) - cpuBefore;
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return (
    `median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, ` +
    `CPU ${(cpu / ROUNDS).toFixed(1)} ms/req (${Math.round(bytes / 1024)} KB gzip; ` +
    `load ${loadBefore.toFixed(2)} → ${loadAverage().toFixed(2)})`
  );
}

export async function benchManyDocuments({ port = Number(process.env.BENCH_PORT ?? 3987) } = {}) {
  const server = await startServer({
    port,
    env: { AUTH_SECRET: SECRET, ...ADMIN_ENV },
    nodeArgs: CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${CPU_PROF}`] : [],
    beforeStart: async (dataDir) => {
      await run("npx", ["tsx", "bench/seed-documents.ts"], {
        DATA_DIR: dataDir,
        MANY_DOCUMENTS: String(DOCUMENTS),
      });
      await run("npx", ["tsx", "bench/seed-many-pages.ts"], {
        DATA_DIR: dataDir,
        MANY_PAGES: String(PAGES),
      });
    },
  });
  try {
    const admin = await signInAdmin(server.url);
    const addresses = {
      // A page with no list, rendered the same way: what any render costs (layout, menus, texts).
      "/about (no list, for comparison)": { path: "/about" },
      "/governance": { path: "/governance" },
      "/governance?category=reports&page=20": { path: "/governance?category=reports&page=20" },
      // Cards, a documents list of every category, text, image, button, video.
      "a page (/p/bench-page-251)": { path: "/p/bench-page-251" },
      // The same blocks, its documents list of one category.
      "a page, reports only (/p/bench-page-252)": { path: "/p/bench-page-252" },
      "staff documents list (20 a page)": { path: "/admin/dashboard/documents", cookie: admin },
      "staff documents list, searched, page 5": {
        path: `/admin/dashboard/documents?q=${encodeURIComponent("التقرير")}&page=5`,
        cookie: admin,
      },
      "staff pages list (50 a page)": { path: "/admin/dashboard/pages", cookie: admin },
      "staff pages list, page 5": { path: "/admin/dashboard/pages?page=5", cookie: admin },
    };
    // Every address warms up first, so that none is measured while the code it shares compiles.
    for (let i = 0; i < WARM_UP; i++)
      for (const address of Object.values(addresses)) await render(server, address, i);
    const figures = {};
    for (const [label, address] of Object.entries(addresses))
      figures[label] = await timeRenders(server, address);
    console.log(
      `${DOCUMENTS.toLocaleString("en")} documents and ${PAGES} pages, ${ROUNDS} renders each, ` +
        `one at a time (${new Date().toISOString().slice(0, 16)}Z):\n  ` +
        Object.entries(figures)
          .map(([page, figure]) => `${page}: ${figure}`)
          .join("\n  "),
    );
    return figures;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchManyDocuments();
