import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { DESKTOP, launchBrowser, login, openPage, PHONE } from "./support/browser";

// Reading statistics (docs/decisions/074) on the shared built server, which writes its counts
// every half second: a reader on a phone opens held pages (no app), searches for a word nothing
// has and follows a broken link; the admin's statistics screen shows those counts in its charts'
// tables. Headless Chromium announces itself as a robot (not counted): the reader sends an
// ordinary phone browser's user agent.

const READER =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const stamp = Date.now();
const MISSING_WORD = `كلمةغائبة${stamp}`;
const BROKEN = `/about/old-page-${stamp}`;

let browser: Browser;
const contexts: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(async () => browser?.close());

/** The rows of a chart's table on the statistics screen, as text. */
async function tableOf(page: import("playwright-core").Page, title: string) {
  const chart = page.locator("section", { has: page.getByRole("heading", { name: title }) });
  return (await chart.locator("table").count()) === 0
    ? ""
    : ((await chart.locator("tbody").textContent()) ?? "");
}

test("a reader's views, missed search and broken link show on the admin's statistics", async () => {
  const reader = await openPage(browser, PHONE, undefined, { userAgent: READER });
  contexts.push(reader.context);
  for (let i = 0; i < 3; i++) {
    const answer = await reader.page.goto("/about/vision");
    expect(answer?.status()).toBe(200);
    // Held: the page came without its app.
    expect(await reader.page.locator("template#rifq-app").count()).toBe(1);
  }
  await reader.page.goto(`/search?q=${encodeURIComponent(MISSING_WORD)}`);
  await expect.poll(() => reader.page.getByText("لا توجد نتائج").count()).toBeGreaterThan(0);
  const broken = await reader.page.goto(BROKEN);
  expect(broken?.status()).toBe(404);

  const admin = await openPage(browser, DESKTOP);
  contexts.push(admin.context);
  await login(admin.page, "admin");
  await expect
    .poll(
      async () => {
        await admin.page.goto("/admin/dashboard/statistics?days=7");
        return tableOf(admin.page, "عمليات بحث بلا نتائج");
      },
      { timeout: 20_000, interval: 1_000 },
    )
    .toContain(MISSING_WORD);
  expect(
    await admin.page.getByRole("link", { name: "آخر 7 يوماً" }).getAttribute("aria-current"),
  ).toBe("page");
  expect(await tableOf(admin.page, "أكثر الصفحات قراءة")).toContain("/about/vision");
  expect(await tableOf(admin.page, "روابط معطّلة (صفحات غير موجودة)")).toContain(BROKEN);
  expect(await tableOf(admin.page, "الأجهزة")).toContain("جوال");
  // The views chart is drawn, and its table and CSV are offered.
  const views = admin.page.locator("section", {
    has: admin.page.getByRole("heading", { name: "مشاهدات الصفحات يومياً" }),
  });
  expect(await views.locator("svg polyline").count()).toBe(1);
  expect(await views.getByText("الأرقام في جدول").isVisible()).toBe(true);
  const csv = await admin.page.request.get(
    (await views.getByRole("link", { name: /CSV/ }).getAttribute("href")) ?? "",
  );
  expect(csv.status()).toBe(200);
  expect((await csv.text()).startsWith("\uFEFF")).toBe(true);
});
