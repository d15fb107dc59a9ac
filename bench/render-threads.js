// `node bench/render-threads.js`: a rendered page's server CPU per thread (issue 39, item 4). The
// build (BUILD_DIR, as bench/server.js) on the 10,000-post bench site; per page, WARM renders one
// at a time past the page cache (V8 compiles the code meanwhile), then N more, with each thread's
// CPU per render read from /proc/<pid>/task/*/stat: the main thread, and the others by id (in
// node 20, libuv's four pool threads, which compress, and V8's background threads, which compile,
// are all named "node"). PAGES as bench/render-profile.js (any /admin address signed in as the admin, "viewer:/" as a viewer); NODE_ARGS adds V8 flags after the
// start flags (e.g. "--single-threaded").
import { readdirSync, readFileSync } from "node:fs";
import { benchPage, benchSessions, cookieAs } from "./many-posts.js";
import { freePort, loadAverage } from "./measure.js";
import { ADMIN_ENV, request, run, startServer } from "./server.js";

const WARM = Number(process.env.WARM ?? 300);
const N = Number(process.env.N ?? 300);
const PAGES = (process.env.PAGES ?? "/,/media/news,post,staff").split(",");
const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU milliseconds of each of a process's threads, "main" for its first. */
function threadCpuMs(pid) {
  const byThread = {};
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    byThread[tid === String(pid) ? "main" : tid] =
      (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  }
  return byThread;
}

const server = await startServer({
  buildDir: process.env.BUILD_DIR,
  port: await freePort(),
  nodeArgs: (process.env.NODE_ARGS ?? "").split(" ").filter(Boolean),
  env: { AUTH_SECRET: "bench-secret-0123456789abcdef0123456789abcdef", ...ADMIN_ENV },
  beforeStart: (dataDir) =>
    run("npx", ["tsx", "bench/seed-many-posts.ts"], { DATA_DIR: dataDir, MANY_POSTS: "10000" }),
});
try {
  const sessions = await benchSessions(server.url);
  for (const page of PAGES) {
    const { pathname, as } = benchPage(page);
    const cookie = cookieAs(as, sessions);
    const get = async () => {
      const answer = await request(`${server.url}${pathname}`, {
        headers: { accept: "text/html", "accept-encoding": "br", cookie },
      });
      if (answer.status !== 200) throw new Error(`${pathname} answered ${answer.status}`);
    };
    for (let i = 0; i < WARM; i++) await get();
    const load = loadAverage();
    const before = threadCpuMs(server.pid);
    for (let i = 0; i < N; i++) await get();
    const after = threadCpuMs(server.pid);
    const perRender = Object.entries(after).map(([thread, ms]) => [
      thread,
      (ms - (before[thread] ?? 0)) / N,
    ]);
    const total = perRender.reduce((sum, [, ms]) => sum + ms, 0);
    const main = perRender.find(([thread]) => thread === "main")?.[1] ?? 0;
    const others = perRender.filter(([thread, ms]) => thread !== "main" && ms > 0);
    console.log(
      `${pathname.padEnd(28)} ${total.toFixed(2)} ms a render: main ${main.toFixed(2)}, other threads ${(total - main).toFixed(2)} (${others.map(([thread, ms]) => `${thread} ${ms.toFixed(2)}`).join(", ")}); load ${load.toFixed(2)} → ${loadAverage().toFixed(2)}`,
    );
  }
} finally {
  await server.stop();
}
