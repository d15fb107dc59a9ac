import { randomUUID } from "node:crypto";
import { count, eq, gte } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { createCategory } from "~/models/categories.server";
import { createImage } from "~/models/images.server";
import { action as formAction } from "~/routes/admin/images/form";
import { imageFormSchema } from "~/routes/admin/images/image-schema";
import { action as listAction } from "~/routes/admin/images/list";
import { db } from "~/utils/db.server";
import { images } from "../../database/schema";
import { createUser, type TestUser } from "../support/accounts";
import {
  arabicText,
  editTargets,
  expectStorableText,
  FUZZ_TIMEOUT,
  fc,
  fuzzAction,
} from "../support/fuzz";
import { pngFile } from "../support/images";
import { storedFiles } from "../support/uploads";

let editor: TestUser;
let categoryId: string;
let editedId: string;
let tinyPng: File;
const pool: string[] = [];
const input = (title: string) => ({ title, description: null, categoryId: null });

beforeAll(async () => {
  editor = await createUser("editor");
  categoryId = (await createCategory(editor, { name: "أنشطة", slug: "activities" })).id;
  tinyPng = await pngFile("tiny.png", 8, 8);
  editedId = (await createImage(editor, input("صورة تُعدَّل"), tinyPng)).id;
  for (let index = 0; index < 10; index++) {
    pool.push((await createImage(editor, input(`صورة ${index}`), tinyPng)).id);
  }
});

const plausible = () => ({
  title: arabicText(1, 80),
  description: arabicText(0, 200),
  categoryId: fc.constantFrom(categoryId, categoryId, "", randomUUID(), "not-a-uuid"),
  image: fc.constantFrom(tinyPng, tinyPng, "", new File([], ""), new File(["GIF89a"], "a.gif")),
  removeImage: fc.constantFrom("", "", "on", "false"),
});

const state = async () => ({
  rows: (await db.select({ total: count() }).from(images))[0].total,
  files: storedFiles().length,
  edited: (await db.select().from(images).where(eq(images.id, editedId)))[0],
});

/** The images written since `since` (and the edited one) still pass the form's schema. */
async function expectValidImages(since: Date) {
  const written = await db.select().from(images).where(gte(images.createdAt, since));
  const [edited] = await db.select().from(images).where(eq(images.id, editedId));
  for (const row of [...written, edited].filter(Boolean)) {
    expectStorableText(row.title, "an image's title");
    expectStorableText(row.description, "an image's description");
    const parsed = imageFormSchema({ hasSavedImage: true }).safeParse({
      title: row.title,
      description: row.description ?? undefined,
      categoryId: row.categoryId ?? undefined,
    });
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toMatchObject({ title: row.title });
    expect(row.imageUrl).toMatch(/^\/uploads\/gallery\/\d{13}-[0-9a-f]{8}\.webp$/);
  }
}

describe("fuzzing the gallery image actions", () => {
  test(
    "the new-image form never crashes and stores nothing it refuses",
    () =>
      fuzzAction({
        action: formAction,
        user: editor,
        target: { path: "/admin/dashboard/images/new" },
        plausible: plausible(),
        state,
        expectValid: expectValidImages,
      }),
    FUZZ_TIMEOUT,
  );

  test(
    "the edit-image form never crashes and leaves a refused edit unwritten",
    () =>
      fuzzAction({
        action: formAction,
        user: editor,
        target: editTargets("images", editedId),
        plausible: plausible(),
        state,
        expectValid: expectValidImages,
      }),
    FUZZ_TIMEOUT,
  );

  test(
    "the list's delete button never crashes",
    () =>
      fuzzAction({
        action: listAction,
        user: editor,
        target: { path: "/admin/dashboard/images" },
        plausible: {
          intent: fc.constantFrom("delete", "publish-toggle", ""),
          id: fc.constantFrom(...pool, randomUUID(), "1"),
        },
        state: async () => (await db.select({ total: count() }).from(images))[0].total,
      }),
    FUZZ_TIMEOUT,
  );
});
