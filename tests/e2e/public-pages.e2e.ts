// The static public pages (spec §2.2): each is server-rendered Arabic RTL HTML with its own
// content, renders in Chromium at phone and desktop widths without console errors or axe
// violations, and the mobile menu leads to them.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  baseURL,
  DESKTOP,
  expectAccessible,
  launchBrowser,
  openPage,
  PHONE,
} from "./support/browser";

interface PageCase {
  path: string;
  status?: number;
  /** Texts the server-rendered HTML must hold. */
  holds: string[];
}

const PAGES: PageCase[] = [
  { path: "/", holds: ["رفقٌ بكبارنا", "قيمنا"] },
  {
    path: "/about",
    holds: ["تعرّف على جمعية رفق", "الأهداف الاستراتيجية", "المنطقة الشرقية ومدنها الست"],
  },
  { path: "/about/vision", holds: ["رؤيتنا", "رسالتنا", "الخصوصية", "الاستدامة"] },
  { path: "/about/objectives", holds: ["تحسين جودة الحياة", "التوعية المجتمعية", "التزامنا"] },
  { path: "/about/why", holds: ["قلة الجمعيات المتخصصة", "200,000", "2022", "فوائد إضافية"] },
  {
    path: "/about/strategy",
    holds: ["مرحلة التأسيس", "2025-2026", "1000", "3000", "5000", "المشاريع الريادية غير الربحية"],
  },
  {
    path: "/about/service-area",
    holds: ["الدمام", "50,000", "الأحساء", "20,000", "200,000", "77"],
  },
  {
    path: "/governance",
    holds: ["الشفافية", "مجلس الإدارة", "إجراءات الرقابة", "التقارير والشفافية"],
  },
  {
    path: "/services",
    holds: ["كيف نخدمكم", "تصل إلى كبير السن حيث يكون", "تملأ الأيام بما ينفع"],
  },
  {
    path: "/services/services",
    holds: ["الرعاية الصحية المتخصصة", "الاستشارات عن بُعد", "كيف تحصل على خدماتنا؟", "24/7"],
  },
  {
    path: "/services/programs",
    holds: ["التمكين المهني", "6 أشهر", "50 مشاركاً", "200 مشارك", "التقييم"],
  },
  { path: "/media", holds: ["آخر أخبار الجمعية", "صور ومقاطع مرئية", "تواصل مع الفريق الإعلامي"] },
  { path: "/feedback", holds: ["قياس رضا الزوار", "قياس رضا المستفيدين", "شاركنا رأيك"] },
  { path: "/feedback/visitors", holds: ["قياس رضا الزوار", "ما مدى رضاك العام عن زيارتك؟"] },
  {
    path: "/feedback/beneficiaries",
    holds: ["قياس رضا المستفيدين", "ما مدى رضاك العام عن خدمات الجمعية؟"],
  },
  { path: "/volunteer", holds: ["خدمة المجتمع", "التقدير والشهادات", "أرسل طلب التطوع"] },
  { path: "/feedback/unknown", status: 404, holds: ["عذراً، الصفحة غير موجودة"] },
  { path: "/no-such-page", status: 404, holds: ["عذراً، الصفحة غير موجودة"] },
];

type Marked = Window & { __marker?: string };

let browser: Browser;
const sessions: Record<
  "phone" | "desktop",
  { page: Page; errors: string[]; context: BrowserContext }
> = {} as never;

beforeAll(async () => {
  browser = await launchBrowser();
  sessions.phone = await openPage(browser, PHONE);
  sessions.desktop = await openPage(browser, DESKTOP);
});
afterAll(async () => browser?.close());

/** The browser reports the 404 document itself as a failed resource; nothing else may fail. */
const unexpected = (errors: string[], status: number) =>
  errors.filter((error) => !(status === 404 && error.includes("status of 404")));

describe.each(PAGES)("$path", ({ path, status = 200, holds }) => {
  test(`answers ${status} with server-rendered Arabic RTL content`, async () => {
    const response = await fetch(`${baseURL()}${path}`);
    expect(response.status).toBe(status);
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="ar" dir="rtl">/);
    for (const text of holds) expect(html).toContain(text);
  });

  test("renders at phone and desktop widths, accessible and error-free", async () => {
    // Both widths at once: the two contexts are independent, and axe dominates the time.
    await Promise.all([visit("phone", path, status), visit("desktop", path, status)]);
  });
});

async function visit(width: keyof typeof sessions, path: string, status: number) {
  const { page, errors } = sessions[width];
  errors.length = 0;
  const response = await page.goto(path);
  expect(response?.status(), width).toBe(status);
  await page.locator("main h1").first().waitFor();
  // Every page, the 404 pages included, sits inside the site's header and footer.
  expect(await page.locator("body > header, body > footer").count(), width).toBe(2);
  await expectAccessible(page);
  // Content-block keys are unique within the page (the editor saves by key).
  const keys = await page
    .locator("main [data-block]")
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-block")));
  expect(
    keys.filter((key, index) => keys.indexOf(key) !== index),
    width,
  ).toEqual([]);
  // Nothing may stick out sideways, least of all on a phone.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, width).toBeLessThanOrEqual(0);
  expect(unexpected(errors, status), width).toEqual([]);
}

describe("mobile menu", () => {
  test("opens on a phone, leads to a sub-page and closes", async () => {
    const { page, errors } = sessions.phone;
    errors.length = 0;
    await page.goto("/");
    // A <details> menu: its summary is the toggle, and the browser reports it expanded or not.
    const menuDetails = page.locator("details:has(#mobile-menu)");
    await menuDetails.locator("summary", { hasText: "القائمة" }).click();
    const menu = page.locator("#mobile-menu");
    await menu.waitFor();
    await menu.getByRole("link", { name: "نطاق الخدمة" }).click();
    await page.waitForURL(`${baseURL()}/about/service-area`);
    await expect.poll(() => page.locator("h1").first().textContent()).toBe("نطاق الخدمة");
    await menu.waitFor({ state: "hidden" });
    expect(await menuDetails.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(
      false,
    );
    await page.getByText("50,000").first().waitFor();
    expect(errors).toEqual([]);
  });

  test("once the app is there, a card, a footer link and the logo lead on without a reload", async () => {
    const { page, errors } = sessions.desktop;
    errors.length = 0;
    await page.addInitScript(() =>
      window.addEventListener("rifq:hydrated", () => {
        document.documentElement.dataset.testApp = "ready";
      }),
    );
    await page.goto("/services");
    // A reader's page follows links as any page does until its app has come (decision 033); a
    // control taking the focus brings it.
    await page.locator("header button").first().focus();
    await page.locator("html[data-test-app='ready']").waitFor({ state: "attached" });
    await page.evaluate(() => {
      (window as Marked).__marker = "same-document";
    });
    await page
      .locator("main")
      .getByRole("link", { name: /البرامج/ })
      .click();
    await page.waitForURL(`${baseURL()}/services/programs`);
    await expect.poll(() => page.locator("h1").first().textContent()).toBe("البرامج");
    // The app followed the link (components/site-link.tsx): the document is the same one.
    expect(await page.evaluate(() => (window as Marked).__marker)).toBe("same-document");
    // The menus (wide and phone) say which page is shown, and only that one.
    const current = page.locator('header a[aria-current="page"]');
    await expect
      .poll(async () => [...new Set(await current.allTextContents())])
      .toEqual(["البرامج"]);

    // A link in the footer, then the logo, the same way.
    await page.locator("footer").getByRole("link", { name: "التطوع" }).click();
    await page.waitForURL(`${baseURL()}/volunteer`);
    await page.getByRole("link", { name: "جمعية رفق — الصفحة الرئيسية" }).click();
    await page.waitForURL(`${baseURL()}/`);
    expect(await page.evaluate(() => (window as Marked).__marker)).toBe("same-document");
    expect(errors).toEqual([]);
  });
});
