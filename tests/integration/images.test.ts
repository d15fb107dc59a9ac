import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { createCategory } from "~/models/categories.server";
import { listGalleryPage } from "~/models/gallery.server";
import {
  createImage,
  deleteImage,
  getImageForStaff,
  type ImageInput,
  listImagesForStaff,
  updateImage,
} from "~/models/images.server";
import { action as formAction, loader as formLoader } from "~/routes/admin/images/form";
import { action as listAction, loader as listLoader } from "~/routes/admin/images/list";
import { loader as galleryLoader } from "~/routes/site/gallery";
import { db } from "~/utils/db.server";
import { IMAGE_TOO_LARGE, ImageUploadError, NOT_AN_IMAGE } from "~/utils/image-upload.server";
import { images } from "../../database/schema";
import { createStaff, requestAs, type TestUser } from "../support/accounts";
import { pngFile as png } from "../support/images";
import { expectLog } from "../support/logs";
import { REFUSED_WITH } from "../support/refusals";
import { call, dataOf, headersOf, replyErrorsOf, statusOf } from "../support/route-calls";
import { expectListReadableByStaffOnly } from "../support/staff-lists";
import { storedFiles, uploadsDir } from "../support/uploads";

const LIST = "/admin/dashboard/images";
const NEW = "/admin/dashboard/images/new";
const MISSING = "00000000-0000-4000-8000-000000000000";
const editPath = (id: string) => `${LIST}/${id}/edit`;

// ─── helpers ────────────────────────────────────────────────────────────────────────────────

/** The storage keys of an image URL: the main copy and its 480 and 1200 px copies. */
const filesOf = (url: string) => {
  const key = url.replace(/^\/uploads\//, "");
  return [key, key.replace(".webp", "-480.webp"), key.replace(".webp", "-1200.webp")];
};

const pngFile = (name = "photo.png") => png(name, 900, 600);

/** A shell script renamed to .png, declaring itself an image. */
const disguisedScript = () =>
  new File(["#!/bin/sh\nrm -rf / --no-preserve-root\n"], "photo.png", { type: "image/png" });
/** Six megabytes, over the 5 MB limit. */
const sixMegabytes = () =>
  new File([new Uint8Array(6 * 1024 * 1024)], "big.png", { type: "image/png" });

let counter = 0;
function imageInput(overrides: Partial<ImageInput> = {}): ImageInput {
  counter += 1;
  return { title: `صورة تجريبية ${counter}`, description: null, categoryId: null, ...overrides };
}

function imageForm(overrides: Record<string, string | Blob> = {}) {
  counter += 1;
  return { title: `صورة من النموذج ${counter}`, description: "كبار السن في الحديقة", ...overrides };
}

const rowCount = async () => (await db.select({ id: images.id }).from(images)).length;
const rowTitled = async (title: string) =>
  (await db.select().from(images).where(eq(images.title, title)))[0];

let editor: TestUser;
let otherEditor: TestUser;
let viewer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ({ editor, otherEditor, viewer, admin } = await createStaff("محررة المعرض"));
});

// ─── uploading through the form ─────────────────────────────────────────────────────────────

describe("the image form's action", () => {
  test("an editor uploads an image: stored as gallery/{random}.webp with its copies", async () => {
    const category = await createCategory(editor, { name: "برامج المعرض", slug: "gallery-prog" });
    const form = imageForm({ image: await pngFile(), categoryId: category.id });
    const result = await call(formAction, requestAs(editor, NEW, { form }));
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("location")).toBe(LIST);
    expect(headersOf(result).get("set-cookie")).toContain("rifq_toast");

    const row = await rowTitled(form.title as string);
    expect(row).toMatchObject({
      description: "كبار السن في الحديقة",
      categoryId: category.id,
      authorId: editor.id,
    });
    expect(row.imageUrl).toMatch(/^\/uploads\/gallery\/\d{13}-[0-9a-f]{8}\.webp$/);
    expect(storedFiles()).toEqual(expect.arrayContaining(filesOf(row.imageUrl)));
    // Every image is public: it is in the gallery at once.
    const gallery = (await call(galleryLoader, requestAs(null, "/media/gallery"))) as {
      items: { id: string; type: string; imageUrl?: string }[];
    };
    expect(gallery.items).toContainEqual(
      expect.objectContaining({ id: row.id, type: "image", imageUrl: row.imageUrl }),
    );
  });

  test("a missing image or title answers the spec's messages and stores nothing", async () => {
    const [rowsBefore, filesBefore] = [await rowCount(), storedFiles().length];
    const result = await call(formAction, requestAs(editor, NEW, { form: { title: " " } }));
    expect(statusOf(result)).toBe(400);
    expect(replyErrorsOf(result)).toMatchObject({
      title: ["عنوان الصورة مطلوب"],
      image: ["يرجى رفع صورة"],
    });
    // An empty file input, as a browser sends it, is no image either.
    const empty = new File([], "", { type: "application/octet-stream" });
    const withEmpty = await call(
      formAction,
      requestAs(editor, NEW, { form: imageForm({ image: empty }) }),
    );
    expect(replyErrorsOf(withEmpty).image).toEqual(["يرجى رفع صورة"]);
    expect(await rowCount()).toBe(rowsBefore);
    expect(storedFiles()).toHaveLength(filesBefore);
  });

  test("a script renamed .png and a 6 MB file are refused; nothing is stored", async () => {
    const [rowsBefore, filesBefore] = [await rowCount(), storedFiles().length];

    const notImage = await call(
      formAction,
      requestAs(editor, NEW, { form: imageForm({ image: disguisedScript() }) }),
    );
    expect(statusOf(notImage)).toBe(422);
    expect(replyErrorsOf(notImage).image).toEqual([NOT_AN_IMAGE]);

    const tooBig = await call(
      formAction,
      requestAs(editor, NEW, { form: imageForm({ image: sixMegabytes() }) }),
    );
    // Received and dropped, answered by the field's rule with the form kept (decision 070).
    expect(statusOf(tooBig)).toBe(400);
    expect(replyErrorsOf(tooBig).image).toEqual([IMAGE_TOO_LARGE]);

    // The same refusals in the model itself, whatever route calls it.
    await expect(createImage(editor, imageInput(), disguisedScript())).rejects.toThrow(
      NOT_AN_IMAGE,
    );
    await expect(createImage(editor, imageInput(), sixMegabytes())).rejects.toBeInstanceOf(
      ImageUploadError,
    );
    await expect(createImage(editor, imageInput(), sixMegabytes())).rejects.toThrow(
      IMAGE_TOO_LARGE,
    );

    expect(await rowCount()).toBe(rowsBefore);
    expect(storedFiles()).toHaveLength(filesBefore);
  });

  test("an edit keeps the image, and the saving user becomes the author", async () => {
    const created = await createImage(editor, imageInput(), await pngFile());
    const form = imageForm({ title: "يوم الأسرة", description: "" });
    const result = await call(formAction, requestAs(otherEditor, editPath(created.id), { form }), {
      id: created.id,
    });
    expect(statusOf(result)).toBe(302);
    const edited = await getImageForStaff(editor, created.id);
    expect(edited).toMatchObject({
      title: "يوم الأسرة",
      description: null,
      imageUrl: created.imageUrl,
      authorId: otherEditor.id,
    });
    expect(storedFiles()).toEqual(expect.arrayContaining(filesOf(created.imageUrl)));
  });

  test("an edit may replace the image: the old files are removed after the save", async () => {
    const created = await createImage(editor, imageInput(), await pngFile());
    const form = imageForm({ image: await pngFile("new.png"), removeImage: "on" });
    await call(formAction, requestAs(editor, editPath(created.id), { form }), { id: created.id });
    const edited = await getImageForStaff(editor, created.id);
    expect(edited?.imageUrl).not.toBe(created.imageUrl);
    expect(storedFiles()).toEqual(expect.arrayContaining(filesOf(edited?.imageUrl ?? "")));
    for (const file of filesOf(created.imageUrl)) expect(storedFiles()).not.toContain(file);
  });

  test("removing the image without choosing another is refused; nothing changes", async () => {
    const created = await createImage(editor, imageInput(), await pngFile());
    const before = await getImageForStaff(editor, created.id);
    const result = await call(
      formAction,
      requestAs(editor, editPath(created.id), { form: imageForm({ removeImage: "on" }) }),
      { id: created.id },
    );
    expect(statusOf(result)).toBe(400);
    expect(replyErrorsOf(result).image).toEqual(["يرجى رفع صورة"]);
    expect(await getImageForStaff(editor, created.id)).toEqual(before);
    expect(storedFiles()).toEqual(expect.arrayContaining(filesOf(created.imageUrl)));
  });

  test("a refused replacement keeps the current image and its files", async () => {
    const created = await createImage(editor, imageInput(), await pngFile());
    const result = await call(
      formAction,
      requestAs(editor, editPath(created.id), { form: imageForm({ image: disguisedScript() }) }),
      { id: created.id },
    );
    expect(statusOf(result)).toBe(422);
    expect((await getImageForStaff(editor, created.id))?.imageUrl).toBe(created.imageUrl);
    expect(storedFiles()).toEqual(expect.arrayContaining(filesOf(created.imageUrl)));
  });

  test("the loader: editors get the image, viewers 403, visitors go to /login, 404 if missing", async () => {
    const created = await createImage(editor, imageInput(), await pngFile());
    const loaded = (await call(formLoader, requestAs(admin, editPath(created.id)), {
      id: created.id,
    })) as { image: { imageUrl: string } };
    expect(loaded.image.imageUrl).toBe(created.imageUrl);
    expect(
      statusOf(await call(formLoader, requestAs(viewer, editPath(created.id)), { id: created.id })),
    ).toBe(403);
    const signedOut = await call(formLoader, requestAs(null, NEW));
    expect(statusOf(signedOut)).toBe(302);
    expect((signedOut as Response).headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    expect(
      statusOf(await call(formLoader, requestAs(editor, editPath(MISSING)), { id: MISSING })),
    ).toBe(404);
  });
});

// ─── the list and deleting ──────────────────────────────────────────────────────────────────

describe("the staff list", () => {
  test("deleting an image removes its row and its files", async () => {
    const created = await createImage(editor, imageInput(), await pngFile());
    expect(storedFiles()).toEqual(expect.arrayContaining(filesOf(created.imageUrl)));
    const result = await call(
      listAction,
      requestAs(editor, LIST, { form: { intent: "delete", id: created.id } }),
    );
    expect(statusOf(result)).toBe(200);
    expect(dataOf(result)).toEqual({ ok: true });
    expect(headersOf(result).get("set-cookie")).toContain("rifq_toast");
    expect(await getImageForStaff(editor, created.id)).toBeNull();
    for (const file of filesOf(created.imageUrl)) expect(storedFiles()).not.toContain(file);
    const gallery = await listGalleryPage({ filter: "images", page: 1 });
    expect(gallery.items.map((image) => image.id)).not.toContain(created.id);
  });

  test("a storage failure while deleting is logged and never blocks the delete", async () => {
    expectLog("logger.warn", /removing a stored image failed/);
    const created = await createImage(editor, imageInput(), await pngFile());
    const [main, ...copies] = filesOf(created.imageUrl);
    // A directory where the main file was: the storage cannot remove it.
    const blocked = path.join(uploadsDir(), main);
    rmSync(blocked);
    mkdirSync(blocked);
    writeFileSync(path.join(blocked, "keep"), "x");

    const deleted = await deleteImage(editor, created.id);
    expect(deleted.id).toBe(created.id);
    expect(await getImageForStaff(editor, created.id)).toBeNull();
    expect(existsSync(blocked)).toBe(true);
    for (const file of copies) expect(storedFiles()).not.toContain(file);
    rmSync(blocked, { recursive: true });
  });

  test("deleting a missing image answers the spec's failure", async () => {
    const result = await call(
      listAction,
      requestAs(editor, LIST, { form: { intent: "delete", id: MISSING } }),
    );
    expect(statusOf(result)).toBe(404);
    expect(dataOf(result)).toEqual({ ok: false, message: "فشل في حذف الصورة" });
    // Images have no publish toggle.
    const toggle = await call(
      listAction,
      requestAs(editor, LIST, { form: { intent: "publish-toggle", id: MISSING } }),
    );
    expect(statusOf(toggle)).toBe(400);
  });

  test("editors read it; viewers are refused; visitors go to /login", async () => {
    await expectListReadableByStaffOnly(listLoader, LIST, "images", { viewer, editor });
    await expect(listImagesForStaff(null)).rejects.toMatchObject({ status: 401 });
  });

  test("searches the title and the description, with category and author", async () => {
    const category = await createCategory(editor, { name: "فعاليات الصور", slug: "photo-events" });
    const byTitle = await createImage(
      editor,
      imageInput({ title: "مهرجان القطيف", categoryId: category.id }),
      await pngFile(),
    );
    const byDescription = await createImage(
      editor,
      imageInput({ description: "من مهرجان القطيف أيضاً" }),
      await pngFile(),
    );
    const found = (await listImagesForStaff(editor, { q: "القطيف" })).items;
    expect(found.map((image) => image.id).sort()).toEqual([byTitle.id, byDescription.id].sort());
    expect(found.find((image) => image.id === byTitle.id)).toMatchObject({
      categoryName: "فعاليات الصور",
      authorName: "محررة المعرض",
      createdAt: expect.any(Date),
    });
    expect((await listImagesForStaff(editor, { q: "_" })).items).toEqual([]);
    const loaded = (await call(
      listLoader,
      requestAs(editor, `${LIST}?q=${encodeURIComponent("القطيف")}`),
    )) as { images: unknown[]; q: string };
    expect(loaded).toMatchObject({ q: "القطيف" });
    expect(loaded.images).toHaveLength(2);
  });
});

// ─── who may do what ────────────────────────────────────────────────────────────────────────

describe("permissions", () => {
  test("viewers (403) and visitors (401) are refused every mutation through the actions", async () => {
    const target = await createImage(editor, imageInput(), await pngFile());
    const before = await getImageForStaff(editor, target.id);
    const [rowsBefore, filesBefore] = [await rowCount(), storedFiles().length];
    for (const [who, status] of [
      [viewer, 403],
      [null, 401],
    ] as const) {
      const upload = await call(
        formAction,
        requestAs(who, NEW, { form: imageForm({ image: await pngFile() }) }),
      );
      expect(statusOf(upload)).toBe(status);
      const edit = await call(
        formAction,
        requestAs(who, editPath(target.id), {
          form: imageForm({ title: "عبث", image: await pngFile() }),
        }),
        { id: target.id },
      );
      expect(statusOf(edit)).toBe(status);
      const removal = await call(
        listAction,
        requestAs(who, LIST, { form: { intent: "delete", id: target.id } }),
      );
      expect(statusOf(removal)).toBe(status);
    }
    expect(await getImageForStaff(editor, target.id)).toEqual(before);
    expect(await rowCount()).toBe(rowsBefore);
    expect(storedFiles()).toHaveLength(filesBefore);
  });

  test("the models refuse viewers (403) and visitors (401), storing no file", async () => {
    const target = await createImage(editor, imageInput(), await pngFile());
    const png = await pngFile();
    const attempts = (actor: TestUser | null) => [
      () => createImage(actor, imageInput(), png),
      () => updateImage(actor, target.id, imageInput({ title: "عبث" }), png),
      () => deleteImage(actor, target.id),
    ];
    const [rowsBefore, filesBefore] = [await rowCount(), storedFiles().length];
    for (const [actor, status] of [
      [viewer, 403],
      [null, 401],
    ] as const) {
      for (const attempt of attempts(actor)) {
        const refusal = await attempt().catch((error) => error);
        expect(refusal).toMatchObject({ status, message: REFUSED_WITH[status] });
      }
    }
    expect(await rowCount()).toBe(rowsBefore);
    expect(storedFiles()).toHaveLength(filesBefore);
    // Admins may manage images too.
    expect((await deleteImage(admin, target.id)).id).toBe(target.id);
  });
});
