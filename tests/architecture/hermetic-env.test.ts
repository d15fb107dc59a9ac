import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENV_NAMES } from "~/utils/env.server";
import config from "../../vitest.config";

// A developer's shell (SETUP_CODE, ADMIN_TWO_FACTOR…, as README suggests for automated installs)
// never changes what the tests see: tests/setup/hermetic-env.ts clears every variable the app
// reads before any test module loads.
describe("the tests' environment", () => {
  it("holds none of the app's variables but NODE_ENV=test", () => {
    const set = [...ENV_NAMES, "RIFQ_RATE_LIMIT", "BUILD_DIR"].filter(
      (name) => process.env[name] !== undefined,
    );
    expect(set).toEqual(["NODE_ENV"]);
    expect(process.env.NODE_ENV).toBe("test");
  });

  it("stays so when the shell sets them", () => {
    const shell = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      SETUP_CODE: "abcdefghijklmnop",
      ADMIN_TWO_FACTOR: "required",
      NODE_ENV: "production",
      RIFQ_RATE_LIMIT: "on",
      LOG_LEVEL: "debug",
      DATA_DIR: "/nonexistent",
    };
    const run = spawnSync(
      path.resolve("node_modules/.bin/vitest"),
      ["run", "--project", "unit", "tests/architecture/hermetic-env.test.ts", "-t", "holds none"],
      { env: shell, encoding: "utf8" },
    );
    expect(run.stdout + run.stderr).toMatch(/1 passed/);
    expect(run.status).toBe(0);
  }, 60_000);

  it("is cleared first in every project", () => {
    const projects = (config.test?.projects ?? []) as { test: { setupFiles: string[] } }[];
    expect(projects.length).toBeGreaterThan(0);
    for (const project of projects)
      expect(project.test.setupFiles[0]).toBe("tests/setup/hermetic-env.ts");
  });
});
