// `node bench/forms-profile.js`: where the server CPU of issue 36's bench goes (docs/decisions/071,
// "Speed"). The built server on one 20-field form with 10,000 answers (bench/seed-forms.ts) under
// `node --cpu-prof`; per phase (sending an answer, the answers inbox as HTML and as data), ROUNDS
// requests one at a time with the server's CPU per request (/proc) and the load average, then the
// profile's top functions by self time and the app's own functions by total time, in that phase's
// window only. TOP=30 lines; KEEP_PROFILE=1 keeps the .cpuprofile.
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { answerBody } from "./built-forms.js";
import { freePort, loadAverage, treeCpuMs } from "./measure.js";
import { ADMIN_ENV, request, run, signInAdmin, startServer } from "./server.js";

const ROUNDS = Number(process.env.ROUNDS ?? 60);
const profileDir = path.join(os.tmpdir(), `rifq-forms-profile-${process.pid}`);
const id = randomUUID();
const slug = `bench-form-${id.slice(0, 8)}`;

const server = await startServer({
  port: await freePort(),
  env: {
    AUTH_SECRET: "bench-secret-0123456789abcdef0123456789abcdef",
    TRUST_PROXY: "1",
    ...ADMIN_ENV,
  },
  nodeArgs: ["--cpu-prof", "--cpu-prof-dir", profileDir],
  beforeStart: (dataDir) =>
    run("npx", ["tsx", "bench/seed-forms.ts"], {
      DATA_DIR: dataDir,
      MANY_ANSWERS: process.env.MANY_ANSWERS ?? "10000",
      BENCH_FORM_ID: id,
      BENCH_FORM_SLUG: slug,
    }),
});

let sent = 0;
const send = () => {
  const n = sent++;
  return request(`${server.url}/forms/${slug}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: server.url,
      "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    body: answerBody(n),
  });
};

/**
 * [label, from, to] in µs of the monotonic clock, which V8's profile timestamps use as well (on
 * Linux `CLOCK_MONOTONIC`, shared by every process), so no alignment is guessed.
 */
const windows = [];
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);
try {
  const admin = await signInAdmin(server.url);
  const inbox = `/admin/dashboard/forms/${id}/answers`;
  const get = (where) => () =>
    request(`${server.url}${where}`, {
      headers: { accept: "text/html", "accept-encoding": "gzip", cookie: admin },
    });
  const phases = [
    ["sending an answer", send],
    ["answers inbox (HTML)", get(inbox)],
    ["answers inbox (data)", get(`${inbox}.data`)],
    // What any staff page costs as HTML (the layout, the sidebar, the scripts): the forms' list.
    ["forms list (HTML)", get("/admin/dashboard/forms")],
  ];
  for (const [label, call] of phases) {
    for (let i = 0; i < 10; i++) await call();
    const load = loadAverage();
    const before = treeCpuMs(server.pid);
    const from = monotonicMicros();
    let bytes = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const answer = await call();
      if (answer.status >= 400) throw new Error(`${label} answered ${answer.status}`);
      bytes += answer.body.length;
    }
    windows.push([label, from, monotonicMicros()]);
    console.log(
      `${label.padEnd(24)} ${((treeCpuMs(server.pid) - before) / ROUNDS).toFixed(1)} ms CPU per request, ${(bytes / ROUNDS / 1024).toFixed(1)} kB sent (${ROUNDS} one at a time, load ${load.toFixed(2)} → ${loadAverage().toFixed(2)})`,
    );
  }
} finally {
  await server.stop();
}

const file = readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"));
const profile = JSON.parse(readFileSync(path.join(profileDir, file), "utf8"));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parentOf.set(child, node.id);
const nameOf = ({ callFrame }) =>
  `${callFrame.functionName || "(anonymous)"} ${callFrame.url.replace(/^.*\/(node_modules|build)\//, "$1/")}:${callFrame.lineNumber + 1}`;
for (const [label, start, end] of windows) {
  const self = new Map();
  const inclusive = new Map();
  let time = profile.startTime;
  let busy = 0;
  for (const [i, nodeId] of profile.samples.entries()) {
    time += profile.timeDeltas[i] ?? 0;
    if (time < start || time > end) continue;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(nodeId);
    if (node.callFrame.functionName === "(idle)") continue;
    busy += ms;
    self.set(nameOf(node), (self.get(nameOf(node)) ?? 0) + ms);
    const seen = new Set();
    for (let at = nodeId; at !== undefined; at = parentOf.get(at)) seen.add(nameOf(byId.get(at)));
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
    `\n── ${label}: ${(busy / ROUNDS).toFixed(1)} ms sampled per request\nTop self time:\n${top(self)}`,
  );
  console.log(
    `\nTotal time of the app's own functions (build/):\n${top(inclusive, (name) => name.includes(" build/"))}`,
  );
}
if (process.env.KEEP_PROFILE) console.log(`profile kept: ${path.join(profileDir, file)}`);
else rmSync(profileDir, { recursive: true, force: true });
