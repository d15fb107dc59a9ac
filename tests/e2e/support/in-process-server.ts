import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import express from "express";
import type { Database } from "~/utils/db.server";
import { compressResponses } from "../../../server/compress-responses.js";
import { serveBuiltAssets } from "../../../server/static-assets.js";

export interface InProcessServer {
  url: string;
  dataDir: string;
  /** The same embedded database the served pages read: changes show on open pages. */
  db: Database;
  stop(): Promise<void>;
}

interface BuiltServer {
  app: express.Express;
  shutdown(): Promise<void>;
}

let started = false;

/**
 * Runs the BUILT server inside the test process, on a fresh data folder and a free port, so a
 * spec can change the very database behind the pages it has open. The server module keeps its
 * database handle on globalThis, where `~/utils/db.server` (imported here) finds it.
 * One per test file: the environment is read once per process.
 */
export async function startInProcessServer(): Promise<InProcessServer> {
  if (started) throw new Error("one in-process server per test file");
  started = true;
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "rifq-e2e-inproc-"));

  // Bind first to learn the port: SITE_URL must be known before the server reads the environment.
  const host = express();
  const listener = host.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => listener.once("listening", resolve));
  const { port } = listener.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  Object.assign(process.env, {
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    SITE_URL: url,
    DATABASE_URL: "",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  });

  const built: BuiltServer = await import(
    /* @vite-ignore */ pathToFileURL(path.join(buildDir, "server/index.js")).href
  );
  const { db } = await import("~/utils/db.server");

  // The same stack as server/index.js in production.
  host.disable("x-powered-by");
  host.use(compressResponses());
  host.use(serveBuiltAssets(buildDir));
  host.use(built.app);

  return {
    url,
    dataDir,
    db,
    async stop() {
      await built.shutdown();
      listener.closeAllConnections();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
