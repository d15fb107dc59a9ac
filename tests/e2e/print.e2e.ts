import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { categories, posts, siteSettings } from "../../database/schema";
import { imageBytes } from "../support/images";
import { launchBrowser, openPage } from "./support/browser";
import { type InProcessServer, startInProcessServer } from "./support/in-process-server";

// Issue 26, item 3: a reader prints a news article or the donation details. The page is printed
// by Chromium (page.pdf, print media) and the PDF must parse with a sane page count; what is on
// the paper is checked in the page laid out for print at the paper's width: the site's controls
// are not drawn, the article and its pictures are, and the account numbers print whole.
// PRINT_PDF_DIR=<folder> keeps the PDFs for a person to look at.

/** A4 (210 mm) less the 2 × 14 mm margins of app.css's @page, in CSS px (96 per inch). */
const PAPER_WIDTH = Math.floor(((210 - 28) / 25.4) * 96);

const TITLE = "الجمعية تطلق مبادرة «رفقاء الحي» لزيارة كبار السن في منازلهم";
const EXTERNAL = "https://www.hrsd.gov.sa/ar/elderly-care";
const IBAN = "SA0380000000608010167519";
const ACCOUNT_NUMBER = "608010167519608010167519";

let server: InProcessServer;
let browser: Browser;

async function upload(name: string, width: number, height: number) {
  const file = path.join(server.dataDir, "uploads", "seed", `${name}.png`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, await imageBytes({ width, height, background: "#0f6b5c" }));
  return `/uploads/seed/${name}.png`;
}

beforeAll(async () => {
  server = await startInProcessServer();
  browser = await launchBrowser();
  const [category] = await server.db
    .insert(categories)
    .values({ name: "فعاليات", slug: "events" })
    .returning();
  const wide = await upload("wide", 2400, 1350);
  const paragraph = "زار متطوعو الجمعية عشرات البيوت في أحياء الدمام والخبر، ".repeat(6);
  await server.db.insert(posts).values({
    title: TITLE,
    slug: "print-me",
    excerpt: "زيارات أسبوعية يشارك فيها طلاب الجامعات.",
    content: [
      `<p>${paragraph}</p>`,
      "<h2>كيف تشارك</h2>",
      `<p>سجّل في صفحة التطوع، أو اقرأ <a href="${EXTERNAL}">دليل رعاية كبار السن</a> قبل زيارتك.</p>`,
      `<figure><img src="${wide}" alt="متطوعون في زيارة"><figcaption>متطوعون في زيارة منزلية</figcaption></figure>`,
      `<p>${paragraph}</p>`.repeat(3),
    ].join(""),
    contentText: paragraph,
    status: "published",
    publishedAt: new Date(Date.UTC(2026, 9, 20, 8)),
    categoryId: category.id,
    featuredImage: wide,
  });
  await server.db.insert(siteSettings).values({
    key: "social_links",
    value: {
      facebook: "https://www.facebook.com/rifq",
      twitter: "https://x.com/rifq",
      instagram: "",
      youtube: "",
    },
  });
  await server.db.insert(siteSettings).values({
    key: "donation_account",
    value: {
      title: "تبرّع لدعم كبار السن",
      description: "تبرعك يصل إلى كبار السن في بيوتهم.",
      bank_name: "مصرف الراجحي",
      account_number: ACCOUNT_NUMBER,
      iban: IBAN,
    },
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The page as the printer lays it out: print media, the paper's width, every image loaded. */
async function openForPrint(pathname: string) {
  const { page, context, errors } = await openPage(
    browser,
    { width: PAPER_WIDTH, height: 1000 },
    server.url,
  );
  const response = await page.goto(pathname);
  expect(response?.status()).toBe(200);
  await page.emulateMedia({ media: "print" });
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images].map((image) => (image.complete ? null : image.decode().catch(() => {}))),
    );
  });
  return { page, context, errors };
}

/** Not drawn: the element or one of its ancestors is `display: none`. */
function notPrinted(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        if (getComputedStyle(node).display === "none") return true;
      }
      return false;
    }),
  );
}

/** The PDF Chromium prints: it parses, and its pages are counted. */
async function printedPages(page: Page, name: string) {
  const pdf = await page.pdf({ format: "A4" });
  if (process.env.PRINT_PDF_DIR) {
    mkdirSync(process.env.PRINT_PDF_DIR, { recursive: true });
    writeFileSync(path.join(process.env.PRINT_PDF_DIR, `${name}.pdf`), pdf);
  }
  const document = await PDFDocument.load(pdf);
  return document.getPageCount();
}

/** The site's controls a printout leaves out, on every public page. */
const SITE_CONTROLS = {
  "the skip link": 'a[href="#main"]',
  "the text-size and contrast controls": 'form[aria-label="إعدادات العرض"]',
  "the search link": 'a[aria-label="البحث في الموقع"]',
  "the menus": 'nav[aria-label="القائمة الرئيسية"], details.site-nav-compact',
  "the footer's quick links": 'nav[aria-label="روابط سريعة"]',
  "the footer's social links": 'ul[aria-label="حساباتنا على مواقع التواصل"]',
  "the footer's privacy link": 'footer a[href="/privacy"]',
};

async function expectControlsNotPrinted(page: Page) {
  for (const [name, selector] of Object.entries(SITE_CONTROLS)) {
    const hidden = await notPrinted(page, selector);
    expect(hidden.length, `${name} are on the page`).toBeGreaterThan(0);
    expect(hidden, `${name} are not printed`).not.toContain(false);
  }
}

describe("printing", () => {
  test("a news article prints its title, text and pictures in RTL, without the site's controls", async () => {
    const { page, context, errors } = await openForPrint("/media/news/print-me");

    await expectControlsNotPrinted(page);
    expect(await notPrinted(page, 'a:has-text("العودة إلى الأخبار")')).toEqual([true]);
    expect(await notPrinted(page, 'a:has-text("تصفّح المزيد من الأخبار")')).toEqual([true]);

    const printed = await page.evaluate(() => {
      const body = document.querySelector('[data-testid="post-content"]') as HTMLElement;
      const figure = body.querySelector("figure") as HTMLElement;
      const heading = body.querySelector("h2") as HTMLElement;
      const link = body.querySelector('a[href^="http"]') as HTMLElement;
      const root = document.documentElement;
      return {
        direction: getComputedStyle(root).direction,
        pageWidth: root.scrollWidth,
        paperWidth: root.clientWidth,
        title: document.querySelector("h1")?.textContent,
        bodyShown: body.checkVisibility() && body.getBoundingClientRect().height > 200,
        bodyText: body.textContent ?? "",
        bodyFontPx: Number.parseFloat(getComputedStyle(body).fontSize),
        bodyColour: getComputedStyle(body).color,
        images: [...document.querySelectorAll("main img")].map((image) => {
          const box = image.getBoundingClientRect();
          return {
            loaded: (image as HTMLImageElement).naturalWidth > 0,
            inside: box.left >= -1 && box.right <= root.clientWidth + 1 && box.width > 200,
          };
        }),
        figureBreak: getComputedStyle(figure).breakInside,
        headingBreak: getComputedStyle(heading).breakAfter,
        linkAddress: getComputedStyle(link, "::after").content,
      };
    });
    expect(printed.direction).toBe("rtl");
    expect(printed.title).toBe(TITLE);
    expect(printed.bodyShown).toBe(true);
    expect(printed.bodyText).toContain("كيف تشارك");
    // Black on white at 14 pt or more (the reader's eyes, and no colour lost on paper).
    expect(printed.bodyFontPx).toBeGreaterThanOrEqual(18.5);
    expect(printed.bodyColour).toBe("rgb(0, 0, 0)");
    expect(printed.pageWidth).toBeLessThanOrEqual(printed.paperWidth);
    // The featured picture and the article's own, both within the paper's width.
    expect(printed.images).toEqual([
      { loaded: true, inside: true },
      { loaded: true, inside: true },
    ]);
    expect(printed.figureBreak).toBe("avoid");
    expect(printed.headingBreak).toBe("avoid");
    // The external link's address is printed after its text (a reader cannot click paper).
    expect(printed.linkAddress).toContain(EXTERNAL);

    const pages = await printedPages(page, "print-post");
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(pages).toBeLessThanOrEqual(6);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("/donate prints the bank name, account number and IBAN whole, without copy buttons", async () => {
    const { page, context, errors } = await openForPrint("/donate");

    await expectControlsNotPrinted(page);
    expect(await notPrinted(page, 'button[aria-label^="نسخ"]')).toEqual([true, true, true]);

    /** Each detail: its text, drawn, inside the paper, not cut, and on one line. */
    const details = () =>
      page.evaluate(() =>
        ["bank_name", "account_number", "iban"].map((key) => {
          const element = document.querySelector(`[data-testid="donate-${key}"]`) as HTMLElement;
          const box = element.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(element);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          return {
            text: element.textContent,
            shown: element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }),
            inside: box.left >= -1 && box.right <= document.documentElement.clientWidth + 1,
            notCut: element.scrollWidth <= element.clientWidth,
            lines: lines.size,
          };
        }),
      );
    const whole = (text: string) => ({ text, shown: true, inside: true, notCut: true, lines: 1 });
    const expected = [
      whole("مصرف الراجحي"),
      whole(ACCOUNT_NUMBER),
      whole("SA03 8000 0000 6080 1016 7519"),
    ];
    expect(await details()).toEqual(expected);
    // The reader's largest text size on screen does not make the paper's numbers wrap.
    await page.evaluate(() => document.documentElement.setAttribute("data-text-size", "150"));
    expect(await details()).toEqual(expected);

    // The verse's white-on-green band prints black: backgrounds are left out on paper.
    const verse = page.locator('[data-block="donate-verse"]');
    expect(await verse.evaluate((element) => getComputedStyle(element).color)).toBe("rgb(0, 0, 0)");

    const pages = await printedPages(page, "print-donate");
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThanOrEqual(2);
    expect(errors).toEqual([]);
    await context.close();
  });
});
