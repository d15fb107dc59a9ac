import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import {
  CATEGORY_NAME_TAKEN,
  CATEGORY_SLUG_TAKEN,
  CategoryTakenError,
  createCategory,
  deleteCategory,
  listCategories,
  listCategoriesForStaff,
  updateCategory,
} from "~/models/categories.server";
import { createPost, getPostForStaff } from "~/models/posts.server";
import { action, loader } from "~/routes/admin/categories";
import { db } from "~/utils/db.server";
import { categories } from "../../database/schema";
import { createUser, requestAs, type TestUser } from "../support/accounts";
import { call, dataOf, statusOf } from "../support/route-calls";

type FormAnswer = { ok: boolean; reply: { error?: Record<string, string[]> } };

const PATH = "/admin/dashboard/categories";
const post = (who: TestUser | null, form: Record<string, string>) =>
  call(action, requestAs(who, PATH, { form }));
const byName = async (name: string) =>
  (await db.select().from(categories).where(eq(categories.name, name)))[0];

let editor: TestUser;
let viewer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [editor, viewer, admin] = await Promise.all([
    createUser("editor"),
    createUser("viewer"),
    createUser("admin"),
  ]);
});

describe("creating and renaming", () => {
  test("an editor creates a category; an empty slug is made from the name", async () => {
    const result = await post(editor, { intent: "create", name: "  فعاليات الجمعية ", slug: "" });
    expect(statusOf(result)).toBe(200);
    expect(dataOf<FormAnswer>(result).ok).toBe(true);
    expect(await byName("فعاليات الجمعية")).toMatchObject({ slug: "فعاليات-الجمعية" });
  });

  test("a typed slug is normalised", async () => {
    await post(admin, { intent: "create", name: "Programs", slug: "Our Programs!" });
    expect((await byName("Programs"))?.slug).toBe("our-programs");
  });

  test("names and slugs are unique, with clear Arabic messages", async () => {
    await post(editor, { intent: "create", name: "أخبار", slug: "news" });
    const sameName = await post(editor, { intent: "create", name: "أخبار", slug: "other" });
    expect(statusOf(sameName)).toBe(409);
    expect(dataOf<FormAnswer>(sameName).reply.error?.name).toEqual([CATEGORY_NAME_TAKEN]);
    const sameSlug = await post(editor, { intent: "create", name: "مستجدات", slug: "news" });
    expect(dataOf<FormAnswer>(sameSlug).reply.error?.slug).toEqual([CATEGORY_SLUG_TAKEN]);
    expect(await byName("مستجدات")).toBeUndefined();
    await expect(createCategory(editor, { name: "أخبار", slug: "x" })).rejects.toBeInstanceOf(
      CategoryTakenError,
    );
  });

  test("a missing name answers its message", async () => {
    const result = await post(editor, { intent: "create", name: " " });
    expect(statusOf(result)).toBe(400);
    expect(dataOf<FormAnswer>(result).reply.error?.name).toEqual(["اسم التصنيف مطلوب"]);
  });

  test("renaming changes name and slug; clashing with another is refused", async () => {
    const category = await createCategory(editor, { name: "برامج قديمة", slug: "old-programs" });
    const renamed = await post(editor, {
      intent: "update",
      id: category.id,
      name: "برامج الجمعية",
      slug: "",
    });
    expect(dataOf<FormAnswer>(renamed).ok).toBe(true);
    expect(await byName("برامج الجمعية")).toMatchObject({ id: category.id, slug: "برامج-الجمعية" });
    const clash = await post(editor, { intent: "update", id: category.id, name: "أخبار" });
    expect(dataOf<FormAnswer>(clash).reply.error?.name).toEqual([CATEGORY_NAME_TAKEN]);
  });
});

describe("deleting", () => {
  test("deleting leaves its posts in place, uncategorised", async () => {
    const category = await createCategory(editor, { name: "للحذف", slug: "to-delete" });
    const created = await createPost(editor, {
      title: "خبر مصنّف",
      slug: "classified-news",
      excerpt: null,
      content: "نص",
      categoryId: category.id,
      status: "draft",
    });
    const result = await post(editor, { intent: "delete", id: category.id });
    expect(dataOf(result)).toEqual({ ok: true });
    expect(await byName("للحذف")).toBeUndefined();
    const kept = await getPostForStaff(editor, created.id);
    expect(kept?.title).toBe("خبر مصنّف");
    expect(kept?.categoryId).toBeNull();
  });

  test("deleting one that is gone answers the failure message", async () => {
    const result = await post(editor, {
      intent: "delete",
      id: "00000000-0000-4000-8000-000000000000",
    });
    expect(dataOf(result)).toEqual({ ok: false, message: "فشل في حذف التصنيف" });
  });
});

describe("permissions", () => {
  test("viewers (403) and visitors (401) are refused every mutation, through the action and the model", async () => {
    const target = await createCategory(editor, { name: "محمي", slug: "protected" });
    const before = await listCategories();
    for (const [who, status] of [
      [viewer, 403],
      [null, 401],
    ] as const) {
      const forms: Record<string, string>[] = [
        { intent: "create", name: `جديد ${status}`, slug: `new-${status}` },
        { intent: "update", id: target.id, name: "تغيير" },
        { intent: "delete", id: target.id },
      ];
      for (const form of forms) expect(statusOf(await post(who, form))).toBe(status);
      for (const attempt of [
        () => createCategory(who, { name: "س", slug: "s" }),
        () => updateCategory(who, target.id, { name: "س", slug: "s" }),
        () => deleteCategory(who, target.id),
      ]) {
        await expect(attempt()).rejects.toMatchObject({ status });
      }
    }
    expect(await listCategories()).toEqual(before);
  });

  test("editors read the list with usage counts; viewers are refused; visitors go to /login", async () => {
    const read = (await call(loader, requestAs(editor, PATH))) as {
      categories: { name: string; postsCount: number }[];
    };
    const names = read.categories.map((category) => category.name);
    // Ordered by name as the database collates it (spec §3).
    expect(names).toEqual((await listCategories()).map((category) => category.name));
    expect(statusOf(await call(loader, requestAs(viewer, PATH)))).toBe(403);
    expect(statusOf(await call(loader, requestAs(null, PATH)))).toBe(302);
    await expect(listCategoriesForStaff(null)).rejects.toMatchObject({ status: 401 });
    await expect(listCategoriesForStaff(viewer)).rejects.toMatchObject({ status: 403 });
  });
});
