import { expect, test } from "vitest";
import { concerns, LIST_TABLES, type ListTable } from "./live-event";
import { livePageAt } from "./live-page";

const page = (pathname: string, lists: readonly ListTable[] = []) => livePageAt(pathname, lists);
const text = (page_path?: string | null) => ({ table: "page_content" as const, page_path });

test("a page hears its own texts and the layout's, whatever its address's trailing slash", () => {
  expect(concerns(text("/about"), page("/about"))).toBe(true);
  expect(concerns(text("/about"), page("/about/"))).toBe(true);
  expect(concerns(text("@layout"), page("/donate"))).toBe(true);
  expect(concerns(text("/about"), page("/donate"))).toBe(false);
  expect(concerns(text("/about"), page("/about/vision"))).toBe(false);
  // A text whose page is not known may be on any page.
  expect(concerns(text(null), page("/donate"))).toBe(true);
  expect(concerns(text(), page("/donate"))).toBe(true);
});

test("every page hears the settings (the layout shows them)", () => {
  expect(concerns({ table: "site_settings" }, page("/privacy"))).toBe(true);
});

test("a list change concerns exactly the pages whose routes show that list", () => {
  expect(concerns({ table: "posts" }, page("/media/news", ["posts"]))).toBe(true);
  expect(concerns({ table: "posts" }, page("/about"))).toBe(false);
  expect(concerns({ table: "images" }, page("/media/news", ["posts"]))).toBe(false);
  expect(concerns({ table: "images" }, page("/media/gallery", ["videos", "images"]))).toBe(true);
  // A route that adds a list to its handle hears it: the home page showing the latest news.
  expect(concerns({ table: "posts" }, page("/", ["posts"]))).toBe(true);
  // A feed is not a page but shows the posts list all the same.
  expect(concerns({ table: "posts" }, page("/feed.xml", ["posts"]))).toBe(true);
  // The inboxes are lists of the staff area only: its pages hear a new volunteer, a public one never.
  for (const table of ["volunteers", "survey_responses", "newsletter_subscribers"] as const) {
    expect(concerns({ table }, page("/admin/dashboard/volunteers", LIST_TABLES))).toBe(true);
    expect(concerns({ table }, page("/volunteer"))).toBe(false);
  }
  // A staff page hears every list.
  for (const table of LIST_TABLES) {
    expect(concerns({ table }, page("/admin/dashboard", LIST_TABLES))).toBe(true);
  }
});

test("a table no page shows as a list concerns no page", () => {
  const unknown = { table: "sessions" } as unknown as { table: ListTable };
  expect(concerns(unknown, page("/", LIST_TABLES))).toBe(false);
});

test("a card list change concerns its own page only, not the others nor the staff lists", () => {
  const cards = (page_path?: string | null) => ({ table: "content_lists" as const, page_path });
  expect(concerns(cards("/services/programs"), page("/services/programs"))).toBe(true);
  expect(concerns(cards("/services/programs"), page("/services/programs/"))).toBe(true);
  expect(concerns(cards("/services/programs"), page("/services"))).toBe(false);
  expect(concerns(cards("/"), page("/about/vision"))).toBe(false);
  expect(concerns(cards("/governance"), page("/admin/dashboard", LIST_TABLES))).toBe(false);
  // A change whose page is not known may be on any page.
  expect(concerns(cards(null), page("/donate"))).toBe(true);
});

test("every page hears a menu change (the header and footer show the menus)", () => {
  for (const path of ["/", "/privacy", "/media/news", "/p/ramadan"]) {
    expect(concerns({ table: "menus" }, page(path))).toBe(true);
  }
});
