// `node bench/render-profile.js`: where a rendered page's server CPU goes (issue 39, item 4). The
// build on the 10,000-post bench site (bench/seed-many-posts.ts; MANY_POSTS to change) under
// `node --cpu-prof`; per page, ROUNDS renders one at a time past the page cache, with the server's
// CPU per render (/proc) and the load average; then, per page, the profile's top functions
// (bench/cpu-profile.js: TOP, CALLERS, KEEP_PROFILE).
// PROFILE_PAGES="/,/media/news" picks the pages ("post" is a post, "staff" the staff posts list;
// any other /admin address is asked signed in as the admin; "viewer:/" is "/" as a signed-in
// viewer has it: bench/many-posts.js benchPage).
import { monotonicMicros, profiledServer, reportProfile } from "./cpu-profile.js";
import { benchPage, benchSessions, cookieAs } from "./many-posts.js";
import { freePort, loadAverage } from "./measure.js";
import { ADMIN_ENV, cpuMs, request, run, startServer } from "./server.js";

const ROUNDS = Number(process.env.ROUNDS ?? 40);
const PAGES = (process.env.PROFILE_PAGES ?? "/,/media/news,post,staff").split(",");
const profile = profiledServer("render-profile");

const server = await startServer({
  port: await freePort(),
  env: { AUTH_SECRET: "bench-secret-0123456789abcdef0123456789abcdef", ...ADMIN_ENV },
  nodeArgs: profile.nodeArgs,
  beforeStart: (dataDir) =>
    run("npx", ["tsx", "bench/seed-many-posts.ts"], {
      DATA_DIR: dataDir,
      MANY_POSTS: process.env.MANY_POSTS ?? "10000",
    }),
});
/** [page, from, to, renders]: each page's measured renders, read from the profile one by one. */
const windows = [];
try {
  const sessions = await benchSessions(server.url);
  for (const page of PAGES) {
    const { pathname, as } = benchPage(page);
    const cookie = cookieAs(as, sessions);
    const get = () =>
      request(`${server.url}${pathname}`, {
        headers: { accept: "text/html", "accept-encoding": "br", cookie },
      });
    for (let i = 0; i < 5; i++) await get();
    const load = loadAverage();
    const before = await cpuMs(server.pid);
    const from = monotonicMicros();
    for (let i = 0; i < ROUNDS; i++) {
      const answer = await get();
      if (answer.status !== 200) throw new Error(`${pathname} answered ${answer.status}`);
    }
    windows.push([pathname, from, monotonicMicros(), ROUNDS]);
    const perRender = ((await cpuMs(server.pid)) - before) / ROUNDS;
    console.log(
      `${pathname.padEnd(28)} ${perRender.toFixed(1)} ms CPU per render (${ROUNDS} one at a time, load ${load.toFixed(2)} → ${loadAverage().toFixed(2)})`,
    );
  }
} finally {
  await server.stop();
}
reportProfile(profile.dir, windows);
