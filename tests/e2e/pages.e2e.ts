import { readFile } from "node:fs/promises";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { pdfBytes } from "../support/pdfs";
import { buildBlockPage } from "./support/block-pages";
import {
  baseURL,
  DESKTOP,
  expectAccessible,
  launchBrowser,
  login,
  openPage,
  PHONE,
} from "./support/browser";
import { DOCUMENTS, uploadDocument } from "./support/documents";
import { waitForToast } from "./support/staff";

// Issue 23, "staff shape the site" end to end: an admin uploads a published PDF, builds a page
// of text, image, cards and a documents block showing it (docs/decisions/049), publishes it and
// puts it in the header menu under «خدماتنا» (docs/decisions/050); a signed-out reader with
// JavaScript off reaches it from the menu, on a wide screen and on a phone, sees every block and
// downloads the document byte-identical. The test ends by restoring the spec's menu, which the
// other specs on this server expect.

const MENUS = "/admin/dashboard/menus";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** A signed-out reader's browser without JavaScript. */
const readerWithoutJs = (viewport: typeof DESKTOP) =>
  browser.newContext({
    viewport,
    baseURL: baseURL(),
    locale: "ar-SA",
    javaScriptEnabled: false,
    acceptDownloads: true,
  });

/** Whether `page` shows the page built from blocks at `/p/<slug>`. */
const atPage = (page: Page, slug: string) =>
  page.waitForURL((url) => decodeURIComponent(url.pathname) === `/p/${decodeURIComponent(slug)}`);

/** «استعادة القائمة الأصلية», confirmed, on the menus screen. */
async function restoreOriginalMenu(page: Page) {
  await page.goto(MENUS);
  await page.getByText("استعادة القائمة الأصلية", { exact: true }).click();
  await page.getByRole("button", { name: "نعم، استعد القائمة الأصلية" }).click();
  await waitForToast(page, "تم الحفظ");
  await page.getByText("هذه القائمة الأصلية للموقع.").waitFor();
}

test("an admin builds a page of text, image, cards and documents, puts it under «خدماتنا»; a reader without JavaScript reaches it from the menu", async () => {
  const stamp = Date.now();
  const title = `حملة رمضان ${stamp}`;
  const documentTitle = `كشف حساب حملة رمضان ${stamp}`;
  const statement = Buffer.from(await pdfBytes(`Ramadan campaign statement ${stamp}`, 2));
  const { page, errors, context } = await openPage(browser, DESKTOP);
  await login(page, "admin");

  // A published PDF in the library, for the page's documents block.
  await uploadDocument(
    page,
    { name: "ramadan-statement.pdf", mimeType: "application/pdf", buffer: statement },
    { title: documentTitle, category: "القوائم المالية", year: "2026" },
  );
  await page.waitForURL(`**${DOCUMENTS}`);

  const slug = await buildBlockPage(page, title, {
    documents: { heading: "تقارير الحملة", category: "القوائم المالية" },
  });
  expect(decodeURIComponent(slug)).toBe(title.replace(/ /g, "-"));
  await expectAccessible(page);

  // Under «خدماتنا» in the header menu: the menus screen offers the published page by its title.
  await page.goto(MENUS);
  const add = page.locator("section", { has: page.getByRole("heading", { name: "إضافة عنصر" }) });
  await add.getByLabel("اسم العنصر").fill(title);
  await add.getByLabel("مكانه في القائمة").selectOption({ label: "تحت «خدماتنا»" });
  await add.getByLabel("صفحة أنشأها فريق الجمعية").check();
  await add.getByLabel("الصفحة", { exact: true }).selectOption({ label: title });
  await add.getByRole("button", { name: "إضافة العنصر" }).click();
  await waitForToast(page, "تم الحفظ");
  const underServices = page.getByRole("list", { name: "العناصر تحت «خدماتنا»" });
  await underServices.getByText(`صفحة أنشأها فريق الجمعية: ${title}`).waitFor();
  expect(
    await underServices
      .locator(":scope > li p.text-lg")
      .evaluateAll((rows) => rows.map((row) => row.textContent)),
  ).toEqual(["الخدمات", "البرامج", title]);
  expect(errors).toEqual([]);

  const readers: BrowserContext[] = [];
  try {
    // A signed-out reader on a wide screen, JavaScript off: «خدماتنا»'s sub-pages open on hover.
    const reader = await readerWithoutJs(DESKTOP);
    readers.push(reader);
    const view = await reader.newPage();
    await view.goto("/");
    const nav = view.locator("nav.site-nav-wide");
    await nav.getByRole("link", { name: "خدماتنا", exact: true }).hover();
    await nav.getByRole("link", { name: title, exact: true }).click();
    await atPage(view, slug);
    await expect(view.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(title);
    await view.getByText("نوصل سلال رمضان إلى كبار السن في بيوتهم.").waitFor();
    const image = view.getByRole("img", { name: "متطوعون يجهزون السلال" });
    await image.waitFor();
    expect(await image.getAttribute("src")).toMatch(/^\/uploads\/pages\/.+\.webp$/);
    await view.getByText("فريق الحملة في الدمام").waitFor();
    // The card moved first by keyboard is first on the page.
    const cards = await view.locator("[data-block='cards'] :is(h2, h3)").allTextContents();
    expect(cards).toEqual(["تطوّع للتوصيل", "تبرّع بسلة"]);
    // The documents block lists the statement as a download of the very bytes uploaded.
    const documents = view.locator("[data-block='documents']");
    await documents.getByRole("heading", { name: "تقارير الحملة" }).waitFor();
    const link = documents.getByRole("link", { name: new RegExp(documentTitle) });
    expect(await link.getAttribute("href")).toMatch(
      /^\/documents\/[0-9a-f-]{36}\/[0-9a-f]{16}\.pdf$/,
    );
    const [download] = await Promise.all([view.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(`${documentTitle}.pdf`);
    expect(Buffer.compare(await readFile(await download.path()), statement)).toBe(0);

    // A phone without JavaScript: the <details> menu opens and leads to the page.
    const phone = await readerWithoutJs(PHONE);
    readers.push(phone);
    const phonePage = await phone.newPage();
    await phonePage.goto("/");
    await phonePage.locator("summary", { hasText: "القائمة" }).click();
    await phonePage.locator("#mobile-menu").getByRole("link", { name: title }).click();
    await atPage(phonePage, slug);
    await expect(phonePage.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(title);
    await phonePage
      .locator("[data-block='documents']")
      .getByRole("link", { name: new RegExp(documentTitle) })
      .waitFor();
  } finally {
    for (const reader of readers) await reader.close();
    // The other specs on this server expect the spec's menu.
    await restoreOriginalMenu(page);
  }
  expect(errors).toEqual([]);
  await context.close();

  // The page passes the accessibility checks as a reader's browser shows it (axe runs in it).
  const { page: shown, context: visitor } = await openPage(browser, DESKTOP);
  await shown.goto(`/p/${slug}`);
  await expectAccessible(shown);
  await visitor.close();
}, 240_000);
