// `node bench/render-profile.js`: where a rendered page's server CPU goes (issue 39, item 4). The
// build on the 10,000-post bench site (bench/seed-many-posts.ts; MANY_POSTS to change) under
// `node --cpu-prof`; per page, ROUNDS renders one at a time past the page cache, with the server's
// CPU per render (/proc) and the load average; then the profile's top functions by self time.
// PROFILE_PAGES="/,/media/news" picks the pages ("post" is a post, "staff" the staff posts list;
// any other /admin address is asked signed in as the admin).
import { readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { signedOut } from "./many-posts.js";
import { freePort, loadAverage } from "./measure.js";
import { ADMIN_ENV, cpuMs, request, run, signInAdmin, startServer } from "./server.js";

const ROUNDS = Number(process.env.ROUNDS ?? 40);
const PAGES = (process.env.PROFILE_PAGES ?? "/,/media/news,post,staff").split(",");
const profileDir = path.join(os.tmpdir(), `rifq-render-profile-${process.pid}`);

const server = await startServer({
  port: await freePort(),
  env: { AUTH_SECRET: "bench-secret-0123456789abcdef0123456789abcdef", ...ADMIN_ENV },
  nodeArgs: ["--cpu-prof", "--cpu-prof-dir", profileDir],
  beforeStart: (dataDir) =>
    run("npx", ["tsx", "bench/seed-many-posts.ts"], {
      DATA_DIR: dataDir,
      MANY_POSTS: process.env.MANY_POSTS ?? "10000",
    }),
});
/** performance.now() when the measured renders began: the profile is read from there on. */
let measuredFrom;
let stoppedAt;
try {
  const admin = await signInAdmin(server.url);
  measuredFrom = performance.now();
  for (const page of PAGES) {
    const [pathname, cookie] =
      page === "staff"
        ? ["/admin/dashboard/posts", admin]
        : page.startsWith("/admin")
          ? [page, admin]
          : [page === "post" ? "/media/news/bench-post-5000" : page, signedOut()];
    const get = () =>
      request(`${server.url}${pathname}`, {
        headers: { accept: "text/html", "accept-encoding": "br", cookie },
      });
    for (let i = 0; i < 5; i++) await get();
    const load = loadAverage();
    const before = await cpuMs(server.pid);
    for (let i = 0; i < ROUNDS; i++) {
      const answer = await get();
      if (answer.status !== 200) throw new Error(`${pathname} answered ${answer.status}`);
    }
    const perRender = ((await cpuMs(server.pid)) - before) / ROUNDS;
    console.log(
      `${pathname.padEnd(28)} ${perRender.toFixed(1)} ms CPU per render (${ROUNDS} one at a time, load ${load.toFixed(2)} → ${loadAverage().toFixed(2)})`,
    );
  }
} finally {
  stoppedAt = performance.now();
  await server.stop();
}

// Self and total time per function (name, file:line) in the profile the server wrote as it
// ended, over the measured renders only (its last `stoppedAt - measuredFrom` ms: not the start-up).
const file = readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"));
const profile = JSON.parse(readFileSync(path.join(profileDir, file), "utf8"));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parentOf.set(child, node.id);
const nameOf = ({ callFrame }) =>
  `${callFrame.functionName || "(anonymous)"} ${callFrame.url.replace(/^.*\/(node_modules|build)\//, "$1/")}:${callFrame.lineNumber + 1}`;
const windowStart = profile.endTime - (stoppedAt - measuredFrom) * 1000;
const self = new Map();
const inclusive = new Map();
let time = profile.startTime;
let busy = 0;
for (const [i, id] of profile.samples.entries()) {
  time += profile.timeDeltas[i] ?? 0;
  if (time < windowStart) continue;
  const ms = (profile.timeDeltas[i] ?? 0) / 1000;
  const node = byId.get(id);
  if (node.callFrame.functionName === "(idle)") continue;
  busy += ms;
  self.set(nameOf(node), (self.get(nameOf(node)) ?? 0) + ms);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parentOf.get(at)) seen.add(nameOf(byId.get(at)));
  for (const name of seen) inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
}
const top = (map, filter = () => true) =>
  [...map.entries()]
    .filter(([name]) => filter(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.TOP ?? 30))
    .map(([name, ms]) => `${((100 * ms) / busy).toFixed(1).padStart(5)} %  ${name}`)
    .join("\n");
console.log(
  `\nTop self time (of ${(busy / 1000).toFixed(1)} s busy while measuring):\n${top(self)}`,
);
console.log(
  `\nTotal time of the app's own functions (build/):\n${top(inclusive, (name) => name.includes(" build/"))}`,
);
if (process.env.KEEP_PROFILE) console.log(`profile kept: ${path.join(profileDir, file)}`);
else rmSync(profileDir, { recursive: true, force: true });
