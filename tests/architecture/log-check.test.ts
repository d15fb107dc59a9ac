import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";

/**
 * The logs check (tests/setup/fail-on-unexpected-logs.ts) fails a test file whose beforeAll or
 * afterAll hook logs a warning or an error, not only a test that does. Each fixture file is run
 * by its own vitest and must fail, naming where the log came from.
 */
const id = process.pid;
const files: string[] = [];

function runFixture(name: string, source: string) {
  const file = `app/log-fixture-${name}-${id}.test.ts`;
  writeFileSync(path.resolve(file), source);
  files.push(file);
  return spawnSync(
    path.resolve("node_modules/.bin/vitest"),
    ["run", "--project", "unit", "--reporter=dot", file],
    { encoding: "utf8", env: { ...process.env, CI: "1" } },
  );
}

afterAll(() => {
  for (const file of files) rmSync(path.resolve(file), { force: true });
});

it("fails a file whose beforeAll logs a warning", () => {
  const run = runFixture(
    "before",
    `import { beforeAll, it } from "vitest";
beforeAll(() => console.warn("تحذير في التهيئة"));
it("passes by itself", () => {});
`,
  );
  expect(run.status).not.toBe(0);
  expect(run.stdout + run.stderr).toContain("logged in a beforeAll or afterAll hook");
}, 60_000);

it("fails a file whose afterAll logs an error", () => {
  const run = runFixture(
    "after",
    `import { afterAll, it } from "vitest";
afterAll(() => console.error("خطأ في التنظيف"));
it("passes by itself", () => {});
`,
  );
  expect(run.status).not.toBe(0);
  expect(run.stdout + run.stderr).toContain("logged in an afterAll hook");
}, 60_000);
