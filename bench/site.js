// The built app on a fresh data folder with the demo content (`npm run seed`), for benchmarks.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";

/** A port nobody listens on (two benchmarks may run side by side). */
function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `node server/index.js` (on `port`, or a free one), seeded with the demo content. */
export async function startBenchSite(port) {
  port ||= await freePort();
  if (!existsSync(`${BUILD_DIR}/server/index.js`)) throw new Error("Build first: npm run build");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "rifq-bench-"));
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
  };
  const seed = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/seed.ts"], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (seed.status !== 0) throw new Error("seeding the demo content failed");
  const server = spawn(process.execPath, ["server/index.js"], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const healthy = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    stop() {
      server.kill("SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The public pages every benchmark reports: /, the news list, the newest post and /donate. */
export async function benchPages(url) {
  const news = await fetch(`${url}/media/news`).then((r) => r.text());
  const post = news.match(/href="(\/media\/news\/[^"?#]+)"/)?.[1];
  return ["/", "/media/news", ...(post ? [decodeURI(post)] : []), "/donate"];
}
