import { expect, test } from "vitest";
import { carriesValue, listsOf } from "./live-updates";

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
  expect(
    listsOf([
      match(undefined),
      match({ liveLists: ["videos", "images"] }),
      match({ liveLists: ["images"] }),
    ]),
  ).toEqual(["videos", "images"]);
});
