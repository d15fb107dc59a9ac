// `npm run bench:memory`: what the server holds on a 1 GB machine (issue 28, item 4). In fresh
// temporary data directories, `npm start`'s process (scripts/start.js over the existing build):
//   1. first start on an empty DATA_DIR (creates the embedded database, runs the migrations);
//   2. a restart on that DATA_DIR: time to /healthz 200, memory at rest and after a few pages;
//   3. the 10,000-post site (bench/seed-many-posts.ts) with 1,000 open /realtime streams.
// Memory is the kernel's: VmHWM (peak) and VmRSS of the server process from /proc/<pid>/status,
// and, when it has child processes (a PostgreSQL it started), their Pss summed from
// /proc/<pid>/smaps_rollup with its own (shared pages counted once), sampled every 50 ms.
// Prints the load average beside every figure. Figures only.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { freePort, loadAverage, treeCpuMs } from "./measure.js";
import { request, run, START_ENV, START_FLAGS, seedDemo } from "./server.js";

const STREAMS = Number(process.env.MEMORY_STREAMS ?? 1_000);
const POSTS = Number(process.env.MANY_POSTS ?? 10_000);
/** Run only some scenarios: MEMORY_ONLY=first,restart,streams. */
const ONLY = (process.env.MEMORY_ONLY ?? "first,restart,streams").split(",");
const SAMPLE_MS = 50;
/** Pages read in scenarios 2 and 3 (signed out; the first request renders, later ones are cached). */
const PAGES = ["/", "/media/news", "/media/news?page=40", "/about", "/donate", "/feed.xml"];

const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;

/** A field of /proc/<pid>/status in kB (VmRSS, VmHWM), 0 once the process is gone. */
function statusKb(pid, field) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8").match(
      new RegExp(`${field}:\\s+(\\d+)`),
    );
    return line ? Number(line[1]) : 0;
  } catch {
    return 0;
  }
}

/** The process and its descendants (a PostgreSQL server the app started and its backends). */
function processTree(pid) {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    try {
      const children = readFileSync(`/proc/${tree[i]}/task/${tree[i]}/children`, "utf8").trim();
      if (children) tree.push(...children.split(" ").map(Number));
    } catch {
      // ended meanwhile
    }
  }
  return tree;
}

/** Pss of the process tree in kB: each shared page counted once over all of them. */
function treePssKb(pid) {
  let total = 0;
  for (const member of processTree(pid)) {
    try {
      const rollup = readFileSync(`/proc/${member}/smaps_rollup`, "utf8");
      total += Number(rollup.match(/^Pss:\s+(\d+)/m)?.[1] ?? 0);
    } catch {
      // ended meanwhile
    }
  }
  return total;
}

/** Samples the tree's memory until `stop()`: the peak of the summed Pss and the process count. */
function sampleTree(pid) {
  let peakPss = 0;
  let processes = 1;
  const sample = () => {
    peakPss = Math.max(peakPss, treePssKb(pid));
    processes = Math.max(processes, processTree(pid).length);
  };
  const timer = setInterval(sample, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { peakPss, processes };
    },
  };
}

/** package.json's `start` (its node flags and script), run without npm's own process. */
const START = [...START_FLAGS, "scripts/start.js"];

/** `npm start` (scripts/start.js, which serves the existing build) on `dataDir`. */
async function start(dataDir, port) {
  const started = performance.now();
  const child = spawn(process.execPath, START, {
    env: {
      ...START_ENV,
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SETUP_CODE: "bench-setup-code-0123",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const tree = sampleTree(child.pid);
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null) throw new Error("the server stopped while starting");
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    pid: child.pid,
    readyMs,
    /** VmHWM and VmRSS of the server process, with its tree's Pss (now and peak) when it has children. */
    memory() {
      const { peakPss, processes } = tree.stop();
      const own = `VmHWM ${mb(statusKb(child.pid, "VmHWM"))}, VmRSS ${mb(statusKb(child.pid, "VmRSS"))}`;
      return processes > 1
        ? `${own}; with its ${processes - 1} child processes: Pss ${mb(treePssKb(child.pid))} now, ${mb(peakPss)} peak`
        : own;
    },
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Reads each page once as a signed-out reader (fills the page and read caches). */
async function readPages(url) {
  for (const page of PAGES) {
    const response = await request(`${url}${page}`, {
      headers: { accept: "text/html", "accept-encoding": "gzip, br" },
    });
    if (response.status !== 200) throw new Error(`${page} answered ${response.status}`);
  }
}

/** Opens `count` /realtime streams; resolves once each has had its first frame. */
async function openStreams(url, count) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const requests = [];
  const opened = [];
  for (let i = 0; i < count; i++) {
    opened.push(
      new Promise((resolve, reject) => {
        const req = http.get(
          `${url}/realtime`,
          { agent, headers: { accept: "text/event-stream" } },
          (res) => {
            if (res.statusCode !== 200) reject(new Error(`/realtime answered ${res.statusCode}`));
            res.once("data", () => resolve());
            res.resume();
          },
        );
        req.on("error", reject);
        requests.push(req);
      }),
    );
  }
  await Promise.all(opened);
  return () => {
    for (const req of requests) req.destroy();
  };
}

const load = () => `load ${loadAverage().toFixed(2)}`;
const settle = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function firstStartAndRestart() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "rifq-memory-"));
  try {
    if (ONLY.includes("first")) {
      const server = await start(dataDir, await freePort());
      await settle(3_000);
      console.log(
        `1. First start, empty DATA_DIR (creates the database, migrates): /healthz 200 after ${(server.readyMs / 1000).toFixed(1)} s; ` +
          `${server.memory()} at rest 3 s later (${load()})`,
      );
      await server.stop();
    } else {
      await seedDemo(dataDir);
    }
    if (!ONLY.includes("restart")) return;
    const server = await start(dataDir, await freePort());
    const readyMs = server.readyMs;
    await settle(3_000);
    const atRest = `VmRSS ${mb(statusKb(server.pid, "VmRSS"))}, VmHWM ${mb(statusKb(server.pid, "VmHWM"))}`;
    const cpuBefore = treeCpuMs(server.pid);
    await readPages(server.url);
    const cpu = treeCpuMs(server.pid) - cpuBefore;
    console.log(
      `2. Restart on that DATA_DIR: /healthz 200 after ${(readyMs / 1000).toFixed(2)} s; at rest 3 s later ${atRest}; ` +
        `after ${PAGES.length} pages rendered (${cpu.toFixed(0)} ms CPU) ${server.memory()} (${load()})`,
    );
    await server.stop();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function manyPostsAndStreams() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "rifq-memory-"));
  try {
    await seedDemo(dataDir);
    await run("npx", ["tsx", "bench/seed-many-posts.ts"], {
      DATA_DIR: dataDir,
      MANY_POSTS: String(POSTS),
      LOG_LEVEL: "warn",
    });
    const server = await start(dataDir, await freePort());
    try {
      const readyMs = server.readyMs;
      await readPages(server.url);
      const search = await request(
        `${server.url}/search?q=${encodeURIComponent("الزيارات المنزليه")}`,
        { headers: { accept: "text/html" } },
      );
      if (search.status !== 200) throw new Error(`/search answered ${search.status}`);
      const close = await openStreams(server.url, STREAMS);
      await readPages(server.url);
      await settle(3_000);
      console.log(
        `3. ${POSTS.toLocaleString("en")}-post site (/healthz 200 after ${(readyMs / 1000).toFixed(2)} s), ` +
          `${PAGES.length} pages and a search read, ${STREAMS.toLocaleString("en")} open /realtime streams: ${server.memory()} (${load()})`,
      );
      close();
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!existsSync("build/server/index.js")) throw new Error("Build first: npm run build");
console.log(
  `Memory of \`${START.join(" ")}\`, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, ` +
    `${new Date().toISOString().slice(0, 10)}, ${load()}`,
);
if (ONLY.includes("first") || ONLY.includes("restart")) await firstStartAndRestart();
if (ONLY.includes("streams")) await manyPostsAndStreams();
