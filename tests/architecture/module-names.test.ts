import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

/**
 * No two modules of app/ share an import name across layers (docs/decisions/064): the name is the
 * file's name without `.ts`/`.tsx`, so `models/events.server.ts` (the server half) and
 * `shared/events.ts` differ, as every import of them does, but `components/pages/page-blocks.tsx`
 * beside `shared/page-blocks.ts` would not. Routes are left out: nothing imports a route (the lint
 * refuses it), its name follows the address it answers (`site/about.tsx`, `admin/posts/form.tsx`),
 * and its own `*.server.ts` and `*-schema.ts` are private to it.
 */

const SKIPPED = new Set(["routes", "+types"]);

function moduleFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .map((file) => file.split(path.sep).join("/"))
    .filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith(".d.ts"),
    )
    .filter((file) => !file.split("/").some((part) => SKIPPED.has(part)));
}

const importName = (file: string) => path.basename(file).replace(/\.tsx?$/, "");
const layerOf = (file: string) => file.split("/")[0];

/** Import names found in more than one layer, each with its files. */
function namesSharedAcrossLayers(files: readonly string[]): Record<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const file of files)
    byName.set(importName(file), [...(byName.get(importName(file)) ?? []), file]);
  return Object.fromEntries([...byName].filter(([, same]) => new Set(same.map(layerOf)).size > 1));
}

test("finds a name shared across layers, not one within a layer or with a route", () => {
  const planted = [
    "shared/page-blocks.ts",
    "components/pages/page-blocks.tsx",
    "models/events.server.ts",
    "shared/events.ts",
    "components/admin/badge.tsx",
    "components/site/badge.tsx",
    "content/about.ts",
  ];
  expect(namesSharedAcrossLayers(planted)).toEqual({
    "page-blocks": ["shared/page-blocks.ts", "components/pages/page-blocks.tsx"],
  });
  expect(moduleFiles("app")).not.toContain("routes/site/about.tsx");
});

test("no two modules of app/ share an import name across layers", () => {
  const files = moduleFiles("app");
  expect(files).toContain("shared/page-blocks.ts");
  expect(namesSharedAcrossLayers(files)).toEqual({});
});
