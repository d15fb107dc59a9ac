// `npm run bench:rolling-restart` (issue 38): the deployment of docs/deploy.md path (b) — Debian's
// nginx with the shipped deploy/nginx/rifq.conf (adapted as tests/e2e/deploy-proxy.e2e.ts does: a
// certificate made here, a temporary prefix, ports of its own) in front of two built processes on
// one fresh PostgreSQL database. wrk -c50 reads "/" over HTTPS (for 30 s, and longer if the restarts
// take longer) while each process in turn is restarted as step 9 does it: SIGTERM, wait for it to
// exit, start it, wait until /readyz answers 200, wait 10 s (nginx takes it back), then the other. Meanwhile a staff member saves a page's title every ~300 ms
// through nginx (as the in-place editor does, with the version it last saw; /about unless
// BENCH_SAVE_PATH says another); every acknowledged save is looked for in the block's history at
// the end. A reader's /realtime stream reconnects
// (2 s, the stream's `retry`) when its process goes; a reconnect is the page's resync (it
// re-reads, app/components/live-updates.ts), and the saves after it must be heard.
// Prints requests, non-2xx/3xx, socket errors, p50/p99, saves acknowledged/lost, stream
// reconnects, each restart's timing, the load average and the CPU per request.
// Needs `npm run build`, nginx, wrk and PostgreSQL (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres; a database of its own is created and dropped).
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import https from "node:https";
import pg from "pg";
import { NGINX, startSiteNginx } from "../tests/e2e/support/nginx-site.ts";
import { freePort, loadAverage, treeCpuMs, WRK, wrk } from "./measure.js";
import { ADMIN_ENV, request, signInAdmin, startServer } from "./server.js";

const SERVER = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** wrk runs at least this long, and until both restarts are over (then 3 s more). */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
/** When the first restart begins, after wrk started. */
const FIRST_RESTART_AT_MS = 3_000;
const SAVE_EVERY_MS = 300;
/**
 * The page whose text is saved: by default another page than the one wrk reads, whose stored copy
 * stays (the site's usual shape); BENCH_SAVE_PATH=/ makes every save re-render wrk's page.
 */
const SAVE_PATH = process.env.BENCH_SAVE_PATH ?? "/about";
/**
 * An answer slower than this counts as failed ("timeout"). wrk's own 2 s counted slow answers of
 * a saturated 2-core machine as errors; a browser waits far longer (nginx gives up after 60 s).
 */
const WRK_TIMEOUT_S = Number(process.env.BENCH_WRK_TIMEOUT ?? 10);
/**
 * After a process is ready, step 9 waits this long before restarting the next: nginx tries a
 * process again only 5 s (`fail_timeout`) after it last refused a connection, and stopping the
 * other one meanwhile would leave it no process at all ("no live upstreams": 502 for everyone).
 */
const NGINX_TAKES_BACK_S = 10;
/** The stream's `retry:` (server/realtime.ts): a browser waits this long before reconnecting. */
const RECONNECT_MS = 2_000;
if (!NGINX) throw new Error("nginx is not installed (apt-get install nginx)");
if (!WRK) throw new Error("wrk is not installed (apt-get install wrk)");

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const began = performance.now();
const at = () => ((performance.now() - began) / 1000).toFixed(1);
let phase = "creating the database";
const cleanups = [];
async function cleanUp() {
  for (const step of cleanups.reverse()) await step().catch((error) => console.error(error));
}
// Nothing may hang the bench: past this it says where it was, cleans up and fails.
const watchdog = setTimeout(
  async () => {
    console.error(`rolling-restart: stuck at «${phase}» after ${at()} s`);
    await cleanUp();
    process.exit(1);
  },
  (SECONDS + 300) * 1000,
);

const name = `rifq_bench_rolling_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: SERVER });
await admin.connect();
await admin.query(`create database ${name}`);
cleanups.push(async () => {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});
const databaseUrl = new URL(SERVER);
databaseUrl.pathname = `/${name}`;

const ports = [await freePort(), await freePort()];
const [httpPort, httpsPort] = [await freePort(), await freePort()];
const site = `https://127.0.0.1:${httpsPort}`;
// /etc/rifq/rifq.env of path (b), TRUST_PROXY unset (nginx on this machine).
const env = {
  DATABASE_URL: databaseUrl.toString(),
  SITE_URL: site,
  AUTH_SECRET: randomBytes(32).toString("base64url"),
  ...ADMIN_ENV,
};

// CPU of every process the bench ran, read every 200 ms (the last reading of a process that exited counts).
const cpuSeen = new Map();
const sampleCpu = (pid) => {
  try {
    cpuSeen.set(pid, treeCpuMs(pid));
  } catch {
    // exited meanwhile: its last reading stays
  }
};

/** Waits until the process on `port` answers /readyz with 200 (docs/deploy.md step 9). */
async function ready(port, deadline = Date.now() + 180_000) {
  while (Date.now() < deadline) {
    const status = await request(`http://127.0.0.1:${port}/readyz`).then(
      (answer) => answer.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(250);
  }
  throw new Error(`the process on ${port} never became ready`);
}

phase = "starting both processes";
const backends = [];
const start = async (i) => {
  backends[i] = await startServer({ port: ports[i], env, seed: false });
  await ready(ports[i]);
};
await Promise.all([start(0), start(1)]);
cleanups.push(async () => {
  for (const backend of backends) await backend.stop();
});
phase = "starting nginx";
const nginx = await startSiteNginx({ httpPort, httpsPort, appPorts: ports });
cleanups.push(() => nginx.stop());
const pids = () => [...backends.map((backend) => backend.pid), nginx.pid];
const cpuTimer = setInterval(() => pids().forEach(sampleCpu), 200);

// The staff member's browser: one kept-alive connection to nginx, trusting its certificate.
const staffAgent = new https.Agent({ keepAlive: true, ca: nginx.ca });
phase = "signing the admin in through nginx";
const cookie = await signInAdmin(site, { agent: staffAgent });

// The reader: a public page's EventSource, through nginx.
const reader = {
  opens: 0,
  refused: 0,
  resyncEvents: 0,
  /** save number → the connection (1, 2, …) it was heard on */
  heard: new Map(),
  /** when each connection after the first opened (s) */
  reopenedAt: [],
  on: true,
  request: null,
};
function listen() {
  if (!reader.on) return;
  const again = () => reader.on && setTimeout(listen, RECONNECT_MS);
  reader.request = https.get(
    `${site}/realtime`,
    { ca: nginx.ca, agent: false, headers: { accept: "text/event-stream" } },
    (res) => {
      if (res.statusCode !== 200) {
        reader.refused++;
        res.resume();
        return again();
      }
      const connection = ++reader.opens;
      if (connection > 1) reader.reopenedAt.push(performance.now());
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (text) => {
        buffer += text;
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (/^event: resync$/m.test(frame)) reader.resyncEvents++;
          for (const match of frame.matchAll(/الحفظ رقم (\d+)/g)) {
            reader.heard.set(Number(match[1]), connection);
          }
        }
      });
      res.on("close", again);
    },
  );
  reader.request.on("error", () => {});
  reader.request.on("close", () => {});
}
listen();
cleanups.push(async () => {
  reader.on = false;
  reader.request?.destroy();
});

// The staff member's saves, each sent with the version last seen (as the editor does).
const database = new pg.Client({ connectionString: databaseUrl.toString() });
await database.connect();
cleanups.push(() => database.end());
const saves = {
  on: true,
  sent: 0,
  /** { n, value, at } of every save the site answered 200 to (or whose retry found it stored). */
  acknowledged: [],
  /** answers other than 200 (status → count; 0 = no answer) */
  failed: new Map(),
  notSaved: 0,
  slowestMs: 0,
};
let lastSeenVersion;
async function saveOnce(value) {
  const form = new URLSearchParams({
    intent: "save",
    pagePath: SAVE_PATH,
    contentKey: "hero-title",
    contentType: "text",
    value,
    ...(lastSeenVersion ? { expectedUpdatedAt: lastSeenVersion } : {}),
  }).toString();
  const answer = await request(`${site}/api/page-content`, {
    method: "POST",
    agent: staffAgent,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: site,
      accept: "application/json",
      cookie,
    },
    body: form,
  }).catch(() => ({ status: 0, body: Buffer.from("") }));
  let json = null;
  try {
    json = JSON.parse(answer.body.toString("utf8"));
  } catch {
    // an HTML or text answer (nginx's 502, the stopping process's 503)
  }
  return { status: answer.status, json };
}
async function saveLoop() {
  while (saves.on) {
    const n = saves.sent++;
    const value = `عنوان الصفحة، الحفظ رقم ${n}`;
    const first = performance.now();
    for (let attempt = 0; ; attempt++) {
      const { status, json } = await saveOnce(value);
      if (status === 200 && json?.ok) {
        lastSeenVersion = json.block.updatedAt;
        saves.acknowledged.push({ n, value, at: performance.now() });
        break;
      }
      saves.failed.set(status, (saves.failed.get(status) ?? 0) + 1);
      // A conflict after a failed attempt: the attempt may have been stored after all.
      if (status === 409 && json?.current) {
        lastSeenVersion = json.current.updatedAt;
        if (json.current.value === value) {
          saves.acknowledged.push({ n, value, at: performance.now() });
          break;
        }
      }
      if (attempt === 20) {
        saves.notSaved++;
        break;
      }
      await sleep(SAVE_EVERY_MS);
    }
    saves.slowestMs = Math.max(saves.slowestMs, performance.now() - first);
    await sleep(SAVE_EVERY_MS);
  }
}

// Step 9 of docs/deploy.md, one process after the other.
const restarts = [];
const startupCpu = new Map();
async function restart(i) {
  const step = { process: i + 1, signalled: performance.now() };
  restarts.push(step);
  phase = `restarting process ${i + 1}`;
  await backends[i].stop();
  step.exited = performance.now();
  backends[i] = await startServer({ port: ports[i], env, seed: false });
  await ready(ports[i]);
  step.ready = performance.now();
  // What the new process spent starting is told apart from what it spent answering.
  sampleCpu(backends[i].pid);
  startupCpu.set(backends[i].pid, cpuSeen.get(backends[i].pid) ?? 0);
}

phase = "under load";
const loadBefore = loadAverage();
let loadHighest = loadBefore;
const loadTimer = setInterval(() => {
  loadHighest = Math.max(loadHighest, loadAverage());
}, 1000);
pids().forEach(sampleCpu);
const cpuAtStart = new Map(cpuSeen);
const wrkStarted = performance.now();
const saving = saveLoop();
const restarting = (async () => {
  await sleep(FIRST_RESTART_AT_MS);
  await restart(0);
  await sleep(NGINX_TAKES_BACK_S * 1000);
  await restart(1);
})();
// A browser's request (a page cache hit needs `Accept: text/html`, as the signed-out visitor's).
const result = await wrk(`${site}/`, {
  headers: { accept: "text/html,application/xhtml+xml", "accept-encoding": "br, gzip" },
  connections: 50,
  seconds: SECONDS + 600,
  timeoutSeconds: WRK_TIMEOUT_S,
  stopWhen: Promise.all([sleep(SECONDS * 1000), restarting.then(() => sleep(3_000))]),
});
const wrkEnded = performance.now();
pids().forEach(sampleCpu);
const cpuAtEnd = new Map(cpuSeen);
phase = "waiting for the restarts to end";
await restarting;
// The reader hears the last saves before the saves stop.
await sleep(2_000);
saves.on = false;
await saving;
await sleep(1_500);
reader.on = false;
reader.request?.destroy();
clearInterval(loadTimer);
clearInterval(cpuTimer);
const loadAfter = loadAverage();

// Every acknowledged save must be in the block's history (page_content_revisions).
phase = "reading the saves back";
const { rows } = await database.query(
  "select content_value from page_content_revisions where page_path = $1 and content_key = 'hero-title'",
  [SAVE_PATH],
);
const stored = new Set(rows.map((row) => row.content_value));
const lost = saves.acknowledged.filter((save) => !stored.has(save.value));
const current = await database.query(
  "select content_value from page_content where page_path = $1 and content_key = 'hero-title'",
  [SAVE_PATH],
);
const lastAcknowledged = saves.acknowledged.at(-1);

// CPU spent during wrk by the app's processes (every process that ran) and by nginx.
const spent = (pid) => (cpuAtEnd.get(pid) ?? cpuSeen.get(pid) ?? 0) - (cpuAtStart.get(pid) ?? 0);
const appPids = [...cpuSeen.keys()].filter((pid) => pid !== nginx.pid);
const startingCpuMs = [...startupCpu.values()].reduce((sum, ms) => sum + ms, 0);
const appCpuMs = appPids.reduce(
  (sum, pid) => sum + spent(pid) - Math.min(startupCpu.get(pid) ?? 0, spent(pid)),
  0,
);
const nginxCpuMs = spent(nginx.pid);

// The reader: after its last reconnect, which acknowledged saves did it hear?
const lastReopen = reader.reopenedAt.at(-1) ?? 0;
const afterReopen = saves.acknowledged.filter((save) => save.at > lastReopen + 200);
const heardAfter = afterReopen.filter((save) => reader.heard.has(save.n));
const errorLog = nginx.errorLog();
// What nginx met at the processes, by kind and method ("recv() failed … POST": a save cut off).
const upstreamKinds = new Map();
for (const line of errorLog.split("\n")) {
  const kind = line.match(/\[(?:error|warn)\] \d+#\d+: \*\d+ ([^,(]+)/)?.[1]?.trim();
  if (!kind || !/upstream/.test(line)) continue;
  const key = `${kind} (${line.match(/request: "(\w+)/)?.[1] ?? "?"})`;
  upstreamKinds.set(key, (upstreamKinds.get(key) ?? 0) + 1);
}
if (process.env.BENCH_NGINX_LOG) writeFileSync(process.env.BENCH_NGINX_LOG, errorLog);

const s = (ms) => ((ms - wrkStarted) / 1000).toFixed(1);
const socket = result.socketErrors;
console.log(
  [
    `Rolling restart of 2 processes on PostgreSQL behind nginx (deploy/nginx/rifq.conf), wrk -c50 on "/" over HTTPS for ${result.seconds?.toFixed(1)} s (timeout ${WRK_TIMEOUT_S} s):`,
    `  ${result.requests} requests (${Math.round(result.reqPerSec)} req/s), non-2xx/3xx ${result.non2xx}, ` +
      `socket errors: connect ${socket.connect}, read ${socket.read}, write ${socket.write}, timeout ${socket.timeout}`,
    `  p50 ${result.p50Ms?.toFixed(1)} ms, p99 ${result.p99Ms?.toFixed(1)} ms`,
    ...restarts.map(
      (step) =>
        `  process ${step.process}: SIGTERM at ${s(step.signalled)} s, exited at ${s(step.exited)} s, ` +
        `ready (/readyz 200) at ${s(step.ready)} s${step.ready > wrkEnded ? " — after wrk ended" : ""}` +
        ` (start-up ${((step.ready - step.exited) / 1000).toFixed(1)} s)`,
    ),
    `  saves of ${SAVE_PATH}'s title: ${saves.sent} sent, ${saves.acknowledged.length} acknowledged, ${lost.length} lost, ` +
      `${saves.notSaved} never acknowledged; answers other than 200: ${
        saves.failed.size
          ? [...saves.failed]
              .map(([status, count]) => `${count}× ${status || "no answer"}`)
              .join(", ")
          : "none"
      }; slowest save ${Math.round(saves.slowestMs)} ms; stored now: ${
        current.rows[0]?.content_value === lastAcknowledged?.value
          ? "the last acknowledged"
          : "another"
      }`,
    `  reader's stream: ${reader.opens - 1} reconnects (each a resync: the page re-reads), ` +
      `${reader.refused} refused, ${reader.resyncEvents} resync events; after the last reconnect it heard ` +
      `${heardAfter.length} of ${afterReopen.length} saves, the last (${lastAcknowledged?.n}): ${reader.heard.has(lastAcknowledged?.n)}`,
    `  CPU per request: ${(appCpuMs / Math.max(1, result.requests)).toFixed(3)} ms the app's processes ` +
      `(their start-ups apart: ${(startingCpuMs / 1000).toFixed(1)} s CPU for ${startupCpu.size}), ` +
      `${(nginxCpuMs / Math.max(1, result.requests)).toFixed(3)} ms nginx`,
    `  load ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)} (highest ${loadHighest.toFixed(2)}), ` +
      `${readFileSync("/proc/cpuinfo", "utf8").match(/^processor/gm)?.length} cores`,
    `  nginx's error log about the processes: ${upstreamKinds.size ? "" : "nothing"}`,
    ...[...upstreamKinds].map(([kind, count]) => `    ${count}× ${kind}`),
  ].join("\n"),
);

phase = "cleaning up";
await cleanUp();
clearTimeout(watchdog);
process.exit(0);
