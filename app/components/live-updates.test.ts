import { expect, test } from "vitest";
import { carriesValue, concernsPage, listsOf } from "./live-updates";

test("a page hears its own texts, the shared layout texts and every other table", () => {
  const text = (page_path: string) => ({ table: "page_content", page_path });
  expect(concernsPage(text("/about"), "/about")).toBe(true);
  expect(concernsPage(text("/about"), "/about/")).toBe(true);
  expect(concernsPage(text("@layout"), "/donate")).toBe(true);
  expect(concernsPage(text("/about"), "/donate")).toBe(false);
  expect(concernsPage({ table: "site_settings" }, "/x")).toBe(true);
});

test("a list change concerns only the pages whose routes show that list", () => {
  const news = new Set(["posts"]);
  const about = new Set<string>();
  expect(concernsPage({ table: "posts" }, "/media/news", news)).toBe(true);
  expect(concernsPage({ table: "posts" }, "/about", about)).toBe(false);
  expect(concernsPage({ table: "images" }, "/media/news", news)).toBe(false);
  // Without the lists (a staff stream), every list concerns the page.
  expect(concernsPage({ table: "images" }, "/admin/dashboard/images")).toBe(true);
});

test("page texts and layout settings are applied from the event; the rest is re-read", () => {
  const block = { value: "نص", type: "text" as const, updatedAt: "2026-11-25T00:00:00.000Z" };
  expect(carriesValue({ table: "page_content", page_path: "/", key: "hero", block })).toBe(true);
  expect(carriesValue({ table: "page_content", page_path: "/", key: "hero", block: null })).toBe(
    true,
  );
  // An event without the value (its read failed on the server): the page re-reads.
  expect(carriesValue({ table: "page_content", page_path: "/" })).toBe(false);
  expect(carriesValue({ table: "site_settings", key: "contact_info", value: {} })).toBe(true);
  expect(carriesValue({ table: "site_settings", key: "donation_account", value: {} })).toBe(false);
  expect(carriesValue({ table: "posts" })).toBe(false);
});

test("the lists of a page come from its routes' handles", () => {
  const match = (handle: unknown) => ({ handle }) as never;
  expect(listsOf([match(undefined), match({ liveLists: ["videos", "images"] })])).toEqual(
    new Set(["videos", "images"]),
  );
});
