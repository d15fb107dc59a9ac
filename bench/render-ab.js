// `node bench/render-ab.js <buildA> <buildB>`: server CPU per render of two builds side by side
// (issue 39 item 4, docs/decisions/080), each on its own 10,000-post bench site
// (bench/seed-many-posts.ts), in alternating blocks of BLOCK requests (BLOCKS of them a page), so
// both see the same load. The builds are folders relative to this one (`server/index.js` joins
// them to the working folder): copy a build to e.g. ../../tmp/builds/a, with a `node_modules`
// link beside it, and NOT inside the worktree (Tailwind would scan it).
// PAGES="/,/media/news,post,/donate,staff" as bench/render-profile.js. FIRST_READERS=1: each public
// page as its first signed-out reader has it, through the page cache (a new query string each
// time, in a parameter these pages ignore but the cache keeps: every request is a miss that is
// stored and compressed), not skipping the cache.
import { benchPage, benchSessions, cookieAs } from "./many-posts.js";
import { freePort, loadAverage } from "./measure.js";
import { ADMIN_ENV, cpuMs, request, run, startServer } from "./server.js";

const [A, B] = process.argv.slice(2);
if (!A || !B) throw new Error("usage: node bench/render-ab.js <buildA> <buildB>");
const BLOCKS = Number(process.env.BLOCKS ?? 6);
const BLOCK = Number(process.env.BLOCK ?? 10);
const PAGES = (process.env.PAGES ?? "/,/media/news,post,/donate,staff").split(",");
const FIRST_READERS = process.env.FIRST_READERS === "1";
let misses = 0;

const start = async (buildDir) =>
  startServer({
    buildDir,
    port: await freePort(),
    env: { AUTH_SECRET: "bench-secret-0123456789abcdef0123456789abcdef", ...ADMIN_ENV },
    beforeStart: (dataDir) =>
      run("npx", ["tsx", "bench/seed-many-posts.ts"], {
        DATA_DIR: dataDir,
        MANY_POSTS: process.env.MANY_POSTS ?? "10000",
      }),
  });
const servers = [await start(A), await start(B)];
try {
  const sessions = await Promise.all(servers.map((server) => benchSessions(server.url)));
  for (const page of PAGES) {
    const { pathname, as } = benchPage(page);
    const firstReader = FIRST_READERS && as === "rendered";
    const get = (i) =>
      request(`${servers[i].url}${pathname}${firstReader ? `?done=${++misses}` : ""}`, {
        headers: {
          accept: "text/html",
          "accept-encoding": "br",
          ...(firstReader ? {} : { cookie: cookieAs(as, sessions[i]) }),
        },
      });
    for (const i of [0, 1]) for (let k = 0; k < 5; k++) await get(i);
    const total = [0, 0];
    const load = loadAverage();
    for (let b = 0; b < BLOCKS; b++) {
      for (const i of b % 2 ? [1, 0] : [0, 1]) {
        const before = await cpuMs(servers[i].pid);
        for (let k = 0; k < BLOCK; k++) {
          const answer = await get(i);
          if (answer.status !== 200) throw new Error(`${pathname} answered ${answer.status}`);
        }
        total[i] += (await cpuMs(servers[i].pid)) - before;
      }
    }
    const n = BLOCKS * BLOCK;
    console.log(
      `${pathname.padEnd(28)} A ${(total[0] / n).toFixed(1)} ms  B ${(total[1] / n).toFixed(1)} ms CPU per render (${n} each, load ${load.toFixed(2)} → ${loadAverage().toFixed(2)})`,
    );
  }
} finally {
  for (const server of servers) await server.stop();
}
