import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { pageContent, posts, siteSettings } from "../../database/schema";
import { DESKTOP, launchBrowser, openPage } from "./support/browser";
import { type InProcessServer, startInProcessServer } from "./support/in-process-server";

// A signed-out reader's page holds its app (docs/decisions/033) and applies live changes without
// it (docs/decisions/055): a text or a setting the layout shows from the event itself; anything
// else brings the app. What it
// shows must be what a fresh render shows, and the app, when it comes, must hydrate over it
// without a mismatch.

const LIVE_BUDGET_MS = 3000;

let server: InProcessServer;
let browser: Browser;
const opened: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  server = await startInProcessServer();
  browser = await launchBrowser();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** What the page downloads after it was opened: each response's address and body size. */
interface Downloads {
  list: { url: string; bytes: number }[];
}

/** Opens `path` signed out, held, listening to /realtime; counts what it downloads from then on. */
async function openHeld(path: string) {
  const { page, errors, context } = await openPage(browser, DESKTOP, server.url);
  opened.push(context);
  const listening = page.waitForResponse((response) => response.url().endsWith("/realtime"));
  await page.goto(path);
  await listening;
  expect(await page.locator("template#rifq-app").count()).toBe(1);
  const downloads: Downloads = { list: [] };
  page.on("requestfinished", async (request) => {
    if (request.url().endsWith("/realtime")) return;
    const sizes = await request.sizes().catch(() => null);
    downloads.list.push({ url: request.url(), bytes: sizes?.responseBodySize ?? 0 });
  });
  await page.evaluate(() => {
    (window as { __marker?: string }).__marker = "same-page";
    (window as { __hydrated?: Promise<void> }).__hydrated = new Promise((resolve) =>
      window.addEventListener("rifq:hydrated", () => resolve(), { once: true }),
    );
  });
  return { page, errors, downloads };
}

const scripts = (downloads: Downloads) =>
  downloads.list.filter(({ url }) => /\.js(\?|$)/.test(url));

/** The outer HTML of `selector` now, and in a fresh render of the same address. */
async function nowAndFresh(page: Page, selector: string) {
  return page.evaluate(async (selector) => {
    const fresh = await fetch(location.href).then((answer) => answer.text());
    const doc = new DOMParser().parseFromString(fresh, "text/html");
    return {
      now: document.querySelector(selector)?.outerHTML,
      fresh: doc.querySelector(selector)?.outerHTML,
    };
  }, selector);
}

/** Brings the app the way a reader does (a press on a control) and waits for it to hydrate. */
async function bringTheApp(page: Page) {
  await page.evaluate(() => {
    document
      .querySelector("header button")
      ?.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
  });
  await page.evaluate(() => (window as { __hydrated?: Promise<void> }).__hydrated);
}

test("a page text saved while a held page is open shows without its app, as a fresh render, and the app hydrates over it", async () => {
  const { page, errors, downloads } = await openHeld("/");
  const title = page.locator('h1[data-block="hero-title"]');

  await server.db.insert(pageContent).values({
    pagePath: "/",
    contentKey: "hero-title",
    contentValue: "معاً\nمن أجل شيخوخة كريمة",
  });
  await expect
    .poll(() => title.textContent(), { timeout: LIVE_BUDGET_MS, interval: 50 })
    .toBe("معاً\nمن أجل شيخوخة كريمة");

  // Nothing was downloaded for it: the value came in the event.
  expect(downloads.list).toEqual([]);
  const { now, fresh } = await nowAndFresh(page, 'h1[data-block="hero-title"]');
  expect(now).toBe(fresh);
  expect(now).toContain("whitespace-pre-line");

  await bringTheApp(page);
  expect(await title.textContent()).toBe("معاً\nمن أجل شيخوخة كريمة");
  // A later change reaches the hydrated page too.
  await server.db
    .update(pageContent)
    .set({ contentValue: "رفقٌ بكبارنا اليوم" })
    .where(eq(pageContent.contentKey, "hero-title"));
  await expect
    .poll(() => title.textContent(), { timeout: LIVE_BUDGET_MS, interval: 50 })
    .toBe("رفقٌ بكبارنا اليوم");
  expect(await page.evaluate(() => (window as { __marker?: string }).__marker)).toBe("same-page");
  expect(errors).toEqual([]);
});

test("a rich page text is applied as the app renders it", async () => {
  const { page, errors, downloads } = await openHeld("/privacy");
  const key = "privacy-body";
  const html = page.locator(`main [data-block="${key}"]`);

  await server.db.insert(pageContent).values({
    pagePath: "/privacy",
    contentKey: key,
    contentValue: "<p>نص <strong>جديد</strong> للصفحة</p>",
    contentType: "html",
  });
  await expect
    .poll(() => html.innerHTML(), { timeout: LIVE_BUDGET_MS, interval: 50 })
    .toBe("<p>نص <strong>جديد</strong> للصفحة</p>");
  expect(downloads.list).toEqual([]);
  const { now, fresh } = await nowAndFresh(page, `[data-block="${key}"]`);
  expect(now).toBe(fresh);

  await bringTheApp(page);
  expect(errors).toEqual([]);
});

test("a new phone number saved while a held page is open shows without its app, as a fresh render, and the app hydrates over it", async () => {
  // The privacy page shows the phone twice: in its own contact details and in the footer.
  const { page, errors, downloads } = await openHeld("/privacy");
  const phones = page.locator('[data-setting="contact_info.phone"]');
  expect(await phones.count()).toBe(2);

  await server.db.insert(siteSettings).values({
    key: "contact_info",
    value: { phone: "+966 13 555 4321", email: "care@rifq.org.sa", address: "الخبر، الشرقية" },
  });
  const shown = () => phones.allTextContents();
  await expect
    .poll(shown, { timeout: LIVE_BUDGET_MS, interval: 50 })
    .toEqual(["+966 13 555 4321", "+966 13 555 4321"]);

  // Nothing was downloaded for it (no app chunk): the value came in the event.
  expect(downloads.list).toEqual([]);
  for (const region of ["main", "footer"]) {
    const { now, fresh } = await nowAndFresh(page, region);
    expect(now).toBe(fresh);
  }
  expect(
    await page.locator('footer [data-setting="contact_info.phone"]').getAttribute("href"),
  ).toBe("tel:+966135554321");
  expect(await page.locator('footer [data-setting="contact_info.email"]').textContent()).toBe(
    "care@rifq.org.sa",
  );
  expect(await page.locator('footer [data-setting="contact_info.address"]').textContent()).toBe(
    "الخبر، الشرقية",
  );

  // The app hydrates over the server's render (no mismatch logged), then shows what was heard.
  await bringTheApp(page);
  expect(await shown()).toEqual(["+966 13 555 4321", "+966 13 555 4321"]);
  expect(
    await page.locator('footer [data-setting="contact_info.phone"]').getAttribute("href"),
  ).toBe("tel:+966135554321");
  expect(errors).toEqual([]);
});

test("a change the event cannot show by itself brings the app, which applies it", async () => {
  const { page, errors, downloads } = await openHeld("/media/news");
  const heading = page.getByRole("heading", { name: "زيارة ميدانية لدار الرعاية في الدمام" });
  expect(await heading.count()).toBe(0);

  await server.db.insert(posts).values({
    title: "زيارة ميدانية لدار الرعاية في الدمام",
    slug: "dammam-visit",
    content: "زار فريق الجمعية دار الرعاية في الدمام.",
    status: "published",
    publishedAt: new Date(),
  });
  await expect.poll(() => heading.count(), { timeout: LIVE_BUDGET_MS, interval: 50 }).toBe(1);
  expect(scripts(downloads).length).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});
