import { expect, test } from "vitest";
import { concernsPage } from "./live-updates";

test("a page hears its own texts, the shared layout texts and every other table", () => {
  const text = (page_path: string) => ({ table: "page_content", page_path });
  expect(concernsPage(text("/about"), "/about")).toBe(true);
  expect(concernsPage(text("/about"), "/about/")).toBe(true);
  expect(concernsPage(text("@layout"), "/donate")).toBe(true);
  expect(concernsPage(text("/about"), "/donate")).toBe(false);
  expect(concernsPage({ table: "site_settings" }, "/x")).toBe(true);
});
