import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The layer rules of biome.json (docs/architecture.md) fail `npm run lint` on an import against
 * the direction (by `~/` or a relative path) and on a cycle, type-only imports included. Fixture files are written into the folders the rules cover, linted
 * in one run of Biome, and removed.
 */
const id = `${process.pid}`;
const CYCLE_DIR = `app/components/layer-fixture-${id}`;
const TYPE_CYCLE_DIR = `app/models/layer-fixture-${id}`;

/** [what, fixture file, what it imports, whether the rules allow it] */
const CASES = [
  [
    "a model importing a route",
    `app/models/fixture-a-${id}.server.ts`,
    "~/routes/site/home",
    false,
  ],
  [
    "a model importing a service",
    `app/models/fixture-b-${id}.server.ts`,
    "~/services/auth.server",
    false,
  ],
  [
    "a util importing a model",
    `app/utils/fixture-c-${id}.server.ts`,
    "~/models/posts.server",
    false,
  ],
  ["shared code importing a util", `app/shared/fixture-d-${id}.ts`, "~/utils/db.server", false],
  [
    "a component importing a model's types",
    `app/components/fixture-e-${id}.ts`,
    "~/models/posts.server",
    false,
  ],
  [
    "a component importing a route",
    `app/components/fixture-f-${id}.ts`,
    "~/routes/site/layout",
    false,
  ],
  [
    "a route importing another route",
    `app/routes/site/fixture-g-${id}.ts`,
    "~/routes/admin/users",
    false,
  ],
  [
    "a service importing UI",
    `app/services/fixture-h-${id}.server.ts`,
    "~/components/site-header",
    false,
  ],
  [
    "a route's server module importing UI",
    `app/routes/site/fixture-i-${id}.server.ts`,
    "~/components/site-header",
    false,
  ],
  [
    "a relative backward import",
    `app/models/fixture-j-${id}.server.ts`,
    "../routes/site/home",
    false,
  ],
  [
    "a service importing a model",
    `app/services/fixture-k-${id}.server.ts`,
    "~/models/site-settings.server",
    true,
  ],
  [
    "a route importing a service",
    `app/routes/site/fixture-l-${id}.ts`,
    "~/services/permissions.server",
    true,
  ],
  ["a component importing shared code", `app/components/fixture-m-${id}.ts`, "~/shared/cn", true],
  ["a route importing a sibling route", `app/routes/site/fixture-n-${id}.tsx`, "./layout", false],
  [
    "a route importing another route's server module by a relative path",
    `app/routes/site/fixture-o-${id}.tsx`,
    "../auth/two-factor.server",
    false,
  ],
  [
    "a route's server module importing a route by a relative path",
    `app/routes/auth/fixture-p-${id}.server.ts`,
    "./login",
    false,
  ],
  [
    "a route importing its own server module",
    `app/routes/auth/fixture-q-${id}.tsx`,
    "./two-factor.server",
    true,
  ],
] as const;

const files: string[] = [];
let diagnostics: { category: string; location: { path: string } }[] = [];

function write(relativePath: string, source: string) {
  mkdirSync(path.dirname(path.resolve(relativePath)), { recursive: true });
  writeFileSync(path.resolve(relativePath), source);
  files.push(relativePath);
}

beforeAll(() => {
  for (const [, file, target] of CASES)
    write(file, `import type * as target from "${target}";\nexport type T = typeof target;\n`);
  write(`${CYCLE_DIR}/a.ts`, 'import { b } from "./b";\nexport const a = () => b();\n');
  write(`${CYCLE_DIR}/b.ts`, 'import { a } from "./a";\nexport const b = () => a();\n');
  // A cycle of type imports only: erased at build time, but still two modules leaning on each other.
  write(`${TYPE_CYCLE_DIR}/a.ts`, 'import type { B } from "./b";\nexport type A = { b?: B };\n');
  write(`${TYPE_CYCLE_DIR}/b.ts`, 'import type { A } from "./a";\nexport type B = { a?: A };\n');
  const result = spawnSync(
    path.resolve("node_modules/.bin/biome"),
    ["lint", "--reporter=json", "--max-diagnostics=200", ...files],
    { encoding: "utf8" },
  );
  diagnostics = JSON.parse(result.stdout).diagnostics;
}, 60_000);

afterAll(() => {
  for (const file of files) rmSync(path.resolve(file), { force: true });
  for (const dir of [CYCLE_DIR, TYPE_CYCLE_DIR])
    rmSync(path.resolve(dir), { recursive: true, force: true });
});

const rulesFiredOn = (file: string) =>
  diagnostics.filter((d) => d.location.path === file).map((d) => d.category);

describe("layer rules", () => {
  it.each(CASES)("%s: allowed = %s", (_what, file, _target, allowed) => {
    if (allowed) expect(rulesFiredOn(file)).toEqual([]);
    else expect(rulesFiredOn(file)).toContain("lint/style/noRestrictedImports");
  });

  it("refuses an import cycle", () => {
    expect(rulesFiredOn(`${CYCLE_DIR}/a.ts`)).toContain("lint/suspicious/noImportCycles");
  });

  it("refuses a cycle of type-only imports", () => {
    expect(rulesFiredOn(`${TYPE_CYCLE_DIR}/a.ts`)).toContain("lint/suspicious/noImportCycles");
  });
});
