// The editable card lists (docs/decisions/047): each names a real public page, its built-in cards
// are today's code-defined ones (same texts, icons from the curated set), and keys are unique.
import { expect, test } from "vitest";
import { PROGRAMS } from "~/content/programs";
import { CARD_ICON_NAMES, CARD_ICONS, cardIconName } from "./card-icons";
import { cardFieldsSchema, isCardLink, storedCardSchema } from "./card-items";
import { CARD_LISTS, findCardList, PROGRAM_CARDS } from "./card-list-definitions";
import { isEditablePagePath } from "./content-blocks";

test("every list is on a real public page, once", () => {
  const names = CARD_LISTS.map((list) => `${list.pagePath} ${list.key}`);
  expect(new Set(names).size).toBe(names.length);
  for (const list of CARD_LISTS) {
    expect(isEditablePagePath(list.pagePath), list.pagePath).toBe(true);
    expect(findCardList(list.pagePath, list.key)).toBe(list);
  }
  expect(findCardList("/services/programs", "nope")).toBeUndefined();
});

test("the built-in cards are the code-defined ones, each a valid stored card with a known icon", () => {
  for (const list of CARD_LISTS) {
    const keys = list.defaults.map((card) => card.key);
    expect(new Set(keys).size, list.key).toBe(keys.length);
    for (const card of list.defaults) {
      expect(storedCardSchema.safeParse(card).success, `${list.key} ${card.key}`).toBe(true);
    }
  }
  expect(PROGRAM_CARDS.defaults.map((card) => card.title)).toEqual(PROGRAMS.map((p) => p.title));
  expect(PROGRAM_CARDS.defaults[0]).toEqual({
    key: "professional-empowerment",
    title: "التمكين المهني",
    text: PROGRAMS[0].description,
    icon: "Briefcase",
  });
  // Every icon a code-defined card shows is in the curated set (else it would be dropped).
  const phases = findCardList("/about/strategy", "phases");
  for (const list of CARD_LISTS.filter((each) => each !== phases)) {
    for (const card of list.defaults) expect(card.icon, `${list.key} ${card.key}`).toBeDefined();
  }
});

test("the icon registry names each icon once, with an Arabic name", () => {
  const components = CARD_ICON_NAMES.map((name) => CARD_ICONS[name].icon);
  expect(new Set(components).size).toBe(components.length);
  for (const name of CARD_ICON_NAMES) {
    expect(CARD_ICONS[name].label).toMatch(/[\u0600-\u06FF]/);
    expect(cardIconName(CARD_ICONS[name].icon)).toBe(name);
  }
});

test("a card links to a site address or an https:// address, nothing else", () => {
  for (const good of ["/", "/donate", "/media/news?page=2", "https://rifq.org.sa/x"]) {
    expect(isCardLink(good), good).toBe(true);
  }
  for (const bad of [
    "//evil.test",
    "javascript:alert(1)",
    "http://x.test",
    "donate",
    "/a b",
    "mailto:a@b.c",
    "https://",
  ]) {
    expect(isCardLink(bad), bad).toBe(false);
  }
});

test("a new card's fields: Arabic refusals, trimmed values, empty optional fields left out", () => {
  const ok = cardFieldsSchema.parse({
    title: "  عنوان ",
    text: "نص",
    icon: "",
    link: "",
    imageAlt: "",
  });
  expect(ok).toEqual({
    title: "عنوان",
    text: "نص",
    icon: undefined,
    link: undefined,
    imageAlt: undefined,
  });
  const refused = cardFieldsSchema.safeParse({
    title: "",
    text: "",
    icon: "Skull",
    link: "ftp://x",
  });
  expect(refused.success).toBe(false);
  const messages = refused.error?.issues.map((issue) => issue.message);
  expect(messages).toEqual(
    expect.arrayContaining([
      "اكتب عنوان البطاقة",
      "اكتب نص البطاقة",
      "اختر أيقونة من القائمة",
      "الرابط يجب أن يبدأ بـ / لصفحة في الموقع أو بـ https://",
    ]),
  );
});
