import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { getBlocks, savePageText } from "~/models/page-content.server";
import { action, loader } from "~/routes/resources/page-content";
import type { ActionResult } from "~/shared/action-result";
import {
  blockId,
  type PageTextHistory,
  type PageTextRefusal,
  type PageTextSaved,
  SHARED_BLOCK_PATH,
} from "~/shared/content-blocks";
import { db } from "~/utils/db.server";
import { pageContent, pageContentRevisions } from "../../database/schema";
import { createUser, requestAs, type TestUser } from "../support/accounts";
import { call, dataOf, statusOf } from "../support/route-calls";

const ARABIC = /[\u0600-\u06FF]/;

/** Posts to /api/page-content as `user` and answers the status and the body. */
async function post(user: TestUser | null, form: Record<string, string>) {
  const result = await call(action, requestAs(user, "/api/page-content", { form }));
  return {
    status: statusOf(result),
    body: dataOf<ActionResult<PageTextSaved, PageTextRefusal>>(result),
  };
}

async function history(user: TestUser | null, pagePath: string, contentKey: string) {
  const query = new URLSearchParams({ pagePath, contentKey });
  const result = await call(loader, requestAs(user, `/api/page-content?${query}`));
  return { status: statusOf(result), body: dataOf<ActionResult<PageTextHistory>>(result) };
}

const save = (pagePath: string, contentKey: string, value: string, extra = {}) => ({
  intent: "save",
  pagePath,
  contentKey,
  value,
  contentType: "text",
  ...extra,
});

function rowsOf(pagePath: string, contentKey: string) {
  return db
    .select()
    .from(pageContent)
    .where(and(eq(pageContent.pagePath, pagePath), eq(pageContent.contentKey, contentKey)));
}

function revisionsOf(pagePath: string, contentKey: string) {
  return db
    .select()
    .from(pageContentRevisions)
    .where(
      and(
        eq(pageContentRevisions.pagePath, pagePath),
        eq(pageContentRevisions.contentKey, contentKey),
      ),
    )
    .orderBy(asc(pageContentRevisions.savedAt));
}

let admin: TestUser;
let editor: TestUser;
let viewer: TestUser;
beforeAll(async () => {
  [admin, editor, viewer] = await Promise.all([
    createUser("admin", "أمل المشرفة"),
    createUser("editor"),
    createUser("viewer"),
  ]);
});

describe("who may save page texts", () => {
  test("editors, viewers and signed-out visitors are refused by the server; nothing is stored", async () => {
    const form = save("/", "hero-title", "نص لا يجوز حفظه");
    expect((await post(editor, form)).status).toBe(403);
    expect((await post(viewer, form)).status).toBe(403);
    const signedOut = await post(null, form);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toMatchObject({ ok: false, message: "يجب تسجيل الدخول أولاً" });
    // Even a malformed request tells strangers nothing but the refusal.
    expect((await post(viewer, { intent: "save", pagePath: "/nowhere" })).status).toBe(403);
    expect((await history(editor, "/", "hero-title")).status).toBe(403);

    expect(await rowsOf("/", "hero-title")).toEqual([]);
    expect(await revisionsOf("/", "hero-title")).toEqual([]);
  });

  test("the model refuses non-admins itself, whoever calls it", async () => {
    const input = {
      pagePath: "/",
      contentKey: "hero-title",
      value: "x",
      contentType: "text" as const,
    };
    await expect(savePageText(editor, input)).rejects.toMatchObject({ status: 403 });
    await expect(savePageText(null, input)).rejects.toMatchObject({ status: 401 });
    expect(await rowsOf("/", "hero-title")).toEqual([]);
  });
});

describe("an admin saves", () => {
  test("a save upserts the block, keeps a revision and answers the stored value", async () => {
    const first = await post(admin, save("/about", "page-title", "  من نحن؟  "));
    expect(first.status).toBe(200);
    if (!first.body.ok || !first.body.block) throw new Error("save failed");
    expect(first.body.block).toMatchObject({ value: "من نحن؟", type: "text" });

    const second = await post(
      admin,
      save("/about", "page-title", "تعرّف على جمعية رفق", {
        expectedUpdatedAt: first.body.block.updatedAt,
      }),
    );
    expect(second.status).toBe(200);
    if (!second.body.ok || !second.body.block) throw new Error("save failed");
    expect(new Date(second.body.block.updatedAt).getTime()).toBeGreaterThan(
      new Date(first.body.block.updatedAt).getTime(),
    );

    const rows = await rowsOf("/about", "page-title");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ contentValue: "تعرّف على جمعية رفق", updatedBy: admin.id });
    const revisions = await revisionsOf("/about", "page-title");
    expect(revisions.map((r) => [r.contentValue, r.savedBy])).toEqual([
      ["من نحن؟", admin.id],
      ["تعرّف على جمعية رفق", admin.id],
    ]);

    const blocks = await getBlocks(["/about"]);
    expect(blocks[blockId("/about", "page-title")]).toEqual(second.body.block);
  });

  test("header and footer texts are saved under the shared layout path", async () => {
    const result = await post(admin, save(SHARED_BLOCK_PATH, "menu-donate", "ادعمنا"));
    expect(result.status).toBe(200);
    const blocks = await getBlocks([SHARED_BLOCK_PATH]);
    expect(blocks[blockId(SHARED_BLOCK_PATH, "menu-donate")]?.value).toBe("ادعمنا");
  });

  test("html is sanitized before it is stored, and again when it is read", async () => {
    const payload = [
      "<p>عن <strong>الجمعية</strong></p>",
      '<img src=x onerror="window.__xss=1">',
      "<script>window.__xss=1</script>",
      '<a href="javascript:window.__xss=1">x</a>',
      "<svg onload=window.__xss=1>",
      '<p onclick="window.__xss=1" style="color:red">نص</p>',
    ].join("");
    const result = await post(admin, {
      ...save(SHARED_BLOCK_PATH, "footer-about", payload),
      contentType: "html",
    });
    expect(result.status).toBe(200);
    const [row] = await rowsOf(SHARED_BLOCK_PATH, "footer-about");
    const [revision] = await revisionsOf(SHARED_BLOCK_PATH, "footer-about");
    for (const stored of [row.contentValue, revision.contentValue]) {
      expect(stored).toContain("<strong>الجمعية</strong>");
      expect(stored).not.toMatch(/script|onerror|onload|onclick|javascript:|<img|<svg|style=/i);
    }

    // A row written around the model (an old import, a manual fix) is cleaned on the way out.
    await db
      .update(pageContent)
      .set({ contentValue: '<p>قديم</p><img src=x onerror="alert(1)">' })
      .where(eq(pageContent.id, row.id));
    const blocks = await getBlocks([SHARED_BLOCK_PATH]);
    expect(blocks[blockId(SHARED_BLOCK_PATH, "footer-about")]?.value).toBe("<p>قديم</p>");
  });

  test("html page texts keep what the rich-text editor makes, without images or videos", async () => {
    const payload = [
      '<h1>عنوان</h1><p dir="rtl">عن <b>الجمعية</b> و<em>كبارنا</em></p>',
      "<ul><li><p>زيارات</p></li></ul><p></p><blockquote>قول</blockquote>",
      '<figure><img src="/uploads/a.png" alt="صورة"></figure><div data-youtube-id="dQw4w9WgXcQ"></div>',
      '<p><a href="https://rifq.org.sa/" target="_blank">موقعنا</a></p>',
    ].join("");
    const result = await post(admin, {
      ...save("/privacy", "privacy-body", payload),
      contentType: "html",
    });
    expect(result.status).toBe(200);
    const [row] = await rowsOf("/privacy", "privacy-body");
    expect(row.contentValue).toBe(
      "<h2>عنوان</h2><p>عن <strong>الجمعية</strong> و<em>كبارنا</em></p>" +
        "<ul><li><p>زيارات</p></li></ul><blockquote>قول</blockquote>" +
        '<p><a href="https://rifq.org.sa/" rel="noopener noreferrer">موقعنا</a></p>',
    );
  });

  test("html with nothing left to show after sanitizing is refused", async () => {
    const result = await post(admin, {
      ...save("/", "mission-text", "<script>window.__xss=1</script>"),
      contentType: "html",
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ ok: false, message: "لا يمكن حفظ نص فارغ" });
    expect(await rowsOf("/", "mission-text")).toEqual([]);
  });
});

describe("conflicts", () => {
  test("a save based on an older version gets 409 and the current value; nothing is lost", async () => {
    const opened = await post(admin, save("/donate", "page-title", "تبرّع"));
    if (!opened.body.ok || !opened.body.block) throw new Error("save failed");
    const seenByBoth = opened.body.block.updatedAt;

    const other = await createUser("admin", "مشرف آخر");
    const first = await post(
      other,
      save("/donate", "page-title", "تبرّع لكبارنا", { expectedUpdatedAt: seenByBoth }),
    );
    expect(first.status).toBe(200);

    const stale = await post(
      admin,
      save("/donate", "page-title", "ساهم معنا", { expectedUpdatedAt: seenByBoth }),
    );
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      ok: false,
      conflict: true,
      current: { value: "تبرّع لكبارنا" },
    });
    if (stale.body.ok) throw new Error("expected a conflict");
    expect(stale.body.message).toMatch(/^تم تعديل هذا النص من مشرف آخر منذ فتحه/);
    expect((await rowsOf("/donate", "page-title"))[0]?.contentValue).toBe("تبرّع لكبارنا");

    // Opened on the default while someone saved meanwhile: a conflict too.
    expect((await post(admin, save("/donate", "page-title", "ساهم معنا"))).status).toBe(409);

    // Overwriting on purpose: the admin sends the version they were shown.
    if (!("current" in stale.body) || !stale.body.current) throw new Error("no current");
    const overwrite = await post(
      admin,
      save("/donate", "page-title", "ساهم معنا", {
        expectedUpdatedAt: stale.body.current.updatedAt,
      }),
    );
    expect(overwrite.status).toBe(200);
    const values = (await revisionsOf("/donate", "page-title")).map((r) => r.contentValue);
    expect(values).toEqual(["تبرّع", "تبرّع لكبارنا", "ساهم معنا"]);
  });
});

describe("invalid requests", () => {
  test.each([
    ["an unknown page", save("/no/such/page", "page-title", "x"), "لا يمكن تعديل نصوص هذه الصفحة"],
    ["a staff page", save("/admin", "page-title", "x"), "لا يمكن تعديل نصوص هذه الصفحة"],
    [
      "an unknown survey",
      save("/feedback/others", "page-title", "x"),
      "لا يمكن تعديل نصوص هذه الصفحة",
    ],
    ["a key with capitals", save("/", "Hero_Title", "x"), "معرّف النص غير صالح"],
    ["a key too long", save("/", "k".repeat(101), "x"), "معرّف النص غير صالح"],
    ["an empty value", save("/", "hero-title", "   "), "لا يمكن حفظ نص فارغ"],
    ["a value too long", save("/", "hero-title", "ن".repeat(20_001)), "النص أطول من الحد المسموح"],
  ])("%s is refused with 400 and an Arabic message", async (_name, form, message) => {
    const result = await post(admin, form);
    expect(result.status).toBe(400);
    if (result.body.ok) throw new Error("expected a refusal");
    expect(result.body.message).toContain(message);
    expect(result.body.message).toMatch(ARABIC);
    expect(await rowsOf(form.pagePath, form.contentKey)).toEqual([]);
  });

  test("real public paths, dynamic ones included, are accepted", async () => {
    for (const pagePath of ["/media/news/first-news", "/feedback/visitors", "/about/why"]) {
      expect((await post(admin, save(pagePath, "page-title", "عنوان"))).status).toBe(200);
    }
  });
});

describe("history", () => {
  test("lists saved values newest first with their authors; restore and reset are saves too", async () => {
    const one = await post(admin, save("/volunteer", "page-title", "تطوّع"));
    if (!one.body.ok || !one.body.block) throw new Error("save failed");
    const two = await post(
      admin,
      save("/volunteer", "page-title", "انضم إلينا", {
        expectedUpdatedAt: one.body.block.updatedAt,
      }),
    );
    if (!two.body.ok || !two.body.block) throw new Error("save failed");

    const listed = await history(admin, "/volunteer", "page-title");
    expect(listed.status).toBe(200);
    if (!listed.body.ok) throw new Error("history failed");
    expect(listed.body.current?.value).toBe("انضم إلينا");
    expect(listed.body.revisions.map((r) => [r.value, r.savedBy])).toEqual([
      ["انضم إلينا", "أمل المشرفة"],
      ["تطوّع", "أمل المشرفة"],
    ]);

    const oldest = listed.body.revisions[1];
    const restored = await post(admin, {
      intent: "restore",
      pagePath: "/volunteer",
      contentKey: "page-title",
      revisionId: oldest.id,
      expectedUpdatedAt: two.body.block.updatedAt,
    });
    expect(restored.status).toBe(200);
    if (!restored.body.ok || !restored.body.block) throw new Error("restore failed");
    expect(restored.body.block.value).toBe("تطوّع");
    expect((await revisionsOf("/volunteer", "page-title")).map((r) => r.contentValue)).toEqual([
      "تطوّع",
      "انضم إلينا",
      "تطوّع",
    ]);

    // A revision of another block cannot be smuggled in.
    const foreign = await post(admin, {
      intent: "restore",
      pagePath: "/donate",
      contentKey: "page-title",
      revisionId: oldest.id,
    });
    expect(foreign.status).toBe(404);

    const stale = await post(admin, {
      intent: "reset",
      pagePath: "/volunteer",
      contentKey: "page-title",
      expectedUpdatedAt: two.body.block.updatedAt,
    });
    expect(stale.status).toBe(409);
    const reset = await post(admin, {
      intent: "reset",
      pagePath: "/volunteer",
      contentKey: "page-title",
      expectedUpdatedAt: restored.body.block.updatedAt,
    });
    expect(reset).toMatchObject({ status: 200, body: { ok: true, block: null } });
    expect(await rowsOf("/volunteer", "page-title")).toEqual([]);
    expect((await getBlocks(["/volunteer"]))[blockId("/volunteer", "page-title")]).toBeUndefined();
    // The values stay in history after a reset.
    expect(await revisionsOf("/volunteer", "page-title")).toHaveLength(3);
  });
});
