// `npm run bench:busy-day` (issue 39): the association's busy day on the smallest server. The
// built app runs pinned to one core (taskset -c 0) under a 1 GB memory ceiling (systemd-run, else
// a cgroup, whichever this machine allows: printed), on the embedded database (--postgres: a
// fresh PostgreSQL database instead), and for --minutes (default 10), all at once:
//   readers at a steady rate over the public pages, mostly from the page cache (wrk, with
//   bench/busy-day-readers.lua), some rendered (a signed session cookie), and searches;
//   --streams (1,000) open held pages on /realtime that behave as ours (bench/live.js);
//   --staff (5) signed-in sessions saving page texts, posts (new, then edited after finding it in
//   the staff list) and governance cards, as the browser's forms send them;
//   a campaign to --subscribers (10,000) sent at once, draining through the mail queue at
//   --mail-rate messages a minute into an SMTP server in this process;
//   --registrants (200) people registering in one burst for an event of --seats (150) seats;
//   volunteer-form answers at a steady pace.
// It samples the server's CPU and memory every second (/proc) and its event-loop delay (a probe
// loaded with --import: bench/event-loop-probe.js), reports p50/p95/p99 and errors per kind of
// request, checks afterwards in the database that nothing was lost, and writes a JSON and a
// Markdown report to bench/results/. This process and wrk run on the other core (taskset -c 1).
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { SMTPServer } from "smtp-server";
import { appFilesOf, openPage } from "./live.js";
import { freePort, loadAverage, machine, treeCpuMs, WRK } from "./measure.js";
import { ADMIN_ENV, request, run, signIn, startServer } from "./server.js";
import { benchPages } from "./site.js";

const { values: flags } = parseArgs({
  options: {
    minutes: { type: "string", default: "10" },
    postgres: { type: "boolean", default: false },
    "reader-rate": { type: "string", default: "100" },
    streams: { type: "string", default: "1000" },
    staff: { type: "string", default: "5" },
    "think-seconds": { type: "string", default: "2" },
    subscribers: { type: "string", default: "10000" },
    "mail-rate": { type: "string" },
    registrants: { type: "string", default: "200" },
    seats: { type: "string", default: "150" },
    profile: { type: "boolean", default: false },
  },
});
const MINUTES = Number(flags.minutes);
const SECONDS = Math.round(MINUTES * 60);
const READER_RATE = Number(flags["reader-rate"]);
const STREAMS = Number(flags.streams);
const STAFF = Number(flags.staff);
const THINK_MS = Number(flags["think-seconds"]) * 1000;
const SUBSCRIBERS = Number(flags.subscribers);
/** By default the campaign is meant to take 80 % of the run. */
const MAIL_RATE = Number(flags["mail-rate"] ?? Math.ceil(SUBSCRIBERS / (MINUTES * 0.8)));
const REGISTRANTS = Number(flags.registrants);
const SEATS = Number(flags.seats);
const STAFF_PASSWORD = "Busy-day-pass-2026!x";
const SECRET = "bench-secret-0123456789abcdef0123456789abcdef";
const EVENT_PATH = "/events/busy-day-iftar";
/** Texts of the home page, one for each staff member (the check finds the last one saved). */
const TEXT_KEYS = ["hero-title", "mission-text", "cta-title", "cta-text", "hero-about-button"];
const SEARCHES = ["الزيارات المنزلية", "رمضان", "التطوع", "كبار السن", "الدمام", "ملتقى الأجيال"];
const TARGETS = { readerP95Ms: 50, staffSaveP95Ms: 300, errors: 0, peakRssMb: 400 };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => Number(loadAverage().toFixed(2));

/** Runs a command and answers what it printed (stderr passes through). */
function output(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let text = "";
    child.stdout.on("data", (chunk) => {
      text += chunk;
    });
    child.once("exit", (code) =>
      code === 0 ? resolve(text) : reject(new Error(`${command} ${args.join(" ")} exited ${code}`)),
    );
  });
}

/**
 * The 1 GB ceiling this machine allows, in order: `systemd-run --scope -p MemoryMax=1G` (systemd
 * is PID 1), a cgroup v2 directory, a cgroup v1 memory directory — each a child of this process's
 * own cgroup, so the machine's accounting still sees it. Answers how it applies (`wrap`), its name
 * and `peakMb()`/`close()` where a cgroup is read and removed afterwards.
 */
function memoryCeiling() {
  const limit = 1024 ** 3;
  const none = { name: "none", wrap: (line) => line, peakMb: () => null, close() {} };
  if (readFileSync("/proc/1/comm", "utf8").trim() === "systemd") {
    return {
      ...none,
      name: "systemd-run --scope -p MemoryMax=1G",
      wrap: (line) => ["systemd-run", "--scope", "--quiet", "-p", "MemoryMax=1G", "--", ...line],
    };
  }
  const own = readFileSync("/proc/self/cgroup", "utf8").trim().split("\n");
  const v2 = own.find((line) => line.startsWith("0::"))?.slice(3);
  const v1 = own.find((line) => /^\d+:memory:/.test(line))?.split(":")[2];
  const candidates = [
    existsSync("/sys/fs/cgroup/cgroup.controllers") &&
      v2 !== undefined && {
        version: "v2",
        dir: path.join("/sys/fs/cgroup", v2, `rifq-busy-day-${process.pid}`),
        max: "memory.max",
        peak: "memory.peak",
      },
    v1 !== undefined && {
      version: "v1",
      dir: path.join("/sys/fs/cgroup/memory", v1, `rifq-busy-day-${process.pid}`),
      max: "memory.limit_in_bytes",
      peak: "memory.max_usage_in_bytes",
    },
  ].filter(Boolean);
  for (const cgroup of candidates) {
    try {
      mkdirSync(cgroup.dir);
      writeFileSync(path.join(cgroup.dir, cgroup.max), String(limit));
      // Swap counts too where the kernel offers it (v1's memsw), so the ceiling is not swapped past.
      try {
        writeFileSync(
          path.join(
            cgroup.dir,
            cgroup.version === "v1" ? "memory.memsw.limit_in_bytes" : "memory.swap.max",
          ),
          cgroup.version === "v1" ? String(limit) : "0",
        );
      } catch {
        // no swap accounting here
      }
      return {
        name: `cgroup ${cgroup.version} ${cgroup.dir} (${cgroup.max} = 1 GiB)`,
        // The shell joins the cgroup, then becomes taskset, which becomes node: one pid throughout.
        wrap: (line) => [
          "sh",
          "-c",
          'echo $$ > "$0/cgroup.procs" && exec "$@"',
          cgroup.dir,
          ...line,
        ],
        peakMb: () => {
          try {
            return Number(readFileSync(path.join(cgroup.dir, cgroup.peak), "utf8")) / 2 ** 20;
          } catch {
            return null;
          }
        },
        close: () => rmdirSync(cgroup.dir),
      };
    } catch {
      rmSync(cgroup.dir, { recursive: false, force: true });
    }
  }
  console.warn(
    "No memory ceiling could be applied (no systemd, no writable cgroup); prlimit --as is no " +
      "substitute: WebAssembly reserves far more address space than it uses.",
  );
  return none;
}

/** An SMTP server in this process counting messages per recipient, with the time of each. */
async function startSmtpSink() {
  const perRecipient = new Map();
  const acceptedAt = [];
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        for (const rcpt of session.envelope.rcptTo) {
          perRecipient.set(rcpt.address, (perRecipient.get(rcpt.address) ?? 0) + 1);
          if (rcpt.address.endsWith("@subscribers.test")) acceptedAt.push(Date.now());
        }
        callback();
      });
    },
  });
  // A connection the server drops (a send that timed out while it was starved) is its business:
  // the queue retries or marks it; the sink only counts it.
  const dropped = { connections: 0 };
  sink.on("error", () => {
    dropped.connections++;
  });
  await new Promise((resolve) => sink.listen(0, "127.0.0.1", resolve));
  return {
    dropped,
    url: `smtp://127.0.0.1:${sink.server.address().port}`,
    perRecipient,
    acceptedAt,
    close: () => new Promise((resolve) => sink.close(resolve)),
  };
}

/** Latencies and failures per kind of request. */
const kinds = new Map();
function record(kind, ms, ok, status) {
  const entry = kinds.get(kind) ?? { times: [], errors: 0, statuses: {} };
  kinds.set(kind, entry);
  entry.times.push(ms);
  if (!ok) {
    entry.errors++;
    entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
  }
}

/** A request recorded under `kind`: ok when its status is `expect` (a number or a list). */
async function timed(kind, url, options, expect = 200) {
  const started = performance.now();
  try {
    const response = await request(url, options);
    // A form's redirect to the sign-in screen is a refusal, not a save.
    const toLogin = response.headers.location?.startsWith("/login");
    const ok = [expect].flat().includes(response.status) && !toLogin;
    record(kind, performance.now() - started, ok, toLogin ? "→ /login" : response.status);
    return ok ? response : null;
  } catch (error) {
    record(kind, performance.now() - started, false, error.code ?? "error");
    return null;
  }
}

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null;
const round = (value, digits = 1) => (value === null ? null : Number(value.toFixed(digits)));
function summary(times, errors) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? null),
    errors,
  };
}

/** A form post as a browser sends it: urlencoded, same origin, the session's cookie. */
const formPost = (url, fields, { cookie, headers = {} } = {}) => ({
  method: "POST",
  headers: {
    "content-type": "application/x-www-form-urlencoded",
    origin: url,
    ...(cookie ? { cookie } : {}),
    ...headers,
  },
  body: new URLSearchParams(fields).toString(),
});

/**
 * Staff member `s` until `deadline`: a page text, a new post, that post found in the staff list
 * and edited, a governance card (the first four), with THINK_MS between saves. Answers what was
 * acknowledged: the last text and card values, the posts' slugs and which were edited.
 */
async function staffMember(url, cookie, s, deadline) {
  const saved = { text: null, card: null, posts: [], edited: [] };
  /** The versions the last answers gave: a save names the one it was written on (else a 409). */
  const versions = { text: undefined, card: undefined };
  for (let n = 1; Date.now() < deadline; n++) {
    const tag = `#busy-s${s}-${n}`;
    const text = await timed(
      "staff save: page text",
      `${url}/api/page-content`,
      formPost(
        url,
        {
          intent: "save",
          pagePath: "/",
          contentKey: TEXT_KEYS[s % TEXT_KEYS.length],
          contentType: "text",
          value: `نص كتبه الموظف ${s + 1} ${tag}`,
          ...(versions.text ? { expectedUpdatedAt: versions.text } : {}),
        },
        { cookie, headers: { accept: "application/json" } },
      ),
    );
    if (text) {
      saved.text = tag;
      versions.text = JSON.parse(text.body.toString("utf8")).block?.updatedAt;
    }
    await sleep(THINK_MS);
    if (Date.now() >= deadline) break;
    const slug = `busy-day-s${s}-${n}`;
    const fields = {
      title: `خبر يوم الزحام ${s + 1}-${n}`,
      slug,
      content: `<p>زار فريق الجمعية الأسر في الدمام هذا المساء. رمز busyS${s}N${n}</p>`,
      status: "published",
    };
    const created = await timed(
      "staff save: new post",
      `${url}/admin/dashboard/posts/new`,
      formPost(url, fields, { cookie }),
      [302, 303],
    );
    if (created) saved.posts.push(slug);
    await sleep(THINK_MS);
    if (Date.now() >= deadline) break;
    if (created) {
      const list = await timed(
        "staff: posts list (search)",
        `${url}/admin/dashboard/posts?q=busyS${s}N${n}`,
        { headers: { cookie, accept: "text/html", "accept-encoding": "br" } },
      );
      const html = list
        ? (await import("node:zlib")).brotliDecompressSync(list.body).toString("utf8")
        : "";
      const id = html.match(/\/admin\/dashboard\/posts\/([0-9a-f-]{36})\/edit/)?.[1];
      if (list && !id) record("staff: posts list (search)", 0, false, "post not listed");
      if (id) {
        const edited = await timed(
          "staff save: edited post",
          `${url}/admin/dashboard/posts/${id}/edit`,
          formPost(url, { ...fields, title: `${fields.title} (مُعدَّل)` }, { cookie }),
          [302, 303],
        );
        if (edited) saved.edited.push(slug);
      }
      await sleep(THINK_MS);
    }
    // One admin keeps the governance cards (the list has one version: two editing it at once
    // are told of the conflict, by design): a card added, then removed the next time.
    if (s === 0 && Date.now() < deadline) {
      const added = saved.card?.present && saved.card.key ? saved.card : null;
      const fields = added
        ? { intent: "remove", itemKey: added.key }
        : { intent: "add", title: `مبدأ يوم الزحام ${tag}`, text: "نص أضافه فريق الجمعية." };
      const card = await timed(
        "staff save: card",
        `${url}/api/card-lists`,
        formPost(
          url,
          {
            pagePath: "/governance",
            listKey: "principles",
            ...fields,
            ...(versions.card ? { expectedUpdatedAt: versions.card } : {}),
          },
          { cookie, headers: { accept: "application/json" } },
        ),
      );
      if (card) {
        const list = JSON.parse(card.body.toString("utf8")).list;
        versions.card = list?.updatedAt;
        const key = list?.items.find((item) => item.title.endsWith(tag))?.key;
        saved.card = added ? { tag: added.tag, present: false } : { tag, key, present: true };
      }
      await sleep(THINK_MS);
    }
  }
  return saved;
}

/** Volunteer-form answers, one every ~3 s until `deadline`, each from another client address. */
async function volunteers(url, deadline) {
  let kept = 0;
  for (let n = 1; Date.now() < deadline; n++) {
    const answer = await timed(
      "form answer: volunteer",
      `${url}/volunteer`,
      formPost(
        url,
        {
          fullName: `متطوع يوم الزحام ${n}`,
          phone: `056${String(1_000_000 + n).slice(-7)}`,
          city: "dammam",
          interests: "visits",
          availability: "weekdays",
          consent: "on",
        },
        { headers: { "x-forwarded-for": `10.20.${n >> 8}.${n & 255}` } },
      ),
      [302, 303],
    );
    if (answer) kept++;
    await sleep(2000 + Math.random() * 2000);
  }
  return kept;
}

/** REGISTRANTS people registering for the event at once, each from its own address. */
async function registrationBurst(url) {
  const answers = await Promise.all(
    Array.from({ length: REGISTRANTS }, (_, i) =>
      timed(
        "event registration (burst)",
        `${url}${EVENT_PATH}`,
        formPost(
          url,
          {
            fullName: `مسجّل الإفطار ${i + 1}`,
            phone: `055${String(1_000_000 + i).slice(-7)}`,
            email: `guest${i}@registrants.test`,
            attendees: String(i % 5 === 0 ? 2 : 1),
          },
          { headers: { "x-forwarded-for": `10.30.${i >> 8}.${i & 255}` } },
        ),
        [302, 303],
      ),
    ),
  );
  return {
    answered: answers.filter(Boolean).length,
    attendees: Array.from({ length: REGISTRANTS }, (_, i) => (i % 5 === 0 ? 2 : 1)).reduce(
      (a, b) => a + b,
    ),
  };
}

/** A wrk of readers (bench/busy-day-readers.lua) at `rate` a second for SECONDS. */
function readers(url, { paths, rate, cookie = "" }) {
  // Each connection waits ~1 s between requests: as many connections as requests a second.
  const connections = Math.max(1, Math.round(rate));
  const args = ["-c", "1", WRK, "-t1", `-c${connections}`, `-d${SECONDS}s`, "--timeout", "10s"];
  return output("taskset", [...args, "-s", "bench/busy-day-readers.lua", url], {
    BUSY_PATHS: paths.join("|"),
    BUSY_INTERVAL_MS: "1000",
    BUSY_COOKIE: cookie,
  }).then((text) => JSON.parse(text.trim().split("\n").at(-1)));
}

/** A signed session cookie (no such session): a rendered page, as a signed-in reader gets. */
async function signedSession() {
  const { createHmac } = await import("node:crypto");
  const value = "bench-session-token";
  const signature = createHmac("sha256", SECRET).update(value).digest("base64");
  return `better-auth.session_token=${encodeURIComponent(`${value}.${signature}`)}`;
}

/**
 * Nanoseconds the server's main thread has waited for a CPU while ready to run (/proc schedstat):
 * a server starved by other work on its core (a shared machine) rather than slow by itself.
 */
const waitedNs = (pid) =>
  Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8").split(" ")[1]);

/** The load generator's core (1: this process, its SMTP sink, the streams, wrk): busy and all ticks. */
function loadCoreTicks() {
  const line = readFileSync("/proc/stat", "utf8").match(/^cpu1 (.*)$/m)?.[1] ?? "";
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, all: busy + idle + iowait };
}

/**
 * Every second: the server's CPU (% of one core), the share of the second its main thread waited
 * for the core while ready to run, resident memory, event loop and the sink.
 */
function startSampler(pid, sink, eventLoopLog) {
  const samples = [];
  let cpuBefore = treeCpuMs(pid);
  let waitBefore = waitedNs(pid);
  let coreBefore = loadCoreTicks();
  let at = performance.now();
  const timer = setInterval(() => {
    try {
      const cpu = treeCpuMs(pid);
      const waited = waitedNs(pid);
      const core = loadCoreTicks();
      const now = performance.now();
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      samples.push({
        second: samples.length + 1,
        cpuPercent: round((100 * (cpu - cpuBefore)) / (now - at), 0),
        waitingPercent: round((100 * (waited - waitBefore)) / 1e6 / (now - at), 0),
        loadCorePercent: round(
          (100 * (core.busy - coreBefore.busy)) / (core.all - coreBefore.all || 1),
          0,
        ),
        rssMb: round(Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024, 0),
        mailed: sink.acceptedAt.length,
        load: load(),
      });
      cpuBefore = cpu;
      waitBefore = waited;
      coreBefore = core;
      at = now;
    } catch {
      // the server ended
    }
  }, 1000);
  return {
    samples,
    stop() {
      clearInterval(timer);
      const loop = existsSync(eventLoopLog)
        ? readFileSync(eventLoopLog, "utf8").trim().split("\n").filter(Boolean).map(JSON.parse)
        : [];
      return { samples, eventLoop: loop };
    },
  };
}

async function main() {
  if (!WRK) throw new Error("wrk is not installed (apt-get install wrk)");
  if (!existsSync("build/server/index.js")) await run("npm", ["run", "build"]);
  // This process and its load generators on core 1; the server alone on core 0.
  execFileSync("taskset", ["-pc", "1", String(process.pid)], { stdio: "ignore" });
  const loadAtStart = load();
  const sink = await startSmtpSink();
  const ceiling = memoryCeiling();
  let database = null;
  if (flags.postgres) {
    database = `rifq_busy_day_${Math.random().toString(36).slice(2, 8)}`;
    execFileSync("createdb", ["-h", "127.0.0.1", "-U", "postgres", database]);
  }
  process.env.DATABASE_URL = database ? `postgres://postgres@127.0.0.1:5432/${database}` : "";
  const port = await freePort();
  const eventLoopLog = path.join(os.tmpdir(), `rifq-busy-day-loop-${process.pid}.jsonl`);
  const profileDir = path.resolve("bench/results/profiles");
  if (flags.profile) mkdirSync(profileDir, { recursive: true });
  let ids;
  console.log(
    `Busy day: ${MINUTES} min, ${machine()}, ${flags.postgres ? "PostgreSQL" : "embedded PGlite"}, ` +
      `server on core 0 (taskset -c 0), memory ceiling: ${ceiling.name}; load ${loadAtStart}`,
  );
  const server = await startServer({
    port,
    env: {
      AUTH_SECRET: SECRET,
      ...ADMIN_ENV,
      SMTP_URL: sink.url,
      SITE_URL: `http://127.0.0.1:${port}`,
      MAIL_RATE_PER_MINUTE: String(MAIL_RATE),
      EVENT_LOOP_LOG: eventLoopLog,
      DATABASE_URL: process.env.DATABASE_URL,
    },
    nodeArgs: [
      "--import",
      path.resolve("bench/event-loop-probe.js"),
      ...(flags.profile ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : []),
    ],
    wrap: (line) => ceiling.wrap(["taskset", "-c", "0", ...line]),
    beforeStart: async (dataDir) => {
      const printed = await output("npx", ["tsx", "bench/busy-day-data.ts", "seed"], {
        DATA_DIR: dataDir,
        SUBSCRIBERS: String(SUBSCRIBERS),
        SEATS: String(SEATS),
        STAFF: String(STAFF),
        STAFF_PASSWORD,
        LOG_LEVEL: "warn",
      });
      ids = JSON.parse(printed.trim().split("\n").at(-1));
    },
  }).catch(async (error) => {
    await sink.close();
    ceiling.close();
    throw error;
  });
  // Whatever ends this process ends the server too (a crash must not leave it running).
  let serverStopped = false;
  process.once("exit", () => {
    if (serverStopped) return;
    try {
      process.kill(server.pid, "SIGKILL");
    } catch {
      // stopped already
    }
  });
  let report;
  try {
    const staff = [];
    for (let s = 0; s < STAFF; s++) {
      const account = { email: `staff${s}@busy-day.test`, password: STAFF_PASSWORD };
      staff.push(await signIn(server.url, account, { "x-forwarded-for": `10.10.0.${s}` }));
    }
    const admin = staff[0];
    const pages = await benchPages(server.url);
    const publicPages = [
      ...pages,
      "/about",
      "/services",
      "/events",
      EVENT_PATH,
      "/volunteer",
      "/governance",
      "/media/gallery",
    ];
    // The open pages: most on the home page, as bench/live.js.
    const streamPages = ["/", "/", "/", "/about", "/donate"];
    const appFiles = {};
    for (const page of new Set(streamPages)) appFiles[page] = await appFilesOf(server.url, page);
    const streams = { events: 0, failed: 0, sockets: [] };
    for (let i = 0; i < STREAMS; i += 50) {
      const opened = await Promise.all(
        Array.from({ length: Math.min(50, STREAMS - i) }, (_, j) => {
          const page = streamPages[(i + j) % streamPages.length];
          return openPage(server.url, page, appFiles[page], (report) => {
            streams.events++;
            if (!report.ok) streams.failed++;
          });
        }),
      );
      streams.sockets.push(...opened);
    }
    for (const socket of streams.sockets) {
      socket.on("close", () => {
        if (!streams.closing) streams.dropped = (streams.dropped ?? 0) + 1;
      });
    }
    console.log(`  ${STREAMS} streams open, ${STAFF} staff signed in; load ${load()}`);

    const sampler = startSampler(server.pid, sink, eventLoopLog);
    const started = Date.now();
    const deadline = started + SECONDS * 1000;
    const send = await timed(
      "staff save: campaign send-now",
      `${server.url}/admin/dashboard/campaigns/${ids.campaignId}`,
      formPost(server.url, { intent: "send-now" }, { cookie: admin }),
      [302, 303],
    );
    if (!send) throw new Error("the campaign could not be sent");
    const cookie = await signedSession();
    const wrks = Promise.all([
      readers(server.url, { paths: publicPages, rate: READER_RATE * 0.93 }),
      readers(server.url, {
        paths: [...pages, "/media/news?page=2", "/media/news?page=3", "/events"],
        rate: READER_RATE * 0.05,
        cookie,
      }),
      readers(server.url, {
        paths: SEARCHES.map((q) => `/search?q=${encodeURIComponent(q)}`),
        rate: READER_RATE * 0.02,
      }),
    ]);
    const burst = sleep(Math.min(60_000, SECONDS * 200)).then(() => registrationBurst(server.url));
    const [wrkResults, saved, answers, registered] = await Promise.all([
      wrks,
      Promise.all(staff.map((c, s) => staffMember(server.url, c, s, deadline))),
      volunteers(server.url, deadline),
      burst,
    ]);
    const loadAtEnd = load();
    // The campaign may still be draining: wait for it (up to the run's length again).
    const campaignDeadline = Date.now() + SECONDS * 1000;
    while (sink.acceptedAt.length < SUBSCRIBERS && Date.now() < campaignDeadline) await sleep(500);
    const { samples, eventLoop } = sampler.stop();
    streams.closing = true;
    for (const socket of streams.sockets) socket.destroy();
    const peakHwmMb =
      Number(readFileSync(`/proc/${server.pid}/status`, "utf8").match(/VmHWM:\s+(\d+)/)?.[1]) /
      1024;
    const cgroupPeakMb = ceiling.peakMb();
    await server.stop({ keepData: true });
    serverStopped = true;
    const stored = JSON.parse(
      (
        await output("npx", ["tsx", "bench/busy-day-data.ts", "check"], {
          DATA_DIR: server.dataDir,
          LOG_LEVEL: "warn",
        })
      )
        .trim()
        .split("\n")
        .at(-1),
    );
    rmSync(server.dataDir, { recursive: true, force: true });
    report = buildReport({
      wrkResults,
      saved,
      answers,
      registered,
      streams,
      samples,
      eventLoop,
      stored,
      sink,
      started,
      loadAtStart,
      loadAtEnd,
      peakHwmMb,
      cgroupPeakMb,
      ceiling: ceiling.name,
    });
  } catch (error) {
    await server.stop().catch(() => {});
    serverStopped = true;
    throw error;
  } finally {
    await sink.close();
    try {
      ceiling.close();
    } catch {
      // still busy: the kernel removes an empty cgroup's directory only when it is empty
    }
    rmSync(eventLoopLog, { force: true });
    if (database) execFileSync("dropdb", ["-h", "127.0.0.1", "-U", "postgres", database]);
  }
  writeReports(report);
  return report;
}

function buildReport(run) {
  const { wrkResults, saved, stored, sink, samples, eventLoop } = run;
  const perKind = {};
  const wrkKinds = ["reader: cached pages", "reader: rendered pages", "reader: search"];
  for (const [i, result] of wrkResults.entries()) {
    const errors = result.status + result.connect + result.read + result.write + result.timeout;
    perKind[wrkKinds[i]] = {
      count: result.requests,
      perSecond: round(result.requests / (result.durationUs / 1e6)),
      p50: round(result.p50Us / 1000),
      p95: round(result.p95Us / 1000),
      p99: round(result.p99Us / 1000),
      max: round(result.maxUs / 1000),
      errors,
      statuses: Object.fromEntries(
        ["status", "connect", "read", "write", "timeout"]
          .filter((name) => result[name] > 0)
          .map((name) => [name === "status" ? "≥ 400" : name, result[name]]),
      ),
    };
  }
  for (const [kind, entry] of [...kinds.entries()].sort()) {
    perKind[kind] = { ...summary(entry.times, entry.errors), statuses: entry.statuses };
  }
  const staffTimes = [...kinds.entries()]
    .filter(([kind]) => kind.startsWith("staff save:"))
    .flatMap(([, entry]) => entry.times);
  const readerTimes = wrkResults.slice(0, 2).map((r) => r.p95Us / 1000);
  // Nothing lost: every acknowledged save is stored, every subscriber mailed once, seats kept.
  const postsStored = new Map(stored.posts.map((post) => [post.slug, post.title]));
  const acknowledgedPosts = saved.flatMap((member) => member.posts);
  const acknowledgedEdits = saved.flatMap((member) => member.edited);
  const textsStored = new Map(stored.texts.map((row) => [row.key, row.value]));
  const subscribersMailed = [...sink.perRecipient.entries()].filter(([address]) =>
    address.endsWith("@subscribers.test"),
  );
  const confirmed = stored.registrations.find((row) => row.status === "confirmed");
  const waiting = stored.registrations.find((row) => row.status === "waiting");
  const checks = {
    "every new post stored": {
      expected: acknowledgedPosts.length,
      found: acknowledgedPosts.filter((slug) => postsStored.has(slug)).length,
    },
    "every post edit stored": {
      expected: acknowledgedEdits.length,
      found: acknowledgedEdits.filter((slug) => postsStored.get(slug)?.endsWith("(مُعدَّل)")).length,
    },
    "every text's last save stored": {
      expected: saved.filter((member) => member.text).length,
      found: saved.filter(
        (member, s) =>
          member.text && textsStored.get(TEXT_KEYS[s % TEXT_KEYS.length])?.endsWith(member.text),
      ).length,
    },
    "the cards' last save stored": {
      expected: saved.filter((member) => member.card).length,
      found: saved.filter(
        (member) =>
          member.card &&
          stored.cards.some((card) => card.title.endsWith(member.card.tag)) === member.card.present,
      ).length,
    },
    "no subscriber mailed twice": {
      expected: 0,
      found: subscribersMailed.filter(([, times]) => times > 1).length,
    },
    "every subscriber mailed once (by the end)": {
      expected: SUBSCRIBERS,
      found: subscribersMailed.filter(([, times]) => times === 1).length,
    },
    "seats never over capacity": {
      expected: `≤ ${SEATS}`,
      found: confirmed?.attendees ?? 0,
      ok: (confirmed?.attendees ?? 0) <= SEATS && stored.event?.seatsTaken <= SEATS,
    },
    "every registrant confirmed or waiting": {
      expected: run.registered.answered,
      found: (confirmed?.rows ?? 0) + (waiting?.rows ?? 0),
      waiting: waiting?.rows ?? 0,
      seatsTaken: stored.event?.seatsTaken,
    },
    "every volunteer answer kept": { expected: run.answers, found: stored.volunteers },
  };
  for (const check of Object.values(checks)) check.ok ??= check.expected === check.found;
  const mailTimes = sink.acceptedAt;
  const campaignSeconds =
    mailTimes.length > 0 ? (mailTimes[mailTimes.length - 1] - run.started) / 1000 : null;
  const campaign = {
    subscribers: SUBSCRIBERS,
    configuredPerMinute: MAIL_RATE,
    mailed: mailTimes.length,
    seconds: round(campaignSeconds),
    achievedPerMinute: campaignSeconds ? round((60 * mailTimes.length) / campaignSeconds, 0) : 0,
    expectedSeconds: round((60 * SUBSCRIBERS) / MAIL_RATE),
  };
  const errors = Object.values(perKind).reduce((sum, kind) => sum + kind.errors, 0);
  const peakRssMb = Math.max(0, ...samples.map((sample) => sample.rssMb));
  const targets = {
    "reader p95 ≤ 50 ms": {
      value: Math.max(...readerTimes),
      ok: Math.max(...readerTimes) <= TARGETS.readerP95Ms,
    },
    "staff saves p95 ≤ 300 ms": {
      value: summary(staffTimes, 0).p95,
      ok: summary(staffTimes, 0).p95 <= TARGETS.staffSaveP95Ms,
    },
    "0 errors": { value: errors, ok: errors === TARGETS.errors },
    "peak RSS ≤ 400 MB": { value: round(run.peakHwmMb, 0), ok: run.peakHwmMb <= 400 },
    // Finished within 10 % (plus one idle pass of the queue, 5 s) of what the rate allows.
    "campaign at the configured rate": {
      value: `${campaign.mailed} in ${campaign.seconds} s (rate allows ${campaign.expectedSeconds} s)`,
      ok: campaign.mailed === SUBSCRIBERS && campaign.seconds <= campaign.expectedSeconds * 1.1 + 5,
    },
    "nothing lost": {
      value: Object.entries(checks)
        .filter(([, check]) => !check.ok)
        .map(([name]) => name)
        .join(", "),
      ok: Object.values(checks).every((check) => check.ok),
    },
  };
  const cpu = samples.map((sample) => sample.cpuPercent);
  const loop = eventLoop.map((sample) => sample.p99);
  return {
    date: new Date().toISOString(),
    machine: machine(),
    minutes: MINUTES,
    database: flags.postgres ? "PostgreSQL" : "PGlite",
    memoryCeiling: run.ceiling,
    load: {
      start: run.loadAtStart,
      end: run.loadAtEnd,
      max: Math.max(...samples.map((s) => s.load)),
    },
    settings: {
      readerRate: READER_RATE,
      streams: STREAMS,
      staff: STAFF,
      thinkSeconds: THINK_MS / 1000,
      subscribers: SUBSCRIBERS,
      mailRatePerMinute: MAIL_RATE,
      registrants: REGISTRANTS,
      seats: SEATS,
    },
    targets,
    perKind,
    staffSaves: summary(staffTimes, 0),
    campaign,
    smtpConnectionsDropped: sink.dropped.connections,
    streams: {
      open: STREAMS,
      updates: run.streams.events,
      failedRereads: run.streams.failed,
      dropped: run.streams.dropped ?? 0,
    },
    server: {
      peakHwmMb: round(run.peakHwmMb, 0),
      peakRssMb,
      cgroupPeakMb: round(run.cgroupPeakMb, 0),
      cpuPercent: summary(cpu, 0),
      waitingForCorePercent: summary(
        samples.map((sample) => sample.waitingPercent),
        0,
      ),
      cpuSeconds: round(cpu.reduce((a, b) => a + b, 0) / 100),
      loadGeneratorCorePercent: summary(
        samples.map((sample) => sample.loadCorePercent),
        0,
      ),
      eventLoopP99Ms: summary(loop, 0),
      eventLoopMaxMs: Math.max(0, ...eventLoop.map((sample) => sample.max)),
      garbageCollection: gcTotals(eventLoop),
    },
    checks,
    stored: {
      event: stored.event,
      registrations: stored.registrations,
      campaignMail: stored.campaignMail,
    },
    timeline: samples.map((sample, i) => ({ ...sample, eventLoopP99: eventLoop[i]?.p99 ?? null })),
  };
}

/** The GC's pauses over the run by kind (bench/event-loop-probe.js): count and seconds. */
function gcTotals(eventLoop) {
  const totals = {};
  for (const sample of eventLoop) {
    for (const [kind, { count, ms }] of Object.entries(sample.gc ?? {})) {
      totals[kind] ??= { count: 0, seconds: 0 };
      const total = totals[kind];
      total.count += count;
      total.seconds += ms / 1000;
    }
  }
  for (const total of Object.values(totals)) total.seconds = round(total.seconds);
  return totals;
}

/** The report as Markdown: targets, per kind, the checks, and the timeline every 10 s. */
function markdown(report) {
  const lines = [
    `# Busy day, ${report.date.slice(0, 16).replace("T", " ")} UTC`,
    "",
    `${report.machine} · ${report.minutes} min · ${report.database} · server on one core, memory ceiling: ${report.memoryCeiling} · load ${report.load.start} → ${report.load.end} (max ${report.load.max})`,
    "",
    `Settings: ${Object.entries(report.settings)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
    "",
    "| target | value | met |",
    "| --- | --- | --- |",
    ...Object.entries(report.targets).map(
      ([name, t]) => `| ${name} | ${t.value === "" ? "—" : t.value} | ${t.ok ? "yes" : "**no**"} |`,
    ),
    "",
    "| kind of request | count | req/s | p50 ms | p95 ms | p99 ms | max ms | errors |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...Object.entries(report.perKind).map(
      ([kind, k]) =>
        `| ${kind} | ${k.count} | ${k.perSecond ?? ""} | ${k.p50} | ${k.p95} | ${k.p99} | ${k.max} | ${k.errors}${k.statuses && Object.keys(k.statuses).length ? ` ${JSON.stringify(k.statuses)}` : ""} |`,
    ),
    "",
    `Campaign: ${report.campaign.mailed} of ${report.campaign.subscribers} mailed in ${report.campaign.seconds} s at ${report.campaign.achievedPerMinute}/min (configured ${report.campaign.configuredPerMinute}/min: ${report.campaign.expectedSeconds} s).`,
    `SMTP connections the server dropped: ${report.smtpConnectionsDropped}.`,
    `Streams: ${report.streams.open} open, ${report.streams.updates} updates applied, ${report.streams.failedRereads} failed re-reads, ${report.streams.dropped} dropped.`,
    `Server: peak RSS ${report.server.peakHwmMb} MB (VmHWM; cgroup peak with page cache ${report.server.cgroupPeakMb ?? "—"} MB), CPU % of its core per second p50 ${report.server.cpuPercent.p50} / p95 ${report.server.cpuPercent.p95} (${report.server.cpuSeconds} s in all), main thread waiting for its core (ready, not running) p50 ${report.server.waitingForCorePercent.p50} / p95 ${report.server.waitingForCorePercent.p95} % of each second, event-loop delay p99 per second: p50 ${report.server.eventLoopP99Ms.p50} / p95 ${report.server.eventLoopP99Ms.p95} / max ${report.server.eventLoopP99Ms.max} ms (longest stall ${report.server.eventLoopMaxMs} ms).`,
    `Garbage collection on the main thread: ${
      Object.entries(report.server.garbageCollection)
        .map(([kind, t]) => `${kind} ${t.count} pauses, ${t.seconds} s`)
        .join("; ") || "—"
    }.`,
    `Load generator's core (1: this process, the SMTP sink, the streams, wrk) busy per second: p50 ${report.server.loadGeneratorCorePercent.p50} / p95 ${report.server.loadGeneratorCorePercent.p95} / max ${report.server.loadGeneratorCorePercent.max} %.`,
    "",
    "| check | expected | found | ok |",
    "| --- | --- | --- | --- |",
    ...Object.entries(report.checks).map(
      ([name, c]) => `| ${name} | ${c.expected} | ${c.found} | ${c.ok ? "yes" : "**no**"} |`,
    ),
    "",
    "| second | server CPU % | waiting for core % | load generator's core % | RSS MB | event-loop p99 ms | mailed | load |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...report.timeline
      .filter((_, i) => i % 10 === 9)
      .map(
        (t) =>
          `| ${t.second} | ${t.cpuPercent} | ${t.waitingPercent} | ${t.loadCorePercent} | ${t.rssMb} | ${t.eventLoopP99 ?? "—"} | ${t.mailed} | ${t.load} |`,
      ),
  ];
  return `${lines.join("\n")}\n`;
}

function writeReports(report) {
  mkdirSync("bench/results", { recursive: true });
  const name = `bench/results/busy-day-${report.date.slice(0, 19).replaceAll(":", "-")}`;
  writeFileSync(`${name}.json`, `${JSON.stringify(report, null, 2)}\n`);
  const text = markdown(report);
  writeFileSync(`${name}.md`, text);
  console.log(text.split("\n| second |")[0]);
  console.log(`Report: ${name}.md and .json`);
}

const report = await main();
process.exit(Object.values(report.targets).every((target) => target.ok) ? 0 : 1);
