import { spawnSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";

/**
 * "How to add a content type" (docs/architecture.md, docs/decisions/063), followed in a copy of
 * the tree: an "announcements" type is planted as its declaration (in the registry), its table
 * and model (with its public predicate), its list and form screens and its public page — and
 * nothing else is edited. The copy's route config, staff sidebar, staff paths and status words
 * must then include it, and the public-predicates check must see its predicate. The maps whose
 * code stays per type (realtime's PUBLIC_ROWS, search's SEARCH_SOURCES) are keyed by the
 * registry's names: the compiler asks the new type for its entries there.
 */

const ROOT = process.cwd();
let copy: string;

/** The files a new type adds, relative to the tree; the registry is the one file it edits. */
const PLANTED: Record<string, string> = {
  "database/schema/announcements.ts": `import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { postStatuses } from "../../app/shared/statuses";

export const announcements = pgTable("announcements", {
  id: uuid("id").primaryKey().defaultRandom(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  status: text("status", { enum: postStatuses }).notNull().default("draft"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
`,
  "app/models/announcements.server.ts": `import { and, eq } from "drizzle-orm";
import { type Actor, assertRole } from "~/shared/roles";
import { db } from "~/utils/db.server";
import { announcements } from "../../database/schema/announcements";

/** An announcement is public when published. */
export const publicAnnouncements = () => eq(announcements.status, "published");

export async function getPublishedAnnouncement(slug: string) {
  const [row] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.slug, slug), publicAnnouncements()));
  return row ?? null;
}

export async function listAnnouncementsForStaff(actor: Actor | null) {
  assertRole(actor, "editor");
  return db.select().from(announcements);
}
`,
  "app/routes/admin/announcements/list.tsx": `import { listMeta, StaffListScreen } from "~/components/admin/list-screen";
import { CONTENT_TYPES } from "~/shared/content-types";

export const meta = listMeta(CONTENT_TYPES.announcements);

export default function AnnouncementsList() {
  return (
    <StaffListScreen type={CONTENT_TYPES.announcements} page={{ page: 1, hasMore: false }} itemCount={0}>
      {null}
    </StaffListScreen>
  );
}
`,
  "app/routes/admin/announcements/form.tsx": `export default function AnnouncementForm() {
  return <input name="title" />;
}
`,
  "app/routes/site/announcement.tsx": `export default function Announcement() {
  return <h1>إعلان</h1>;
}
`,
};

const DECLARATION = `
/** Announcements: a planted type (tests/architecture/add-content-type.test.ts). */
const announcements = defineContentType({
  name: "announcements",
  routeId: "announcement",
  folder: "announcements",
  plural: "الإعلانات",
  icon: FileText,
  nav: "content",
  statuses: postStatuses,
  statusLabels: STATUS_LABELS,
  publicStatuses: ["published"],
  publicPage: { path: "announcements/:slug", file: "announcement" },
  liveTable: null,
  sitemapPart: null,
  searchKind: null,
  tables: ["announcements"],
  access: { read: "editor", write: "editor", remove: "editor" },
  list: {
    description: "إعلانات الجمعية.",
    newLabel: "إعلان جديد",
    addFirstLabel: "أضف أول إعلان",
    empty: { title: "لا توجد إعلانات بعد", text: "أضف أول إعلان." },
    pages: { label: "صفحات الإعلانات", newer: "الأحدث", older: "الأقدم" },
  },
  form: {
    newTitle: "إعلان جديد",
    editTitle: "تعديل الإعلان",
    back: "العودة إلى الإعلانات",
    created: { title: "تم الإنشاء", description: "أُنشئ الإعلان بنجاح" },
    updated: "حُفظت تعديلات الإعلان",
  },
});
`;

/** What the copy's own modules say once the type is planted (run there with tsx). */
const PROBE = `
import routes from "./app/routes.ts";
import { STAFF_SECTIONS } from "./app/components/admin/staff-navigation.tsx";
import { STAFF_PATHS } from "./app/components/admin/staff-paths.ts";
import { STATUS_WORDS } from "./app/shared/content-types.ts";
const flat = (list, parent = "") => list.flatMap((route) => [
  { id: route.id ?? route.file, path: [parent, route.path ?? ""].filter(Boolean).join("/"), file: route.file },
  ...flat(route.children ?? [], [parent, route.path ?? ""].filter(Boolean).join("/")),
]);
console.log(JSON.stringify({
  routes: flat(routes),
  sections: STAFF_SECTIONS.map(({ to, label }) => ({ to, label })),
  edit: STAFF_PATHS.announcements?.edit("abc"),
  words: STATUS_WORDS,
}));
`;

const run = (command: string, args: string[]) =>
  spawnSync(command, args, { cwd: copy, encoding: "utf8", timeout: 120_000 });

beforeAll(() => {
  copy = mkdtempSync(path.join(os.tmpdir(), "rifq-add-type-"));
  for (const entry of ["app", "database", "tests/architecture", "tests/setup", "tests/support"]) {
    cpSync(path.join(ROOT, entry), path.join(copy, entry), { recursive: true });
  }
  for (const file of ["tsconfig.json", "package.json", "vitest.config.ts"]) {
    cpSync(path.join(ROOT, file), path.join(copy, file));
  }
  symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"), "dir");
  for (const [file, text] of Object.entries(PLANTED)) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    writeFileSync(path.join(copy, file), text);
  }
  const registry = path.join(copy, "app/shared/content-types.ts");
  const source = readFileSync(registry, "utf8");
  const listed = "export const CONTENT_TYPES = {";
  expect(source).toContain(listed);
  writeFileSync(registry, source.replace(listed, `${DECLARATION}\n${listed} announcements,`));
}, 60_000);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

test("the planted type reaches the routes, the sidebar, the staff paths and the status words", () => {
  writeFileSync(path.join(copy, "probe.mts"), PROBE);
  const result = run("npx", ["tsx", "probe.mts"]);
  expect(result.stderr).toBe("");
  const found = JSON.parse(result.stdout);
  expect(found.routes).toEqual(
    expect.arrayContaining([
      {
        id: "routes/admin/announcements/list.tsx",
        path: "admin/dashboard/announcements",
        file: "routes/admin/announcements/list.tsx",
      },
      {
        id: "announcement-new",
        path: "admin/dashboard/announcements/new",
        file: "routes/admin/announcements/form.tsx",
      },
      {
        id: "announcement-edit",
        path: "admin/dashboard/announcements/:id/edit",
        file: "routes/admin/announcements/form.tsx",
      },
      {
        id: "routes/site/announcement.tsx",
        path: "announcements/:slug",
        file: "routes/site/announcement.tsx",
      },
    ]),
  );
  expect(found.sections).toContainEqual({
    to: "/admin/dashboard/announcements",
    label: "الإعلانات",
  });
  expect(found.edit).toBe("/admin/dashboard/announcements/abc/edit");
  expect(found.words).toMatchObject({ draft: "مسودة", published: "منشور" });
}, 120_000);

test("the public-predicates check finds the planted type's predicate in its model", () => {
  const result = run("npx", [
    "vitest",
    "run",
    "--project",
    "unit",
    "tests/architecture/public-predicates.test.ts",
  ]);
  expect(result.stdout + result.stderr, result.stdout + result.stderr).toContain("4 passed");
  // Without the predicate, the check names the type.
  const model = path.join(copy, "app/models/announcements.server.ts");
  writeFileSync(
    model,
    readFileSync(model, "utf8").replace(
      /export const publicAnnouncements/,
      "const publicAnnouncements",
    ),
  );
  const refused = run("npx", [
    "vitest",
    "run",
    "--project",
    "unit",
    "tests/architecture/public-predicates.test.ts",
  ]);
  expect(refused.stdout + refused.stderr).toContain("announcements");
  expect(refused.status).not.toBe(0);
}, 240_000);

test("the compiler asks the planted type for its realtime and search entries", () => {
  const models = ["app/models/change-visibility.server.ts", "app/models/search.server.ts"];
  // Only these modules (and what they import) are checked: the whole tree needs its route types.
  writeFileSync(
    path.join(copy, "tsconfig.registry.json"),
    JSON.stringify({ extends: "./tsconfig.json", include: models }),
  );
  const check = () => run("npx", ["tsc", "-p", "tsconfig.registry.json"]);
  const asked = check();
  expect(asked.status).not.toBe(0);
  // PUBLIC_ROWS and SEARCH_SOURCES, each a Record keyed by ContentTypeName, lack its entry.
  for (const file of models) {
    expect(asked.stdout).toMatch(
      new RegExp(`${file}\\(\\d+,\\d+\\): error TS2741: Property 'announcements' is missing`),
    );
  }
  // Given its entries (neither live nor searched), they compile.
  const entries: [string, RegExp, string][] = [
    [models[0], /campaigns: "no row",\n/, 'campaigns: "no row",\n  announcements: "no row",\n'],
    [models[1], /campaigns: null,\n/, "campaigns: null,\n    announcements: null,\n"],
  ];
  for (const [file, after, text] of entries) {
    const full = path.join(copy, file);
    const source = readFileSync(full, "utf8");
    expect(source).toMatch(after);
    writeFileSync(full, source.replace(after, text));
  }
  const given = check();
  expect(given.stdout + given.stderr).toBe("");
  expect(given.status).toBe(0);
}, 120_000);
