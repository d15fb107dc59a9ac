import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SURVEY_QUESTIONS } from "~/content/feedback";
import { VOLUNTEER_AVAILABILITY, VOLUNTEER_INTERESTS } from "~/content/volunteer";
import { createFirstAdmin } from "~/models/users.server";
import {
  CONTRASTS,
  type DisplayPreferences,
  displayAttributes,
  TEXT_SIZES,
} from "~/shared/display-preferences";
import {
  categories,
  images,
  menus,
  newsletterSubscribers,
  posts,
  siteSettings,
  surveyResponses,
  videos,
  volunteers,
} from "../../database/schema";
import { imageBytes } from "../support/images";
import { launchBrowser, login } from "./support/browser";
import { ACCOUNTS } from "./support/fixtures";
import { type InProcessServer, startInProcessServer } from "./support/in-process-server";
import { findLayoutProblems, type LayoutFinding } from "./support/layout-checks";
import { publicPaths } from "./support/public-paths";

// Issue 26: every public page and staff screen, at 13 widths × 3 text sizes × normal and high
// contrast, never scrolls sideways, draws no control over another, cuts no text and pushes no
// control off the screen. One page per screen: the layout depends on the width only through
// CSS, so the page is resized in place, and the text size and contrast are switched in place
// as the header's control does (the <html> attributes of docs/decisions/029).

const WIDTHS = [320, 360, 390, 414, 600, 768, 820, 1024, 1180, 1280, 1366, 1440, 1920];
const HEIGHT = 900;
/** Normal and high contrast, as a reader chooses them in the header. */
const SHOWN_CONTRASTS = CONTRASTS.filter((contrast) => contrast !== "system");

const LONG_TITLE =
  "الجمعية تطلق مبادرة «رفقاء الحي» لزيارة كبار السن في منازلهم بالدمام والخبر والظهران والقطيف بمشاركة مئات المتطوعين من طلاب الجامعات";
const LONG_WORD = "https://rifq.example.org/media/news/initiative-for-elderly-neighbours-2026";

let server: InProcessServer;
let browser: Browser;

/** A real image file in the server's uploads, answered at the returned /uploads/ URL. */
async function upload(name: string, colour: string, width = 1200, height = 675) {
  const file = path.join(server.dataDir, "uploads", "seed", `${name}.png`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, await imageBytes({ width, height, background: colour }));
  return `/uploads/seed/${name}.png`;
}

/** Long titles, more cards than a row holds, images, and a row in each staff inbox. */
async function seedContent() {
  await createFirstAdmin(ACCOUNTS.admin);
  const [events, programs] = await server.db
    .insert(categories)
    .values([
      { name: "فعاليات ومناسبات الجمعية الاجتماعية", slug: "events" },
      { name: "برامج", slug: "programs" },
    ])
    .returning();
  const day = (n: number) => new Date(Date.UTC(2026, 9, n, 8));
  const picture = await upload("wide", "#0f6b5c");
  const tall = await upload("tall", "#b7862c", 600, 1200);
  await server.db.insert(posts).values(
    Array.from({ length: 14 }, (_, i) => ({
      title: i % 3 === 0 ? `${LONG_TITLE} (${i + 1})` : `زيارة ميدانية رقم ${i + 1}`,
      slug: i === 0 ? "long-post" : `post-${i + 1}`,
      excerpt: i % 2 ? `${LONG_TITLE} ${LONG_WORD}` : "زيارة قصيرة.",
      content: `<p>${LONG_TITLE}</p><p dir="ltr">${LONG_WORD}</p><figure><img src="${picture}" alt="صورة الزيارة"><figcaption>${LONG_TITLE}</figcaption></figure>`,
      contentText: LONG_TITLE,
      status: "published" as const,
      publishedAt: day(28 - i),
      categoryId: i % 2 ? events.id : programs.id,
      featuredImage: i % 4 === 3 ? null : i % 5 === 1 ? tall : picture,
    })),
  );
  await server.db.insert(videos).values(
    Array.from({ length: 5 }, (_, i) => ({
      title: i ? `فيديو ${i + 1}` : LONG_TITLE,
      youtubeId: `layoutVid0${i}`.padEnd(11, "x").slice(0, 11),
      status: "published" as const,
      categoryId: events.id,
    })),
  );
  await server.db.insert(images).values(
    Array.from({ length: 7 }, (_, i) => ({
      title: i ? `صورة ${i + 1}` : LONG_TITLE,
      imageUrl: i % 2 ? tall : picture,
      categoryId: programs.id,
    })),
  );
  await server.db.insert(siteSettings).values({
    key: "donation_account",
    value: {
      title: "تبرّع لدعم كبار السن",
      description: LONG_TITLE,
      bank_name: "مصرف الراجحي",
      account_number: "608010167519608010167519",
      iban: "SA03 8000 0000 6080 1016 7519",
    },
  });
  await server.db.insert(volunteers).values({
    fullName: "عبدالرحمن بن عبدالعزيز بن عبدالله آل عبداللطيف",
    phone: "+966512345678",
    email: "abdulrahman.abdulaziz.abdullah@example-long-domain.com.sa",
    city: "الدمام",
    interests: VOLUNTEER_INTERESTS.map((interest) => interest.key),
    availability: VOLUNTEER_AVAILABILITY.map((slot) => slot.key),
    message: LONG_TITLE,
  });
  await server.db.insert(surveyResponses).values({
    audience: "visitors",
    answers: Object.fromEntries(SURVEY_QUESTIONS.visitors.map((q) => [q.key, 4])),
    comment: `${LONG_TITLE} ${LONG_WORD}`,
    contactName: "أم محمد",
    contactPhone: "+966512345678",
  });
  await server.db.insert(newsletterSubscribers).values({
    email: "subscriber.with.a.very.long.address@example-long-domain.com.sa",
    token: "layout-sweep-token",
    confirmedAt: day(1),
  });
}

const STAFF_SCREENS = [
  "/admin/dashboard",
  "/admin/dashboard/posts",
  "/admin/dashboard/posts/new",
  "/admin/dashboard/videos",
  "/admin/dashboard/videos/new",
  "/admin/dashboard/images",
  "/admin/dashboard/images/new",
  "/admin/dashboard/categories",
  "/admin/dashboard/volunteers",
  "/admin/dashboard/surveys",
  "/admin/dashboard/subscribers",
  "/admin/dashboard/users",
  "/admin/dashboard/settings",
  "/profile",
];

/** One line per problem, its widths gathered: what a developer reads to find it. */
function report(route: string, findings: (LayoutFinding & { at: string; width: number })[]) {
  const grouped = new Map<string, { widths: number[]; detail: string }>();
  for (const finding of findings) {
    const key = `${finding.at} · ${finding.kind}: ${finding.elements.join(" ⟷ ")}`;
    const entry = grouped.get(key) ?? {
      widths: [],
      detail: `${finding.detail} at ${finding.width} px`,
    };
    entry.widths.push(finding.width);
    grouped.set(key, entry);
  }
  return [...grouped].map(
    ([key, { widths, detail }]) => `${route} · ${widths.join(", ")} px · ${key} (${detail})`,
  );
}

/** The header's display choice, applied in place as its buttons do. */
async function showAs(page: Page, preferences: DisplayPreferences) {
  await page.evaluate((attributes) => {
    for (const [name, value] of Object.entries(attributes)) {
      if (value) document.documentElement.setAttribute(name, value);
      else document.documentElement.removeAttribute(name);
    }
  }, displayAttributes(preferences));
}

/** Every width, text size and contrast of the page as it is now; the findings as lines. */
async function sweep(page: Page, route: string): Promise<string[]> {
  const findings: (LayoutFinding & { at: string; width: number })[] = [];
  for (const textSize of TEXT_SIZES) {
    for (const contrast of SHOWN_CONTRASTS) {
      await showAs(page, { textSize, contrast });
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        // Measuring reads the boxes, which lays the page out at the new width first.
        const at = `text ${textSize} % · ${contrast === "more" ? "high" : "normal"} contrast`;
        for (const finding of await page.evaluate(findLayoutProblems)) {
          findings.push({ ...finding, at, width });
        }
      }
    }
  }
  return report(route, findings);
}

async function openScreen(page: Page, route: string) {
  const response = await page.goto(route);
  expect(response?.status(), route).toBe(200);
  await page.evaluate(() => document.fonts.ready);
}

beforeAll(async () => {
  server = await startInProcessServer();
  browser = await launchBrowser();
  await seedContent();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Pages shared by concurrent tests, each used by one test at a time. */
function pagePool(pages: Page[]) {
  const free = [...pages];
  const waiting: ((page: Page) => void)[] = [];
  return async <T>(use: (page: Page) => Promise<T>): Promise<T> => {
    const page = free.pop() ?? (await new Promise<Page>((resolve) => waiting.push(resolve)));
    try {
      return await use(page);
    } finally {
      const next = waiting.shift();
      if (next) next(page);
      else free.push(page);
    }
  };
}

/** Two pages at once: the browser lays one out while the test reads the other (2 cores). */
const PAGES_AT_ONCE = 2;

async function openPool(signedIn: boolean) {
  const context = await browser.newContext({ baseURL: server.url, locale: "ar-SA" });
  const pages = [await context.newPage()];
  if (signedIn) await login(pages[0], "admin");
  while (pages.length < PAGES_AT_ONCE) pages.push(await context.newPage());
  return { withPage: pagePool(pages), close: () => context.close() };
}

async function sweepScreen(
  withPage: ReturnType<typeof pagePool>,
  route: string,
  prepare?: (page: Page) => Promise<string>,
) {
  const findings = await withPage(async (page) => {
    const shown = prepare ? await prepare(page) : route;
    if (!prepare) await openScreen(page, route);
    return sweep(page, shown);
  });
  expect(findings, findings.join("\n")).toEqual([]);
}

describe.concurrent("every public page, at every width, text size and contrast", () => {
  let pool: Awaited<ReturnType<typeof openPool>>;
  beforeAll(async () => {
    pool = await openPool(false);
  });
  afterAll(() => pool.close());

  test.each([...publicPaths("long-post"), "/login"])("%s", (route) =>
    sweepScreen(pool.withPage, route),
  );
});

describe.concurrent("every staff screen, at every width, text size and contrast", () => {
  let pool: Awaited<ReturnType<typeof openPool>>;
  beforeAll(async () => {
    pool = await openPool(true);
  });
  afterAll(() => pool.close());

  test.each(STAFF_SCREENS)("%s", (route) => sweepScreen(pool.withPage, route));

  test("the post editor with a long post", () =>
    sweepScreen(pool.withPage, "the post editor", async (page) => {
      await openScreen(page, "/admin/dashboard/posts");
      const edit = page.getByRole("link", { name: /^تعديل «الجمعية تطلق/ }).first();
      await openScreen(page, (await edit.getAttribute("href")) ?? "");
      await page.locator("[contenteditable]").first().waitFor();
      return "the post editor";
    }));

  test("the home page signed in (the header's account links)", () =>
    sweepScreen(pool.withPage, "/ signed in", async (page) => {
      await openScreen(page, "/");
      return "/ signed in";
    }));
});

// Issue 23, item 3 (docs/decisions/050): a menu staff made long — 9 top items with long labels,
// sub-items under some — wraps as decision 042 says, on the public header and the menus screen.
describe.concurrent("a long menu, at every width, text size and contrast", () => {
  const LONG_LABELS = [
    "الصفحة الرئيسية للجمعية",
    "تعرّف على جمعية رفق ورسالتها",
    "الحوكمة والشفافية والتقارير",
    "خدمات الرعاية المنزلية المتكاملة",
    "البرامج الموسمية والمبادرات",
    "المركز الإعلامي والأخبار",
    "آراء المستفيدين وقياس الرضا",
    "التطوع مع فرق الزيارات الميدانية",
    "تبرّع الآن لدعم كبار السن",
  ];
  const PATHS = [
    "/",
    "/about",
    "/governance",
    "/services",
    "/services/programs",
    "/media",
    "/feedback",
    "/volunteer",
    "/donate",
  ];
  let signedOut: Awaited<ReturnType<typeof openPool>>;
  let signedIn: Awaited<ReturnType<typeof openPool>>;
  beforeAll(async () => {
    await server.db.insert(menus).values({
      id: "header",
      items: LONG_LABELS.map((label, index) => ({
        id: `long-${index}`,
        titleKey: null,
        label,
        href: PATHS[index],
        hidden: false,
        children:
          index % 3 === 1
            ? [
                {
                  id: `long-${index}-a`,
                  titleKey: null,
                  label: "الرؤية والرسالة والقيم",
                  href: "/about/vision",
                  hidden: false,
                  children: [],
                },
                {
                  id: `long-${index}-b`,
                  titleKey: null,
                  label: LONG_LABELS[index],
                  href: "/about/why",
                  hidden: false,
                  children: [],
                },
              ]
            : [],
      })),
    });
    [signedOut, signedIn] = await Promise.all([openPool(false), openPool(true)]);
  });
  afterAll(async () => {
    await Promise.all([signedOut?.close(), signedIn?.close()]);
    await server.db.delete(menus);
  });

  test.each(["/", "/services/programs"])("%s with the long menu", (route) =>
    sweepScreen(signedOut.withPage, `${route} (long menu)`, async (page) => {
      await openScreen(page, route);
      await page.getByRole("link", { name: LONG_LABELS[8] }).first().waitFor({ state: "attached" });
      return `${route} (long menu)`;
    }),
  );

  test("the menus screen with the long menu", () =>
    sweepScreen(signedIn.withPage, "/admin/dashboard/menus", async (page) => {
      await openScreen(page, "/admin/dashboard/menus");
      await page.getByText(LONG_LABELS[8]).first().waitFor({ state: "attached" });
      return "/admin/dashboard/menus (long menu)";
    }));
});
