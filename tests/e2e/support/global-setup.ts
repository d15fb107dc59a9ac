import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { newDataDir, type RunningServer, startServer } from "../../../scripts/support/server";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

let server: RunningServer | undefined;

/** One shared server for the specs, on a fresh data folder with the fixture accounts. */
export default async function setup(project: TestProject) {
  if (!existsSync(`${process.env.BUILD_DIR ?? "build"}/server/index.js`)) {
    throw new Error("Build the app first: npm run build");
  }
  const dataDir = newDataDir();
  const seed = spawnSync(
    path.resolve("node_modules/.bin/tsx"),
    ["tests/e2e/support/seed-accounts.ts"],
    {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        NODE_ENV: "production",
        DATABASE_URL: "",
        LOG_LEVEL: "warn",
      },
      stdio: "inherit",
    },
  );
  if (seed.status !== 0) throw new Error("seeding the e2e accounts failed");
  // TEST_CLOCK lets specs move the server's clock (scheduled posts, docs/decisions/031); reading
  // statistics are written every half second, for specs to read them soon (docs/decisions/074).
  server = await startServer(dataDir, { TEST_CLOCK: "true", STATISTICS_FLUSH_MS: "500" });
  project.provide("baseURL", server.url);
  project.provide("dataDir", server.dataDir);
  return async () => server?.stop();
}
