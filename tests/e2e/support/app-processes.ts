import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

// Built app processes (`node server/index.js`) on one PostgreSQL server, as a deployment runs
// them behind a load balancer or nginx (scale-out.e2e.ts, deploy-proxy.e2e.ts).

export const POSTGRES_SERVER = "postgres://postgres@127.0.0.1:5432";

export async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: `${POSTGRES_SERVER}/postgres`,
    connectionTimeoutMillis: 2000,
  });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Runs `run` on the server's `postgres` database (creating and dropping test databases). */
export async function adminDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${POSTGRES_SERVER}/postgres` });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Migrates the database of `env` and creates the fixture accounts, as global-setup does. */
export function seedAccounts(env: Record<string, string>) {
  const seedDir = mkdtempSync(path.join(os.tmpdir(), "rifq-seed-"));
  const seed = spawnSync(
    path.resolve("node_modules/.bin/tsx"),
    ["tests/e2e/support/seed-accounts.ts"],
    { env: { ...process.env, ...env, DATA_DIR: seedDir }, stdio: "inherit" },
  );
  rmSync(seedDir, { recursive: true, force: true });
  if (seed.status !== 0) throw new Error("seeding the accounts failed");
}

export interface AppProcess {
  /** Its own address (not a proxy's). */
  url: string;
  port: number;
  child: ChildProcess;
  dataDir: string;
}

/**
 * One built app process with `env` (SITE_URL defaults to its own address) and a DATA_DIR of its
 * own, once its /healthz answers ok.
 */
export async function startApp(env: Record<string, string>): Promise<AppProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "rifq-app-"));
  const child = spawn(process.execPath, ["server/index.js"], {
    env: {
      ...process.env,
      SITE_URL: url,
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
    const health = await fetch(`${url}/healthz`).then(
      (response) => response.json(),
      () => null,
    );
    if (health?.status === "ok") return { url, port, child, dataDir };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} never became healthy`);
}

export async function stopApp(app: AppProcess | undefined) {
  if (!app) return;
  if (app.child.exitCode === null) {
    await new Promise((resolve) => {
      app.child.once("exit", resolve);
      app.child.kill("SIGTERM");
    });
  }
  rmSync(app.dataDir, { recursive: true, force: true });
}
