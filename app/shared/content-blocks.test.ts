import type { RouteConfigEntry } from "@react-router/dev/routes";
import { expect, test } from "vitest";
import routes from "~/routes";
import {
  EDITABLE_PAGE_PATTERNS,
  isEditablePagePath,
  SHARED_BLOCK_PATH,
  toPagePath,
} from "./content-blocks";

/** Every page pattern under the public site layout, e.g. "/media/news/:slug". */
function sitePatterns(): string[] {
  const site = routes.find((entry) => entry.file === "routes/site/layout.tsx");
  const collect = (entries: RouteConfigEntry[], prefix: string): string[] =>
    entries.flatMap((entry) => {
      const path = entry.index ? prefix : `${prefix}/${entry.path ?? ""}`.replace(/\/+$/, "");
      return [path || "/", ...collect(entry.children ?? [], path)];
    });
  return collect(site?.children ?? [], "");
}

test("the editable pages are exactly the public site's pages, without the 404 catch-all", () => {
  const patterns = sitePatterns().filter((pattern) => pattern !== "/*");
  expect([...EDITABLE_PAGE_PATTERNS].sort()).toEqual([...new Set(patterns)].sort());
});

test("only real public paths and the shared layout path hold page texts", () => {
  for (const path of [
    "/",
    "/about/why",
    SHARED_BLOCK_PATH,
    "/media/news/%D8%AE%D8%A8%D8%B1",
    "/feedback/beneficiaries",
  ]) {
    expect(isEditablePagePath(path), path).toBe(true);
  }
  for (const path of [
    "",
    "/admin",
    "/login",
    "/no/such/page",
    "/About",
    "/feedback/staff",
    "/media/news/a/b",
    "@header",
  ]) {
    expect(isEditablePagePath(path), path).toBe(false);
  }
});

test("a page path is the browser path without a trailing slash", () => {
  expect(toPagePath("/")).toBe("/");
  expect(toPagePath("/about/")).toBe("/about");
  expect(toPagePath("/about")).toBe("/about");
});
