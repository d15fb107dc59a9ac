// Issue 36's bench for forms built by staff (docs/decisions/071): one open form of 20 fields of
// mixed kinds and 10,000 answers (bench/seed-forms.ts), against the built server.
//  a. Sending an answer: ANSWERS (default 200) valid answers posted one at a time, each from its
//     own client address (TRUST_PROXY=1 and X-Forwarded-For, so the per-client limit of public
//     forms does not refuse them) with its own mobile; server CPU per POST (/proc of its process
//     tree, PGlite included), median and p95 wall time.
//  b. The answers inbox's first page, signed in as an admin, asked one at a time.
//  c. The CSV of every answer, streamed three times in a row: time, bytes, the server's RSS
//     sampled every 50 ms, and what the server still holds after a full garbage collection before
//     and after each (bench/heap-probe.js): flat memory is the same held memory after each CSV,
//     whatever garbage V8 let pile up while it streamed.
// Load average beside every figure. Figures only. `npm run bench:forms`
//   MANY_ANSWERS=10000  ANSWERS=200  INBOX_ROUNDS=40  STEADY_AFTER=100
//  Answers and the inbox are each measured twice: right after WARM_UP, and again once the server
//  has done the same work STEADY_AFTER times more (STEADY_ANSWERS for answers), as a server that
//  has been up a while (V8's optimising compilers have then compiled that code; the first figure
//  still pays for it). Both figures are printed.
//   STEADY_ANSWERS=400
//   REQUEST_FORM=1: the form is a request form that tells a staff member (bench/seed-forms.ts)
import { randomUUID } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, loadAverage, machine, treeCpuMs } from "./measure.js";
import { ADMIN_ENV, request, rssMb, run, signInAdmin, startServer } from "./server.js";

const MANY = Number(process.env.MANY_ANSWERS ?? 10_000);
const ANSWERS = Number(process.env.ANSWERS ?? 200);
const ROUNDS = Number(process.env.INBOX_ROUNDS ?? 40);
const WARM_UP = 10;
const STEADY_AFTER = Number(process.env.STEADY_AFTER ?? 100);
const STEADY_ANSWERS = Number(process.env.STEADY_ANSWERS ?? 400);
const SECRET = "bench-secret-0123456789abcdef0123456789abcdef";

/** The body of the n-th answer, as the browser sends the form (bench/seed-forms.ts's fields). */
export function answerBody(n) {
  const body = new URLSearchParams({
    full_name: `فاطمة القحطاني ${n}`,
    mobile: `05${String(60_000_000 + n).slice(-8)}`,
    email: `sender${n}@example.test`,
    age: String(60 + (n % 40)),
    visit_day: "2026-12-20",
    city: "جدة",
    lives_alone: "yes",
    consent: "on",
    intent: "built-form",
  });
  body.append("needs", "زيارة منزلية");
  body.append("needs", "اتصال أسبوعي");
  for (let q = 0; q < 11; q++) body.set(`q${q}`, "والدي يحتاج مرافقة إلى مواعيد المستشفى كل شهر");
  return body.toString();
}

const spread = (times) => {
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return `median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms`;
};

/** `count` answers, one at a time, each from its own address: CPU per POST. */
export async function sendAnswers(server, slug, first, count) {
  const times = [];
  let cpu = 0;
  const loadBefore = loadAverage();
  for (let n = first; n < first + count; n++) {
    const cpuBefore = treeCpuMs(server.pid);
    const started = performance.now();
    const response = await request(`${server.url}/forms/${slug}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: server.url,
        "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      },
      body: answerBody(n),
    });
    times.push(performance.now() - started);
    cpu += treeCpuMs(server.pid) - cpuBefore;
    const where = String(response.headers.location ?? "");
    if (response.status !== 302 && response.status !== 303 && response.status !== 204)
      throw new Error(`an answer was answered ${response.status}`);
    if (response.status !== 204 && !where.includes("sent=1"))
      throw new Error(`an answer went to ${where}`);
  }
  return `${spread(times)}, CPU ${(cpu / count).toFixed(1)} ms/POST (load ${loadBefore.toFixed(2)} → ${loadAverage().toFixed(2)})`;
}

export async function ask(server, path, cookie) {
  const response = await request(`${server.url}${path}`, {
    headers: { accept: "text/html", "accept-encoding": "gzip", cookie },
  });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
}

export async function timeAsks(server, path, cookie) {
  const times = [];
  let cpu = 0;
  const loadBefore = loadAverage();
  for (let i = 0; i < ROUNDS; i++) {
    const cpuBefore = treeCpuMs(server.pid);
    const started = performance.now();
    await ask(server, path, cookie);
    times.push(performance.now() - started);
    cpu += treeCpuMs(server.pid) - cpuBefore;
  }
  return `${spread(times)}, CPU ${(cpu / ROUNDS).toFixed(1)} ms/req (load ${loadBefore.toFixed(2)} → ${loadAverage().toFixed(2)})`;
}

const mb = (bytes) => (bytes / 1024 / 1024).toFixed(0);

/** What the server holds after a full garbage collection (bench/heap-probe.js answers SIGUSR2). */
async function heldAfterGc(server, log) {
  const lines = () => readFileSync(log, "utf8").split("\n").filter(Boolean);
  const before = (() => {
    try {
      return lines().length;
    } catch {
      return 0;
    }
  })();
  process.kill(server.pid, "SIGUSR2");
  for (let i = 0; i < 100; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    try {
      const all = lines();
      if (all.length > before) return JSON.parse(all[all.length - 1]);
    } catch {}
  }
  throw new Error("the heap probe did not answer");
}

const held = (probe) =>
  `heap ${mb(probe.heapUsed)} MB + ${mb(probe.external)} MB outside it (RSS ${mb(probe.rss)} MB)`;

/**
 * The CSV of every answer: the server's RSS sampled every 50 ms while it streams (before, peak,
 * after), and what it holds after a full garbage collection before and after.
 */
async function csvMemory(server, path, cookie, log) {
  const heldBefore = await heldAfterGc(server, log);
  const before = await rssMb(server.pid);
  const samples = [before];
  const timer = setInterval(async () => samples.push(await rssMb(server.pid)), 50);
  const cpuBefore = treeCpuMs(server.pid);
  const loadBefore = loadAverage();
  const started = performance.now();
  const response = await request(`${server.url}${path}`, { headers: { cookie } });
  const took = performance.now() - started;
  clearInterval(timer);
  if (response.status !== 200) throw new Error(`the CSV answered ${response.status}`);
  const cpu = treeCpuMs(server.pid) - cpuBefore;
  const after = await rssMb(server.pid);
  const heldAfter = await heldAfterGc(server, log);
  const rows = response.body.toString("utf8").split("\r\n").length - 2;
  return (
    `${rows.toLocaleString("en")} rows, ${(response.body.length / 1024 / 1024).toFixed(1)} MB in ` +
    `${took.toFixed(0)} ms, CPU ${cpu.toFixed(0)} ms; server RSS ` +
    `${before.toFixed(0)} MB before, at most ${Math.max(...samples).toFixed(0)} MB while streaming ` +
    `(${samples.length} samples), ${after.toFixed(0)} MB after; held after a full GC: ` +
    `${held(heldBefore)} before, ${held(heldAfter)} after ` +
    `(load ${loadBefore.toFixed(2)} → ${loadAverage().toFixed(2)})`
  );
}

export async function benchBuiltForms({ port } = {}) {
  const id = randomUUID();
  const slug = `bench-form-${id.slice(0, 8)}`;
  const heapLog = path.join(os.tmpdir(), `rifq-heap-${id}.jsonl`);
  const server = await startServer({
    port: port ?? Number(process.env.BENCH_PORT ?? (await freePort())),
    env: { AUTH_SECRET: SECRET, TRUST_PROXY: "1", HEAP_LOG: heapLog, ...ADMIN_ENV },
    nodeArgs: ["--expose-gc", "--import", path.resolve("bench/heap-probe.js")],
    beforeStart: (dataDir) =>
      run("npx", ["tsx", "bench/seed-forms.ts"], {
        DATA_DIR: dataDir,
        MANY_ANSWERS: String(MANY),
        BENCH_FORM_ID: id,
        BENCH_FORM_SLUG: slug,
        BENCH_FORM_REQUEST: process.env.REQUEST_FORM === "1" ? "1" : "",
      }),
  });
  try {
    console.log(
      `Built forms: one open ${process.env.REQUEST_FORM === "1" ? "request form telling a staff member" : "form"} of 20 fields, ${MANY.toLocaleString("en")} answers seeded; ${machine()}`,
    );
    await sendAnswers(server, slug, 0, WARM_UP);
    const figures = {};
    figures[`sending an answer (${ANSWERS}, one at a time)`] = await sendAnswers(
      server,
      slug,
      WARM_UP,
      ANSWERS,
    );
    await sendAnswers(server, slug, WARM_UP + ANSWERS, STEADY_ANSWERS);
    const sentBefore = WARM_UP + ANSWERS + STEADY_ANSWERS;
    figures[`sending an answer (${ANSWERS} more), after ${sentBefore} answers`] = await sendAnswers(
      server,
      slug,
      sentBefore,
      ANSWERS,
    );
    const admin = await signInAdmin(server.url);
    const inbox = `/admin/dashboard/forms/${id}/answers`;
    const paths = {
      "answers inbox, first page": inbox,
      "answers inbox, first page (data request)": `${inbox}.data`,
    };
    for (let i = 0; i < WARM_UP; i++)
      for (const path of Object.values(paths)) await ask(server, path, admin);
    for (const [label, path] of Object.entries(paths))
      figures[label] = await timeAsks(server, path, admin);
    for (let i = 0; i < STEADY_AFTER; i++)
      for (const path of Object.values(paths)) await ask(server, path, admin);
    for (const [label, path] of Object.entries(paths))
      figures[`${label}, after ${WARM_UP + ROUNDS + STEADY_AFTER} asks`] = await timeAsks(
        server,
        path,
        admin,
      );
    // Three in a row: a server that keeps nothing of a CSV holds the same after each.
    for (const round of ["", ", again", ", a third time"])
      figures[`CSV of every answer${round}`] = await csvMemory(
        server,
        `${inbox}/export`,
        admin,
        heapLog,
      );
    console.log(
      Object.entries(figures)
        .map(([label, figure]) => `  ${label}: ${figure}`)
        .join("\n"),
    );
    return figures;
  } finally {
    await server.stop();
    rmSync(heapLog, { force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchBuiltForms();
