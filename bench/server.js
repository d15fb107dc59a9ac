// Starts the built app on a fresh embedded database for a benchmark, and stops it afterwards.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";

/**
 * The node flags of package.json's `start` (the V8 memory settings production runs with,
 * docs/decisions/059), which every bench server runs with too. BENCH_START_FLAGS="…" replaces them
 * for a side-by-side run (e.g. BENCH_START_FLAGS="" for V8's defaults).
 */
const START_WORDS = JSON.parse(readFileSync("package.json", "utf8")).scripts.start.split(" ");
export const START_FLAGS =
  process.env.BENCH_START_FLAGS !== undefined
    ? process.env.BENCH_START_FLAGS.split(" ").filter(Boolean)
    : START_WORDS.filter((word) => word.startsWith("--"));

/**
 * The variables package.json's `start` sets (through cross-env: glibc's MALLOC_ARENA_MAX,
 * docs/decisions/089), which every bench server gets too. BENCH_START_ENV="" leaves them out.
 */
export const START_ENV = Object.fromEntries(
  (process.env.BENCH_START_ENV ?? START_WORDS.join(" "))
    .split(" ")
    .filter((word) => /^[A-Z][A-Z0-9_]*=/.test(word))
    .map((word) => [word.slice(0, word.indexOf("=")), word.slice(word.indexOf("=") + 1)]),
);

/**
 * Runs `server/index.js` of BUILD_DIR (default "build") on `port` with its own DATA_DIR.
 * `env` adds variables; `nodeArgs` go before the script after START_FLAGS (e.g. --cpu-prof); `seed` writes the
 * demo content first and `beforeStart(dataDir)` anything else. `wrap([command, ...args])` answers
 * the command line to run instead (e.g. under `taskset`); it must `exec` node, keeping the pid.
 */
export async function startServer({
  port,
  env = {},
  nodeArgs = [],
  buildDir,
  seed = true,
  beforeStart,
  wrap = (line) => line,
} = {}) {
  const build = buildDir ?? process.env.BUILD_DIR ?? "build";
  if (!existsSync(`${build}/server/index.js`)) throw new Error("Build first: npm run build");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "rifq-bench-"));
  if (seed) await seedDemo(dataDir);
  await beforeStart?.(dataDir);
  const [command, ...args] = wrap([
    process.execPath,
    ...START_FLAGS,
    ...nodeArgs,
    "server/index.js",
  ]);
  const child = spawn(command, args, {
    env: {
      ...START_ENV,
      ...process.env,
      BUILD_DIR: build,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 480; i++) {
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null) throw new Error("the server stopped while starting");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    pid: child.pid,
    dataDir,
    /** Stops the server; its data folder is removed unless `keepData` (the caller removes it). */
    async stop({ keepData = false } = {}) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The demo content of `npm run seed`, and the bench's viewer account, written into `dataDir`. */
export async function seedDemo(dataDir) {
  const env = { DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  await run("npx", ["tsx", "scripts/seed.ts"], env);
  await run("npx", ["tsx", "bench/seed-viewer.ts"], env);
}

/** Runs a command to its end; rejects when it fails. */
export function run(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ["ignore", "ignore", "inherit"],
    });
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited ${code}`)),
    );
  });
}

/** CPU time (user + system) a process has used, in ms, from /proc/<pid>/stat (Linux). */
export async function cpuMs(pid) {
  const { readFileSync } = await import("node:fs");
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/** Resident memory of a process now, in MB (Linux /proc). */
export async function rssMb(pid) {
  const { readFileSync } = await import("node:fs");
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/);
  return line ? Number(line[1]) / 1024 : 0;
}

const SETUP_CODE = "bench-setup-code-0123";
const ADMIN = { fullName: "مدير القياس", email: "bench@rifq.local", password: "Bench-pass-2026!x" };
/** What `startServer` needs in `env` for `signInAdmin` to work. */
export const ADMIN_ENV = { SETUP_CODE, ADMIN_TWO_FACTOR: "optional" };

// `timeout` only so that node 20 heeds the server's `Keep-Alive: timeout=5`: an idle socket is
// dropped a second before the server closes it, instead of a request racing the close and
// failing with ECONNRESET (the busy day's one error at 17:26 UTC; nginx's upstream does the same,
// deploy/nginx). A request in flight is not cut by it.
const agent = new http.Agent({
  keepAlive: true,
  timeout: 60_000,
  maxSockets: Number.POSITIVE_INFINITY,
});

/**
 * A plain HTTP request on a keep-alive agent without a socket limit; an https:// address goes over
 * TLS on `agent` (an https.Agent trusting the bench's own certificate).
 */
export function request(url, { method = "GET", headers = {}, body, agent: through } = {}) {
  const transport = url.startsWith("https:") ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(url, { method, headers, agent: through ?? agent }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** The one-time setup, then a sign-in: answers the admin's cookie (`agent`: as `request`'s). */
export async function signInAdmin(url, { agent } = {}) {
  const form = new URLSearchParams({ code: SETUP_CODE, ...ADMIN }).toString();
  const setup = await request(`${url}/setup`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
    body: form,
    agent,
  });
  if (setup.status >= 400) throw new Error(`setup answered ${setup.status}`);
  return signIn(url, ADMIN, {}, { agent });
}

/**
 * A sign-in of `account` (by default the admin `signInAdmin` sets up; a new sign-in ends the
 * account's other session); `headers` are added (an X-Forwarded-For, so that each sign-in counts
 * as another client's). Answers the cookie.
 */
export async function signIn(url, account = ADMIN, headers = {}, { agent } = {}) {
  const signIn = await request(`${url}/login`, {
    agent,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url, ...headers },
    body: new URLSearchParams({
      intent: "sign-in",
      email: account.email,
      password: account.password,
    }).toString(),
  });
  // The session, not the sign-in's toast: a browser shows the toast once and its cookie is
  // deleted, so a bench that sent it on with every request would measure a toast each time.
  const cookie = [signIn.headers["set-cookie"] ?? []]
    .flat()
    .map((line) => line.split(";")[0])
    .filter((pair) => !pair.startsWith("rifq_toast="))
    .join("; ");
  if (!cookie.includes("session_token")) throw new Error(`sign-in answered ${signIn.status}`);
  return cookie;
}
