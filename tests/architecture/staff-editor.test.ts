import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The rich-text editor (Tiptap, ProseMirror) is staff code (docs/decisions/030): no public
 * route or public component may import it, statically or dynamically, nor reach it through
 * the modules they import statically. (Edit mode fetches it for admins through its own lazy
 * import, which a public route only reaches through a dynamic import of edit mode.)
 */
const PUBLIC_ROOTS = ["app/routes/site", "app/components/site"];
const EDITOR = /^(app\/components\/rich-text\/|@tiptap\/|prosemirror-)/;

const STATIC_IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?[^'";]*?from\s*["']([^"']+)["']/g;
const BARE_IMPORT = /(?:^|[\s;])import\s*["']([^"']+)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'`]([^"'`]+)["'`]\s*\)/g;

function importsOf(source: string) {
  const all = (pattern: RegExp) => [...source.matchAll(pattern)].map((match) => match[1] ?? "");
  return {
    static: [...all(STATIC_IMPORT), ...all(BARE_IMPORT)],
    dynamic: all(DYNAMIC_IMPORT),
  };
}

/** A specifier as a repository path (app/…) or a package name. */
function resolve(specifier: string, from: string): string {
  let base: string;
  if (specifier.startsWith("~/")) base = `app/${specifier.slice(2)}`;
  else if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
  else return specifier;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return base;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => path.posix.join(dir, name));
}

const publicFiles = PUBLIC_ROOTS.flatMap(sourceFiles);

describe("the staff editor stays out of public code", () => {
  it("finds imports of every kind (the check is not vacuous)", () => {
    const draft = "app/components/edit-mode/rich-text-draft.tsx";
    const found = importsOf(readFileSync(draft, "utf8"));
    expect(found.dynamic.map((s) => resolve(s, draft))).toContain(
      "app/components/rich-text/rich-text-editor.tsx",
    );
    expect(
      importsOf(
        'import { A } from "~/a";\nimport type { B } from "./b";\nexport { C } from "../c";\nimport "./d.css";\nconst E = lazy(() => import("~/e"));',
      ),
    ).toEqual({ static: ["~/a", "./b", "../c", "./d.css"], dynamic: ["~/e"] });
    expect(publicFiles).toContain("app/routes/site/news-post.tsx");
  });

  it.each(publicFiles)("%s imports no editor module", (file) => {
    const { static: statics, dynamic } = importsOf(readFileSync(file, "utf8"));
    const editorImports = [...statics, ...dynamic]
      .map((specifier) => resolve(specifier, file))
      .filter((target) => EDITOR.test(target));
    expect(editorImports).toEqual([]);
  });

  it("no module a public route or component imports statically reaches the editor", () => {
    const seen = new Map<string, string>(publicFiles.map((file) => [file, "(public)"]));
    const queue = [...publicFiles];
    const reached: string[] = [];
    while (queue.length > 0) {
      const file = queue.shift() as string;
      for (const specifier of importsOf(readFileSync(file, "utf8")).static) {
        const target = resolve(specifier, file);
        if (EDITOR.test(target)) reached.push(`${seen.get(file)} → ${file} → ${target}`);
        if (!target.startsWith("app/") || !/\.tsx?$/.test(target) || seen.has(target)) continue;
        seen.set(target, file);
        queue.push(target);
      }
    }
    expect(reached).toEqual([]);
    // The walk did cover the shared components the public pages use.
    expect(seen.has("app/components/ui/button.tsx")).toBe(true);
  });
});
