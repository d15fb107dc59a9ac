import { randomUUID } from "node:crypto";
import { count, eq, gte, or, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { createCategory, deleteCategory } from "~/models/categories.server";
import { createPost } from "~/models/posts.server";
import { action as formAction } from "~/routes/admin/posts/form";
import { action as listAction } from "~/routes/admin/posts/list";
import { postFormSchema } from "~/routes/admin/posts/post-schema";
import { CATEGORY_GONE } from "~/services/staff-forms.server";
import { FIELD_REPEATED } from "~/shared/form-validation";
import { db } from "~/utils/db.server";
import { isRefusedValue } from "~/utils/form-data.server";
import { posts } from "../../database/schema";
import { createUser, requestAs, type TestUser } from "../support/accounts";
import {
  answerOf,
  arabicText,
  editTargets,
  expectStorableText,
  FUZZ_TIMEOUT,
  fc,
  fuzzAction,
} from "../support/fuzz";
import { pngFile } from "../support/images";
import { replyErrorsOf, statusOf } from "../support/route-calls";
import { storedFiles } from "../support/uploads";

let editor: TestUser;
let categoryId: string;
let editedId: string;
let tinyPng: File;

beforeAll(async () => {
  editor = await createUser("editor");
  categoryId = (await createCategory(editor, { name: "أخبار", slug: "news" })).id;
  tinyPng = await pngFile("tiny.png", 8, 8);
  editedId = (
    await createPost(editor, {
      title: "مقال يُعدَّل",
      slug: "edited",
      excerpt: null,
      content: "نص",
      categoryId: null,
      status: "draft",
    })
  ).id;
});

const plausible = () => ({
  title: arabicText(1, 80),
  slug: fc.oneof(arabicText(1, 40), fc.stringMatching(/^[a-z0-9-]{1,30}$/)),
  excerpt: arabicText(0, 120),
  content: fc.oneof(
    arabicText(1, 400),
    arabicText(1, 40).map((text) => `${text}\r\n\r\n${text}`),
  ),
  categoryId: fc.constantFrom(categoryId, categoryId, "", randomUUID(), "not-a-uuid"),
  status: fc.constantFrom("draft", "published", "archived", "", "deleted"),
  featuredImage: fc.constantFrom(tinyPng, "", new File([], ""), new File(["<?php"], "x.png")),
  removeImage: fc.constantFrom("on", "true", ""),
});

const state = async () => ({
  rows: (await db.select({ total: count() }).from(posts))[0].total,
  files: storedFiles().length,
  edited: (await db.select().from(posts).where(eq(posts.id, editedId)))[0],
});

/** Every post written since `since` still passes the form's schema, unchanged by it. */
async function expectValidPosts(since: Date) {
  const written = await db
    .select()
    .from(posts)
    .where(or(gte(posts.updatedAt, since), gte(posts.createdAt, since)));
  for (const row of written) {
    for (const text of [row.title, row.slug, row.excerpt, row.content]) {
      expectStorableText(text, "a post");
    }
    const parsed = postFormSchema.safeParse({
      title: row.title,
      slug: row.slug,
      excerpt: row.excerpt ?? undefined,
      content: row.content,
      categoryId: row.categoryId ?? undefined,
      status: row.status,
    });
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toMatchObject({ title: row.title, slug: row.slug, content: row.content });
  }
}

describe("fuzzing the post actions", () => {
  test(
    "the new-post form never crashes and writes nothing it refuses",
    () =>
      fuzzAction({
        action: formAction,
        user: editor,
        target: { path: "/admin/dashboard/posts/new" },
        plausible: plausible(),
        state,
        expectValid: expectValidPosts,
      }),
    FUZZ_TIMEOUT,
  );

  test(
    "the edit-post form never crashes and leaves a refused edit unwritten",
    () =>
      fuzzAction({
        action: formAction,
        user: editor,
        target: editTargets("posts", editedId),
        plausible: plausible(),
        state,
        expectValid: expectValidPosts,
      }),
    FUZZ_TIMEOUT,
  );

  test(
    "the list's publish and delete buttons never crash",
    async () => {
      const pool = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          createPost(editor, {
            title: `مقال ${index}`,
            slug: `pool-${index}`,
            excerpt: null,
            content: "نص",
            categoryId: null,
            status: "draft",
          }),
        ),
      );
      await fuzzAction({
        action: listAction,
        user: editor,
        target: { path: "/admin/dashboard/posts" },
        plausible: {
          intent: fc.constantFrom("publish-toggle", "delete", "view", ""),
          id: fc.constantFrom(...pool.map((post) => post.id), randomUUID(), "1"),
        },
        state,
      });
    },
    FUZZ_TIMEOUT,
  );

  test("a category deleted while the form was open is a 400 beside the category", async () => {
    const gone = await createCategory(editor, { name: "مؤقت", slug: "temporary" });
    await deleteCategory(editor, gone.id);
    const before = await state();
    const form = { title: "خبر", slug: "late-category", content: "نص", categoryId: gone.id };
    const result = await answerOf(
      formAction,
      requestAs(editor, "/admin/dashboard/posts/new", { form }),
    );
    expect(statusOf(result.result)).toBe(400);
    expect(replyErrorsOf(result.result).categoryId).toEqual([CATEGORY_GONE]);
    expect(await state()).toEqual(before);
  });

  test("a field sent twice, or too long, gets the field's Arabic message and writes nothing", async () => {
    const before = await state();
    const body = new URLSearchParams([
      ["title", "خبر"],
      ["title", "خبر آخر"],
      ["slug", "twice"],
      ["content", "ن".repeat(50_001)],
    ]);
    const request = requestAs(editor, "/admin/dashboard/posts/new", { body });
    const { result } = await answerOf(formAction, request);
    expect(statusOf(result)).toBe(400);
    expect(replyErrorsOf(result)).toMatchObject({
      title: [FIELD_REPEATED],
      content: ["نص المقال يجب ألا يزيد على 50,000 حرف"],
    });
    expect(await state()).toEqual(before);
  });

  test("PostgreSQL's refusals of a value are told apart from real failures", async () => {
    const errorOf = (query: ReturnType<typeof sql>) =>
      db.execute(query).then(
        () => null,
        (error: unknown) => error,
      );
    expect(isRefusedValue(await errorOf(sql`select 'not-a-uuid'::uuid`))).toBe(true);
    expect(isRefusedValue(await errorOf(sql`select 1 / 0`))).toBe(true);
    expect(isRefusedValue(await errorOf(sql`insert into posts (title) values ('x')`))).toBe(true);
    expect(isRefusedValue(await errorOf(sql`select * from no_such_table`))).toBe(false);
    expect(isRefusedValue(new Error("connection lost"))).toBe(false);
  });
});
