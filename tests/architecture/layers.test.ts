import { spawnSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The layer rules of biome.json (docs/architecture.md) fail `npm run lint` on an import against
 * the direction (by `~/` or a relative path) and on a cycle, type-only imports included.
 *
 * The project's sources and lint configuration are copied into a temporary folder (node_modules
 * linked), each violation is planted there next to imports the rules allow, and Biome lints the
 * whole copy once: every planted violation must be refused, every allowed import and every file
 * of the real tree must pass. The working tree itself is never written to.
 */

/** [what, planted file, what it imports, whether the rules allow it] */
const CASES = [
  // The layers, top to bottom.
  ["a model importing a route", "app/models/planted-a.server.ts", "~/routes/site/home", false],
  [
    "a model importing a service",
    "app/models/planted-b.server.ts",
    "~/services/auth.server",
    false,
  ],
  ["a util importing a model", "app/utils/planted-c.server.ts", "~/models/posts.server", false],
  ["shared code importing a util", "app/shared/planted-d.ts", "~/utils/db.server", false],
  [
    "a component importing a model's types",
    "app/components/planted-e.ts",
    "~/models/posts.server",
    false,
  ],
  ["a component importing a route", "app/components/planted-f.ts", "~/routes/site/layout", false],
  [
    "a route importing another route",
    "app/routes/site/planted-g.ts",
    "~/routes/admin/users",
    false,
  ],
  ["a service importing UI", "app/services/planted-h.server.ts", "~/components/site-header", false],
  [
    "a route's server module importing UI",
    "app/routes/site/planted-i.server.ts",
    "~/components/site-header",
    false,
  ],
  ["a relative backward import", "app/models/planted-j.server.ts", "../routes/site/home", false],
  ["a route importing a sibling route", "app/routes/site/planted-n.tsx", "./layout", false],
  [
    "a route importing another route's server module by a relative path",
    "app/routes/site/planted-o.tsx",
    "../auth/two-factor.server",
    false,
  ],
  [
    "a route's server module importing a route by a relative path",
    "app/routes/auth/planted-p.server.ts",
    "./login",
    false,
  ],
  // The application on top: no layer below imports it.
  ["shared code importing the root", "app/shared/planted-r.ts", "~/root", false],
  [
    "shared code importing the root by a relative path",
    "app/shared/planted-s.ts",
    "../root",
    false,
  ],
  ["texts importing the route config", "app/content/planted-t.ts", "~/routes", false],
  // Shared code reads the texts; texts never import shared code (one direction).
  ["texts importing shared code", "app/content/planted-tx1.ts", "~/shared/card-items", false],
  [
    "texts importing shared code by a relative path",
    "app/content/planted-tx2.ts",
    "../shared/statuses",
    false,
  ],
  ["a service importing the root", "app/services/planted-u.server.ts", "~/root", false],
  [
    "a component importing the server entry",
    "app/components/planted-v.ts",
    "~/entry.server",
    false,
  ],
  // Tables are read by models only (docs/architecture.md, docs/decisions/043).
  [
    "a route importing the database handle",
    "app/routes/site/planted-w.tsx",
    "~/utils/db.server",
    false,
  ],
  [
    "a route importing the schema by a relative path",
    "app/routes/admin/planted-x.tsx",
    "../../../database/schema",
    false,
  ],
  [
    "a route's server module importing the database handle",
    "app/routes/admin/planted-y.server.ts",
    "~/utils/db.server",
    false,
  ],
  [
    "a service importing the database handle",
    "app/services/planted-as.server.ts",
    "~/utils/db.server",
    false,
  ],
  [
    "a service importing the schema",
    "app/services/planted-at.server.ts",
    "../../database/schema",
    false,
  ],
  ["the server importing the database handle", "server/planted-au.ts", "~/utils/db.server", false],
  [
    "a server job importing the database handle by a relative path",
    "server/jobs/planted-av.ts",
    "../../app/utils/db.server",
    false,
  ],
  ["a script importing the schema", "scripts/planted-aw.ts", "../database/schema", false],
  [
    "a util importing the database handle by a relative path",
    "app/utils/planted-ax.server.ts",
    "./db.server",
    false,
  ],
  [
    "a service importing the query helpers",
    "app/services/planted-ay.server.ts",
    "~/utils/db-helpers.server",
    false,
  ],
  ["the root folder of app importing the schema", "app/planted-az.ts", "../database/schema", false],
  // The schema imports only app/shared.
  ["the schema importing a util", "database/schema/planted-z.ts", "~/utils/env.server", false],
  [
    "the schema importing a util by a relative path",
    "database/schema/planted-aa.ts",
    "../../app/utils/db.server",
    false,
  ],
  [
    "the database folder importing a model",
    "database/planted-ab.ts",
    "~/models/posts.server",
    false,
  ],
  // Tests and benchmarks are imported by nothing the product or its scripts are made of.
  [
    "a script importing test support",
    "scripts/planted-ac.ts",
    "../tests/e2e/support/fixtures",
    false,
  ],
  ["the server importing a benchmark", "server/planted-ad.ts", "../bench/site.js", false],
  [
    "a model importing test support",
    "app/models/planted-ae.server.ts",
    "../../tests/support/logs",
    false,
  ],
  [
    "a util importing a benchmark",
    "app/utils/planted-af.server.ts",
    "../../bench/server.js",
    false,
  ],
  [
    "a route importing test support",
    "app/routes/site/planted-ag.tsx",
    "../../../tests/support/sse",
    false,
  ],
  [
    "shared code importing test support",
    "app/shared/planted-ah.ts",
    "../../tests/support/xml",
    false,
  ],
  ["the root folder of app importing tests", "app/planted-ai.ts", "../tests/support/fuzz", false],
  [
    "the schema importing test support",
    "database/schema/planted-aj.ts",
    "../../tests/support/fuzz",
    false,
  ],
  // Allowed.
  [
    "a service importing a model",
    "app/services/planted-k.server.ts",
    "~/models/site-settings.server",
    true,
  ],
  [
    "a route importing a service",
    "app/routes/site/planted-l.ts",
    "~/services/permissions.server",
    true,
  ],
  ["a component importing shared code", "app/components/planted-m.ts", "~/shared/cn", true],
  [
    "a route importing its own server module",
    "app/routes/auth/planted-q.tsx",
    "./two-factor.server",
    true,
  ],
  ["a route importing the root's loader type", "app/routes/site/planted-ak.tsx", "~/root", true],
  [
    "a model importing the database handle",
    "app/models/planted-al.server.ts",
    "~/utils/db.server",
    true,
  ],
  [
    "the schema importing shared code",
    "database/schema/planted-am.ts",
    "../../app/shared/statuses",
    true,
  ],
  [
    "the schema importing shared code by ~/",
    "database/schema/planted-an.ts",
    "~/shared/statuses",
    true,
  ],
  ["shared code importing texts", "app/shared/planted-ao.ts", "~/content/cities", true],
  ["texts importing texts", "app/content/planted-tx3.ts", "./cities", true],
  [
    "the reading-page boot importing a component",
    "app/reading-boot/planted-rb1.ts",
    "~/components/site-link",
    false,
  ],
  [
    "the reading-page boot importing a util",
    "app/reading-boot/planted-rb2.ts",
    "~/utils/env.server",
    false,
  ],
  [
    "the reading-page boot importing shared code",
    "app/reading-boot/planted-rb3.ts",
    "~/shared/live-event",
    true,
  ],
  ["a script importing script support", "scripts/planted-ap.ts", "./support/server", true],
  [
    "a test importing script support",
    "tests/e2e/planted-aq.ts",
    "../../scripts/support/server",
    true,
  ],
  [
    "a test next to a model importing test support",
    "app/models/planted-ar.test.ts",
    "../../tests/support/logs",
    true,
  ],
  [
    "a backup util importing the database handle",
    "app/utils/backup/planted-ba.server.ts",
    "../db.server",
    true,
  ],
  [
    "the server reaching the database through its model",
    "server/planted-bb.ts",
    "~/models/database.server",
    true,
  ],
  [
    "a model importing the schema",
    "app/models/planted-bc.server.ts",
    "../../database/schema",
    true,
  ],
] as const;

const CYCLE = "app/components/planted-cycle";
const TYPE_CYCLE = "app/models/planted-type-cycle";
const SOURCES = ["app", "server", "scripts", "database", "bench", "tests"];
const CONFIG = ["biome.json", "tsconfig.json", "package.json", ".gitignore"];

let copy: string;
let diagnostics: { category: string; location: { path: string } }[] = [];

/** Copies the code of a source folder (no fonts, styles or migrations' SQL). */
function copySources(folder: string) {
  cpSync(path.resolve(folder), path.join(copy, folder), {
    recursive: true,
    filter: (source) => statSync(source).isDirectory() || /\.(tsx?|jsx?)$/.test(source),
  });
}

function plant(relativePath: string, source: string) {
  const file = path.join(copy, relativePath);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, source);
}

beforeAll(() => {
  copy = mkdtempSync(path.join(os.tmpdir(), "rifq-layers-"));
  for (const file of CONFIG) cpSync(path.resolve(file), path.join(copy, file));
  for (const folder of SOURCES) copySources(folder);
  symlinkSync(path.resolve("node_modules"), path.join(copy, "node_modules"), "dir");
  for (const [, file, target] of CASES)
    plant(file, `import type * as target from "${target}";\nexport type T = typeof target;\n`);
  plant(`${CYCLE}/a.ts`, 'import { b } from "./b";\nexport const a = () => b();\n');
  plant(`${CYCLE}/b.ts`, 'import { a } from "./a";\nexport const b = () => a();\n');
  // A cycle of type imports only: erased at build time, but still two modules leaning on each other.
  plant(`${TYPE_CYCLE}/a.ts`, 'import type { B } from "./b";\nexport type A = { b?: B };\n');
  plant(`${TYPE_CYCLE}/b.ts`, 'import type { A } from "./a";\nexport type B = { a?: A };\n');
  const result = spawnSync(
    path.resolve("node_modules/.bin/biome"),
    ["lint", "--reporter=json", "--max-diagnostics=none", ...SOURCES],
    { cwd: copy, encoding: "utf8" },
  );
  const layerRules = ["lint/style/noRestrictedImports", "lint/suspicious/noImportCycles"];
  diagnostics = JSON.parse(result.stdout).diagnostics.filter((d: { category: string }) =>
    layerRules.includes(d.category),
  );
}, 60_000);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

const rulesFiredOn = (file: string) =>
  diagnostics.filter((d) => d.location.path === file).map((d) => d.category);

describe("layer rules", () => {
  it.each(CASES)("%s (%s imports %s): allowed = %s", (_what, file, _target, allowed) => {
    if (allowed) expect(rulesFiredOn(file)).toEqual([]);
    else expect(rulesFiredOn(file)).toContain("lint/style/noRestrictedImports");
  });

  it("refuses an import cycle", () => {
    expect(rulesFiredOn(`${CYCLE}/a.ts`)).toContain("lint/suspicious/noImportCycles");
  });

  it("refuses a cycle of type-only imports", () => {
    expect(rulesFiredOn(`${TYPE_CYCLE}/a.ts`)).toContain("lint/suspicious/noImportCycles");
  });

  it("finds no violation in the project's own files", () => {
    const planted = (file: string) => file.includes("planted-");
    expect(diagnostics.filter((d) => !planted(d.location.path))).toEqual([]);
  });
});
