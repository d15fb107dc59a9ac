import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SURVEY_QUESTIONS } from "~/content/feedback";
import { VOLUNTEER_AVAILABILITY, VOLUNTEER_INTERESTS } from "~/content/volunteer";
import { createFirstAdmin } from "~/models/users.server";
import {
  CONTRASTS,
  type Contrast,
  type DisplayPreferences,
  displayAttributes,
  TEXT_SIZES,
  type TextSize,
} from "~/shared/display-preferences";
import {
  categories,
  documents,
  eventRegistrations,
  events as eventsTable,
  images,
  mailQueue,
  menus,
  newsletterCampaigns,
  newsletterSubscribers,
  posts,
  siteSettings,
  surveyResponses,
  videos,
  volunteers,
} from "../../database/schema";
import { createTestForm, insertTestAnswer } from "../support/form-answers";
import { imageBytes } from "../support/images";
import { pdfBytes } from "../support/pdfs";
import { blockPagesTable, blockPageValues, SWEPT_PAGE } from "./support/block-pages";
import { launchBrowser, login } from "./support/browser";
import { insertE2eEvents } from "./support/events";
import { ACCOUNTS, SEEDED_EVENT_SLUG } from "./support/fixtures";
import { type InProcessServer, startInProcessServer } from "./support/in-process-server";
import {
  findLayoutProblems,
  focusRing,
  type LayoutFinding,
  shapeOf,
} from "./support/layout-checks";
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
/** The staff member signed in: a long address (a campaign's page shows it beside its test button). */
const STAFF = {
  ...ACCOUNTS.admin,
  email: "abdulrahman.abdulaziz.staff.member@example-long-domain.com.sa",
};

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
  await createFirstAdmin(STAFF);
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
  const [post] = await server.db
    .insert(posts)
    .values(
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
    )
    .returning({ id: posts.id });
  await insertE2eEvents(server.db);
  const [video] = await server.db
    .insert(videos)
    .values(
      Array.from({ length: 5 }, (_, i) => ({
        title: i ? `فيديو ${i + 1}` : LONG_TITLE,
        youtubeId: `layoutVid0${i}`.padEnd(11, "x").slice(0, 11),
        status: "published" as const,
        categoryId: events.id,
      })),
    )
    .returning({ id: videos.id });
  const [image] = await server.db
    .insert(images)
    .values(
      Array.from({ length: 7 }, (_, i) => ({
        title: i ? `صورة ${i + 1}` : LONG_TITLE,
        imageUrl: i % 2 ? tall : picture,
        categoryId: programs.id,
      })),
    )
    .returning({ id: images.id });
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
  const subscriber = "subscriber.with.a.very.long.address@example-long-domain.com.sa";
  await server.db.insert(newsletterSubscribers).values({
    email: subscriber,
    token: "layout-sweep-token",
    confirmedAt: day(1),
  });
  return {
    post: post.id,
    video: video.id,
    image: image.id,
    document: await seedDocument(),
    event: await seedRegistration(),
    ...(await seedCampaigns(subscriber, day(2))),
    ...(await seedRequest()),
  };
}

/** A request form built by staff with one answer (a photo) and its request (decision 071); ids. */
async function seedRequest() {
  const form = await createTestForm({ title: `طلب زيارة منزلية ${LONG_TITLE}` });
  const { request } = await insertTestAnswer({
    formId: form.id,
    phone: "+966512345678",
    email: "abdulrahman.abdulaziz.abdullah@example-long-domain.com.sa",
    photo: true,
  });
  return { form: form.id, request: request?.id ?? "" };
}

/** A published PDF in the library, its file in the server's uploads (docs/decisions/048). */
async function seedDocument() {
  const bytes = Buffer.from(await pdfBytes("Rifq annual report 2025", 2));
  const [document] = await server.db
    .insert(documents)
    .values({
      title: `التقرير السنوي ${LONG_TITLE}`,
      category: "reports",
      year: 2025,
      status: "published",
      fileKey: "documents/layout-sweep.pdf",
      fileSha256: createHash("sha256").update(bytes).digest("hex"),
      sizeBytes: bytes.length,
    })
    .returning({ id: documents.id });
  const file = path.join(server.dataDir, "uploads", "documents", "layout-sweep.pdf");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  return document.id;
}

/** The seeded event with one registration (a long name and e-mail); its id. */
async function seedRegistration() {
  const [event] = await server.db
    .select({ id: eventsTable.id })
    .from(eventsTable)
    .where(eq(eventsTable.slug, SEEDED_EVENT_SLUG));
  await server.db.insert(eventRegistrations).values({
    eventId: event.id,
    fullName: "عبدالرحمن بن عبدالعزيز بن عبدالله آل عبداللطيف",
    phone: "+966512345678",
    email: "abdulrahman.abdulaziz.abdullah@example-long-domain.com.sa",
    attendees: 2,
    status: "confirmed",
  });
  return event.id;
}

/** A campaign sent to the subscriber and a draft (its page has the sending card); their ids. */
async function seedCampaigns(subscriber: string, sentAt: Date) {
  const bodyHtml = `<p>${LONG_TITLE}</p><p dir="ltr">${LONG_WORD}</p>`;
  const [sent, draft] = await server.db
    .insert(newsletterCampaigns)
    .values([
      {
        subject: LONG_TITLE,
        bodyHtml,
        status: "sent",
        sendAt: sentAt,
        finishedAt: sentAt,
        recipientCount: 1,
      },
      { subject: `مسودة: ${LONG_TITLE}`, bodyHtml },
    ])
    .returning({ id: newsletterCampaigns.id });
  await server.db.insert(mailQueue).values({
    kind: "campaign",
    campaignId: sent.id,
    recipient: subscriber,
    status: "sent",
    sentAt,
  });
  return { sentCampaign: sent.id, campaign: draft.id };
}

/**
 * Every staff screen (issue 40): lists, new, edit and view screens, registrations, the inboxes,
 * menus, settings, users, the overview. `:post`, `:event`… stand for the seeded items' ids.
 */
const STAFF_SCREENS = [
  "/admin/dashboard",
  ...["posts", "videos", "images", "documents", "pages", "events", "campaigns", "forms"].flatMap(
    (section) => [
      `/admin/dashboard/${section}`,
      `/admin/dashboard/${section}/new`,
      `/admin/dashboard/${section}/:${section.slice(0, -1)}/edit`,
    ],
  ),
  "/admin/dashboard/events/:event/registrations",
  "/admin/dashboard/campaigns/:campaign",
  "/admin/dashboard/campaigns/:sentCampaign",
  "/admin/dashboard/categories",
  "/admin/dashboard/volunteers",
  // Issue 36: a built form's answers and a request's page (docs/decisions/071, 072).
  "/admin/dashboard/forms/:form/answers",
  "/admin/dashboard/requests",
  "/admin/dashboard/requests/:request",
  "/admin/dashboard/surveys",
  "/admin/dashboard/subscribers",
  "/admin/dashboard/statistics",
  "/admin/dashboard/users",
  "/admin/dashboard/settings",
  "/admin/dashboard/menus",
  // Issue 36: one person's data (docs/decisions/073), empty and with what a number holds.
  "/admin/dashboard/privacy",
  "/admin/dashboard/privacy?contact=0501234567&confirm=1",
  "/admin/dashboard/audit-log",
  "/profile",
  "/account/two-factor",
];

/** Phones first (issue 40: staff forms were 412–500 px wide at 390 px), then wider screens. */
const STAFF_WIDTHS = [320, 360, 375, 390, 414, 768, 1024, 1280, 1366, 1920];
/** High contrast swaps colour tokens only (app/app.css), never a size: normal contrast here. */
const STAFF_PASS: SweepOptions = { widths: STAFF_WIDTHS, contrasts: ["normal"] };

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

interface SweepOptions {
  widths?: readonly number[];
  textSizes?: readonly TextSize[];
  contrasts?: readonly Contrast[];
  /** Windows high contrast (`forced-colors: active`), emulated. */
  forcedColors?: boolean;
  /** Controls that must also be 44 × 44 px at every width (a selector). */
  targets?: string;
}

/** Every width, text size and contrast of the page as it is now; the findings as lines. */
async function sweep(page: Page, route: string, options: SweepOptions = {}): Promise<string[]> {
  const {
    widths = WIDTHS,
    textSizes = TEXT_SIZES,
    contrasts = SHOWN_CONTRASTS,
    forcedColors = false,
    targets,
  } = options;
  const findings: (LayoutFinding & { at: string; width: number })[] = [];
  if (forcedColors) await page.emulateMedia({ forcedColors: "active" });
  try {
    for (const textSize of textSizes) {
      for (const contrast of contrasts) {
        await showAs(page, { textSize, contrast });
        for (const width of widths) {
          await page.setViewportSize({ width, height: HEIGHT });
          // Measuring reads the boxes, which lays the page out at the new width first.
          const at = forcedColors
            ? `text ${textSize} % · forced colours`
            : `text ${textSize} % · ${contrast === "more" ? "high" : "normal"} contrast`;
          for (const finding of await page.evaluate(findLayoutProblems, targets)) {
            findings.push({ ...finding, at, width });
          }
        }
      }
    }
  } finally {
    if (forcedColors) await page.emulateMedia({ forcedColors: "none" });
  }
  return report(route, findings);
}

/** Forced colours change borders and outlines, not sizes: a few widths at the normal text size. */
const FORCED_COLOURS_PASS: SweepOptions = {
  widths: [320, 768, 1280],
  textSizes: ["100"],
  contrasts: ["normal"],
  forcedColors: true,
};

/** Opens a screen; a staff screen (`withApp`) once its app is running (its editors mounted). */
async function openScreen(page: Page, route: string, withApp = false) {
  const response = await page.goto(route);
  expect(response?.status(), route).toBe(200);
  if (withApp) {
    await page.locator("html[data-test-app='ready']").waitFor({ state: "attached" });
    // A rich text field shows its plain text area (dir="rtl") until its editor has loaded.
    await page.waitForFunction(() => !document.querySelector("textarea[dir='rtl']"));
  }
  await page.evaluate(() => document.fonts.ready);
}

/** The seeded items' ids, by the names STAFF_SCREENS gives them. */
let seeded: Record<string, string>;

beforeAll(async () => {
  server = await startInProcessServer();
  browser = await launchBrowser();
  const ids = await seedContent();
  // A page built from blocks, with a block of every kind (docs/decisions/049).
  const [page] = await server.db
    .insert(blockPagesTable)
    .values(blockPageValues(await upload("ramadan", "#0f6b5c")))
    .returning({ id: blockPagesTable.id });
  seeded = { ...ids, page: page.id };
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
  // root.tsx announces its running app; openScreen(…, true) waits for it.
  await context.addInitScript(() =>
    window.addEventListener("rifq:hydrated", () => {
      document.documentElement.dataset.testApp = "ready";
    }),
  );
  const pages = [await context.newPage()];
  if (signedIn) await login(pages[0], STAFF);
  while (pages.length < PAGES_AT_ONCE) pages.push(await context.newPage());
  return { withPage: pagePool(pages), close: () => context.close() };
}

async function sweepScreen(
  withPage: ReturnType<typeof pagePool>,
  route: string,
  prepare?: (page: Page) => Promise<string>,
  passes: SweepOptions[] = [{}],
) {
  const findings = await withPage(async (page) => {
    const shown = prepare ? await prepare(page) : route;
    if (!prepare) await openScreen(page, route);
    const found: string[] = [];
    for (const pass of passes) found.push(...(await sweep(page, shown, pass)));
    return found;
  });
  expect(findings, findings.join("\n")).toEqual([]);
}

describe.concurrent("every public page, at every width, text size and contrast", () => {
  let pool: Awaited<ReturnType<typeof openPool>>;
  beforeAll(async () => {
    pool = await openPool(false);
  });
  afterAll(() => pool.close());

  test.each([...publicPaths("long-post", SWEPT_PAGE), "/login"])("%s", (route) =>
    sweepScreen(pool.withPage, route, undefined, [{}, FORCED_COLOURS_PASS]),
  );
});

describe.concurrent("every staff screen, at phone widths and wider, at every text size", () => {
  let pool: Awaited<ReturnType<typeof openPool>>;
  beforeAll(async () => {
    pool = await openPool(true);
  });
  afterAll(() => pool.close());

  test.each(STAFF_SCREENS)("%s", (screen) =>
    sweepScreen(
      pool.withPage,
      screen,
      async (page) => {
        const route = screen.replace(/:(\w+)/g, (_, name: string) => seeded[name]);
        await openScreen(page, route, true);
        return screen;
      },
      [STAFF_PASS],
    ),
  );

  test("the home page signed in (the header's account links)", () =>
    sweepScreen(pool.withPage, "/ signed in", async (page) => {
      await openScreen(page, "/");
      return "/ signed in";
    }));
});

// Issue 26: edit mode on a phone, with a text's in-place editor open and with its history dialog
// open (the page scrolled 29 px sideways at 390 px; the dialog's close button was 33 px wide).
// Its own signed-in context: edit mode, once on, stays on for the pages of its browser.
describe("edit mode on a phone", () => {
  const PHONE_WIDTHS = [320, 360, 390, 414];
  /** The editor's and the dialog's buttons keep their 44 px in their rows. */
  const EDIT_TARGETS = '[role="dialog"] button, [data-history-button], [data-edit-control]:focus';
  let pool: Awaited<ReturnType<typeof openPool>>;
  let page: Page;
  beforeAll(async () => {
    const context = await browser.newContext({
      baseURL: server.url,
      locale: "ar-SA",
      viewport: { width: 390, height: HEIGHT },
    });
    page = await context.newPage();
    await login(page, STAFF);
    await openScreen(page, "/");
    await page.getByRole("button", { name: "تفعيل وضع التحرير" }).click();
    await page.getByText("وضع التحرير مفعّل: انقر على أي نص لتعديله").waitFor();
    pool = { withPage: pagePool([page]), close: () => context.close() };
  });
  afterAll(() => pool.close());

  const phone: SweepOptions = { widths: PHONE_WIDTHS, targets: EDIT_TARGETS };

  test("the in-place editor open", () =>
    sweepScreen(
      pool.withPage,
      "/ in edit mode, editor open",
      async () => {
        await page.locator('[data-block="hero-title"]').click();
        await page.getByRole("textbox", { name: "تحرير النص" }).waitFor();
        return "/ in edit mode, editor open";
      },
      [phone],
    ));

  test("the history dialog open", () =>
    sweepScreen(
      pool.withPage,
      "/ in edit mode, history dialog",
      async () => {
        await page.locator("[data-history-button]").click();
        await page.getByRole("dialog", { name: "سجل تعديلات النص" }).waitFor();
        return "/ in edit mode, history dialog";
      },
      [phone],
    ));
});

// Issue 26: in forced colours (Windows high contrast) backgrounds and box-shadows are dropped;
// a focused control still shows an outline, and the current page's menu item and a pressed text
// size are told apart by more than colour.
describe("forced colours: focus rings and the current item", () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await browser.newContext({ baseURL: server.url, locale: "ar-SA" });
  });
  afterAll(() => context.close());

  async function openForced(route: string, width: number) {
    const page = await context.newPage();
    await page.setViewportSize({ width, height: HEIGHT });
    await page.emulateMedia({ forcedColors: "active" });
    await openScreen(page, route);
    return page;
  }

  /** Focuses each control as the keyboard would show it; the ones without a drawn ring. */
  async function withoutRing(page: Page, selectors: string[]) {
    const missing: string[] = [];
    for (const selector of selectors) {
      const control = page.locator(selector).first();
      await control.focus();
      const ring = await control.evaluate(focusRing);
      if (!ring.focusVisible || !ring.drawn) missing.push(`${selector}: ${ring.outline}`);
    }
    return missing;
  }

  test("on a wide screen: menu links and buttons, the text-size buttons, search", async () => {
    const page = await openForced("/about", 1280);
    expect(
      await withoutRing(page, [
        'nav.site-nav-wide a[href="/"]',
        'nav.site-nav-wide a[aria-current="page"]',
        'nav.site-nav-wide button[aria-label^="صفحات"]',
        'button[name="textSize"][value="100"]',
        'button[name="textSize"][value="150"]',
        'button[name="contrast"]',
        'a[aria-label="البحث في الموقع"]',
        'a[href="/login"]',
        'nav[aria-label="روابط سريعة"] a',
      ]),
    ).toEqual([]);
    // Nothing focused: the shapes at rest.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const shape = (selector: string) => page.locator(selector).first().evaluate(shapeOf);
    expect(await shape('nav.site-nav-wide a[aria-current="page"]')).not.toEqual(
      await shape('nav.site-nav-wide a[href="/services"]'),
    );
    expect(await shape('button[name="textSize"][aria-pressed="true"]')).not.toEqual(
      await shape('button[name="textSize"][aria-pressed="false"]'),
    );
    await page.close();
  });

  test("on a phone: the menu button, form fields, choices and the send button", async () => {
    const page = await openForced("/volunteer", 390);
    expect(
      await withoutRing(page, [
        "summary",
        'a[aria-label="البحث في الموقع"]',
        'main input[autocomplete="name"]',
        'main input[type="tel"]',
        'main input[type="radio"]',
        'main input[type="checkbox"]',
        "main textarea",
        'main button[type="submit"]',
      ]),
    ).toEqual([]);
    await page.close();
  });
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
