import { describe, expect, test } from "vitest";
import {
  ALL_NEWS_CHIP,
  categoryChips,
  excerptOf,
  FEATURED_EXCERPT_LENGTH,
  LIST_EXCERPT_LENGTH,
  type NewsPost,
  tagsOf,
  toNewsCard,
  UNCATEGORISED,
  UNKNOWN_AUTHOR,
} from "./news";

const long = "رعاية ".repeat(60).trim(); // 359 characters

function post(overrides: Partial<NewsPost> = {}): NewsPost {
  return {
    title: "خبر",
    slug: "khabar",
    excerpt: null,
    content: "محتوى الخبر",
    featuredImage: null,
    publishedAt: new Date("2026-03-01T09:00:00Z"),
    categoryName: null,
    authorName: null,
    ...overrides,
  };
}

describe("excerptOf", () => {
  test("uses the post's own excerpt when it has one, whatever its length", () => {
    const excerpt = "ملخص مكتوب بيد المحرر";
    expect(excerptOf({ excerpt, content: long }, FEATURED_EXCERPT_LENGTH)).toBe(excerpt);
    expect(excerptOf({ excerpt: ` ${excerpt}\n`, content: long }, 10)).toBe(excerpt);
  });

  test("falls back to the first 150 (featured) or 200 (list) characters and an ellipsis", () => {
    const featured = excerptOf({ excerpt: null, content: long }, FEATURED_EXCERPT_LENGTH);
    expect(featured.endsWith("…")).toBe(true);
    expect(Array.from(featured.slice(0, -1)).length).toBeLessThanOrEqual(150);
    expect(long.startsWith(featured.slice(0, -1))).toBe(true);

    const list = excerptOf({ excerpt: "", content: long }, LIST_EXCERPT_LENGTH);
    expect(list.endsWith("…")).toBe(true);
    expect(list.length).toBeGreaterThan(featured.length);
    expect(Array.from(list.slice(0, -1)).length).toBeLessThanOrEqual(200);
    expect(long.startsWith(list.slice(0, -1))).toBe(true);
  });

  test("cuts exactly at the limit when the text has no space there", () => {
    const letters = "ب".repeat(300);
    expect(excerptOf({ excerpt: null, content: letters }, 150)).toBe(`${"ب".repeat(150)}…`);
    expect(excerptOf({ excerpt: null, content: letters }, 200)).toBe(`${"ب".repeat(200)}…`);
  });

  test("shows a short post whole, without an ellipsis, and joins its lines", () => {
    expect(excerptOf({ excerpt: "  ", content: "سطر أول\n\nسطر ثانٍ" }, 150)).toBe(
      "سطر أول سطر ثانٍ",
    );
  });

  test("never splits a character made of two UTF-16 units", () => {
    const text = `${"ا".repeat(149)}😊😊`;
    expect(excerptOf({ excerpt: null, content: text }, 150)).toBe(`${"ا".repeat(149)}😊…`);
  });
});

describe("excerptOf on a long post", () => {
  test("a long post is cut where its whole text would be, also when it begins with spaces", () => {
    const body = `${"زيارة منزلية لكبار السن في الدمام ".repeat(3_000)}`;
    expect(excerptOf({ excerpt: null, content: body }, 150)).toBe(
      `${Array.from(body.replace(/\s+/g, " ")).slice(0, 150).join("").trimEnd()}…`,
    );
    // 1,000 spaces before the text: its start alone holds too few characters to decide.
    const spaced = `${" \n".repeat(500)}${"رعاية ".repeat(40)}`;
    expect(excerptOf({ excerpt: null, content: spaced }, 150)).toBe(
      `${"رعاية ".repeat(25).trimEnd()}…`,
    );
    expect(excerptOf({ excerpt: null, content: `${" ".repeat(400)}خبر قصير ` }, 150)).toBe(
      "خبر قصير",
    );
  });
});

describe("tagsOf", () => {
  test("a long post's tags are its first words, as in a short one", () => {
    const body = `يوم صحي مفتوح لكل أسرة في الدمام ${"نشاط ".repeat(50_000)}`;
    expect(tagsOf(body)).toEqual(["مفتوح", "أسرة", "الدمام"]);
  });

  test("keeps only words longer than three letters", () => {
    expect(tagsOf("يوم صحي مفتوح لكل أسرة")).toEqual(["مفتوح", "أسرة"]);
  });

  test("drops Arabic stop words, whatever their spelling", () => {
    expect(tagsOf("التي الذين وذلك عليها فيها بالإضافة خلال هناك ضمن حول نحو الجمعية")).toEqual([
      "الجمعية",
    ]);
    expect(tagsOf("ايضا أيضاً إلّا الى الرعاية")).toEqual(["الرعاية"]);
  });

  test("gives at most three tags, each once, in the order they appear", () => {
    expect(tagsOf("زيارة زيارة ميدانية لمركز الرعاية النهارية بالدمام")).toEqual([
      "زيارة",
      "ميدانية",
      "لمركز",
    ]);
  });

  test("ignores punctuation, numbers and diacritics", () => {
    expect(tagsOf("«مُبادرة»، (الوفاء)؛ 2026 12345 رِعاية!")).toEqual(["مبادرة", "الوفاء", "رعاية"]);
    // Diacritics do not make a short word long enough.
    expect(tagsOf("دَعْمٌ بِرٌّ")).toEqual([]);
  });

  test("gives nothing for an empty text", () => {
    expect(tagsOf("")).toEqual([]);
    expect(tagsOf("  ، . !")).toEqual([]);
  });
});

describe("categoryChips", () => {
  test("starts with the all-news chip, then each category once in the order of the posts", () => {
    const posts = [
      post({ categoryName: "فعاليات" }),
      post({ categoryName: "برامج" }),
      post({ categoryName: "فعاليات" }),
    ];
    expect(categoryChips(posts)).toEqual([ALL_NEWS_CHIP, "فعاليات", "برامج"]);
  });

  test("names a post without a category 'عام'", () => {
    expect(categoryChips([post(), post({ categoryName: "برامج" }), post()])).toEqual([
      ALL_NEWS_CHIP,
      UNCATEGORISED,
      "برامج",
    ]);
    expect(UNCATEGORISED).toBe("عام");
  });

  test("is only the all-news chip when there are no posts", () => {
    expect(categoryChips([])).toEqual([ALL_NEWS_CHIP]);
  });
});

describe("toNewsCard", () => {
  test("fills in the author and category fallbacks", () => {
    const card = toNewsCard(post({ content: "افتتاح المركز النهاري الجديد" }), 150);
    expect(card).toMatchObject({
      author: UNKNOWN_AUTHOR,
      category: UNCATEGORISED,
      text: "افتتاح المركز النهاري الجديد",
      tags: ["افتتاح", "المركز", "النهاري"],
      image: null,
    });
    expect(UNKNOWN_AUTHOR).toBe("مجهول");
  });
});
