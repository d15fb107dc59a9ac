import { describe, expect, test } from "vitest";
import { slugify } from "./slug";

describe("slugify (spec §5)", () => {
  test("keeps Arabic letters and joins words with hyphens", () => {
    expect(slugify("افتتاح مركز الرعاية النهارية")).toBe("افتتاح-مركز-الرعاية-النهارية");
  });

  test("lower-cases Latin letters and keeps digits and underscores", () => {
    expect(slugify("Vision 2030 Day_One")).toBe("vision-2030-day_one");
  });

  test("removes punctuation, Arabic punctuation and symbols", () => {
    expect(slugify("مرحباً، بكم! هل أنتم مستعدون؟ «رفق» & (شركاء)")).toBe(
      "مرحبا-بكم-هل-أنتم-مستعدون-رفق-شركاء",
    );
  });

  test("drops diacritics and tatweel so spellings of one word share a slug", () => {
    expect(slugify("رِفْقٌ بِكِبَارِنَا")).toBe(slugify("رفق بكبارنا"));
    expect(slugify("جمـــعية")).toBe("جمعية");
  });

  test("trims, collapses whitespace runs and never doubles or dangles hyphens", () => {
    expect(slugify("   يوم  \t المسن - العالمي   ")).toBe("يوم-المسن-العالمي");
    expect(slugify("-- أخبار --")).toBe("أخبار");
  });

  test("keeps Arabic-Indic digits and existing hyphens", () => {
    expect(slugify("تقرير ٢٠٢٥-٢٠٢٦")).toBe("تقرير-٢٠٢٥-٢٠٢٦");
  });

  test("a title without any kept character gives an empty slug", () => {
    expect(slugify("؟!… ***")).toBe("");
  });

  test("an already clean slug is left as it is", () => {
    expect(slugify("زيارة-دار-المسنين")).toBe("زيارة-دار-المسنين");
  });
});
