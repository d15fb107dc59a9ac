import { count, gte } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { action } from "~/routes/resources/page-content";
import { CONTENT_KEY_PATTERN, MAX_BLOCK_VALUE_LENGTH } from "~/shared/content-blocks";
import { db } from "~/utils/db.server";
import { pageContent, pageContentRevisions } from "../../database/schema";
import { createUser, type TestUser } from "../support/accounts";
import { arabicText, expectStorableText, FUZZ_TIMEOUT, fc, fuzzAction } from "../support/fuzz";

let admin: TestUser;

beforeAll(async () => {
  admin = await createUser("admin");
});

const state = async () => ({
  texts: (await db.select({ total: count() }).from(pageContent))[0].total,
  revisions: (await db.select({ total: count() }).from(pageContentRevisions))[0].total,
});

/** Every page text written since `since` is one the editor could have saved. */
async function expectValidTexts(since: Date) {
  for (const row of await db.select().from(pageContent).where(gte(pageContent.updatedAt, since))) {
    expectStorableText(row.contentValue, "a page text");
    expect(row.contentValue.trim().length).toBeGreaterThan(0);
    expect(row.contentValue.length).toBeLessThanOrEqual(MAX_BLOCK_VALUE_LENGTH);
    expect(row.contentKey).toMatch(CONTENT_KEY_PATTERN);
    expect(["text", "html"]).toContain(row.contentType);
  }
}

describe("fuzzing the page-text action", () => {
  test(
    "save, restore and reset never crash, and refused requests write nothing",
    () =>
      fuzzAction({
        action,
        user: admin,
        target: { path: "/api/page-content" },
        plausible: {
          intent: fc.constantFrom("save", "save", "restore", "reset", ""),
          pagePath: fc.constantFrom("/", "/about", "/media/news/خبر", "/feedback/visitors", "/x"),
          contentKey: fc.constantFrom("hero-title", "intro", "Hero", "a/b", ""),
          value: fc.oneof(
            arabicText(1, 200),
            fc.constant("<p>نص <b>غامق</b></p><script>x</script>"),
          ),
          contentType: fc.constantFrom("text", "html", "markdown"),
          revisionId: fc.oneof(fc.uuid().map(String), fc.constant("")),
          expectedUpdatedAt: fc.constantFrom("", "2026-01-01T00:00:00.000Z", "yesterday"),
        },
        state,
        expectValid: expectValidTexts,
      }),
    FUZZ_TIMEOUT,
  );
});
