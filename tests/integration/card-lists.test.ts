import { and, asc, count, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createPublicChangeFilter } from "~/models/change-visibility.server";
import { addCard, editCard, getCardLists, moveCard } from "~/models/content-lists.server";
import { withNewValue } from "~/models/live-values.server";
import { action, loader } from "~/routes/resources/card-lists";
import type { ActionResult } from "~/shared/action-result";
import type {
  CardListHistory,
  CardListRefusal,
  CardListSaved,
  StoredCardList,
} from "~/shared/card-items";
import { editCardFormSchema } from "~/shared/card-items";
import { PROGRAM_CARDS } from "~/shared/card-list-definitions";
import { blockId } from "~/shared/content-blocks";
import { browserValidation } from "~/shared/form-validation";
import { db } from "~/utils/db.server";
import { contentListRevisions, contentLists } from "../../database/schema";
import { createUser, requestAs, type TestUser } from "../support/accounts";
import { pngFile } from "../support/images";
import { call, dataOf, statusOf } from "../support/route-calls";
import { storedFiles } from "../support/uploads";

const ARABIC = /[\u0600-\u06FF]/;
const PAGE = PROGRAM_CARDS.pagePath;
const LIST = PROGRAM_CARDS.key;
const DEFAULT_TITLES = PROGRAM_CARDS.defaults.map((card) => card.title);

type Answer = ActionResult<CardListSaved, CardListRefusal>;

async function post(user: TestUser | null, form: Record<string, string | Blob>) {
  const result = await call(
    action,
    requestAs(user, "/api/card-lists", { form: { pagePath: PAGE, listKey: LIST, ...form } }),
  );
  return { status: statusOf(result), body: dataOf<Answer>(result) };
}

async function history(user: TestUser | null, pagePath = PAGE, listKey = LIST) {
  const query = new URLSearchParams({ pagePath, listKey });
  const result = await call(loader, requestAs(user, `/api/card-lists?${query}`));
  return { status: statusOf(result), body: dataOf<ActionResult<CardListHistory>>(result) };
}

/** What the programs page shows now: the stored list, or null for the built-in cards. */
async function shown(): Promise<StoredCardList | null> {
  return (await getCardLists([PAGE]))[blockId(PAGE, LIST)] ?? null;
}
const titles = (list: StoredCardList | null) =>
  (list?.items ?? PROGRAM_CARDS.defaults).map((card) => card.title);

async function tableState() {
  const [lists] = await db.select({ total: count() }).from(contentLists);
  const [revisions] = await db.select({ total: count() }).from(contentListRevisions);
  const rows = await db.select().from(contentLists).orderBy(asc(contentLists.listKey));
  return {
    lists: lists.total,
    revisions: revisions.total,
    files: storedFiles().length,
    rows: rows.map((row) => ({ items: row.items, updatedAt: row.updatedAt.toISOString() })),
  };
}

const added = (body: Answer) => {
  if (!body.ok || !body.list) throw new Error(`not saved: ${JSON.stringify(body)}`);
  return body.list;
};

let admin: TestUser;
let editor: TestUser;
let viewer: TestUser;
beforeAll(async () => {
  [admin, editor, viewer] = await Promise.all([
    createUser("admin", "نورة المشرفة"),
    createUser("editor"),
    createUser("viewer"),
  ]);
});

beforeEach(async () => {
  await db.delete(contentListRevisions);
  await db.delete(contentLists);
});

describe("a fresh site", () => {
  test("shows the code-defined cards: nothing is stored", async () => {
    expect(await shown()).toBeNull();
    expect(DEFAULT_TITLES).toHaveLength(6);
    expect(DEFAULT_TITLES[0]).toBe("التمكين المهني");
  });
});

describe("an admin changes the programs list", () => {
  test("adds a card with an image: stored after the six, in history, its image re-encoded", async () => {
    const before = storedFiles().length;
    const { status, body } = await post(admin, {
      intent: "add",
      title: "برنامج رمضان",
      text: "إفطار جماعي ولقاءات مسائية طوال الشهر الكريم.",
      icon: "Star",
      link: "/donate",
      imageAlt: "مائدة إفطار",
      image: await pngFile("رمضان.png"),
    });
    expect(status).toBe(200);
    const list = added(body);
    expect(titles(list)).toEqual([...DEFAULT_TITLES, "برنامج رمضان"]);
    const card = list.items[6];
    expect(card).toMatchObject({
      icon: "Star",
      link: "/donate",
      text: expect.stringContaining("إفطار"),
    });
    expect(card.key).toMatch(/^card-[a-z0-9]+$/);
    expect(card.image?.alt).toBe("مائدة إفطار");
    expect(card.image?.url).toMatch(/^\/uploads\/cards\/\d{13}-[0-9a-f]{8}\.webp$/);
    // The main copy and its 480 and 1200 px copies.
    expect(storedFiles().length).toBe(before + 3);
    expect(storedFiles()).toContain(card.image?.url.replace("/uploads/", ""));

    expect(titles(await shown())).toEqual(titles(list));
    const { body: log } = await history(admin);
    if (!log.ok) throw new Error(log.message);
    expect(log.revisions.map((revision) => revision.summary)).toEqual([
      "أُضيفت بطاقة «برنامج رمضان»",
    ]);
    expect(log.revisions[0].savedBy).toBe("نورة المشرفة");
  });

  test("adds at the start when asked", async () => {
    const { body } = await post(admin, {
      intent: "add",
      title: "برنامج جديد",
      text: "نص",
      position: "start",
    });
    expect(titles(added(body))[0]).toBe("برنامج جديد");
  });

  test("moves a card up and down, one place at a time; not past either end", async () => {
    const first = added((await post(admin, { intent: "add", title: "السابع", text: "نص" })).body);
    const key = first.items[6].key;
    let version = first.updatedAt;
    for (let step = 0; step < 6; step++) {
      const { status, body } = await post(admin, {
        intent: "move",
        itemKey: key,
        direction: "up",
        expectedUpdatedAt: version,
      });
      expect(status).toBe(200);
      version = added(body).updatedAt;
    }
    expect(titles(await shown())).toEqual(["السابع", ...DEFAULT_TITLES]);

    const stuck = await post(admin, {
      intent: "move",
      itemKey: key,
      direction: "up",
      expectedUpdatedAt: version,
    });
    expect(stuck.status).toBe(409);
    expect(stuck.body).toMatchObject({ ok: false, message: "لا يمكن نقل البطاقة أبعد من ذلك" });

    const down = await post(admin, {
      intent: "move",
      itemKey: key,
      direction: "down",
      expectedUpdatedAt: version,
    });
    expect(titles(added(down.body)).slice(0, 2)).toEqual([DEFAULT_TITLES[0], "السابع"]);
  });

  test("removes a card and undoes it (a built-in list comes back as the built-in cards)", async () => {
    const target = PROGRAM_CARDS.defaults[2];
    const removed = await post(admin, { intent: "remove", itemKey: target.key });
    const list = added(removed.body);
    expect(titles(list)).not.toContain(target.title);
    expect(list.items).toHaveLength(5);
    if (!removed.body.ok) throw new Error("refused");
    // The list showed its built-in cards before: undoing is going back to them.
    expect(removed.body.before).toBeNull();
    const undone = await post(admin, { intent: "reset", expectedUpdatedAt: list.updatedAt });
    expect(undone.status).toBe(200);
    expect(await shown()).toBeNull();
  });

  test("removes a card from a stored list and undoes it by restoring the version before", async () => {
    const withNew = added((await post(admin, { intent: "add", title: "مؤقت", text: "نص" })).body);
    const key = withNew.items[6].key;
    const removed = await post(admin, {
      intent: "remove",
      itemKey: key,
      expectedUpdatedAt: withNew.updatedAt,
    });
    if (!removed.body.ok || !removed.body.list) throw new Error("refused");
    expect(titles(removed.body.list)).toEqual(DEFAULT_TITLES);
    const undo = await post(admin, {
      intent: "restore",
      revisionId: String(removed.body.before),
      expectedUpdatedAt: removed.body.list.updatedAt,
    });
    expect(titles(added(undo.body))).toEqual([...DEFAULT_TITLES, "مؤقت"]);
    const { body: log } = await history(admin);
    if (!log.ok) throw new Error(log.message);
    expect(log.revisions.map((revision) => revision.summary)).toEqual([
      "استُعيدت نسخة سابقة من القائمة",
      "حُذفت بطاقة «مؤقت»",
      "أُضيفت بطاقة «مؤقت»",
    ]);
  });

  test("restores an earlier version from history, and goes back to the built-in cards", async () => {
    const one = added((await post(admin, { intent: "add", title: "أول", text: "نص" })).body);
    const two = added(
      (
        await post(admin, {
          intent: "add",
          title: "ثان",
          text: "نص",
          expectedUpdatedAt: one.updatedAt,
        })
      ).body,
    );
    const { body: log } = await history(admin);
    if (!log.ok) throw new Error(log.message);
    const older = log.revisions.find((revision) => revision.summary.includes("«أول»"));
    const restored = await post(admin, {
      intent: "restore",
      revisionId: String(older?.id),
      expectedUpdatedAt: two.updatedAt,
    });
    expect(titles(added(restored.body))).toEqual([...DEFAULT_TITLES, "أول"]);
    const reset = await post(admin, {
      intent: "reset",
      expectedUpdatedAt: added(restored.body).updatedAt,
    });
    expect(reset.status).toBe(200);
    expect(await shown()).toBeNull();
    const rows = await db
      .select({ summary: contentListRevisions.summary })
      .from(contentListRevisions)
      .orderBy(asc(contentListRevisions.savedAt));
    expect(rows).toHaveLength(3);
  });

  test("a list changed since the editor opened it is not overwritten: 409 with the newer list", async () => {
    const first = added((await post(admin, { intent: "add", title: "أول", text: "نص" })).body);
    // The editor still shows the built-in cards (no version).
    const stale = await post(admin, { intent: "remove", itemKey: PROGRAM_CARDS.defaults[0].key });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ ok: false, conflict: true });
    if (stale.body.ok || !stale.body.conflict) throw new Error("no conflict");
    expect(stale.body.current?.updatedAt).toBe(first.updatedAt);
    expect(titles(await shown())).toEqual([...DEFAULT_TITLES, "أول"]);
  });
});

describe("an admin changes an existing card's icon, link and image", () => {
  const FIRST = PROGRAM_CARDS.defaults[0];

  test("a built-in card gets a new icon and link: its key, title, text and the other cards stay", async () => {
    const { status, body } = await post(admin, {
      intent: "edit",
      itemKey: FIRST.key,
      icon: "Star",
      link: "/volunteer",
    });
    expect(status).toBe(200);
    const list = added(body);
    if (!body.ok) throw new Error("refused");
    // The list showed its built-in cards: undoing the change would be going back to them.
    expect(body.before).toBeNull();
    expect(list.items[0]).toEqual({
      key: FIRST.key,
      title: FIRST.title,
      text: FIRST.text,
      icon: "Star",
      link: "/volunteer",
    });
    expect(list.items.slice(1)).toEqual(PROGRAM_CARDS.defaults.slice(1));
    expect((await shown())?.items[0]).toMatchObject({ icon: "Star", link: "/volunteer" });
    const { body: log } = await history(admin);
    if (!log.ok) throw new Error(log.message);
    expect(log.revisions.map((revision) => revision.summary)).toEqual([
      `عُدّلت بطاقة «${FIRST.title}»`,
    ]);
    expect(log.revisions[0].savedBy).toBe("نورة المشرفة");
  });

  test("an empty icon and link take them away", async () => {
    const withLink = PROGRAM_CARDS.defaults.find((card) => card.link || card.icon);
    if (!withLink) throw new Error("no built-in program card has an icon or a link");
    const { body } = await post(admin, {
      intent: "edit",
      itemKey: withLink.key,
      icon: "",
      link: "",
    });
    const card = added(body).items.find((item) => item.key === withLink.key);
    expect(card).toEqual({ key: withLink.key, title: withLink.title, text: withLink.text });
  });

  test("a new image replaces the card's, then it is removed; every earlier image stays stored", async () => {
    const first = added(
      (
        await post(admin, {
          intent: "add",
          title: "بطاقة مصورة",
          text: "نص",
          imageAlt: "الصورة الأولى",
          image: await pngFile("أولى.png"),
        })
      ).body,
    );
    const card = first.items[6];
    const oldUrl = String(card.image?.url);
    const filesBefore = storedFiles().length;

    const replaced = await post(admin, {
      intent: "edit",
      itemKey: card.key,
      imageAlt: "الصورة الثانية",
      image: await pngFile("ثانية.png"),
      expectedUpdatedAt: first.updatedAt,
    });
    expect(replaced.status).toBe(200);
    const second = added(replaced.body);
    const newImage = second.items[6].image;
    expect(newImage?.alt).toBe("الصورة الثانية");
    expect(newImage?.url).toMatch(/^\/uploads\/cards\/\d{13}-[0-9a-f]{8}\.webp$/);
    expect(newImage?.url).not.toBe(oldUrl);
    // The new image and its two copies; the old one is still there for history and undo.
    expect(storedFiles().length).toBe(filesBefore + 3);
    expect(storedFiles()).toContain(oldUrl.replace("/uploads/", ""));

    // Only the description changes: the image is kept.
    const described = added(
      (
        await post(admin, {
          intent: "edit",
          itemKey: card.key,
          imageAlt: "وصف أدق",
          expectedUpdatedAt: second.updatedAt,
        })
      ).body,
    );
    expect(described.items[6].image).toEqual({ url: newImage?.url, alt: "وصف أدق" });

    const removed = added(
      (
        await post(admin, {
          intent: "edit",
          itemKey: card.key,
          removeImage: "on",
          imageAlt: "وصف أدق",
          expectedUpdatedAt: described.updatedAt,
        })
      ).body,
    );
    expect(removed.items[6]).toEqual({ key: card.key, title: "بطاقة مصورة", text: "نص" });
    expect(storedFiles().length).toBe(filesBefore + 3);
    expect(storedFiles()).toContain(String(newImage?.url).replace("/uploads/", ""));

    // History brings the first image back.
    const { body: log } = await history(admin);
    if (!log.ok) throw new Error(log.message);
    expect(log.revisions.map((revision) => revision.summary)).toEqual([
      "عُدّلت بطاقة «بطاقة مصورة»",
      "عُدّلت بطاقة «بطاقة مصورة»",
      "عُدّلت بطاقة «بطاقة مصورة»",
      "أُضيفت بطاقة «بطاقة مصورة»",
    ]);
    const restored = await post(admin, {
      intent: "restore",
      revisionId: log.revisions[3].id,
      expectedUpdatedAt: removed.updatedAt,
    });
    expect(added(restored.body).items[6].image).toEqual({ url: oldUrl, alt: "الصورة الأولى" });
  });

  test("a card changed since the editor opened the list: 409 with the newer list; nothing stored, the new image dropped", async () => {
    const first = added((await post(admin, { intent: "add", title: "أول", text: "نص" })).body);
    const before = await tableState();
    // The editor still shows the built-in cards (no version).
    const stale = await post(admin, {
      intent: "edit",
      itemKey: FIRST.key,
      icon: "Star",
      image: await pngFile(),
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      ok: false,
      conflict: true,
      message: "تغيّرت هذه القائمة منذ فتحها (عدّلها مشرف آخر). عُرضت القائمة الأحدث؛ أعد المحاولة.",
    });
    if (stale.body.ok || !stale.body.conflict) throw new Error("no conflict");
    expect(stale.body.current?.updatedAt).toBe(first.updatedAt);
    expect(await tableState()).toEqual(before);
  });

  test("open pages hear the changed card", async () => {
    const list = added(
      (await post(admin, { intent: "edit", itemKey: FIRST.key, link: "https://example.org/a" }))
        .body,
    );
    const event = await withNewValue({
      table: "content_lists",
      op: "UPDATE",
      key: LIST,
      page_path: PAGE,
    });
    const visible = await createPublicChangeFilter().toPublic(event);
    expect(visible).toEqual({ table: "content_lists", page_path: PAGE, key: LIST, list });
    expect(list.items[0].link).toBe("https://example.org/a");
  });
});

describe("who may change lists", () => {
  test("editors, viewers and signed-out visitors are refused by the server; nothing is stored", async () => {
    const before = await tableState();
    const attempts: Record<string, string | Blob>[] = [
      { intent: "add", title: "لا", text: "لا", image: await pngFile() },
      {
        intent: "edit",
        itemKey: PROGRAM_CARDS.defaults[0].key,
        icon: "Star",
        link: "/donate",
        image: await pngFile(),
      },
      { intent: "remove", itemKey: PROGRAM_CARDS.defaults[0].key },
      { intent: "move", itemKey: PROGRAM_CARDS.defaults[1].key, direction: "up" },
      { intent: "reset" },
    ];
    for (const form of attempts) {
      expect((await post(editor, form)).status).toBe(403);
      expect((await post(viewer, form)).status).toBe(403);
      const signedOut = await post(null, form);
      expect(signedOut.status).toBe(401);
      expect(signedOut.body).toMatchObject({ ok: false, message: "يجب تسجيل الدخول أولاً" });
    }
    expect((await history(editor)).status).toBe(403);
    expect((await history(null)).status).toBe(401);
    expect(await tableState()).toEqual(before);
    expect(await shown()).toBeNull();
  });

  test("the model refuses non-admins itself, whoever calls it", async () => {
    const target = { pagePath: PAGE, listKey: LIST };
    await expect(
      addCard(editor, { target, fields: { title: "x", text: "y" } }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      moveCard(null, { target, itemKey: PROGRAM_CARDS.defaults[1].key, direction: "up" }),
    ).rejects.toMatchObject({ status: 401 });
    const edit = { target, itemKey: PROGRAM_CARDS.defaults[0].key, details: { icon: "Star" } };
    await expect(editCard(editor, edit)).rejects.toMatchObject({ status: 403 });
    await expect(editCard(viewer, edit)).rejects.toMatchObject({ status: 403 });
    await expect(editCard(null, edit)).rejects.toMatchObject({ status: 401 });
    expect(await shown()).toBeNull();
  });
});

describe("bad input is refused with an Arabic message and changes nothing", () => {
  test.each([
    [{ intent: "add", title: "", text: "نص" }, "اكتب عنوان البطاقة"],
    [{ intent: "add", title: "عنوان", text: "   " }, "اكتب نص البطاقة"],
    [{ intent: "add", title: "ع".repeat(121), text: "نص" }, "العنوان أطول من 120 حرفاً"],
    [
      { intent: "add", title: "عنوان", text: "نص", link: "javascript:alert(1)" },
      "الرابط يجب أن يبدأ بـ / لصفحة في الموقع أو بـ https://",
    ],
    [
      { intent: "add", title: "عنوان", text: "نص", link: "http://example.com" },
      "الرابط يجب أن يبدأ بـ / لصفحة في الموقع أو بـ https://",
    ],
    [{ intent: "add", title: "عنوان", text: "نص", icon: "Skull" }, "اختر أيقونة من القائمة"],
    [{ intent: "add", title: "عنوان", text: "نص", listKey: "nope" }, "لا يمكن تعديل هذه القائمة"],
    [
      { intent: "add", title: "عنوان", text: "نص", pagePath: "/admin" },
      "لا يمكن تعديل هذه القائمة",
    ],
    [
      { intent: "remove", itemKey: "no-such-card" },
      "البطاقة غير موجودة في القائمة؛ ربما حذفها مشرف آخر",
    ],
    [{ intent: "move", itemKey: "professional-empowerment", direction: "left" }, "طلب غير صالح"],
    [{ intent: "restore", revisionId: "not-a-uuid" }, "النسخة المطلوبة غير صالحة"],
    [{ intent: "explode" }, "طلب غير صالح"],
    [
      { intent: "edit", itemKey: "professional-empowerment", icon: "Skull" },
      "اختر أيقونة من القائمة",
    ],
    [
      { intent: "edit", itemKey: "professional-empowerment", link: "javascript:alert(1)" },
      "الرابط يجب أن يبدأ بـ / لصفحة في الموقع أو بـ https://",
    ],
    [
      { intent: "edit", itemKey: "professional-empowerment", link: "//evil.example" },
      "الرابط يجب أن يبدأ بـ / لصفحة في الموقع أو بـ https://",
    ],
    [
      { intent: "edit", itemKey: "professional-empowerment", imageAlt: "و".repeat(201) },
      "وصف الصورة أطول من 200 حرف",
    ],
    [{ intent: "edit", itemKey: "professional-empowerment", removeImage: "yes" }, "طلب غير صالح"],
    [
      { intent: "edit", itemKey: "no-such-card", icon: "Star" },
      "البطاقة غير موجودة في القائمة؛ ربما حذفها مشرف آخر",
    ],
    [
      { intent: "edit", itemKey: "professional-empowerment", listKey: "nope", icon: "Star" },
      "لا يمكن تعديل هذه القائمة",
    ],
  ])("%o → %s", async (form, message) => {
    const before = await tableState();
    const { status, body } = await post(admin, form as Record<string, string>);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(body).toMatchObject({ ok: false, message });
    expect(await tableState()).toEqual(before);
  });

  test("a file that is not an image is refused, and nothing is stored", async () => {
    const before = await tableState();
    const fake = new File([new TextEncoder().encode("not an image at all")], "صورة.png", {
      type: "image/png",
    });
    const { status, body } = await post(admin, {
      intent: "add",
      title: "عنوان",
      text: "نص",
      image: fake,
    });
    expect(status).toBe(422);
    expect(body).toMatchObject({ ok: false, message: "يرجى اختيار ملف صورة صالح" });
    expect(await tableState()).toEqual(before);
  });

  test("an image that is not an image is refused when a card is changed, and nothing is stored", async () => {
    const before = await tableState();
    const fake = new File([new TextEncoder().encode("not an image at all")], "صورة.png", {
      type: "image/png",
    });
    const { status, body } = await post(admin, {
      intent: "edit",
      itemKey: PROGRAM_CARDS.defaults[0].key,
      icon: "Star",
      image: fake,
    });
    expect(status).toBe(422);
    expect(body).toMatchObject({ ok: false, message: "يرجى اختيار ملف صورة صالح" });
    const pdf = new File([new TextEncoder().encode("%PDF-1.4")], "تقرير.pdf", {
      type: "application/pdf",
    });
    const declared = await post(admin, {
      intent: "edit",
      itemKey: PROGRAM_CARDS.defaults[0].key,
      image: pdf,
    });
    expect(declared.status).toBe(400);
    expect(declared.body).toMatchObject({ ok: false, message: "يرجى اختيار ملف صورة صالح" });
    expect(await tableState()).toEqual(before);
  });

  test("the browser checks the edit form with the server's schema and messages (decision 046)", async () => {
    const form = { icon: "Skull", link: "javascript:alert(1)", imageAlt: "و".repeat(201) };
    const formData = new FormData();
    for (const [name, value] of Object.entries(form)) formData.set(name, value);
    const browserSaw = browserValidation(editCardFormSchema).onValidate({ formData }).reply().error;
    expect(browserSaw).toEqual({
      icon: ["اختر أيقونة من القائمة"],
      link: ["الرابط يجب أن يبدأ بـ / لصفحة في الموقع أو بـ https://"],
      imageAlt: ["وصف الصورة أطول من 200 حرف"],
    });
    const { status, body } = await post(admin, {
      intent: "edit",
      itemKey: PROGRAM_CARDS.defaults[0].key,
      ...form,
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ ok: false, message: "اختر أيقونة من القائمة" });
  });

  test("a change that changes nothing is refused, and writes no version", async () => {
    const FIRST = PROGRAM_CARDS.defaults[0];
    const list = added(
      (await post(admin, { intent: "edit", itemKey: FIRST.key, icon: "Star" })).body,
    );
    const before = await tableState();
    const same = await post(admin, {
      intent: "edit",
      itemKey: FIRST.key,
      icon: "Star",
      expectedUpdatedAt: list.updatedAt,
    });
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({
      ok: false,
      message: "لم يتغيّر شيء في البطاقة: غيّر الأيقونة أو الرابط أو الصورة ثم احفظ",
    });
    expect(await tableState()).toEqual(before);
  });

  test("the last card cannot be removed", async () => {
    let list = added(
      (await post(admin, { intent: "remove", itemKey: PROGRAM_CARDS.defaults[0].key })).body,
    );
    while (list.items.length > 1) {
      list = added(
        (
          await post(admin, {
            intent: "remove",
            itemKey: list.items[0].key,
            expectedUpdatedAt: list.updatedAt,
          })
        ).body,
      );
    }
    const last = await post(admin, {
      intent: "remove",
      itemKey: list.items[0].key,
      expectedUpdatedAt: list.updatedAt,
    });
    expect(last.status).toBe(400);
    expect(last.body).toMatchObject({ message: "لا يمكن حذف آخر بطاقة في القائمة" });
    expect(last.body.ok).toBe(false);
    expect(ARABIC.test(last.body.ok ? "" : last.body.message)).toBe(true);
  });
});

describe("what open pages hear", () => {
  test("a change carries the page, the list and its new cards, to staff and to the public", async () => {
    const list = added((await post(admin, { intent: "add", title: "مباشر", text: "نص" })).body);
    const event = await withNewValue({
      table: "content_lists",
      op: "UPDATE",
      key: LIST,
      page_path: PAGE,
    });
    expect(event.list).toEqual(list);
    const filter = createPublicChangeFilter();
    const visible = await filter.toPublic(event);
    expect(visible).toEqual({ table: "content_lists", page_path: PAGE, key: LIST, list });
    // No operation and no author reach the public stream.
    expect(visible).not.toHaveProperty("op");
    expect(JSON.stringify(visible)).not.toContain(admin.id);
  });

  test("the lists of one page are read together; other pages' lists are not among them", async () => {
    await post(admin, { intent: "add", title: "هنا", text: "نص" });
    const lists = await getCardLists(["/governance"]);
    expect(lists).toEqual({});
    const here = await getCardLists([PAGE]);
    expect(Object.keys(here)).toEqual([blockId(PAGE, LIST)]);
    const [row] = await db
      .select()
      .from(contentLists)
      .where(and(eq(contentLists.pagePath, PAGE), eq(contentLists.listKey, LIST)));
    expect(row.updatedBy).toBe(admin.id);
  });
});
