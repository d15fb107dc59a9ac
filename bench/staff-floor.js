// `node bench/staff-floor.js`: what a staff page costs whatever it shows (docs/decisions/081), as
// an interleaved A/B. Each variant is a server (a build and start flags) on its own copy of the same
// data (bench/seed-many-posts.ts, MANY_POSTS, default 10,000), signed in as the admin with the
// cookies a browser would keep; then, ROUNDS times, each variant answers BLOCK requests of each page
// in turn, so every variant sees the same load. Prints the server CPU per request (/proc) per page
// and variant, with the load average.
//   FLOOR_VARIANTS="now::;semi16::--max-semi-space-size=16 --liftoff-only;main:/tmp/main-build:"
//     label:build folder:start flags, ";" between variants (empty: BUILD_DIR or build/, and
//     package.json's start flags)
//   FLOOR_PAGES="/admin/dashboard/categories,/admin/dashboard/statistics,/admin/dashboard"
//   ROUNDS=6 BLOCK=10
//   FLOOR_FILES=3000: that many uploaded files (20 KB each) in the data's uploads folder, as a site
//     with 1,000 images (three copies each) has; the staff home's storage figure counts them
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, loadAverage } from "./measure.js";
import { ADMIN_ENV, cpuMs, request, run, START_FLAGS, signInAdmin, startServer } from "./server.js";

const ROUNDS = Number(process.env.ROUNDS ?? 6);
const BLOCK = Number(process.env.BLOCK ?? 10);
const PAGES = (
  process.env.FLOOR_PAGES ??
  "/admin/dashboard/categories,/admin/dashboard/statistics,/admin/dashboard"
).split(",");
const VARIANTS = (process.env.FLOOR_VARIANTS ?? "now::").split(";").map((entry) => {
  const [label, build, ...flags] = entry.split(":");
  const flagLine = flags.join(":").trim();
  return {
    label,
    build: build || undefined,
    flags: flagLine ? flagLine.split(" ").filter(Boolean) : START_FLAGS,
  };
});

/** A browser's cookies: each answer's Set-Cookie replaces the value it names. */
function cookieJar(initial) {
  const jar = new Map(initial.split("; ").map((pair) => pair.split(/=(.*)/s).slice(0, 2)));
  return {
    header: () => [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
    take(setCookie) {
      for (const line of [setCookie ?? []].flat()) {
        const [pair] = line.split(";");
        const [name, value] = pair.split(/=(.*)/s);
        if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
        else jar.set(name, value);
      }
    },
  };
}

const template = mkdtempSync(path.join(os.tmpdir(), "rifq-floor-data-"));
await run("npx", ["tsx", "scripts/seed.ts"], { DATA_DIR: template, LOG_LEVEL: "warn" });
await run("npx", ["tsx", "bench/seed-many-posts.ts"], {
  DATA_DIR: template,
  MANY_POSTS: process.env.MANY_POSTS ?? "10000",
});
const FILES = Number(process.env.FLOOR_FILES ?? 0);
for (let i = 0; i < FILES; i++) {
  const folder = path.join(template, "uploads", "posts", String(Math.floor(i / 500)));
  if (i % 500 === 0) mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, `bench-${i}.webp`), Buffer.alloc(20_000));
}

const servers = [];
try {
  for (const variant of VARIANTS) {
    const server = await startServer({
      port: await freePort(),
      env: { AUTH_SECRET: "bench-secret-0123456789abcdef0123456789abcdef", ...ADMIN_ENV },
      buildDir: variant.build,
      seed: false,
      beforeStart: (dataDir) => cpSync(template, dataDir, { recursive: true }),
      wrap: ([node, ...rest]) => [node, ...variant.flags, ...rest.slice(rest.length - 1)],
    });
    const jar = cookieJar(await signInAdmin(server.url));
    const get = async (pathname) => {
      const answer = await request(`${server.url}${pathname}`, {
        headers: { accept: "text/html", "accept-encoding": "br", cookie: jar.header() },
      });
      if (answer.status !== 200) throw new Error(`${pathname} answered ${answer.status}`);
      jar.take(answer.headers["set-cookie"]);
    };
    for (const page of PAGES) for (let i = 0; i < 10; i++) await get(page);
    servers.push({ variant, server, get, cpu: new Map(PAGES.map((page) => [page, 0])) });
  }
  const loadBefore = loadAverage();
  for (let round = 0; round < ROUNDS; round++) {
    for (const entry of servers) {
      for (const page of PAGES) {
        const before = await cpuMs(entry.server.pid);
        for (let i = 0; i < BLOCK; i++) await entry.get(page);
        entry.cpu.set(page, entry.cpu.get(page) + (await cpuMs(entry.server.pid)) - before);
      }
    }
  }
  console.log(
    `${ROUNDS} rounds × ${BLOCK} requests a page and variant, one at a time, alternating; MANY_POSTS=${process.env.MANY_POSTS ?? "10000"}, FLOOR_FILES=${FILES}; load ${loadBefore.toFixed(2)} → ${loadAverage().toFixed(2)}`,
  );
  for (const { variant, cpu } of servers) {
    const figures = PAGES.map(
      (page) => `${page} ${(cpu.get(page) / (ROUNDS * BLOCK)).toFixed(1)} ms`,
    ).join(" | ");
    console.log(`${variant.label.padEnd(10)} [${variant.flags.join(" ")}] ${figures}`);
  }
} finally {
  for (const { server } of servers) await server.stop();
  rmSync(template, { recursive: true, force: true });
}
