// `npm run bench`: requests per second and latency of the home page of the built app, measured with
// autocannon on loopback, printed as one line. Figures only: nothing here passes or fails.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const PATHNAME = process.argv[2] ?? "/";
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3999);

if (!existsSync(`${BUILD_DIR}/server/index.js`)) {
  console.error("Build first: npm run build");
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "rifq-bench-"));
const server = spawn(process.execPath, ["server/index.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

const url = `http://127.0.0.1:${PORT}`;
try {
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const html = await fetch(`${url}${PATHNAME}`, {
    headers: { "accept-encoding": "identity" },
  }).then((r) => r.text());
  // Like a browser: asks for HTML and accepts gzip. "cached" is a signed-out visitor (served from
  // the page cache); "rendered" carries a cookie that bypasses it, as a signed-in visitor does.
  const run = (extra) =>
    autocannon({
      url: `${url}${PATHNAME}`,
      connections: 10,
      duration: DURATION,
      headers: { accept: "text/html", "accept-encoding": "gzip", ...extra },
    });
  const cached = await run({});
  const rendered = await run({ cookie: "rifq_toast=none" });
  const figures = (r) =>
    `${r.requests.average.toFixed(0)} req/s p50 ${r.latency.p50} ms p99 ${r.latency.p99} ms`;
  console.log(
    `${PATHNAME}: cached ${figures(cached)} | rendered ${figures(rendered)} | ` +
      `${cached.non2xx + rendered.non2xx} non-2xx, HTML ${(html.length / 1024).toFixed(1)} KiB ` +
      `(${DURATION}s each, 10 connections, node ${process.version})`,
  );
} finally {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
