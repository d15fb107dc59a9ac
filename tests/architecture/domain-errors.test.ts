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

const THROWN_ANSWER = /throw\s+(new\s+Response\s*\(|data\s*\()/;

// docs/decisions/065: the staff gate, the body reader and the rate limits refuse with domain
// errors too; the mapper alone builds the answer, so it needs no branch for a thrown Response.
test("no model, service or util throws an HTTP answer (`throw new Response`, `throw data(`)", () => {
  const files = ["app/models", "app/services", "app/utils"].flatMap(sourcesUnder);
  expect(files.length).toBeGreaterThan(50);
  const offenders = files.filter((file) => THROWN_ANSWER.test(readFileSync(file, "utf8")));
  expect(offenders).toEqual([]);
});

test("the check finds both shapes, as they were written before", () => {
  expect(THROWN_ANSWER.test("throw new Response(FORBIDDEN_MESSAGE, { status: 403 });")).toBe(true);
  expect(THROWN_ANSWER.test("if (!entry) throw data(notFoundMessage, { status: 404 });")).toBe(
    true,
  );
  expect(THROWN_ANSWER.test('throw redirect("/login");')).toBe(false);
  expect(THROWN_ANSWER.test("return new Response(body, { status: 404 });")).toBe(false);
});

test("the mapper keeps no branch for a thrown Response", () => {
  expect(readFileSync("app/services/error-answers.server.ts", "utf8")).not.toMatch(
    /instanceof\s+Response/,
  );
});
