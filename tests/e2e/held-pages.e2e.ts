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

const LIVE_WAIT_MS = 10_000;

let server: InProcessServer;
let browser: Browser;
const opened: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  server = await startInProcessServer();
  browser = await launchBrowser();
  // The sign-in page is shown once the site is set up (else it leads to /setup).
  await server.db.insert(siteSettings).values({
    key: "setup",
    value: { primary_admin_email: "admin@rifq.test", completed_at: new Date().toISOString() },
  });
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** What the page asks the server for after it was opened: each request's address. */
interface Downloads {
  list: { url: string }[];
}

/** Opens `path` signed out, held, listening to /realtime; counts what it downloads from then on. */
async function openHeld(path: string) {
  const { page, errors, context } = await openPage(browser, DESKTOP, server.url);
  opened.push(context);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  const listening = page.waitForResponse((response) => response.url().endsWith("/realtime"));
  await page.goto(path);
  await listening;
  expect(await page.locator("template#rifq-app").count()).toBe(1);
  const downloads: Downloads = { list: [] };
  // Listed when asked for, not when finished: the page may show what it read before a
  // "requestfinished" listener has run.
  page.on("request", (request) => {
    if (!request.url().endsWith("/realtime")) downloads.list.push({ url: request.url() });
  });
  await page.evaluate(() => {
    (window as { __marker?: string }).__marker = "same-page";
    (window as { __hydrated?: Promise<void> }).__hydrated = new Promise((resolve) =>
      window.addEventListener("rifq:hydrated", () => resolve(), { once: true }),
    );
  });
  return { page, errors, downloads };
}

/** Waits until `read` gives `expected`, as a live change must within its budget. */
const expectLive = <T>(read: () => Promise<T>, expected: T) =>
  expect.poll(read, { timeout: LIVE_WAIT_MS, interval: 50 }).toEqual(expected);

const scripts = (downloads: Downloads) =>
  downloads.list.filter(({ url }) => /\.js(\?|$)/.test(url));

/**
 * The outer HTML of `selector` now, and in a fresh render of the same address, each element's
 * attributes in one order: the DOM's equality (`isEqualNode`) ignores their order, and an
 * attribute the page adds (`hidden`) comes last.
 */
async function nowAndFresh(page: Page, selector: string) {
  return page.evaluate(async (selector) => {
    const fresh = await fetch(location.href).then((answer) => answer.text());
    const doc = new DOMParser().parseFromString(fresh, "text/html");
    const inOneOrder = (element: Element | null) => {
      // Copied into an inert document: a copy in this one would load its images again.
      const inert = document.implementation.createHTMLDocument();
      const copy = element ? inert.importNode(element, true) : undefined;
      for (const each of copy ? [copy, ...copy.querySelectorAll("*")] : []) {
        const attributes = each.getAttributeNames().map((name) => [name, each.getAttribute(name)]);
        for (const [name] of attributes) each.removeAttribute(name as string);
        for (const [name, value] of attributes.sort())
          each.setAttribute(name as string, value ?? "");
      }
      return copy?.outerHTML;
    };
    return {
      now: inOneOrder(document.querySelector(selector)),
      fresh: inOneOrder(doc.querySelector(selector)),
    };
  }, selector);
}

/** Each `selector`'s HTML now equals a fresh render's. */
async function expectAsFresh(page: Page, ...selectors: string[]) {
  for (const selector of selectors) {
    const { now, fresh } = await nowAndFresh(page, selector);
    expect(now, selector).toBeDefined();
    expect(now, selector).toBe(fresh);
  }
}

/** Brings the app the way a reader does (a press on a control) and waits for it to hydrate. */
async function bringTheApp(page: Page) {
  await page.evaluate(() => {
    document
      .querySelector("header button, main input") // the sign-in page has no header
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
  await expectLive(() => title.textContent(), "معاً\nمن أجل شيخوخة كريمة");

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
  await expectLive(() => title.textContent(), "رفقٌ بكبارنا اليوم");
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
  await expectLive(() => html.innerHTML(), "<p>نص <strong>جديد</strong> للصفحة</p>");
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
  await expectLive(shown, ["+966 13 555 4321", "+966 13 555 4321"]);

  // Nothing was downloaded for it (no app chunk): the value came in the event.
  expect(downloads.list).toEqual([]);
  await expectAsFresh(page, "main", "footer");
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

test("new bank details saved while a held donate page is open show without its app, its title too, and a copy brings the app and copies them", async () => {
  const { page, errors, downloads } = await openHeld("/donate");
  const iban = page.getByTestId("donate-iban");
  expect(await page.getByTestId("donate-no-details").isVisible()).toBe(true);
  expect(await iban.isVisible()).toBe(false);

  await server.db.insert(siteSettings).values({
    key: "donation_account",
    value: {
      title: "تبرّع لرفق",
      description: "تبرعك يصل إلى برامج الرعاية.",
      bank_name: "مصرف الراجحي",
      account_number: "608010167519",
      iban: "SA0380000000608010167519",
    },
  });
  await expectLive(() => iban.textContent(), "SA03 8000 0000 6080 1016 7519");

  // Nothing was downloaded for it: the value came in the event.
  expect(downloads.list).toEqual([]);
  expect(await iban.isVisible()).toBe(true);
  expect(await page.getByTestId("donate-no-details").isVisible()).toBe(false);
  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("تبرّع لرفق");
  expect(await page.title()).toBe("تبرّع لرفق | جمعية رفق لرعاية كبار السن");
  await expectAsFresh(
    page,
    "main",
    "title",
    'meta[name="description"]',
    'meta[property="og:title"]',
    'meta[property="og:description"]',
  );

  // The reader copies the new IBAN: the press brings the app, which copies what is now stored
  // once it has caught up (the held page had put back the server's render for it to hydrate).
  await page.getByRole("button", { name: "نسخ رقم الآيبان" }).click();
  await page.evaluate(() => (window as { __hydrated?: Promise<void> }).__hydrated);
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()), { timeout: LIVE_WAIT_MS })
    .toBe("SA0380000000608010167519");
  expect(await iban.textContent()).toBe("SA03 8000 0000 6080 1016 7519");
  // The head is the loaders' to give: read again once the app has hydrated.
  await expect
    .poll(() => page.title(), { timeout: LIVE_WAIT_MS })
    .toBe("تبرّع لرفق | جمعية رفق لرعاية كبار السن");
  expect(errors).toEqual([]);
});

test("closing and opening registration while held pages are open hides and shows the sign-up link and tab without the app", async () => {
  const home = await openHeld("/");
  const signIn = await openHeld("/auth");
  const login = home.page.getByTestId("hero-login");
  const signUpTab = signIn.page.getByRole("tab", { name: "حساب جديد" });
  expect(await login.isVisible()).toBe(true);
  expect(await signUpTab.count()).toBe(1);

  await server.db.insert(siteSettings).values({
    key: "registration_control",
    value: { allow_registration: false },
  });
  await expectLive(() => login.isVisible(), false);
  await expectLive(() => signUpTab.count(), 0);
  expect(await signIn.page.getByText("سجّل الدخول إلى حسابك في موقع الجمعية.").isVisible()).toBe(
    true,
  );
  for (const { page, downloads } of [home, signIn]) {
    expect(downloads.list).toEqual([]);
    await expectAsFresh(page, "main");
  }

  await server.db
    .update(siteSettings)
    .set({ value: { allow_registration: true } })
    .where(eq(siteSettings.key, "registration_control"));
  await expectLive(() => signUpTab.count(), 1);
  await expectLive(() => login.isVisible(), true);
  for (const { page, downloads } of [home, signIn]) {
    // Only the fresh render this test read above.
    expect(downloads.list.map(({ url }) => url)).toEqual([page.url()]);
    await expectAsFresh(page, "main");
  }

  // The apps hydrate over the servers' renders (no mismatch logged) and show what was heard.
  for (const { page, errors } of [home, signIn]) {
    await bringTheApp(page);
    expect(errors).toEqual([]);
  }
  expect(await login.isVisible()).toBe(true);
  expect(await signUpTab.count()).toBe(1);
});

test("a social link that comes while a held page is open shows in the footer and the gallery without the app", async () => {
  // The footer's icons are not in the reading boot: the page reads itself again (one document).
  const { page, errors, downloads } = await openHeld("/media/gallery");
  const footerLinks = page.getByRole("list", { name: "حساباتنا على مواقع التواصل" });
  const channel = page.getByRole("link", { name: /زيارة القناة/ });
  expect(await footerLinks.count()).toBe(0);
  expect(await channel.count()).toBe(0);

  await server.db.insert(siteSettings).values({
    key: "social_links",
    value: {
      facebook: "https://facebook.com/rifq",
      twitter: "",
      instagram: "",
      youtube: "https://www.youtube.com/@rifq",
    },
  });
  await expectLive(() => channel.count(), 1);
  await expectLive(() => footerLinks.getByRole("link").count(), 2);

  expect(downloads.list.map(({ url }) => new URL(url).pathname)).toEqual(["/media/gallery"]);
  expect(await channel.getAttribute("href")).toBe("https://www.youtube.com/@rifq");
  expect(await footerLinks.getByRole("link", { name: "يوتيوب" }).getAttribute("href")).toBe(
    "https://www.youtube.com/@rifq",
  );
  await expectAsFresh(page, "main", "footer");

  await bringTheApp(page);
  expect(await footerLinks.getByRole("link").count()).toBe(2);
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
  await expectLive(() => heading.count(), 1);
  expect(scripts(downloads).length).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});
