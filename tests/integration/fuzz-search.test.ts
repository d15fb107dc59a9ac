import { beforeAll, expect, test } from "vitest";
import { loader, MESSAGES } from "~/routes/site/search";
import { db } from "~/utils/db.server";
import { posts } from "../../database/schema";
import { createUser } from "../support/accounts";
import { arabicText, FUZZ_RUNS, FUZZ_TIMEOUT, fc, nastyString } from "../support/fuzz";
import { call, dataOf, statusOf } from "../support/route-calls";

// The search page answers any query and any page number with 200 (docs/decisions/045): odd
// input gets a message, never a 500 — SQL-looking text, LIKE and tsquery syntax included.

beforeAll(async () => {
  const author = await createUser("editor");
  await db.insert(posts).values({
    title: "برنامج الزيارات المنزلية",
    slug: "home-visits",
    content: "<p>زيارات</p>",
    contentText: "زيارات منزلية لكبار السن 100% _ \\",
    status: "published",
    publishedAt: new Date("2026-10-01T08:00:00Z"),
    authorId: author.id,
  });
});

const syntax = fc.constantFrom(
  "%",
  "_",
  "\\",
  "'",
  "' or 1=1 --",
  "'; drop table posts; --",
  "a & b | !c",
  "زيارات:*",
  "<->",
  "()",
  ":* & |",
  "<script>alert(1)</script>",
  "؟!،.",
  "ـــ",
  "ًٌٍ",
);
const query = fc.oneof(
  nastyString,
  arabicText(0, 80),
  syntax,
  fc.array(fc.oneof(syntax, arabicText(1, 12)), { maxLength: 12 }).map((parts) => parts.join(" ")),
);
const pageParam = fc.oneof(fc.constant(null), fc.constantFrom("0", "-1", "2", "99999", "1e9", "x"));

test(
  "any query and page answer 200 with results or a message",
  async () => {
    await fc.assert(
      fc.asyncProperty(query, pageParam, async (q, page) => {
        const url = new URL("http://localhost/search");
        url.searchParams.set("q", q);
        if (page !== null) url.searchParams.set("page", page);
        const answer = await call(loader as never, new Request(url));
        expect(answer).not.toBeInstanceOf(Error);
        expect(statusOf(answer)).toBe(200);
        const { notice, results } = dataOf<{
          notice: string | null;
          results: { items: unknown[] } | null;
        }>(answer);
        if (results && results.items.length === 0 && notice === null) return;
        if (notice) expect(Object.values(MESSAGES)).toContain(notice);
      }),
      { numRuns: FUZZ_RUNS },
    );
  },
  FUZZ_TIMEOUT,
);
