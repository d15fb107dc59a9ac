import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { SEARCHABLE_TABLES, searchSite } from "~/models/search.server";
import { loader } from "~/routes/site/search";
import { normaliseArabic, searchText } from "~/shared/arabic-search";
import { CONTENT_TYPE_LIST } from "~/shared/content-types";
import { db } from "~/utils/db.server";
import { images, pageContent, posts, videos } from "../../database/schema";
import { createUser } from "../support/accounts";
import { call, dataOf, statusOf } from "../support/route-calls";

/*
 * The site search (docs/decisions/045) on seeded posts, videos, images and page texts: the list of
 * real queries below, each with what it must find, is the recall measure the normalisation was
 * chosen by. It runs on PGlite and on the PostgreSQL server (TEST_DATABASE_URL) alike.
 */

const published = (title: string, slug: string, contentText: string, day: string) => ({
  title,
  slug,
  content: `<p>${contentText}</p>`,
  contentText,
  status: "published" as const,
  publishedAt: new Date(`${day}T08:00:00Z`),
});

/** Words that only unpublished or scheduled items hold, next to public words. */
const HIDDEN_TITLES = [
  "مسودة الزيارات المنزلية السرية",
  "خطة الزيارات المنزلية القادمة",
  "أرشيف حملة تبرع قديمة",
  "فيديو سري عن الزيارات المنزلية",
];

beforeAll(async () => {
  const author = await createUser("editor", "سارة المحررة");
  const by = { authorId: author.id };
  await db.insert(posts).values([
    {
      ...by,
      ...published(
        "مؤسسة رفق تطلق برنامج الزيارات المنزلية",
        "home-visits",
        "أطلقت الجمعيّة برنامجاً للزيارات المنزليّة لكبار السنّ في الدمام والخبر عام ٢٠٢٦.",
        "2026-10-01",
      ),
    },
    {
      ...by,
      ...published(
        "حملة تبرع لشراء أجهزة طبية",
        "donation-drive",
        "ندعوكم إلى التبرّع لدعم مرضى الزهايمر وشراء أسرّة طبية.",
        "2026-09-01",
      ),
    },
    {
      ...by,
      ...published(
        "اليوم العالمي لكبار السن",
        "world-day",
        "احتفلت الجمعية باليوم العالمي للمسنين في مستشفى القطيف بحضور ١٢٠ مسنّاً، وقدّم المتطوعون هدايا.",
        "2026-10-02",
      ),
    },
    {
      ...by,
      ...published(
        "لقاء مع أسرة المتطوعين",
        "volunteers-meeting",
        "شكرت الإدارة المتطوعين على جهودهم في رعايةِ كبارِ السِّنِّ ومبادرة إيواء.",
        "2026-08-01",
      ),
    },
    {
      ...by,
      ...published(
        "ورشة عن الصحة النفسية للمسنّ",
        "mental-health",
        "قدّم الأخصائي ورشةً عن الاكتئاب والقلق لدى المسنين وسبل الوقاية منهما.",
        "2026-07-01",
      ),
    },
    {
      ...by,
      ...published(
        "ندوة صحية",
        "blood",
        "تحدث الأطباء عن فوائد التبرع بالدم للأصحاء.",
        "2026-11-01",
      ),
    },
    {
      ...by,
      title: HIDDEN_TITLES[0],
      slug: "secret-draft",
      content: "<p>تبرع</p>",
      contentText: "الزيارات المنزلية تبرع كبار السن",
      status: "draft",
    },
    {
      ...by,
      ...published(
        HIDDEN_TITLES[1],
        "future-plan",
        "الزيارات المنزلية تبرع كبار السن",
        "2099-01-01",
      ),
    },
    {
      ...by,
      title: HIDDEN_TITLES[2],
      slug: "archived",
      content: "<p>تبرع</p>",
      contentText: "تبرع كبار السن",
      status: "archived",
    },
  ]);
  await db.insert(videos).values([
    {
      title: "قصة أمّ علي مع الرعاية المنزلية",
      description: "قصة ملهمة من الأحساء",
      youtubeId: "aaaaaaaaaaa",
      status: "published",
    },
    {
      title: HIDDEN_TITLES[3],
      description: "تبرع كبار السن",
      youtubeId: "bbbbbbbbbbb",
      status: "draft",
    },
  ]);
  await db.insert(images).values([
    {
      title: "صورة جماعية",
      description: "المتطوعون في فعالية اليوم الوطني بالأحساء",
      imageUrl: "/uploads/images/group.webp",
    },
  ]);
  await db.insert(pageContent).values([
    {
      pagePath: "/about",
      contentKey: "who-extra",
      contentValue: "<p>نستقبل <strong>الهِبات</strong> العينيّة</p>",
      contentType: "html",
    },
  ]);
});

const titlesOf = async (query: string) =>
  (await searchSite(query, 1)).items.map((hit) => hit.title);

const HOME_VISITS = "مؤسسة رفق تطلق برنامج الزيارات المنزلية";
const DONATION = "حملة تبرع لشراء أجهزة طبية";
const WORLD_DAY = "اليوم العالمي لكبار السن";
const MEETING = "لقاء مع أسرة المتطوعين";
const MENTAL = "ورشة عن الصحة النفسية للمسنّ";
const BLOOD = "ندوة صحية";
const VIDEO = "قصة أمّ علي مع الرعاية المنزلية";
const IMAGE = "صورة جماعية";

/** Real queries as people type them, and the items each must find. */
const QUERIES: [string, string[]][] = [
  ["الزيارات المنزلية", [HOME_VISITS]],
  ["الزيارات المنزليه", [HOME_VISITS]],
  ["زيارات منزلية", [HOME_VISITS]],
  ["الزيار", [HOME_VISITS]],
  ["فالزيارات", [HOME_VISITS]],
  ["مؤسسة رفق", [HOME_VISITS]],
  ["موسسه رفق", [HOME_VISITS]],
  ["مُؤَسَّسَة", [HOME_VISITS]],
  ["الجمعيه", [HOME_VISITS, WORLD_DAY]],
  ["كبار السن", [HOME_VISITS, WORLD_DAY, MEETING]],
  ["كبـــار الســن", [HOME_VISITS, WORLD_DAY, MEETING]],
  ["كِبَارِ السِّنِّ", [HOME_VISITS, WORLD_DAY, MEETING]],
  ["تبرع", [DONATION, BLOOD]],
  ["التبرع", [DONATION, BLOOD]],
  ["بالتبرع", [DONATION, BLOOD]],
  ["تبرّع للزهايمر", [DONATION]],
  ["٢٠٢٦", [HOME_VISITS]],
  ["2026", [HOME_VISITS]],
  ["۲۰۲۶", [HOME_VISITS]],
  ["١٢٠", [WORLD_DAY]],
  ["120 مسنا", [WORLD_DAY]],
  ["المسنين", [WORLD_DAY, MENTAL]],
  ["للمسنين", [WORLD_DAY, MENTAL]],
  ["مسنين", [WORLD_DAY, MENTAL]],
  ["الصحة النفسية", [MENTAL]],
  ["الصحه النفسيه", [MENTAL]],
  ["الاكتئاب", [MENTAL]],
  ["الاكتياب", [MENTAL]],
  ["مستشفى القطيف", [WORLD_DAY]],
  ["مستشفي القطيف", [WORLD_DAY]],
  ["أمّ علي", [VIDEO]],
  ["ام علي", [VIDEO]],
  ["الرعاية المنزلية", [VIDEO]],
  ["الأحساء", [VIDEO, IMAGE]],
  ["الاحساء", [VIDEO, IMAGE]],
  ["اليوم الوطني", [IMAGE]],
  ["ايواء", [MEETING]],
  ["إيواء", [MEETING]],
  ["الحوكمة", ["الحوكمة"]],
  ["لماذا جمعيه رفق", ["لماذا جمعية رفق؟"]],
  ["نطاق الخدمه", ["نطاق الخدمة"]],
  ["الهبات العينيه", ["من نحن"]],
];

describe("the list of real queries", () => {
  test("has at least 30 queries", () => expect(QUERIES.length).toBeGreaterThanOrEqual(30));

  test.each(QUERIES)("«%s» finds what it should", async (query, expected) => {
    const found = await titlesOf(query);
    for (const title of expected) expect(found).toContain(title);
  });

  test("nothing unpublished, scheduled or archived ever comes out", async () => {
    for (const query of [
      "الزيارات المنزلية",
      "تبرع",
      "كبار السن",
      "السرية",
      "القادمة",
      "أرشيف",
      "فيديو سري",
    ]) {
      const found = await titlesOf(query);
      for (const hidden of HIDDEN_TITLES) expect(found, query).not.toContain(hidden);
    }
  });
});

describe("the searched tables follow the content types' declarations", () => {
  // docs/decisions/063: a type declaring a `searchKind` has its columns in SEARCH_SOURCES.
  test("each type with a searchKind is searched, under that kind, and no other", () => {
    const searched = CONTENT_TYPE_LIST.flatMap((type) =>
      type.searchKind === null ? [] : [type.searchKind],
    );
    expect(SEARCHABLE_TABLES().map((source) => source.kind)).toEqual(searched);
  });
});

describe("ranking and paging", () => {
  test("title matches come first, then the newest", async () => {
    const found = await titlesOf("تبرع");
    expect(found.indexOf(DONATION)).toBeLessThan(found.indexOf(BLOOD));
    const elderly = await titlesOf("كبار السن");
    // The title match first; then the newest of the others.
    expect(elderly[0]).toBe(WORLD_DAY);
    expect(elderly.indexOf(HOME_VISITS)).toBeLessThan(elderly.indexOf(MEETING));
  });

  test("a page past the end is empty, and a query with no word asks nothing", async () => {
    expect((await searchSite("الزيارات", 5)).items).toEqual([]);
    expect(await searchSite("%_\\ ؟!", 1)).toMatchObject({ words: [], items: [] });
  });
});

describe("paging through many matches", () => {
  // 15 title matches, 8 newer posts holding the word only in their text, and a draft: page 1 is
  // read from the newest rows, page 2 from the GIN index (docs/decisions/058).
  const titled = Array.from({ length: 15 }, (_, i) => `قافلة التوعية رقم ${i + 1}`);
  const inText = Array.from({ length: 8 }, (_, i) => `جولة ميدانية رقم ${i + 1}`);
  beforeAll(async () => {
    const author = await createUser("editor", "منسق القوافل");
    const day = (month: number, index: number) =>
      `2026-${String(month).padStart(2, "0")}-${String(index + 1).padStart(2, "0")}`;
    await db.insert(posts).values([
      ...titled.map((title, i) => ({
        authorId: author.id,
        ...published(title, `caravan-${i + 1}`, "زيارات للقرى البعيدة", day(5, i)),
      })),
      ...inText.map((title, i) => ({
        authorId: author.id,
        ...published(title, `tour-${i + 1}`, "رافق المتطوعون القافلة إلى القرى", day(6, i)),
      })),
      {
        authorId: author.id,
        title: "قافلة التوعية السرية",
        slug: "caravan-draft",
        content: "<p>قافلة</p>",
        contentText: "قافلة",
        status: "draft" as const,
      },
    ]);
  });

  test("title matches first, each group newest first, no item twice, nothing unpublished", async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => searchSite("القافلة", page)));
    expect(pages.map((page) => page.hasMore)).toEqual([true, true, false]);
    const newestFirst = (titles: string[]) => [...titles].reverse();
    expect(pages.flatMap((page) => page.items.map((hit) => hit.title))).toEqual([
      ...newestFirst(titled),
      ...newestFirst(inText),
    ]);
  });
});

describe("the two normalisations agree", () => {
  const samples = [
    "أإآٱ ة ى ئ ؤ",
    "الزِّيارَاتُ المنزليّة",
    "كبـــار السن وبالرعاية فالله للمسنين",
    "٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹ 0123456789",
    "Rifq DONATE 100% _x_ \\ ' ; DROP TABLE posts; --",
    "الله لله ال الم والد لكبار وبيت فالمسنين كتاب",
    "کی پ چ",
    "«رفق»، (جمعية) — ١٤٤٧هـ",
    // The rarer marks (U+0653–U+065F): word breaks on both sides (docs/decisions/064).
    "قرا\u0653ن سا\u0654ل مسؤوليّة",
  ];
  test.each(samples)("«%s»", async (sample) => {
    const result = await db.execute<{ n: string }>(sql`select rifq_normalise(${sample}) as n`);
    expect(result.rows[0].n).toBe(normaliseArabic(sample));
    const indexed = await db.execute<{ t: string }>(sql`select rifq_search_text(${sample}) as t`);
    expect(indexed.rows[0].t).toBe(searchText(sample));
  });
});

describe("the search page", () => {
  const ask = (query: string) =>
    call(loader as never, new Request(`http://localhost/search?q=${encodeURIComponent(query)}`));

  test("shows the results with the matched words marked, the query kept", async () => {
    const answer = await ask("الزيارات المنزليه");
    expect(statusOf(answer)).toBe(200);
    const { query, results } = dataOf<{
      query: string;
      results: {
        items: { kind: string; href: string; snippet: { text: string; mark: boolean }[] }[];
      };
    }>(answer);
    expect(query).toBe("الزيارات المنزليه");
    const item = results.items.find((hit) => hit.href === "/media/news/home-visits");
    expect(item?.kind).toBe("post");
    expect(item?.snippet.filter((s) => s.mark).map((s) => s.text)).toEqual([
      "للزيارات",
      "المنزليّة",
    ]);
  });

  test("odd input answers 200 with a message", async () => {
    for (const query of [
      "%",
      "_",
      "\\",
      "'; drop table posts; --",
      "\u0000\u0007",
      "؟؟؟",
      "ا".repeat(1000),
    ]) {
      const answer = await ask(query);
      expect(statusOf(answer), query).toBe(200);
    }
    expect(dataOf<{ notice: string }>(await ask("%%%")).notice).toContain("اكتب كلمة");
    expect(dataOf<{ notice: string }>(await ask("تبرع ".repeat(200))).notice).toContain("طويل");
  });
});
