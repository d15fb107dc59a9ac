import { randomUUID } from "node:crypto";
import { count, eq, gte, or } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { createPage } from "~/models/pages.server";
import { action as formAction } from "~/routes/admin/pages/form";
import { action as listAction } from "~/routes/admin/pages/list";
import { loader as publicLoader } from "~/routes/site/page";
import { pageBlocksSchema } from "~/shared/page-blocks";
import { db } from "~/utils/db.server";
import { pages } from "../../database/schema";
import { createUser, requestAs, type TestUser } from "../support/accounts";
import {
  answerOf,
  arabicText,
  expectStorableText,
  FUZZ_TIMEOUT,
  fc,
  fuzzAction,
  nastyString,
} from "../support/fuzz";
import { pngFile } from "../support/images";
import { call, statusOf } from "../support/route-calls";
import { storedFiles } from "../support/uploads";

// The page form, its list's buttons and the public page, fed plausible and hostile input: never
// an answer ≥ 500, every refusal in Arabic, and nothing written that the form refuses.

let editor: TestUser;
let admin: TestUser;
let editedId: string;
let tinyPng: File;

beforeAll(async () => {
  [editor, admin] = await Promise.all([createUser("editor"), createUser("admin")]);
  tinyPng = await pngFile("tiny.png", 8, 8);
  editedId = (
    await createPage(editor, {
      title: "صفحة تُعدَّل",
      slug: "edited",
      blocks: [{ type: "text", html: "<p>نص</p>" }],
      status: "draft",
    })
  ).id;
});

const plausible = () => ({
  title: arabicText(1, 80),
  slug: fc.oneof(arabicText(1, 40), fc.stringMatching(/^[a-z0-9-]{1,30}$/)),
  status: fc.constantFrom("draft", "published", "archived", "", "deleted"),
  publishAt: fc.constantFrom("", "2030-01-01T10:00", "2020-13-45T99:99", "غداً"),
  metaTitle: arabicText(0, 80),
  metaDescription: arabicText(0, 200),
  shareImage: fc.constantFrom(
    "",
    "/uploads/none.webp",
    "javascript:alert(1)",
    "https://x.test/a.png",
  ),
  "blocks[0].type": fc.constantFrom("text", "cta", "video", "marquee", ""),
  "blocks[0].html": fc.oneof(arabicText(1, 300), fc.constant("<script>x</script><p>نص</p>")),
  "blocks[1].type": fc.constantFrom("cta", "image", "cards"),
  "blocks[1].label": arabicText(0, 90),
  "blocks[1].href": fc.constantFrom(
    "/volunteer",
    "https://example.org",
    "//evil.test",
    "javascript:x",
    "",
  ),
  "blocks[1].alt": arabicText(0, 40),
  "blocks[1].file": fc.constantFrom(tinyPng, new File([], ""), new File(["<?php"], "x.png")),
  "blocks[1].src": fc.constantFrom("", "/uploads/pages/none.webp", "/etc/passwd"),
  "blocks[1].items[0].title": arabicText(0, 40),
  "blocks[1].items[0].icon": fc.constantFrom("heart", "music", "skull", ""),
  "blocks[1].items[0].link": fc.constantFrom("", "/p/x", "ftp://x"),
  "blocks[2].type": fc.constantFrom("video", "text"),
  "blocks[2].youtubeId": fc.constantFrom("dQw4w9WgXcQ", "https://youtu.be/dQw4w9WgXcQ", "x", ""),
  "blocks[2].html": arabicText(0, 100),
});

const state = async () => ({
  rows: (await db.select({ total: count() }).from(pages))[0].total,
  files: storedFiles().length,
  edited: (await db.select().from(pages).where(eq(pages.id, editedId)))[0],
});

/** Every page written since `since` holds only blocks the model's schema accepts, as stored. */
async function expectValidPages(since: Date) {
  const written = await db
    .select()
    .from(pages)
    .where(or(gte(pages.updatedAt, since), gte(pages.createdAt, since)));
  for (const row of written) {
    for (const text of [row.title, row.slug, row.blocksText]) expectStorableText(text, "a page");
    expect(row.blocks.length).toBeGreaterThan(0);
    expect(pageBlocksSchema.parse(row.blocks)).toEqual(row.blocks);
  }
}

describe("fuzzing the page actions", () => {
  test(
    "the new-page form never crashes and writes nothing it refuses",
    () =>
      fuzzAction({
        action: formAction,
        user: editor,
        target: { path: "/admin/dashboard/pages/new" },
        plausible: plausible(),
        state,
        expectValid: expectValidPages,
      }),
    FUZZ_TIMEOUT,
  );

  test(
    "the edit-page form never crashes and leaves a refused edit unwritten",
    () =>
      fuzzAction({
        action: formAction,
        user: editor,
        target: fc
          .constantFrom(editedId, editedId, randomUUID(), "x")
          .map((id) => ({ path: `/admin/dashboard/pages/${id}/edit`, params: { id } })),
        plausible: plausible(),
        state,
        expectValid: expectValidPages,
      }),
    FUZZ_TIMEOUT,
  );

  test(
    "the list's ask and delete buttons never crash",
    async () => {
      const pool = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          createPage(editor, {
            title: `صفحة ${index}`,
            slug: `pool-${index}`,
            blocks: [{ type: "cta", label: "زر", href: `/p/pool-${(index + 1) % 10}` }],
            status: "draft",
          }),
        ),
      );
      await fuzzAction({
        action: listAction,
        user: fc.constantFrom(admin, editor),
        target: { path: "/admin/dashboard/pages" },
        plausible: {
          intent: fc.constantFrom("ask-delete", "delete", "publish-toggle", ""),
          id: fc.constantFrom(...pool.map((page) => page.id), randomUUID(), "1"),
          confirmed: fc.constantFrom("1", "", "yes"),
        },
        state,
      });
    },
    FUZZ_TIMEOUT,
  );

  test("the public page answers any address with a page, a redirect or a 404", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(nastyString, arabicText(1, 30)), async (slug) => {
        const result = await call(publicLoader, requestAs(null, "/p/fuzzed"), {
          slug,
        });
        expect([200, 301, 404]).toContain(statusOf(result));
      }),
      { numRuns: 200 },
    );
  });

  test("a huge block list is refused in Arabic and writes nothing", async () => {
    const before = await state();
    const form: Record<string, string> = { title: "صفحة", slug: "huge" };
    for (let index = 0; index < 70; index += 1) {
      form[`blocks[${index}].type`] = "cta";
      form[`blocks[${index}].label`] = "زر";
      form[`blocks[${index}].href`] = "/donate";
    }
    const { status } = await answerOf(
      formAction,
      requestAs(editor, "/admin/dashboard/pages/new", { form }),
    );
    expect(status).toBe(400);
    expect(await state()).toEqual(before);
  });
});
