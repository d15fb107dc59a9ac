import { count, gte } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { action } from "~/routes/resources/card-lists";
import { isCardIconName } from "~/shared/card-icons";
import { isCardLink, MAX_CARD_TEXT, MAX_CARD_TITLE, MAX_CARDS } from "~/shared/card-items";
import { CONTENT_KEY_PATTERN } from "~/shared/content-blocks";
import { db } from "~/utils/db.server";
import { contentListRevisions, contentLists } from "../../database/schema";
import { createUser, type TestUser } from "../support/accounts";
import { arabicText, expectStorableText, FUZZ_TIMEOUT, fc, fuzzAction } from "../support/fuzz";
import { pngFile } from "../support/images";
import { storedFiles } from "../support/uploads";

let admin: TestUser;
let image: File;

beforeAll(async () => {
  admin = await createUser("admin");
  image = await pngFile("بطاقة.png", 64, 64);
});

const state = async () => ({
  lists: (await db.select({ total: count() }).from(contentLists))[0].total,
  revisions: (await db.select({ total: count() }).from(contentListRevisions))[0].total,
  files: storedFiles().length,
});

/** Every list written since `since` holds only cards the editor could have made. */
async function expectValidLists(since: Date) {
  for (const row of await db
    .select()
    .from(contentLists)
    .where(gte(contentLists.updatedAt, since))) {
    expect(row.items.length).toBeGreaterThan(0);
    expect(row.items.length).toBeLessThanOrEqual(MAX_CARDS);
    expect(new Set(row.items.map((card) => card.key)).size).toBe(row.items.length);
    for (const card of row.items) {
      expect(card.key).toMatch(CONTENT_KEY_PATTERN);
      expectStorableText(card.title, "a card's title");
      expectStorableText(card.text, "a card's text");
      expect(card.title.trim().length).toBeGreaterThan(0);
      expect(card.title.length).toBeLessThanOrEqual(MAX_CARD_TITLE);
      expect(card.text.length).toBeLessThanOrEqual(MAX_CARD_TEXT);
      if (card.icon) expect(isCardIconName(card.icon)).toBe(true);
      if (card.link) expect(isCardLink(card.link)).toBe(true);
      if (card.image)
        expect(card.image.url).toMatch(/^\/uploads\/cards\/\d{13}-[0-9a-f]{8}\.webp$/);
    }
  }
}

describe("fuzzing the card-list action", () => {
  test(
    "add, edit, remove, move, restore and reset never crash, and refused requests write nothing",
    () =>
      fuzzAction({
        action,
        user: admin,
        target: { path: "/api/card-lists" },
        plausible: {
          intent: fc.constantFrom(
            "add",
            "add",
            "edit",
            "edit",
            "remove",
            "move",
            "restore",
            "reset",
            "",
          ),
          pagePath: fc.constantFrom("/services/programs", "/governance", "/", "/admin", ""),
          listKey: fc.constantFrom("programs", "principles", "features", "Programs", "x/y", ""),
          title: fc.oneof(arabicText(1, 80), fc.constant("")),
          text: fc.oneof(arabicText(1, 300), fc.constant("<script>x</script>")),
          icon: fc.constantFrom("", "Star", "HeartPulse", "Skull", "__proto__"),
          link: fc.constantFrom(
            "",
            "/donate",
            "https://example.org/a",
            "javascript:alert(1)",
            "//evil.example",
            "http://x.test",
          ),
          imageAlt: arabicText(0, 40),
          image: fc.constantFrom(image, new File([new Uint8Array([1, 2, 3])], "x.png")),
          position: fc.constantFrom("start", "end", "middle", ""),
          itemKey: fc.constantFrom(
            "professional-empowerment",
            "principle-transparency",
            "nope",
            "",
          ),
          direction: fc.constantFrom("up", "down", "left", ""),
          removeImage: fc.constantFrom("", "on", "yes"),
          revisionId: fc.oneof(fc.uuid().map(String), fc.constant("")),
          expectedUpdatedAt: fc.constantFrom("", "2026-01-01T00:00:00.000Z", "yesterday"),
        },
        state,
        expectValid: expectValidLists,
      }),
    FUZZ_TIMEOUT,
  );
});
