// `npm run bench:statistics` (docs/decisions/074): what counting adds to a cached page, and the
// statistics screen over 1,000,000 simulated views. Figures only.
//  0. The counter's own CPU per stored page, in process (bench/statistics-counting.ts).
//  1. A cached page under wrk (-t2 -c50), on a server counting and on one with
//     STATISTICS_COUNTING=off, alternating rounds: req/s, p99 and server CPU per request
//     (/proc utime+stime) of each, and the difference.
//  2. STATISTICS_VIEWS (default 1,000,000) views over 90 days seeded straight into the table
//     (bench/seed-statistics.ts, with the server's hourly upkeep): the rows kept, and the server
//     CPU of the admin's statistics screen for 7, 30 and 90 days, one request at a time — beside
//     the admin's home screen (/admin/dashboard) in the same run, what any staff page costs.
// Load average beside every figure.
//   BENCH_SECONDS=10  BENCH_ROUNDS=3  STATISTICS_VIEWS=1000000
import { spawnSync } from "node:child_process";
import { atLoad, freePort, loadAverage, machine, WRK, wrk, wrkFigures } from "./measure.js";
import { ADMIN_ENV, cpuMs, request, signInAdmin, startServer } from "./server.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const VIEWS = Number(process.env.STATISTICS_VIEWS ?? 1_000_000);
const HEADERS = {
  accept: "text/html",
  "accept-encoding": "br",
  "user-agent":
    "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36",
  referer: "https://www.google.com/",
};

async function countingCost() {
  const counting = await startServer({ port: await freePort() });
  const silent = await startServer({
    port: await freePort(),
    env: { STATISTICS_COUNTING: "off" },
  });
  try {
    for (const server of [counting, silent])
      for (let i = 0; i < 5; i++) await request(`${server.url}/`, { headers: HEADERS });
    console.log(
      `Counting on a cached page: wrk -t2 -c50 -d${SECONDS}s, ${ROUNDS} rounds, ${machine()}, load ${loadAverage().toFixed(2)} at the start`,
    );
    const added = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const on = await atLoad(() =>
        wrk(`${counting.url}/`, { seconds: SECONDS, headers: HEADERS, pid: counting.pid }),
      );
      const off = await atLoad(() =>
        wrk(`${silent.url}/`, { seconds: SECONDS, headers: HEADERS, pid: silent.pid }),
      );
      const difference = on.result.cpuPerRequestMs - off.result.cpuPerRequestMs;
      added.push(difference);
      console.log(
        `round ${round}: counting ${wrkFigures(on.result)} [${on.load}] | off ${wrkFigures(off.result)} [${off.load}] | added ${difference.toFixed(4)} ms CPU/req`,
      );
    }
    added.sort((a, b) => a - b);
    console.log(
      `median added CPU per cached page: ${added[Math.floor(added.length / 2)]?.toFixed(4)} ms`,
    );
  } finally {
    await counting.stop();
    await silent.stop();
  }
}

async function dashboardCost() {
  const server = await startServer({
    port: await freePort(),
    env: ADMIN_ENV,
    // Prints the rows kept (before and after the daily fold).
    beforeStart: (dataDir) =>
      spawnSync("npx", ["tsx", "bench/seed-statistics.ts"], {
        env: { ...process.env, DATA_DIR: dataDir, STATISTICS_VIEWS: String(VIEWS) },
        stdio: "inherit",
      }),
  });
  try {
    const cookie = await signInAdmin(server.url);
    for (const days of [7, 30, 90, 0]) {
      const url = days
        ? `${server.url}/admin/dashboard/statistics?days=${days}`
        : `${server.url}/admin/dashboard`;
      const headers = { accept: "text/html", cookie };
      // Warmed first: the first screen measured otherwise carries the server's JIT warm-up.
      for (let i = 0; i < 10; i++) {
        const warm = await request(url, { headers });
        if (warm.status !== 200) throw new Error(`${url} answered ${warm.status}`);
      }
      const rounds = 20;
      const load = loadAverage();
      const before = await cpuMs(server.pid);
      const started = performance.now();
      for (let i = 0; i < rounds; i++) await request(url, { headers });
      const cpu = ((await cpuMs(server.pid)) - before) / rounds;
      const wall = (performance.now() - started) / rounds;
      console.log(
        `${days ? `statistics screen, ${days} days` : "admin home (for comparison)"}: ${cpu.toFixed(1)} ms server CPU/request, ${wall.toFixed(1)} ms wall (load ${load.toFixed(2)} → ${loadAverage().toFixed(2)})`,
      );
    }
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!WRK) throw new Error("wrk is not installed: apt-get install wrk");
  if (process.env.STATISTICS_ONLY !== "dashboard") {
    const load = loadAverage();
    spawnSync("npx", ["tsx", "bench/statistics-counting.ts"], { stdio: "inherit" });
    console.log(`(load ${load.toFixed(2)} → ${loadAverage().toFixed(2)})`);
    await countingCost();
  }
  if (process.env.STATISTICS_ONLY !== "counting") await dashboardCost();
}
