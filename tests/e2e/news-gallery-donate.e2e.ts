import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { categories, images, posts, siteSettings, users, videos } from "../../database/schema";
import { imageBytes } from "../support/images";
import {
  DESKTOP,
  expectAccessible,
  launchBrowser,
  openPage,
  PHONE,
  READER_AGENT,
  YOUTUBE_ADDRESSES,
} from "./support/browser";
import { type InProcessServer, startInProcessServer } from "./support/in-process-server";

// The news, gallery and donate pages against content seeded straight into the database of
// a server running in this process. Every check runs at phone and desktop width.

let server: InProcessServer;
let browser: Browser;
const contexts: { close(): Promise<void> }[] = [];

const WIDTHS = [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const;

beforeAll(async () => {
  server = await startInProcessServer();
  browser = await launchBrowser();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(viewport: typeof PHONE, pathname: string, options?: { userAgent?: string }) {
  const opened = await openPage(browser, viewport, server.url, options);
  contexts.push(opened.context);
  await opened.page.goto(pathname);
  return opened;
}

/** A real image file in the server's uploads, answered at the returned /uploads/ URL. */
async function upload(name: string, colour: string): Promise<string> {
  const file = path.join(server.dataDir, "uploads", "seed", `${name}.png`);
  mkdirSync(path.dirname(file), { recursive: true });
  const png = await imageBytes({ background: colour });
  writeFileSync(file, png);
  return `/uploads/seed/${name}.png`;
}

const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return decodeURIComponent(url.pathname + url.search);
};

describe("empty pages say so kindly", () => {
  test.each(WIDTHS)("news, gallery and donate before any content (%s)", async (_, viewport) => {
    const news = await open(viewport, "/media/news");
    await news.page.getByText("لا توجد أخبار لعرضها").waitFor();
    expect(await news.page.getByText("أخبار مميزة").count()).toBe(0);
    await expectAccessible(news.page);

    const gallery = await open(viewport, "/media/gallery");
    await gallery.page.getByText("المعرض في طور الإعداد").waitFor();
    expect(await gallery.page.getByTestId("stat-total").textContent()).toBe("0");
    await expectAccessible(gallery.page);

    const donate = await open(viewport, "/donate");
    await donate.page.getByTestId("donate-no-details").waitFor();
    expect(await donate.page.getByRole("button", { name: /نسخ/ }).count()).toBe(0);
    await expectAccessible(donate.page);

    expect([...news.errors, ...gallery.errors, ...donate.errors]).toEqual([]);
  });
});

/**
 * A post's body as the model stores it (docs/decisions/030): sanitized HTML paragraphs and, beside
 * it, the plain text that cards and excerpts use. Markup typed as text stays text.
 */
function article(text: string) {
  const escaped = (paragraph: string) =>
    paragraph.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
  const paragraphs = text.split("\n\n");
  return {
    content: paragraphs.map((paragraph) => `<p>${escaped(paragraph)}</p>`).join(""),
    contentText: paragraphs.join("\n\n"),
  };
}

describe("with content", () => {
  beforeAll(async () => {
    const [events, programs] = await server.db
      .insert(categories)
      .values([
        { name: "فعاليات", slug: "events" },
        { name: "برامج", slug: "programs" },
      ])
      .returning();
    await server.db.insert(users).values({
      id: "author-hind",
      fullName: "هند الزهراني",
      email: "hind@rifq.test",
      role: "editor",
    });
    const day = (n: number) => new Date(Date.UTC(2026, 9, n, 8));
    await server.db.insert(posts).values([
      {
        title: "اليوم العالمي لكبار السن",
        slug: "world-day",
        excerpt: "احتفاء بكبارنا في الدمام بمشاركة واسعة من الأسر.",
        ...article(
          "احتفلت الجمعية باليوم العالمي لكبار السن بمشاركة واسعة.\n\nوقدم المتطوعون فقرات ترفيهية <b>وهدايا</b>.",
        ),
        status: "published",
        publishedAt: day(20),
        categoryId: events.id,
        authorId: "author-hind",
        featuredImage: await upload("world-day", "#0f6b5c"),
      },
      {
        title: "برنامج التعلم مدى الحياة",
        slug: "lifelong-learning",
        ...article(
          `انطلق برنامج التعلم مدى الحياة لكبار السن. ${"دروس وورش عمل أسبوعية. ".repeat(20)}`,
        ),
        status: "published",
        publishedAt: day(15),
        categoryId: programs.id,
        featuredImage: await upload("learning", "#b7862c"),
      },
      {
        title: "زيارات منزلية",
        slug: "home-visits",
        ...article("زار فريق الرعاية المنزلية عدداً من كبار السن في منازلهم."),
        status: "published",
        publishedAt: day(10),
      },
      {
        title: "مسودة لا تنشر",
        slug: "secret-draft",
        ...article("نص لم يكتمل"),
        status: "draft",
        categoryId: events.id,
        featuredImage: await upload("draft", "#333333"),
      },
    ]);
    await server.db.insert(videos).values([
      {
        title: "جولة في المركز النهاري",
        youtubeId: "dQw4w9WgXcQ",
        status: "published",
        viewsCount: 1200,
        categoryId: events.id,
      },
      { title: "فيديو مسودة", youtubeId: "aaaaaaaaaaa", status: "draft", viewsCount: 99 },
    ]);
    await server.db.insert(images).values([
      {
        title: "ورشة الرسم",
        imageUrl: await upload("painting", "#e6f2ef"),
        categoryId: programs.id,
      },
      { title: "لقاء الأسر", imageUrl: await upload("families", "#fbf3e3") },
    ]);
    await server.db.insert(siteSettings).values({
      key: "donation_account",
      value: {
        title: "تبرّع لدعم كبار السن",
        description: "كل ريال يصل إلى برامج الرعاية.",
        bank_name: "مصرف الراجحي",
        account_number: "608010167519",
        iban: "SA03 8000 0000 6080 1016 7519",
      },
    });
  });

  test.each(WIDTHS)(
    "the news page: featured block, chips and filtering (%s)",
    async (_, viewport) => {
      const { page, errors } = await open(viewport, "/media/news");
      const featured = page.locator("section", {
        has: page.getByRole("heading", { name: "أخبار مميزة" }),
      });
      expect(await featured.getByRole("article").count()).toBe(2);
      expect(await featured.getByText("خبر مميز").count()).toBe(2);

      const list = page.getByTestId("news-list");
      const titles = () => list.getByRole("heading").allTextContents();
      expect(await titles()).toEqual([
        "اليوم العالمي لكبار السن",
        "برنامج التعلم مدى الحياة",
        "زيارات منزلية",
      ]);
      expect(await page.getByText("مسودة لا تنشر").count()).toBe(0);

      const chips = page.getByRole("navigation", { name: "تصفّح حسب التصنيف" }).getByRole("link");
      expect(await chips.allTextContents()).toEqual(["جميع الأخبار", "فعاليات", "برامج", "عام"]);
      expect(await chips.first().getAttribute("aria-current")).toBe("true");

      // The card text: the excerpt, else the start of the content cut with an ellipsis.
      expect(await list.getByText("احتفاء بكبارنا في الدمام بمشاركة واسعة من الأسر.").count()).toBe(
        1,
      );
      const cut = await list.getByRole("article").nth(1).locator("p").textContent();
      expect(cut?.endsWith("…")).toBe(true);
      // Author and category fallbacks.
      const homeVisits = list.getByRole("article").nth(2);
      expect(await homeVisits.getByText("مجهول").count()).toBe(1);
      expect(await homeVisits.getByText("عام", { exact: true }).count()).toBe(1);

      await chips.filter({ hasText: "برامج" }).click();
      await page.waitForURL((url) => url.search.includes("category="));
      expect(pathAndQuery(page)).toBe("/media/news?category=برامج");
      await expect.poll(titles).toEqual(["برنامج التعلم مدى الحياة"]);
      expect(await chips.filter({ hasText: "برامج" }).getAttribute("aria-current")).toBe("true");
      // The featured block does not follow the filter.
      expect(await featured.getByRole("article").count()).toBe(2);

      await chips.filter({ hasText: "عام" }).click();
      await expect.poll(titles).toEqual(["زيارات منزلية"]);
      await chips.first().click();
      await expect.poll(titles).toHaveLength(3);
      await expectAccessible(page);
      expect(errors).toEqual([]);
    },
  );

  test("a chip's link works without JavaScript and an unknown category shows the empty message", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`/media/news?category=${encodeURIComponent("فعاليات")}`);
    expect(await page.getByTestId("news-list").getByRole("heading").allTextContents()).toEqual([
      "اليوم العالمي لكبار السن",
    ]);
    await page.goto(`/media/news?category=${encodeURIComponent("لا يوجد")}`);
    await page.getByText("لا توجد أخبار منشورة في هذا التصنيف حالياً", { exact: false }).waitFor();
  });

  test.each(WIDTHS)("a post's page, its view count and the way back (%s)", async (_, viewport) => {
    const [{ views: before }] = await server.db
      .select({ views: posts.viewsCount })
      .from(posts)
      .where(eq(posts.slug, "world-day"));
    const { page, errors } = await open(viewport, "/media/news", { userAgent: READER_AGENT });
    // Each width is another reader (a reader's views of a post count once an hour).
    await page
      .context()
      .setExtraHTTPHeaders({ "x-forwarded-for": `203.0.113.${viewport.width % 250}` });
    await page
      .getByTestId("news-list")
      .getByRole("link", { name: "اليوم العالمي لكبار السن" })
      .click();
    await page.waitForURL("**/media/news/world-day");
    await page.getByRole("heading", { level: 1, name: "اليوم العالمي لكبار السن" }).waitFor();
    expect(await page.getByText("هند الزهراني").count()).toBe(1);
    expect(await page.getByText("فعاليات", { exact: true }).count()).toBe(1);
    const content = page.getByTestId("post-content");
    expect(await content.locator("p").allTextContents()).toEqual([
      "احتفلت الجمعية باليوم العالمي لكبار السن بمشاركة واسعة.",
      "وقدم المتطوعون فقرات ترفيهية <b>وهدايا</b>.",
    ]);
    expect(await content.locator("b").count()).toBe(0);
    expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toContain(
      "اليوم العالمي لكبار السن",
    );
    expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toBe(
      `${server.url}/uploads/seed/world-day.png`,
    );
    // Opened by a client navigation (a data request): counted beside the response.
    const viewsNow = async () =>
      (
        await server.db
          .select({ views: posts.viewsCount })
          .from(posts)
          .where(eq(posts.slug, "world-day"))
      )[0].views;
    await expect.poll(viewsNow).toBe(before + 1);
    await expectAccessible(page);

    await page.getByRole("link", { name: "العودة إلى الأخبار" }).click();
    await page.waitForURL((url) => url.pathname === "/media/news");
    expect(errors).toEqual([]);
  });

  test("a draft's slug and an unknown slug answer 404 with the not-found page", async () => {
    for (const slug of ["secret-draft", "no-such-post"]) {
      const response = await fetch(`${server.url}/media/news/${slug}`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("نص لم يكتمل");
    }
    const { page } = await open(PHONE, "/media/news/secret-draft");
    await page.getByText("عذراً، الصفحة غير موجودة").waitFor();
    // Still inside the site's layout, with its header and footer.
    expect(await page.locator('footer [data-setting="contact_info.phone"]').count()).toBe(1);
  });

  test.each(WIDTHS)(
    "the gallery: stats, filters with counts, and play on demand (%s)",
    async (_, viewport) => {
      const { page, errors, context } = await open(viewport, "/media/gallery");
      // Nothing may reach YouTube before the visitor presses play; afterwards a stand-in answers.
      const youtubeRequests: string[] = [];
      await context.route(YOUTUBE_ADDRESSES, (route) => {
        youtubeRequests.push(route.request().url());
        return route.fulfill({ contentType: "text/html", body: "<title>player</title>" });
      });
      const stat = (key: string) => page.getByTestId(`stat-${key}`).textContent();
      expect(await stat("total")).toBe("3");
      expect(await stat("videos")).toBe("1");
      expect(await stat("images")).toBe("2");
      expect(await stat("views")).toBe("1,200");
      expect(await page.getByText("فيديو مسودة").count()).toBe(0);

      const filters = page.getByRole("navigation", { name: "تصفية الوسائط" }).getByRole("link");
      expect(await filters.allTextContents()).toEqual([
        "الكل3",
        "الفيديوهات1",
        "الصور2",
        "الفعاليات1",
        "البرامج1",
      ]);
      const cards = page.getByTestId("gallery-card");
      expect(await cards.count()).toBe(3);

      await filters.filter({ hasText: "الصور" }).click();
      await page.waitForURL((url) => url.search === "?type=images");
      await expect.poll(() => cards.count()).toBe(2);
      expect(await cards.first().getAttribute("data-type")).toBe("image");

      await filters.filter({ hasText: "البرامج" }).click();
      await page.waitForURL((url) => url.search === "?type=programs");
      await expect.poll(() => cards.count()).toBe(1);
      expect(await cards.first().getByRole("heading").textContent()).toBe("ورشة الرسم");

      await filters.filter({ hasText: "الفيديوهات" }).click();
      await page.waitForURL((url) => url.search === "?type=videos");
      // The programs filter also showed one card: wait for the video card itself.
      await expect.poll(() => cards.first().getAttribute("data-type")).toBe("video");
      expect(await cards.count()).toBe(1);
      const video = cards.first();
      expect(await video.getByText("فيديو", { exact: true }).count()).toBe(1);
      expect(await video.getByText("1,200").count()).toBe(1);
      expect(await video.locator("iframe, img").count()).toBe(0);
      expect(youtubeRequests).toEqual([]);
      await expectAccessible(page);

      await video.getByRole("button", { name: /تشغيل الفيديو/ }).click();
      const player = video.locator("iframe");
      expect(await player.getAttribute("src")).toBe(
        "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0",
      );
      expect(await player.getAttribute("title")).toBe("جولة في المركز النهاري");
      await expect.poll(() => youtubeRequests.length).toBeGreaterThan(0);
      expect(
        youtubeRequests.every((url) => url.startsWith("https://www.youtube-nocookie.com/")),
      ).toBe(true);

      // The channel section with the spec's static figures.
      for (const figure of ["50+", "1.2K", "25K"]) {
        expect(await page.getByText(figure, { exact: true }).count()).toBe(1);
      }
      expect(errors).toEqual([]);
    },
  );

  test("the gallery's channel button links to the stored YouTube channel", async () => {
    const { page } = await open(DESKTOP, "/media/gallery");
    expect(await page.getByRole("link", { name: /زيارة القناة/ }).count()).toBe(0);
    await server.db.insert(siteSettings).values({
      key: "social_links",
      value: { facebook: "", twitter: "", instagram: "", youtube: "https://www.youtube.com/@rifq" },
    });
    await page.reload();
    expect(await page.getByRole("link", { name: /زيارة القناة/ }).getAttribute("href")).toBe(
      "https://www.youtube.com/@rifq",
    );
  });

  test.each(WIDTHS)("the donate page copies each detail and confirms (%s)", async (_, viewport) => {
    const { page, errors, context } = await open(viewport, "/donate");
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    await page.getByRole("heading", { level: 1, name: "تبرّع لدعم كبار السن" }).waitFor();
    expect(await page.getByText("كل ريال يصل إلى برامج الرعاية.").count()).toBe(1);
    expect(await page.getByTestId("donate-bank_name").textContent()).toBe("مصرف الراجحي");
    expect(await page.getByTestId("donate-account_number").textContent()).toBe("608010167519");
    const iban = page.getByTestId("donate-iban");
    expect(await iban.textContent()).toBe("SA03 8000 0000 6080 1016 7519");
    expect(await iban.getAttribute("dir")).toBe("ltr");
    expect(await page.getByText("سورة البقرة، الآية 261").count()).toBe(1);

    const copyIban = page.getByRole("button", { name: "نسخ رقم الآيبان" });
    await copyIban.click();
    await page.getByRole("status").filter({ hasText: "تم النسخ" }).waitFor({ state: "attached" });
    expect(await copyIban.getByText("تم النسخ").isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      "SA0380000000608010167519",
    );

    await page.getByRole("button", { name: "نسخ اسم البنك" }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe("مصرف الراجحي");
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
});
