import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { createCategory } from "~/models/categories.server";
import { getDashboardStats, getRecentActivity } from "~/models/dashboard.server";
import {
  createPost,
  deletePost,
  getPostForStaff,
  getPublishedPost,
  listPostsPageForStaff,
  listPublishedPosts,
  type PostInput,
  PostSlugTakenError,
  togglePostStatus,
  updatePost,
} from "~/models/posts.server";
import { action as formAction, loader as formLoader } from "~/routes/admin/posts/form";
import { action as listAction, loader as listLoader } from "~/routes/admin/posts/list";
import { db } from "~/utils/db.server";
import { IMAGE_TOO_LARGE, ImageUploadError, NOT_AN_IMAGE } from "~/utils/image-upload.server";
import { posts } from "../../database/schema";
import { createStaff, requestAs, type TestUser } from "../support/accounts";
import { pngFile } from "../support/images";
import { REFUSED_WITH } from "../support/refusals";
import { call, dataOf, replyErrorsOf, statusOf } from "../support/route-calls";
import { expectListReadableByStaffOnly } from "../support/staff-lists";
import { storedFiles } from "../support/uploads";

/** The first page of the staff posts list (this file holds fewer posts than a page). */
const staffPosts = async (
  actor: Parameters<typeof listPostsPageForStaff>[0],
  filters: Omit<Parameters<typeof listPostsPageForStaff>[1], "page"> = {},
) => (await listPostsPageForStaff(actor, { ...filters, page: 1 })).items;

// ─── helpers ────────────────────────────────────────────────────────────────────────────────

let counter = 0;
function postInput(overrides: Partial<PostInput> = {}): PostInput {
  counter += 1;
  return {
    title: `خبر تجريبي ${counter}`,
    slug: `خبر-تجريبي-${counter}`,
    excerpt: null,
    content: "الفقرة الأولى.\n\nالفقرة الثانية.",
    categoryId: null,
    status: "draft",
    ...overrides,
  };
}

function postForm(overrides: Record<string, string | Blob> = {}) {
  counter += 1;
  return {
    title: `مقال من النموذج ${counter}`,
    slug: `مقال-من-النموذج-${counter}`,
    excerpt: "مقتطف قصير",
    content: "نص المقال.\n\nفقرة ثانية.",
    status: "draft",
    ...overrides,
  };
}

const rowCount = async () => (await db.select({ id: posts.id }).from(posts)).length;
const listPath = "/admin/dashboard/posts";
const newPath = "/admin/dashboard/posts/new";

let editor: TestUser;
let otherEditor: TestUser;
let viewer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ({ editor, otherEditor, viewer, admin } = await createStaff("محررة الأخبار"));
});

// ─── creating through the form ──────────────────────────────────────────────────────────────

describe("the post form's action", () => {
  test("an editor creates a draft with an image; the editor is the author", async () => {
    const form = postForm({ featuredImage: await pngFile() });
    const result = await call(formAction, requestAs(editor, newPath, { form }));
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("location")).toBe(listPath);
    expect((result as Response).headers.get("set-cookie")).toContain("rifq_toast");

    const [row] = await db.select().from(posts).where(eq(posts.slug, form.slug));
    expect(row).toMatchObject({
      title: form.title,
      excerpt: "مقتطف قصير",
      status: "draft",
      publishedAt: null,
      authorId: editor.id,
    });
    expect(row.featuredImage).toMatch(/^\/uploads\/posts\/\d{13}-[0-9a-f]{8}\.webp$/);
    const key = row.featuredImage?.replace("/uploads/", "") ?? "";
    expect(storedFiles()).toEqual(
      expect.arrayContaining([
        key,
        key.replace(".webp", "-480.webp"),
        key.replace(".webp", "-1200.webp"),
      ]),
    );
    // A draft is not public.
    expect(await getPublishedPost(form.slug)).toBeNull();
  });

  test("the slug is normalised whatever was typed", async () => {
    const form = postForm({ slug: "  يوم المسن العالمي؟! 2026 " });
    expect(statusOf(await call(formAction, requestAs(editor, newPath, { form })))).toBe(302);
    const [row] = await db.select().from(posts).where(eq(posts.title, form.title));
    expect(row.slug).toBe("يوم-المسن-العالمي-2026");
  });

  test("missing title, slug and content answer the spec's messages and store nothing", async () => {
    const before = await rowCount();
    const result = await call(
      formAction,
      requestAs(editor, newPath, { form: { title: " ", slug: "؟؟", content: "" } }),
    );
    expect(statusOf(result)).toBe(400);
    expect(replyErrorsOf(result)).toMatchObject({
      title: ["العنوان مطلوب"],
      slug: ["الرابط مطلوب"],
      content: ["محتوى المقال مطلوب"],
    });
    expect(await rowCount()).toBe(before);
  });

  test("a slug already used gets a clear message; no row and no orphan image remain", async () => {
    const taken = postForm();
    await call(formAction, requestAs(editor, newPath, { form: taken }));
    const before = await rowCount();
    const filesBefore = storedFiles().length;
    const clash = postForm({ slug: taken.slug, featuredImage: await pngFile() });
    const result = await call(formAction, requestAs(editor, newPath, { form: clash }));
    expect(statusOf(result)).toBe(409);
    expect(replyErrorsOf(result).slug).toEqual(["هذا الرابط مستخدم لمقال آخر، اختر رابطاً مختلفاً"]);
    expect(await rowCount()).toBe(before);
    expect(storedFiles()).toHaveLength(filesBefore);
  });

  test("a text file named .png and a 6 MB file are refused; nothing is stored", async () => {
    const before = await rowCount();
    const filesBefore = storedFiles().length;

    const fake = new File(["هذا ملف نصي وليس صورة"], "photo.png", { type: "image/png" });
    const notImage = await call(
      formAction,
      requestAs(editor, newPath, { form: postForm({ featuredImage: fake }) }),
    );
    expect(statusOf(notImage)).toBe(422);
    expect(replyErrorsOf(notImage).featuredImage).toEqual([NOT_AN_IMAGE]);

    const big = new File([new Uint8Array(6 * 1024 * 1024)], "big.png", { type: "image/png" });
    const tooBig = await call(
      formAction,
      requestAs(editor, newPath, { form: postForm({ featuredImage: big }) }),
    );
    // Received and dropped, answered by the field's rule with the form kept (decision 070).
    expect(statusOf(tooBig)).toBe(400);
    expect(replyErrorsOf(tooBig).featuredImage).toEqual([IMAGE_TOO_LARGE]);

    // The same refusals in the model itself, whatever route calls it.
    await expect(createPost(editor, postInput(), fake)).rejects.toThrow(NOT_AN_IMAGE);
    await expect(createPost(editor, postInput(), big)).rejects.toBeInstanceOf(ImageUploadError);

    expect(await rowCount()).toBe(before);
    expect(storedFiles()).toHaveLength(filesBefore);
  });

  test("editing keeps one image at a time: a replaced or removed image is deleted", async () => {
    const created = await createPost(editor, postInput(), await pngFile());
    const first = (await getPostForStaff(editor, created.id))?.featuredImage ?? "";
    const editPath = `${listPath}/${created.id}/edit`;
    const form = postForm({ slug: created.slug, featuredImage: await pngFile("new.png") });
    const result = await call(formAction, requestAs(otherEditor, editPath, { form }), {
      id: created.id,
    });
    expect(statusOf(result)).toBe(302);
    const edited = await getPostForStaff(editor, created.id);
    expect(edited?.featuredImage).not.toBe(first);
    // Saving records the signed-in user (spec §7: the full form is saved with author_id).
    expect(edited?.authorId).toBe(otherEditor.id);
    expect(storedFiles()).not.toContain(first.replace("/uploads/", ""));
    expect(storedFiles()).not.toContain(
      first.replace("/uploads/", "").replace(".webp", "-480.webp"),
    );

    const second = edited?.featuredImage ?? "";
    const removal = postForm({ slug: created.slug, removeImage: "on" });
    await call(formAction, requestAs(editor, editPath, { form: removal }), { id: created.id });
    expect((await getPostForStaff(editor, created.id))?.featuredImage).toBeNull();
    expect(storedFiles()).not.toContain(second.replace("/uploads/", ""));
  });

  test("the form's loader: editors get the post, viewers 403, visitors go to /login", async () => {
    const created = await createPost(editor, postInput());
    const editPath = `${listPath}/${created.id}/edit`;
    const loaded = (await call(formLoader, requestAs(editor, editPath), { id: created.id })) as {
      post: { id: string };
    };
    expect(loaded.post.id).toBe(created.id);
    expect(statusOf(await call(formLoader, requestAs(viewer, editPath), { id: created.id }))).toBe(
      403,
    );
    const signedOut = await call(formLoader, requestAs(null, newPath));
    expect(statusOf(signedOut)).toBe(302);
    expect((signedOut as Response).headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    const missing = await call(formLoader, requestAs(editor, `${listPath}/x/edit`), {
      id: "00000000-0000-4000-8000-000000000000",
    });
    expect(statusOf(missing)).toBe(404);
  });
});

// ─── published_at and the publish toggle ────────────────────────────────────────────────────

describe("published_at (spec §4)", () => {
  test("saving as published sets it now; saving again keeps it; a draft clears it", async () => {
    const start = Date.now();
    const created = await createPost(editor, postInput({ status: "published" }));
    const published = await getPostForStaff(editor, created.id);
    expect(published?.publishedAt?.getTime()).toBeGreaterThanOrEqual(start - 1000);

    await new Promise((resolve) => setTimeout(resolve, 20));
    await updatePost(editor, created.id, postInput({ slug: created.slug, status: "published" }));
    const again = await getPostForStaff(editor, created.id);
    expect(again?.publishedAt?.getTime()).toBe(published?.publishedAt?.getTime());

    await updatePost(editor, created.id, postInput({ slug: created.slug, status: "archived" }));
    expect((await getPostForStaff(editor, created.id))?.publishedAt).toBeNull();
    await updatePost(editor, created.id, postInput({ slug: created.slug, status: "draft" }));
    expect((await getPostForStaff(editor, created.id))?.publishedAt).toBeNull();
  });

  test("the list toggle: draft → published (now) → draft (cleared); archived → published", async () => {
    const created = await createPost(editor, postInput());
    const toggle = () =>
      call(
        listAction,
        requestAs(editor, listPath, { form: { intent: "publish-toggle", id: created.id } }),
      );

    const first = await toggle();
    expect(statusOf(first)).toBe(200);
    expect(dataOf(first)).toEqual({ ok: true });
    let row = await getPostForStaff(editor, created.id);
    expect(row?.status).toBe("published");
    expect(row?.publishedAt).toBeInstanceOf(Date);
    expect((await getPublishedPost(created.slug))?.id).toBe(created.id);
    expect((await listPublishedPosts()).map((post) => post.id)).toContain(created.id);

    await toggle();
    row = await getPostForStaff(editor, created.id);
    expect(row?.status).toBe("draft");
    expect(row?.publishedAt).toBeNull();
    expect(await getPublishedPost(created.slug)).toBeNull();

    const archived = await createPost(editor, postInput({ status: "archived" }));
    const toggled = await togglePostStatus(editor, archived.id);
    expect(toggled.status).toBe("published");
    expect(toggled.publishedAt).toBeInstanceOf(Date);
  });

  test("a toggle or delete of a post that no longer exists answers the spec's failure", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const toggle = await call(
      listAction,
      requestAs(editor, listPath, { form: { intent: "publish-toggle", id: missing } }),
    );
    expect(statusOf(toggle)).toBe(404);
    expect(dataOf(toggle)).toEqual({ ok: false, message: "فشل في تحديث حالة المقال" });
    const removal = await call(
      listAction,
      requestAs(editor, listPath, { form: { intent: "delete", id: missing } }),
    );
    expect(dataOf(removal)).toEqual({ ok: false, message: "فشل في حذف المقال" });
  });
});

// ─── who may do what ────────────────────────────────────────────────────────────────────────

describe("permissions", () => {
  test("viewers (403) and visitors (401) are refused every mutation through the actions", async () => {
    const target = await createPost(editor, postInput());
    const before = await getPostForStaff(editor, target.id);
    const [rowsBefore, filesBefore] = [await rowCount(), storedFiles().length];
    const editPath = `${listPath}/${target.id}/edit`;
    for (const [who, status] of [
      [viewer, 403],
      [null, 401],
    ] as const) {
      const create = await call(
        formAction,
        requestAs(who, newPath, { form: postForm({ featuredImage: await pngFile() }) }),
      );
      expect(statusOf(create)).toBe(status);
      const edit = await call(
        formAction,
        requestAs(who, editPath, { form: postForm({ slug: target.slug, title: "عبث" }) }),
        { id: target.id },
      );
      expect(statusOf(edit)).toBe(status);
      for (const intent of ["publish-toggle", "delete"]) {
        const result = await call(
          listAction,
          requestAs(who, listPath, { form: { intent, id: target.id } }),
        );
        expect(statusOf(result)).toBe(status);
      }
    }
    expect(await getPostForStaff(editor, target.id)).toEqual(before);
    expect(await rowCount()).toBe(rowsBefore);
    expect(storedFiles()).toHaveLength(filesBefore);
  });

  test("the models refuse viewers (403) and visitors (401) whatever the caller", async () => {
    const target = await createPost(editor, postInput());
    const attempts = (actor: TestUser | null) => [
      () => createPost(actor, postInput()),
      () => updatePost(actor, target.id, postInput({ slug: target.slug })),
      () => togglePostStatus(actor, target.id),
      () => deletePost(actor, target.id),
    ];
    for (const [actor, status] of [
      [viewer, 403],
      [null, 401],
    ] as const) {
      for (const attempt of attempts(actor)) {
        const refusal = await attempt().catch((error) => error);
        expect(refusal).toMatchObject({ status, message: REFUSED_WITH[status] });
      }
    }
    expect((await getPostForStaff(editor, target.id))?.status).toBe("draft");
    // Admins may manage content too.
    expect((await togglePostStatus(admin, target.id)).status).toBe("published");
  });

  test("an image is never stored for a refused actor", async () => {
    const filesBefore = storedFiles().length;
    await expect(createPost(viewer, postInput(), await pngFile())).rejects.toMatchObject({
      status: 403,
    });
    expect(storedFiles()).toHaveLength(filesBefore);
  });
});

// ─── the staff list ─────────────────────────────────────────────────────────────────────────

describe("the staff list", () => {
  test("editors read it; viewers are refused; visitors go to /login", async () => {
    await expectListReadableByStaffOnly(listLoader, listPath, "posts", { viewer, editor });
    await expect(staffPosts(null)).rejects.toMatchObject({ status: 401 });
    await expect(staffPosts(viewer)).rejects.toMatchObject({ status: 403 });
  });

  test("searches words in title, excerpt and content, and filters by status", async () => {
    const category = await createCategory(editor, { name: "فعاليات البحث", slug: "search-events" });
    const match = await createPost(
      editor,
      postInput({
        title: "زيارة دار الرعاية",
        content: "زرنا كبارنا في الأحساء",
        categoryId: category.id,
        status: "published",
      }),
    );
    await createPost(editor, postInput({ excerpt: "الأحساء في القلب", status: "draft" }));
    await createPost(editor, postInput({ content: "لا علاقة" }));

    const found = await staffPosts(editor, { q: "الأحساء" });
    expect(found).toHaveLength(2);
    const published = await staffPosts(editor, { q: "الأحساء", status: "published" });
    expect(published.map((post) => post.id)).toEqual([match.id]);
    expect(published[0]).toMatchObject({
      categoryName: "فعاليات البحث",
      authorName: "محررة الأخبار",
      viewsCount: 0,
    });
    // LIKE wildcards are searched as text.
    expect(await staffPosts(editor, { q: "%" })).toEqual([]);
    // Arabic words are matched as written (LIKE); words with Latin letters whatever their case.
    const latin = await createPost(editor, postInput({ title: "إفطار Ramadan Iftar" }));
    for (const q of ["IFTAR", "ramadan iftar", "إفطار Ramadan"]) {
      expect((await staffPosts(editor, { q })).map((post) => post.id)).toEqual([latin.id]);
    }

    const loaded = (await call(
      listLoader,
      requestAs(editor, `${listPath}?q=${encodeURIComponent("الأحساء")}&status=published`),
    )) as { posts: { id: string }[]; q: string; status: string };
    expect(loaded.posts.map((post) => post.id)).toEqual([match.id]);
    expect(loaded).toMatchObject({ q: "الأحساء", status: "published" });
    const ignored = (await call(listLoader, requestAs(editor, `${listPath}?status=nonsense`))) as {
      status: string | null;
    };
    expect(ignored.status).toBeNull();
  });

  test("deleting a post removes its row and its image files", async () => {
    const created = await createPost(editor, postInput(), await pngFile());
    const image = (await getPostForStaff(editor, created.id))?.featuredImage ?? "";
    const result = await call(
      listAction,
      requestAs(editor, listPath, { form: { intent: "delete", id: created.id } }),
    );
    expect(dataOf(result)).toEqual({ ok: true });
    expect(await getPostForStaff(editor, created.id)).toBeNull();
    const key = image.replace("/uploads/", "");
    expect(storedFiles().filter((file) => file.startsWith(key.replace(".webp", "")))).toEqual([]);
  });

  test("a slug clash through the model is a PostSlugTakenError", async () => {
    const first = await createPost(editor, postInput());
    await expect(createPost(editor, postInput({ slug: first.slug }))).rejects.toBeInstanceOf(
      PostSlugTakenError,
    );
  });
});

// ─── the overview's figures ─────────────────────────────────────────────────────────────────

describe("dashboard stats", () => {
  test("count posts by status with views; only admins get the users count", async () => {
    const stats = await getDashboardStats(editor);
    const rows = await db.select().from(posts);
    expect(stats.posts.total).toBe(rows.length);
    expect(stats.posts.published).toBe(rows.filter((row) => row.status === "published").length);
    expect(stats.posts.draft + stats.posts.published + stats.posts.archived).toBe(rows.length);
    expect(stats.videos).toEqual({ total: 0, views: 0, draft: 0, published: 0 });
    expect(stats.images).toBe(0);
    expect(stats.users).toBeUndefined();
    await expect(getDashboardStats(viewer)).rejects.toMatchObject({ status: 403 });
    expect((await getDashboardStats(admin)).users).toBeGreaterThanOrEqual(4);
    await expect(getDashboardStats(null)).rejects.toMatchObject({ status: 401 });
  });

  test("recent activity lists the latest changes first", async () => {
    const created = await createPost(editor, postInput({ title: "أحدث خبر" }));
    await expect(getRecentActivity(viewer, 5)).rejects.toMatchObject({ status: 403 });
    const activity = await getRecentActivity(editor, 5);
    expect(activity).toHaveLength(5);
    expect(activity[0]).toMatchObject({ kind: "post", id: created.id, title: "أحدث خبر" });
  });
});
