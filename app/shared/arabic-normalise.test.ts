import { describe, expect, test } from "vitest";
import { dropArabicMarks, foldArabic } from "./arabic-normalise";
import { normaliseArabic } from "./arabic-search";
import { tagsOf } from "./news";

// What search (and its SQL twin) and the news tags each folded before they shared one normaliser.
describe("foldArabic", () => {
  test.each([
    ["tashkeel", "الزِّيارَاتُ دَعْمٌ بِرٌّ أيضاً", "الزيارات دعم بر ايضا"],
    ["tatweel", "كبـــار", "كبار"],
    ["the superscript alef", "هٰذا", "هذا"],
    ["alef forms", "أحمد إسلام آمال ٱلله", "احمد اسلام امال الله"],
    ["ta marbuta as ha", "جمعية", "جمعيه"],
    ["alef maqsura as ya", "مستشفى", "مستشفي"],
    ["hamza on ya and waw", "مسئول مسؤول", "مسيول مسوول"],
    ["Persian kaf and ya", "کی", "كي"],
    ["Arabic-Indic and Persian digits", "١٤٤٧ ۲۰۲۶", "1447 2026"],
    ["Latin case", "Rifq", "rifq"],
  ])("%s", (_case, text, folded) => {
    expect(foldArabic(text)).toBe(folded);
  });

  test("keeps the rarer marks (U+0653–U+065F), which search reads as word breaks as SQL does", () => {
    expect(foldArabic("قرا\u0653ن")).toBe("قرا\u0653ن");
    expect(normaliseArabic("قرا\u0653ن")).toBe("قرا ن");
  });
});

test("dropArabicMarks drops every mark, rare ones included, and keeps the letters as written", () => {
  expect(dropArabicMarks("مُبـادَرةٌ قرا\u0653ن سا\u0654ل أُمّ")).toBe("مبادرة قران سال أم");
});

test("search and the news tags fold a word alike", () => {
  expect(normaliseArabic("المُبادَرة")).toBe(foldArabic("مُبادَرة"));
  expect(tagsOf("مسؤولية مسئولية مسؤوليّة")).toEqual(["مسؤولية", "مسئولية"]);
  expect(tagsOf("مبادرة مبادره مُبادَرة")).toEqual(["مبادرة"]);
});
