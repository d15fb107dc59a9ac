import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServer } from "../../scripts/support/server";
import {
  baseURL,
  expectAccessible,
  launchBrowser,
  login,
  openPage,
  PHONE,
} from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

test("the home page is Arabic, right-to-left and server-rendered", async () => {
  const html = await fetch(`${baseURL()}/`).then((r) => r.text());
  expect(html).toMatch(/^<!DOCTYPE html><html lang="ar" dir="rtl">/);
  const { page, errors, context } = await openPage(browser, PHONE);
  await page.goto("/");
  expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
  await expect.poll(() => page.locator("h1").first().textContent()).toContain("رفقٌ بكبارنا");
  await expectAccessible(page);
  expect(errors).toEqual([]);
  await context.close();
});

test("a shared link's tracking parameters get the stored page of the address without them", async () => {
  const open = (path: string) =>
    fetch(`${baseURL()}${path}`, { headers: { accept: "text/html" } }).then(async (r) => ({
      cache: r.headers.get("x-cache"),
      html: await r.text(),
    }));
  const shared = await open("/about?fbclid=IwAR0shared&utm_source=facebook");
  expect(shared.html).toContain('lang="ar"');
  expect(shared.html).not.toContain("IwAR0shared");
  const again = await open("/about?utm_source=whatsapp&utm_campaign=ramadan");
  expect(again.cache).toBe("HIT");
  expect((await open("/about")).cache).toBe("HIT");
  // A parameter no page reads is still rendered each time, never stored.
  expect((await open("/about?token=made-up")).cache).toBeNull();
});

test("an unknown route shows the 404 page with HTTP 404", async () => {
  const response = await fetch(`${baseURL()}/no/such/page`);
  expect(response.status).toBe(404);
  const { page, context } = await openPage(browser);
  await page.goto("/no/such/page");
  await page.getByText("عذراً، الصفحة غير موجودة").waitFor();
  await page.getByRole("link", { name: "العودة إلى الصفحة الرئيسية" }).click();
  await page.waitForURL(`${baseURL()}/`);
  await context.close();
});

test("the admin signs in and reaches /admin; a viewer is refused by the server", async () => {
  const admin = await openPage(browser);
  await login(admin.page, "admin");
  expect(new URL(admin.page.url()).pathname).toBe("/admin");
  await admin.page.getByRole("heading", { name: "إدارة الموقع" }).waitFor();
  await admin.context.close();

  const viewer = await openPage(browser);
  await login(viewer.page, "viewer");
  const response = await viewer.page.goto("/admin");
  expect(response?.status()).toBe(403);
  await viewer.page.getByText("ليست لديك صلاحية للقيام بهذا الإجراء").waitFor();
  await viewer.context.close();
});

describe("first run", () => {
  test("/setup asks for the one-time code, creates the first admin and then refuses", async () => {
    const setupCode = "e2e-setup-code-0123456789";
    const fresh = await startServer(undefined, { SETUP_CODE: setupCode });
    try {
      const { page, context } = await openPage(browser, PHONE, fresh.url);
      await page.goto("/login");
      await page.waitForURL(`${fresh.url}/setup`);
      await page.getByLabel("رمز الإعداد").fill("not-the-code-000");
      await page.getByLabel("الاسم الكامل").fill("أمينة الجمعية");
      await page.getByLabel("البريد الإلكتروني").fill("first@rifq.test");
      await page.getByLabel("كلمة المرور").fill("123");
      await page.getByRole("button", { name: "إنشاء حساب المدير" }).click();
      await page.getByText("كلمة المرور يجب أن تكون 6 أحرف على الأقل").waitFor();
      await page.getByLabel("كلمة المرور").fill("First-admin-1");
      await page.getByRole("button", { name: "إنشاء حساب المدير" }).click();
      await page.getByText("رمز الإعداد غير صحيح").waitFor();

      // The link printed at start-up fills the code in.
      await page.goto(`/setup?code=${setupCode}`);
      expect(await page.getByLabel("رمز الإعداد").inputValue()).toBe(setupCode);
      await page.getByLabel("الاسم الكامل").fill("أمينة الجمعية");
      await page.getByLabel("البريد الإلكتروني").fill("first@rifq.test");
      await page.getByLabel("كلمة المرور").fill("First-admin-1");
      await page.getByRole("button", { name: "إنشاء حساب المدير" }).click();
      await page.waitForURL(`${fresh.url}/login`);
      await login(page, { email: "first@rifq.test", password: "First-admin-1" });
      expect(new URL(page.url()).pathname).toBe("/admin");
      await context.close();

      const again = await fetch(`${fresh.url}/setup`, { redirect: "manual" });
      expect(again.status).toBe(302);
      const post = await fetch(`${fresh.url}/setup`, {
        method: "POST",
        body: new URLSearchParams({
          code: setupCode,
          fullName: "x",
          email: "x@rifq.test",
          password: "Another-1",
        }),
        redirect: "manual",
      });
      expect(post.status).toBe(403);
    } finally {
      await fresh.stop();
    }
  });
});
