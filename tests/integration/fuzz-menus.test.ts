import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { SITE_SECTIONS } from "~/content/menu";
import { action } from "~/routes/admin/menus";
import { checkMenu, flattenMenu, MAX_LABEL_LENGTH } from "~/shared/menus";
import { toOneLine } from "~/shared/text-fields";
import { db } from "~/utils/db.server";
import { menuRevisions, menus } from "../../database/schema";
import { createUser, type TestUser } from "../support/accounts";
import { arabicText, expectStorableText, FUZZ_TIMEOUT, fc, fuzzAction } from "../support/fuzz";

let admin: TestUser;

beforeAll(async () => {
  admin = await createUser("admin");
});

const state = async () => ({
  menus: await db.select().from(menus).orderBy(menus.id),
  revisions: (await db.select({ id: menuRevisions.id }).from(menuRevisions)).length,
});

const SECTIONS = new Set(SITE_SECTIONS.map((section) => section.path));

/** Every stored menu passes the model's whole check: links, labels, one level, a flat footer. */
async function expectValidMenus() {
  for (const row of await db.select().from(menus)) {
    expect(checkMenu(row.id, row.items, SECTIONS)).toEqual(row.items);
    for (const { entry, parent } of flattenMenu(row.items)) {
      expectStorableText(entry.label, "a menu label");
      expect(entry.label).toBe(toOneLine(entry.label));
      expect(entry.label.length).toBeLessThanOrEqual(MAX_LABEL_LENGTH);
      expect(entry.href).toMatch(/^(\/|https:\/\/)/);
      if (parent) expect(entry.children).toEqual([]);
      if (row.id === "footer") expect(parent).toBeNull();
    }
  }
}

const ids = ["menu-home", "menu-about", "menu-services", "menu-services-programs", "menu-donate"];

describe("fuzzing the menus action", () => {
  test(
    "items added, edited, moved, hidden, removed and restored never crash; refusals change nothing",
    async () => {
      await fuzzAction({
        action,
        user: admin,
        target: { path: "/admin/dashboard/menus" },
        plausible: {
          intent: fc.constantFrom(
            "add",
            "update",
            "move-up",
            "move-down",
            "toggle-hidden",
            "remove",
            "restore-default",
            "restore-revision",
            "",
          ),
          menu: fc.constantFrom("header", "footer", "sidebar", ""),
          id: fc.constantFrom(...ids, "no-such-item", "", "ID WITH SPACES", "x".repeat(70)),
          parentId: fc.constantFrom("", "menu-about", "menu-services", "menu-about-vision", "nope"),
          label: fc.oneof(arabicText(0, 70), fc.constant("ق".repeat(61))),
          kind: fc.constantFrom("section", "page", "external", "javascript", ""),
          section: fc.constantFrom(...SITE_SECTIONS.map((s) => s.path), "/admin", "//evil.example"),
          page: fc.constantFrom("/p/حملة-رمضان", "/p/ramadan", "/p/../admin", "/p/", "/p/a b"),
          url: fc.constantFrom(
            "https://ehsan.sa",
            "http://ehsan.sa",
            "javascript:alert(1)",
            "JaVaScRiPt:alert(1)",
            "data:text/html,x",
            "https://user:pw@ehsan.sa",
            "https://",
            `https://example.org/${"a".repeat(600)}`,
          ),
          revisionId: fc.constantFrom(randomUUID(), "", "not-a-uuid"),
        },
        state,
        expectValid: expectValidMenus,
      });
    },
    FUZZ_TIMEOUT,
  );
});
