import { expect, test } from "vitest";
import { MENU, SITE_SECTIONS } from "~/content/menu";
import {
  addEntry,
  defaultMenu,
  hrefProblem,
  MENU_MESSAGES,
  menuItemsOf,
  moveEntry,
  pageSlugOf,
  removeEntry,
  toggleHidden,
  updateEntry,
} from "./menus";
import { PAGE_SLUG_MAX_LENGTH } from "./page-blocks";

const SECTIONS = new Set(SITE_SECTIONS.map((section) => section.path));

test("the spec's menus, as entries, draw exactly the spec's MENU (the header) and its top items (the footer)", () => {
  expect(menuItemsOf(defaultMenu("header"))).toEqual(MENU);
  expect(menuItemsOf(defaultMenu("footer"))).toEqual(MENU.map(({ subItems: _, ...item }) => item));
});

test("a link is a known section, a /p/<slug> page or an https address, nothing else", () => {
  const cases: [string, string | null][] = [
    ["/services/programs", null],
    ["/privacy", null],
    ["/p/حملة-رمضان", null],
    [encodeURI("/p/حملة-رمضان"), null],
    ["/p/ramadan-2027", null],
    ["https://ehsan.sa/campaign?id=1", null],
    ["/admin/dashboard", MENU_MESSAGES.unknownSection],
    ["//evil.example", MENU_MESSAGES.badUrl],
    ["/p/Ramadan", MENU_MESSAGES.badPagePath],
    ["/p/a/b", MENU_MESSAGES.badPagePath],
    ["/p/%E0%A4%A", MENU_MESSAGES.badPagePath],
    ["http://ehsan.sa", MENU_MESSAGES.httpsOnly],
    ["javascript:alert(1)", MENU_MESSAGES.badUrl],
    ["data:text/html,<b>", MENU_MESSAGES.badUrl],
    ["https://user:pw@ehsan.sa", MENU_MESSAGES.badUrl],
    ["https://localhost", MENU_MESSAGES.badUrl],
    ["https://ehsan.sa/a b", MENU_MESSAGES.badUrl],
    ["", MENU_MESSAGES.linkRequired],
    [`https://ehsan.sa/${"a".repeat(500)}`, MENU_MESSAGES.hrefTooLong],
  ];
  for (const [href, problem] of cases) expect(hrefProblem(href, SECTIONS), href).toBe(problem);
  expect(pageSlugOf(encodeURI("/p/حملة-رمضان"))).toBe("حملة-رمضان");
  // A page's address as long as a slug may be, encoded or not (an encoded Arabic letter is six
  // characters); one letter more is no page's address.
  const longest = "ح".repeat(PAGE_SLUG_MAX_LENGTH);
  expect(pageSlugOf(`/p/${longest}`)).toBe(longest);
  expect(pageSlugOf(encodeURI(`/p/${longest}`))).toBe(longest);
  expect(pageSlugOf(`/p/${longest}ح`)).toBeNull();
  expect(hrefProblem(`/p/${longest}`, SECTIONS)).toBeNull();
  expect(hrefProblem(encodeURI("/p/حملة-الشتاء-في-القائمة"), SECTIONS)).toBeNull();
});

test("the changes staff make leave the menu they were given unchanged", () => {
  const menu = defaultMenu("header");
  const before = structuredClone(menu);
  const added = addEntry(
    menu,
    "header",
    { label: "جديد", parentId: "menu-about", href: "/donate" },
    "item-new",
  );
  expect(added[1].children.at(-1)).toMatchObject({ id: "item-new", titleKey: null, label: "جديد" });
  expect(moveEntry(menu, "menu-home", -1).map((entry) => entry.id)).toEqual(
    menu.map((entry) => entry.id),
  );
  expect(moveEntry(menu, "menu-home", 1)[1].id).toBe("menu-home");
  expect(toggleHidden(menu, "menu-about-why")[1].children[2].hidden).toBe(true);
  expect(removeEntry(menu, "menu-media")).toHaveLength(menu.length - 1);
  const renamed = updateEntry(
    menu,
    "header",
    "menu-donate",
    { label: "ادعمنا", parentId: null, href: "/donate" },
    "تبرع الآن",
  );
  expect(renamed.at(-1)).toMatchObject({ label: "ادعمنا", titleKey: null });
  expect(() => removeEntry(menu, "nope")).toThrow(MENU_MESSAGES.unknownItem);
  expect(menu).toEqual(before);
});
