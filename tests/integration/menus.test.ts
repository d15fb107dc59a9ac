import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { MENU, SITE_SECTIONS } from "~/content/menu";
import {
  findMenuItemsLinkingTo,
  getLayoutMenus,
  getMenuForAdmin,
  restoreDefaultMenu,
  saveMenu,
} from "~/models/menus.server";
import { savePageText } from "~/models/page-content.server";
import { createPage, deletePage } from "~/models/pages.server";
import { action, loader } from "~/routes/admin/menus";
import type { ActionResult } from "~/shared/action-result";
import { SHARED_BLOCK_PATH } from "~/shared/content-blocks";
import { defaultMenu, MENU_MESSAGES, MENU_REVISIONS_KEPT, type MenuEntry } from "~/shared/menus";
import { CHANGES_CHANNEL, db, getDatabaseHandle } from "~/utils/db.server";
import { menuRevisions, menus } from "../../database/schema";
import { createUser, markTwoFactorOn, requestAs, type TestUser } from "../support/accounts";
import { call, dataOf, replyErrorsOf, statusOf } from "../support/route-calls";

const PATH = "/admin/dashboard/menus";
const post = (who: TestUser | null, form: Record<string, string>) =>
  call(action, requestAs(who, PATH, { form }));

let admin: TestUser;
let editor: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  [admin, editor, viewer] = await Promise.all([
    createUser("admin", "مديرة القوائم").then(markTwoFactorOn),
    createUser("editor"),
    createUser("viewer"),
  ]);
});

beforeEach(async () => {
  await db.delete(menus);
  await db.delete(menuRevisions);
});

const stored = async (menu: "header" | "footer") =>
  (await db.select().from(menus).where(eq(menus.id, menu)))[0]?.items;
const revisionCount = async () => (await db.select().from(menuRevisions)).length;
const services = (items: MenuEntry[]) => items.find((item) => item.id === "menu-services");

const ADD_UNDER_SERVICES = {
  intent: "add",
  menu: "header",
  label: "حملة رمضان",
  parentId: "menu-services",
  kind: "page",
  page: "/p/حملة-رمضان",
};

describe("the spec's menu is the default", () => {
  test("a fresh site sends no menu (the page draws its built-in one), and it is the spec's", async () => {
    expect(await getLayoutMenus()).toEqual({ header: null, footer: null });
    const { entries, isDefault, revisions } = await getMenuForAdmin(admin, "header");
    expect(isDefault).toBe(true);
    expect(revisions).toEqual([]);
    expect(entries.map((entry) => entry.label)).toEqual(MENU.map((item) => item.title));
  });

  test("saved unchanged, the menu draws exactly the spec's items (labels still page texts)", async () => {
    await saveMenu(admin, "header", defaultMenu("header"));
    await saveMenu(admin, "footer", defaultMenu("footer"));
    const layout = await getLayoutMenus();
    expect(layout.header).toEqual(MENU);
    expect(layout.footer).toEqual(MENU.map(({ subItems: _, ...item }) => item));
  });
});

describe("an admin edits the header menu", () => {
  test("adds a page under «خدماتنا»: stored, drawn, a revision, announced", async () => {
    const heard: string[] = [];
    const stop = getDatabaseHandle().listen(CHANGES_CHANNEL, { onPayload: (p) => heard.push(p) });
    await new Promise((resolve) => setTimeout(resolve, 100));

    const result = await post(admin, ADD_UNDER_SERVICES);
    expect(statusOf(result)).toBe(200);
    expect(dataOf<ActionResult>(result).ok).toBe(true);

    const children = services((await stored("header")) ?? [])?.children ?? [];
    expect(children.map((child) => [child.label, child.href])).toEqual([
      ["الخدمات", "/services/services"],
      ["البرامج", "/services/programs"],
      ["حملة رمضان", "/p/حملة-رمضان"],
    ]);
    const { header } = await getLayoutMenus();
    const drawn = header?.find((item) => item.path === "/services");
    expect(drawn?.subItems?.at(-1)).toEqual({ title: "حملة رمضان", path: "/p/حملة-رمضان" });
    expect(await revisionCount()).toBe(1);
    await expect
      .poll(() => heard.map((payload) => JSON.parse(payload)))
      .toContainEqual({ table: "menus", op: "INSERT", key: "header" });
    await stop();

    expect(await findMenuItemsLinkingTo("/p/حملة-رمضان")).toEqual([
      "القائمة الرئيسية › خدماتنا › حملة رمضان",
    ]);
    expect(await findMenuItemsLinkingTo(encodeURI("/p/حملة-رمضان"))).toHaveLength(1);
    expect(await findMenuItemsLinkingTo("/p/other")).toEqual([]);
  });

  test("offers the sections in one list and the published pages (not drafts) in another; a chosen page is added", async () => {
    const text = [{ type: "text" as const, html: "<p>نص الحملة.</p>" }];
    const published = await createPage(admin, {
      title: "حملة الشتاء في القائمة",
      slug: "حملة-الشتاء-في-القائمة",
      blocks: text,
      status: "published",
    });
    const draft = await createPage(admin, {
      title: "مسودة لا تظهر في القائمة",
      slug: "مسودة-لا-تظهر",
      blocks: text,
      status: "draft",
    });
    try {
      const screen = dataOf<Awaited<ReturnType<typeof getMenuForAdmin>>>(
        await call(loader, requestAs(admin, PATH)),
      );
      expect(screen.sections).toEqual(SITE_SECTIONS);
      const path = "/p/حملة-الشتاء-في-القائمة";
      expect(screen.pages).toContainEqual({ title: "حملة الشتاء في القائمة", path });
      expect(screen.pages.map((page) => page.title)).not.toContain("مسودة لا تظهر في القائمة");

      // The form sends the chosen page's address; the header draws it under «خدماتنا».
      const result = await post(admin, { ...ADD_UNDER_SERVICES, label: "حملة الشتاء", page: path });
      expect(dataOf<ActionResult>(result).ok).toBe(true);
      const { header } = await getLayoutMenus();
      const drawn = header?.find((item) => item.path === "/services");
      expect(drawn?.subItems?.at(-1)).toEqual({ title: "حملة الشتاء", path });
      // No page chosen: the Arabic message beside the page field, nothing stored.
      const empty = await post(admin, { ...ADD_UNDER_SERVICES, page: "" });
      expect(statusOf(empty)).toBe(400);
      expect(replyErrorsOf(empty)).toEqual({ page: [MENU_MESSAGES.linkRequired] });
    } finally {
      await db.delete(menus);
      await deletePage(admin, published.id, { confirmed: true });
      await deletePage(admin, draft.id, { confirmed: true });
    }
  });

  test("renames an item: the label is stored and its page-text key dropped; an unchanged label keeps the key", async () => {
    const rename = (label: string) =>
      post(admin, {
        intent: "update",
        menu: "header",
        id: "menu-governance",
        label,
        kind: "section",
        section: "/governance",
      });
    expect(dataOf<ActionResult>(await rename("الحوكمة")).ok).toBe(true);
    let governance = (await stored("header"))?.find((item) => item.id === "menu-governance");
    expect(governance).toMatchObject({ titleKey: "menu-governance", label: "الحوكمة" });

    expect(dataOf<ActionResult>(await rename("  الحوكمة   والشفافية ")).ok).toBe(true);
    governance = (await stored("header"))?.find((item) => item.id === "menu-governance");
    expect(governance).toMatchObject({ titleKey: null, label: "الحوكمة والشفافية" });
    const { header } = await getLayoutMenus();
    expect(header?.[2]).toEqual({ title: "الحوكمة والشفافية", path: "/governance" });
  });

  test("a label changed in place (a page text) is what the screen shows, and saving it keeps the key", async () => {
    await savePageText(admin, {
      pagePath: SHARED_BLOCK_PATH,
      contentKey: "menu-volunteer",
      value: "تطوّع معنا",
      contentType: "text",
    });
    const { labels } = await getMenuForAdmin(admin, "header");
    expect(labels["menu-volunteer"]).toBe("تطوّع معنا");
    const result = await post(admin, {
      intent: "update",
      menu: "header",
      id: "menu-volunteer",
      label: "تطوّع معنا",
      kind: "section",
      section: "/volunteer",
    });
    expect(dataOf<ActionResult>(result).ok).toBe(true);
    const volunteer = (await stored("header"))?.find((item) => item.id === "menu-volunteer");
    expect(volunteer?.titleKey).toBe("menu-volunteer");
  });

  test("moves items up and down among their siblings (an end stays put)", async () => {
    await post(admin, { intent: "move-up", menu: "header", id: "menu-donate" });
    let ids = ((await stored("header")) ?? []).map((item) => item.id);
    expect(ids.slice(-2)).toEqual(["menu-donate", "menu-volunteer"]);
    await post(admin, { intent: "move-up", menu: "header", id: "menu-home" });
    ids = ((await stored("header")) ?? []).map((item) => item.id);
    expect(ids[0]).toBe("menu-home");
    await post(admin, { intent: "move-down", menu: "header", id: "menu-services-services" });
    const children = services((await stored("header")) ?? [])?.children.map((child) => child.id);
    expect(children).toEqual(["menu-services-programs", "menu-services-services"]);
    const { header } = await getLayoutMenus();
    expect(header?.find((item) => item.path === "/services")?.subItems?.[0].path).toBe(
      "/services/programs",
    );
  });

  test("nests one level: a top item goes under another and back; deeper is refused", async () => {
    const nest = (id: string, parentId: string, section: string, label: string) =>
      post(admin, {
        intent: "update",
        menu: "header",
        id,
        label,
        parentId,
        kind: "section",
        section,
      });
    expect(
      dataOf<ActionResult>(await nest("menu-donate", "menu-about", "/donate", "تبرع الآن")).ok,
    ).toBe(true);
    let items = (await stored("header")) ?? [];
    expect(items.find((item) => item.id === "menu-about")?.children.at(-1)?.id).toBe("menu-donate");
    expect(items.some((item) => item.id === "menu-donate")).toBe(false);

    // An item with sub-items cannot go under another (that would be a third level).
    const deeper = await nest("menu-media", "menu-about", "/media", "المركز الإعلامي");
    expect(statusOf(deeper)).toBe(400);
    expect(dataOf<ActionResult>(deeper)).toMatchObject({
      ok: false,
      message: MENU_MESSAGES.parentWithChildren,
    });

    const back = await post(admin, {
      intent: "update",
      menu: "header",
      id: "menu-donate",
      label: "تبرع الآن",
      parentId: "",
      kind: "section",
      section: "/donate",
    });
    expect(dataOf<ActionResult>(back).ok).toBe(true);
    items = (await stored("header")) ?? [];
    expect(items.at(-1)?.id).toBe("menu-donate");
  });

  test("hides an item: gone from pages, kept (marked) for staff, shown again on request", async () => {
    await post(admin, { intent: "toggle-hidden", menu: "header", id: "menu-governance" });
    const { header } = await getLayoutMenus();
    expect(header?.map((item) => item.path)).not.toContain("/governance");
    const { entries } = await getMenuForAdmin(admin, "header");
    expect(entries.find((entry) => entry.id === "menu-governance")?.hidden).toBe(true);
    await post(admin, { intent: "toggle-hidden", menu: "header", id: "menu-governance" });
    expect((await getLayoutMenus()).header?.map((item) => item.path)).toContain("/governance");
  });

  test("adds an external https link, and refuses http, javascript: and unknown sections in Arabic", async () => {
    const add = (fields: Record<string, string>) =>
      post(admin, { intent: "add", menu: "header", label: "منصة إحسان", ...fields });
    const ok = await add({ kind: "external", url: "https://ehsan.sa/" });
    expect(dataOf<ActionResult>(ok).ok).toBe(true);
    expect((await getLayoutMenus()).header?.at(-1)).toEqual({
      title: "منصة إحسان",
      path: "https://ehsan.sa/",
    });

    const refusals: [Record<string, string>, string, string][] = [
      [{ kind: "external", url: "http://ehsan.sa" }, "url", MENU_MESSAGES.httpsOnly],
      [{ kind: "external", url: "javascript:alert(1)" }, "url", MENU_MESSAGES.badUrl],
      [{ kind: "external", url: "https://user:pw@ehsan.sa" }, "url", MENU_MESSAGES.badUrl],
      [{ kind: "section", section: "/admin/dashboard" }, "section", MENU_MESSAGES.unknownSection],
      [{ kind: "page", page: "/p/../admin" }, "page", MENU_MESSAGES.badPagePath],
      [{ kind: "page", page: "/p/Has Spaces" }, "page", MENU_MESSAGES.badPagePath],
    ];
    const before = await stored("header");
    for (const [fields, field, message] of refusals) {
      const result = await add(fields);
      expect(statusOf(result), JSON.stringify(fields)).toBe(400);
      expect(replyErrorsOf(result)[field]).toEqual([message]);
    }
    expect(await stored("header")).toEqual(before);
  });

  test("bad labels, unknown items and an emptied menu are refused with Arabic messages, nothing stored", async () => {
    const long = await post(admin, { ...ADD_UNDER_SERVICES, label: "ق".repeat(61) });
    expect(replyErrorsOf(long).label).toEqual([MENU_MESSAGES.labelTooLong]);
    const empty = await post(admin, { ...ADD_UNDER_SERVICES, label: "   " });
    expect(replyErrorsOf(empty).label).toEqual([MENU_MESSAGES.labelRequired]);
    const unknownParent = await post(admin, { ...ADD_UNDER_SERVICES, parentId: "no-such-item" });
    expect(dataOf<ActionResult>(unknownParent)).toMatchObject({
      ok: false,
      message: MENU_MESSAGES.unknownParent,
    });
    const unknown = await post(admin, { intent: "remove", menu: "header", id: "no-such-item" });
    expect(statusOf(unknown)).toBe(400);
    expect(dataOf<ActionResult>(unknown)).toMatchObject({ message: MENU_MESSAGES.unknownItem });
    expect(await stored("header")).toBeUndefined();

    for (const item of defaultMenu("footer").slice(1)) {
      await post(admin, { intent: "remove", menu: "footer", id: item.id });
    }
    const last = await post(admin, { intent: "remove", menu: "footer", id: "menu-home" });
    expect(dataOf<ActionResult>(last)).toMatchObject({ ok: false, message: MENU_MESSAGES.empty });
    expect((await stored("footer"))?.map((item) => item.id)).toEqual(["menu-home"]);
  });

  test("the whole-menu save refuses a third level, footer sub-items and bad links", async () => {
    const third = defaultMenu("header");
    third[1].children[0].children = [{ ...third[0], id: "deep", children: [] }];
    await expect(saveMenu(admin, "header", third)).rejects.toThrow(MENU_MESSAGES.tooDeep);
    const footer = defaultMenu("footer");
    footer[0].children = [{ ...footer[1], id: "sub" }];
    await expect(saveMenu(admin, "footer", footer)).rejects.toThrow(MENU_MESSAGES.footerFlat);
    const script = defaultMenu("header");
    script[0].href = "javascript:alert(1)";
    await expect(saveMenu(admin, "header", script)).rejects.toThrow(MENU_MESSAGES.badUrl);
    await expect(saveMenu(admin, "header", [])).rejects.toThrow(MENU_MESSAGES.empty);
    await expect(saveMenu(admin, "header", "not a menu")).rejects.toThrow(MENU_MESSAGES.badShape);
    expect(await revisionCount()).toBe(0);
  });
});

describe("the footer's quick links", () => {
  test("are their own flat menu: edited apart from the header, sub-items refused", async () => {
    await post(admin, { intent: "toggle-hidden", menu: "footer", id: "menu-donate" });
    const layout = await getLayoutMenus();
    expect(layout.header).toBeNull();
    expect(layout.footer?.map((item) => item.path)).not.toContain("/donate");
    const nested = await post(admin, {
      ...ADD_UNDER_SERVICES,
      menu: "footer",
    });
    expect(statusOf(nested)).toBe(400);
    expect(replyErrorsOf(nested).parentId).toEqual([MENU_MESSAGES.footerFlat]);
  });
});

describe("revisions and the original menu", () => {
  test("«استعادة القائمة الأصلية» brings back the spec's menu and keeps a revision", async () => {
    await post(admin, ADD_UNDER_SERVICES);
    await post(admin, { intent: "toggle-hidden", menu: "header", id: "menu-media" });
    expect((await getLayoutMenus()).header).not.toBeNull();
    const result = await post(admin, { intent: "restore-default", menu: "header" });
    expect(dataOf<ActionResult>(result).ok).toBe(true);
    expect(await stored("header")).toBeUndefined();
    expect((await getLayoutMenus()).header).toBeNull();
    const { revisions, isDefault } = await getMenuForAdmin(admin, "header");
    expect(isDefault).toBe(true);
    expect(revisions.map((revision) => revision.note)).toEqual(["default", "save", "save"]);
    expect(revisions[0].savedBy).toBe("مديرة القوائم");
  });

  test("a revision is restored as a new save; the last 20 are kept", async () => {
    await post(admin, ADD_UNDER_SERVICES);
    const { revisions } = await getMenuForAdmin(admin, "header");
    await restoreDefaultMenu(admin, "header");
    const restored = await post(admin, {
      intent: "restore-revision",
      menu: "header",
      revisionId: revisions[0].id,
    });
    expect(dataOf<ActionResult>(restored).ok).toBe(true);
    expect(services((await stored("header")) ?? [])?.children.at(-1)?.label).toBe("حملة رمضان");

    const gone = await post(admin, {
      intent: "restore-revision",
      menu: "header",
      revisionId: "00000000-0000-4000-8000-000000000000",
    });
    expect(statusOf(gone)).toBe(404);
    expect(dataOf<ActionResult>(gone)).toMatchObject({
      message: "هذه النسخة من القائمة لم تعد محفوظة",
    });
    const footerRevision = await post(admin, {
      intent: "restore-revision",
      menu: "footer",
      revisionId: revisions[0].id,
    });
    expect(statusOf(footerRevision)).toBe(404);

    for (let index = 0; index < 22; index++) {
      await post(admin, { intent: "toggle-hidden", menu: "header", id: "menu-home" });
    }
    expect(await revisionCount()).toBe(MENU_REVISIONS_KEPT);
    expect((await getMenuForAdmin(admin, "header")).revisions).toHaveLength(MENU_REVISIONS_KEPT);
  });
});

describe("only administrators", () => {
  test("read the menus screen: editors and viewers are refused, the signed-out sent to sign in", async () => {
    const read = (who: TestUser | null) => call(loader, requestAs(who, PATH));
    expect(statusOf(await read(editor))).toBe(403);
    expect(statusOf(await read(viewer))).toBe(403);
    expect(statusOf(await read(null))).toBe(302);
    expect(dataOf<{ menuId: string }>(await read(admin)).menuId).toBe("header");
    await expect(getMenuForAdmin(editor, "header")).rejects.toThrow();
  });

  test("change them: every other role is refused and nothing is stored", async () => {
    for (const who of [editor, viewer, null]) {
      const result = await post(who, ADD_UNDER_SERVICES);
      expect([302, 401, 403]).toContain(statusOf(result));
      await expect(saveMenu(who, "header", defaultMenu("header"))).rejects.toThrow();
      await expect(restoreDefaultMenu(who, "header")).rejects.toThrow();
    }
    expect(await stored("header")).toBeUndefined();
    expect(await revisionCount()).toBe(0);
  });
});
