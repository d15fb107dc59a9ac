import { randomUUID } from "node:crypto";
import { count } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { createCategory } from "~/models/categories.server";
import { action } from "~/routes/admin/categories";
import { slugify } from "~/shared/slug";
import { toOneLine } from "~/shared/text-fields";
import { db } from "~/utils/db.server";
import { categories } from "../../database/schema";
import { createUser, type TestUser } from "../support/accounts";
import { arabicText, expectStorableText, FUZZ_TIMEOUT, fc, fuzzAction } from "../support/fuzz";

let editor: TestUser;
const pool: string[] = [];

beforeAll(async () => {
  editor = await createUser("editor");
  for (let index = 0; index < 10; index++) {
    pool.push((await createCategory(editor, { name: `تصنيف ${index}`, slug: `c-${index}` })).id);
  }
});

const state = async () => await db.select().from(categories).orderBy(categories.id);

/** Every category is a one-line name of at most 60 characters with a clean slug. */
async function expectValidCategories() {
  for (const row of await db.select().from(categories)) {
    expectStorableText(row.name, "a category's name");
    expect(row.name).toBe(toOneLine(row.name));
    expect(row.name.length).toBeGreaterThan(0);
    expect(row.name.length).toBeLessThanOrEqual(60);
    expect(row.slug).toBe(slugify(row.slug));
    expect(row.slug.length).toBeGreaterThan(0);
    expect(row.slug.length).toBeLessThanOrEqual(60);
  }
}

describe("fuzzing the categories action", () => {
  test(
    "create, rename and delete never crash, and refused requests change nothing",
    async () => {
      await fuzzAction({
        action,
        user: editor,
        target: { path: "/admin/dashboard/categories" },
        plausible: {
          intent: fc.constantFrom("create", "update", "delete", ""),
          id: fc.constantFrom(...pool, randomUUID(), "", "1"),
          name: arabicText(1, 70),
          slug: fc.oneof(arabicText(0, 30), fc.stringMatching(/^[a-z0-9-]{0,70}$/)),
        },
        state,
        expectValid: expectValidCategories,
      });
      const [{ total }] = await db.select({ total: count() }).from(categories);
      expect(total).toBeGreaterThan(0);
    },
    FUZZ_TIMEOUT,
  );
});
