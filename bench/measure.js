// What every benchmark prints beside its figures (issue 28, item 7): the load average it ran at,
// the server's CPU per request, and req/s from wrk (a C load generator: autocannon's single Node
// client cannot drive nginx past ~12,000 req/s, so it understated what a fast server does).
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";

export const WRK = ["/usr/bin/wrk", "/usr/local/bin/wrk"].find((file) => existsSync(file));

/** The 1-minute load average now (Linux /proc/loadavg). */
export const loadAverage = () => Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);

/** The middle value; of an even count (a run that got no page left out), the mean of the two. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The CPU time (ms) a fixed piece of JavaScript takes here: objects made and dropped, strings
 * built and JSON read, as a render does. Machines of the same name differ by 2–3× (the same build's
 * render cost 5.7 ms on one and 15 ms on another): a figure is compared with its speed beside it.
 * Measured once, at the best of three.
 */
let speed;
export function referenceWorkMs() {
  if (speed !== undefined) return speed;
  const once = () => {
    const started = process.cpuUsage();
    let kept = 0;
    for (let i = 0; i < 200_000; i++) {
      const row = { id: i, title: `عنوان ${i}`, tags: [i % 7, i % 11], at: i * 1000 };
      kept += JSON.parse(JSON.stringify(row)).title.length;
    }
    const used = process.cpuUsage(started);
    return kept > 0 ? (used.user + used.system) / 1000 : Number.NaN;
  };
  speed = Math.min(once(), once(), once());
  return speed;
}

/** "2026-11-27 · 2× AMD EPYC … · 24 GB · node v20.20.0 · reference work 410 ms": what a bench ran on. */
export const machine = () =>
  `${new Date().toISOString().slice(0, 10)} · ${os.cpus().length}× ${os.cpus()[0]?.model.trim()} · ` +
  `${(os.totalmem() / 2 ** 30).toFixed(0)} GB · node ${process.version} · reference work ` +
  `${referenceWorkMs().toFixed(0)} ms of CPU (bench/measure.js)`;

/** "load 2.31 → 2.87": the load average before and after a measurement. */
export async function atLoad(measure) {
  const before = loadAverage();
  const result = await measure();
  return { result, load: `load ${before.toFixed(2)} → ${loadAverage().toFixed(2)}` };
}

/** CPU time (user + system) a process and its children processes have used, in ms (/proc). */
export function treeCpuMs(pid) {
  const own = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  let ms = ((Number(own[11]) + Number(own[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
  for (const child of children ? children.split(" ") : []) {
    try {
      ms += treeCpuMs(Number(child));
    } catch {
      // a child that ended meanwhile
    }
  }
  return ms;
}

/** A TCP port nothing listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs wrk against `url` and answers { requests, reqPerSec, p50Ms, p99Ms, non2xx, socketErrors,
 * errors }, with the CPU time the process tree `pid` spent meanwhile (`cpuPerRequestMs`) when a
 * pid is given. With `stopWhen` (a promise) wrk runs until it resolves, at most `seconds`.
 */
export async function wrk(
  url,
  { threads = 2, connections = 50, seconds = 10, headers = {}, pid, timeoutSeconds, stopWhen } = {},
) {
  if (!WRK) throw new Error("wrk is not installed (apt-get install wrk)");
  const args = [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, "--latency"];
  // wrk counts an answer slower than its timeout (2 s unless given) as a socket error "timeout".
  if (timeoutSeconds) args.push("--timeout", `${timeoutSeconds}s`);
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  args.push(url);
  const cpuBefore = pid ? treeCpuMs(pid) : 0;
  const output = await new Promise((resolve, reject) => {
    const child = spawn(WRK, args, { stdio: ["ignore", "pipe", "inherit"] });
    let text = "";
    child.stdout.on("data", (chunk) => {
      text += chunk;
    });
    child.once("error", reject);
    // wrk stops on SIGINT and prints what it measured so far.
    stopWhen?.then(() => child.exitCode === null && child.kill("SIGINT"));
    child.once("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk ${code}`))));
  });
  const cpuMs = pid ? treeCpuMs(pid) - cpuBefore : null;
  const ran = output.match(/(\d+) requests in ([\d.]+)(ms|s|m)\b/);
  const requests = Number(ran?.[1] ?? 0);
  const errors = output.match(/Non-2xx or 3xx responses: (\d+)/)?.[1];
  const socketErrors = output.match(/Socket errors: (.*)/)?.[1];
  const percentile = (line) => {
    const found = output.match(new RegExp(`\\s${line}%\\s+([\\d.]+)(us|ms|s)`));
    return found ? Number(found[1]) * { us: 0.001, ms: 1, s: 1000 }[found[2]] : null;
  };
  const socketCounts = socketErrors?.match(/connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  return {
    requests,
    reqPerSec: Number(output.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? 0),
    /** How long it ran, in seconds. */
    seconds: ran ? Number(ran[2]) * { ms: 0.001, s: 1, m: 60 }[ran[3]] : null,
    p50Ms: percentile(50),
    p99Ms: percentile(99),
    /** Answers other than 2xx/3xx, and wrk's socket errors by kind (all 0 when it saw none). */
    non2xx: Number(errors ?? 0),
    socketErrors: {
      connect: Number(socketCounts?.[1] ?? 0),
      read: Number(socketCounts?.[2] ?? 0),
      write: Number(socketCounts?.[3] ?? 0),
      timeout: Number(socketCounts?.[4] ?? 0),
    },
    errors: [errors && `${errors} non-2xx`, socketErrors && `socket errors: ${socketErrors}`]
      .filter(Boolean)
      .join(", "),
    cpuPerRequestMs: cpuMs === null ? null : cpuMs / Math.max(1, requests),
  };
}

/** "12,345 req/s, p99 4.1 ms, 0.081 ms CPU/req" */
export const wrkFigures = (r) =>
  `${Math.round(r.reqPerSec).toLocaleString("en").padStart(6)} req/s, p99 ${r.p99Ms?.toFixed(1) ?? "?"} ms` +
  (r.cpuPerRequestMs === null ? "" : `, ${r.cpuPerRequestMs.toFixed(3)} ms CPU/req`) +
  (r.errors ? ` (${r.errors})` : "");

/** Debian's Chromium (or CHROMIUM_PATH) as the browser benches drive it: headless, quiet. */
export async function launchChromium() {
  const { chromium } = await import("playwright-core");
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
}
