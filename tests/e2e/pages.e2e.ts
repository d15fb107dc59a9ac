import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { buildBlockPage } from "./support/block-pages";
import {
  baseURL,
  DESKTOP,
  expectAccessible,
  launchBrowser,
  login,
  openPage,
} from "./support/browser";

// Issue 23, item 2: an admin builds a page from blocks in a real browser and publishes it; a
// signed-out reader opens it with JavaScript off and sees every block (docs/decisions/049).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

test("an admin builds a page of text, image and cards; a reader without JavaScript sees it", async () => {
  const { page, errors, context } = await openPage(browser, DESKTOP);
  await login(page, "admin");
  const title = `حملة رمضان ${Date.now()}`;
  const slug = await buildBlockPage(page, title);
  expect(decodeURIComponent(slug)).toBe(title.replace(/ /g, "-"));
  await expectAccessible(page);
  expect(errors).toEqual([]);
  await context.close();

  const reader = await browser.newContext({
    viewport: DESKTOP,
    baseURL: baseURL(),
    javaScriptEnabled: false,
  });
  const view = await reader.newPage();
  const response = await view.goto(`/p/${slug}`);
  expect(response?.status()).toBe(200);
  await expect(view.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(title);
  await view.getByText("نوصل سلال رمضان إلى كبار السن في بيوتهم.").waitFor();
  const image = view.getByRole("img", { name: "متطوعون يجهزون السلال" });
  await image.waitFor();
  expect(await image.getAttribute("src")).toMatch(/^\/uploads\/pages\/.+\.webp$/);
  await view.getByText("فريق الحملة في الدمام").waitFor();
  // The card moved first by keyboard is first on the page.
  const cards = await view.locator("[data-block='cards'] :is(h2, h3)").allTextContents();
  expect(cards).toEqual(["تطوّع للتوصيل", "تبرّع بسلة"]);
  await reader.close();

  // The page passes the accessibility checks as a reader's browser shows it (axe runs in it).
  const { page: shown, context: visitor } = await openPage(browser, DESKTOP);
  await shown.goto(`/p/${slug}`);
  await expectAccessible(shown);
  await visitor.close();
}, 180_000);
