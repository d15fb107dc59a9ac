// Issue 36's bench for the requests inbox: one request form of 20 fields and 10,000 requests
// (bench/seed-requests.ts). Asks the inbox's first page, a searched and a filtered page, and a
// request's page, one at a time, signed in as an admin, and prints per address the median and
// p95 wall time, the server's CPU per request (/proc of its process tree, PGlite included) and
// the load average; then downloads the CSV of all 10,000 while sampling the server's resident
// memory, to show it streams with flat memory. Figures only.
// `npm run bench:requests`

import { loadAverage, treeCpuMs } from "./measure.js";
import { ADMIN_ENV, request, rssMb, run, signInAdmin, startServer } from "./server.js";

const SECRET = "bench-secret-0123456789abcdef0123456789abcdef";
const REQUESTS = Number(process.env.MANY_REQUESTS ?? 10_000);
const ROUNDS = Number(process.env.REQUESTS_ROUNDS ?? 40);
const WARM_UP = 10;

async function ask(server, path, cookie) {
  const response = await request(`${server.url}${path}`, {
    headers: { accept: "text/html", "accept-encoding": "gzip", cookie },
  });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return response.body.length;
}

async function timeAsks(server, path, cookie) {
  const times = [];
  let cpu = 0;
  const loadBefore = loadAverage();
  for (let i = 0; i < ROUNDS; i++) {
    const cpuBefore = treeCpuMs(server.pid);
    const started = performance.now();
    await ask(server, path, cookie);
    times.push(performance.now() - started);
    cpu += treeCpuMs(server.pid) - cpuBefore;
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return (
    `median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, ` +
    `CPU ${(cpu / ROUNDS).toFixed(1)} ms/req (load ${loadBefore.toFixed(2)} → ${loadAverage().toFixed(2)})`
  );
}

/** The CSV of every request, read slowly, with the server's RSS sampled every 50 ms. */
async function csvMemory(server, cookie) {
  const samples = [await rssMb(server.pid)];
  const timer = setInterval(async () => samples.push(await rssMb(server.pid)), 50);
  const cpuBefore = treeCpuMs(server.pid);
  const started = performance.now();
  const loadBefore = loadAverage();
  const response = await request(`${server.url}/admin/dashboard/requests/export`, {
    headers: { cookie },
  });
  clearInterval(timer);
  if (response.status !== 200) throw new Error(`the CSV answered ${response.status}`);
  const lines = response.body.toString("utf8").split("\r\n").length - 2;
  return (
    `${lines.toLocaleString("en")} rows, ${(response.body.length / 1024 / 1024).toFixed(1)} MB in ` +
    `${(performance.now() - started).toFixed(0)} ms, CPU ${(treeCpuMs(server.pid) - cpuBefore).toFixed(0)} ms; ` +
    `server RSS ${samples[0].toFixed(0)} MB before, at most ${Math.max(...samples).toFixed(0)} MB while streaming ` +
    `(load ${loadBefore.toFixed(2)} → ${loadAverage().toFixed(2)})`
  );
}

export async function benchRequestsInbox({ port = Number(process.env.BENCH_PORT ?? 3991) } = {}) {
  const server = await startServer({
    port,
    env: { AUTH_SECRET: SECRET, ...ADMIN_ENV },
    beforeStart: (dataDir) =>
      run("npx", ["tsx", "bench/seed-requests.ts"], {
        DATA_DIR: dataDir,
        MANY_REQUESTS: String(REQUESTS),
      }),
  });
  try {
    const admin = await signInAdmin(server.url);
    const paths = {
      "inbox, first page": "/admin/dashboard/requests",
      "inbox, first page (data request)": "/admin/dashboard/requests.data",
      "inbox, searched by mobile": "/admin/dashboard/requests?q=0510004321",
      "inbox, overdue": "/admin/dashboard/requests?queue=overdue",
      "inbox, page 100": "/admin/dashboard/requests?page=100",
    };
    for (let i = 0; i < WARM_UP; i++)
      for (const path of Object.values(paths)) await ask(server, path, admin);
    const figures = {};
    for (const [label, path] of Object.entries(paths))
      figures[label] = await timeAsks(server, path, admin);
    figures["CSV of every request"] = await csvMemory(server, admin);
    console.log(
      `${REQUESTS.toLocaleString("en")} requests, ${ROUNDS} asks each, one at a time ` +
        `(${new Date().toISOString().slice(0, 16)}Z):\n  ` +
        Object.entries(figures)
          .map(([label, figure]) => `${label}: ${figure}`)
          .join("\n  "),
    );
    return figures;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchRequestsInbox();
