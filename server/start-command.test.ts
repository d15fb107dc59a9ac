import { readFileSync } from "node:fs";
import { expect, test } from "vitest";

// The shipped systemd unit (deploy/systemd/rifq@.service) runs the server as `npm start` does:
// the same node flags (docs/decisions/059, 083, 092) and the same malloc setting (docs/decisions/089).

const start: string[] = JSON.parse(readFileSync("package.json", "utf8")).scripts.start.split(" ");
const unit = readFileSync("deploy/systemd/rifq@.service", "utf8");
const unitLines = (key: string) =>
  [...unit.matchAll(new RegExp(`^${key}=(.*)$`, "gm"))].map((match) => match[1] ?? "");

test("npm start keeps two malloc arenas and V8's memory flags", () => {
  expect(start).toContain("MALLOC_ARENA_MAX=2");
  expect(start.filter((word) => word.startsWith("--"))).toEqual([
    "--max-semi-space-size=2",
    "--liftoff-only",
    "--single-threaded-gc",
    "--heap-growing-percent=50",
  ]);
});

test("the systemd unit runs node with npm start's flags and variables", () => {
  const [execStart] = unitLines("ExecStart");
  const unitFlags = (execStart ?? "").split(" ").filter((word) => word.startsWith("--"));
  expect(unitFlags).toEqual(start.filter((word) => word.startsWith("--")));
  const unitVariables = unitLines("Environment").flatMap((line) => line.split(" "));
  for (const variable of start.filter((word) => /^[A-Z][A-Z0-9_]*=/.test(word))) {
    expect(unitVariables).toContain(variable);
  }
});
