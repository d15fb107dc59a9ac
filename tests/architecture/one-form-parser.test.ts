import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";

// docs/decisions/067: every form is parsed by `parseForm`, which refuses a field sent twice or in
// a list's shape before the schema sees it; a direct `parseWithZod` would skip that refusal.
test("only app/shared/form-validation.ts calls Conform's parseWithZod", () => {
  const files = readdirSync("app", { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name),
    )
    .map((entry) => join(entry.parentPath, entry.name));
  expect(files.length).toBeGreaterThan(50);
  const callers = files.filter((file) => readFileSync(file, "utf8").includes("parseWithZod"));
  expect(callers).toEqual(["app/shared/form-validation.ts"]);
});
