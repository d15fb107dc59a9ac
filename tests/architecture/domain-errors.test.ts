import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";

/** Every source file under `dir`, tests included (a model's test has no reason to build one either). */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

// docs/decisions/041: models refuse with the domain errors of app/shared/domain-errors.ts and
// app/services/error-answers.server.ts alone turns them into HTTP answers.
test("no model builds an HTTP answer: app/models/** never constructs a Response", () => {
  const files = sourcesUnder("app/models");
  expect(files.length).toBeGreaterThan(10);
  const offenders = files.filter((file) => /new\s+Response\s*\(/.test(readFileSync(file, "utf8")));
  expect(offenders).toEqual([]);
});

test("assertRole, which every model calls first, throws domain errors too", () => {
  expect(readFileSync("app/shared/roles.ts", "utf8")).not.toMatch(/new\s+Response\s*\(/);
});
