import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { DESKTOP, launchBrowser, login, openPage } from "./support/browser";

// Issue 37, item 3 (docs/decisions/075): the admin changes the donation account number; the
// audit log shows who changed it, with before and after by their last four digits, filtered by
// type. (settings-users.e2e.ts notes the donation account is changed by specs on this server.)

let browser: Browser;
let admin: Awaited<ReturnType<typeof openPage>>;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await openPage(browser, DESKTOP);
  await login(admin.page, "admin");
});
afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
});

test("the donation account's change is in the audit log with before and after, last four only", async () => {
  const { page } = admin;
  await page.goto("/admin/dashboard/settings");
  const donation = page.locator("section#donation-account");
  await donation.getByLabel("اسم البنك").fill("مصرف الراجحي");
  await donation.getByLabel("رقم الحساب").fill("123456789012");
  await donation.getByLabel("رقم الآيبان (اختياري)").fill("");
  await donation.getByRole("button", { name: "حفظ حساب التبرعات" }).click();
  await page
    .locator("[data-sonner-toast]")
    .filter({ hasText: "حُفظ حساب التبرعات" })
    .first()
    .waitFor();

  await page.goto("/admin/dashboard/audit-log");
  await page.getByRole("heading", { name: "سجل التغييرات" }).waitFor();
  await page.getByLabel("النوع").selectOption({ label: "حساب التبرعات" });
  await page.waitForURL(/type=donation_account/);
  const row = page.getByRole("row").filter({ hasText: "حساب التبرعات" }).first();
  await row.waitFor();
  await expect
    .poll(async () => (await row.textContent()) ?? "")
    .toMatch(/رقم الحساب: من (\(فارغ\)|••••\d{4}) إلى ••••9012/);
  expect(await row.textContent()).toContain("تعديل");
  expect(await page.content()).not.toContain("123456789012");
  // Only that type is listed.
  const types = await page.getByRole("row").allInnerTexts();
  expect(types.slice(1).every((text) => text.includes("حساب التبرعات"))).toBe(true);
  expect(admin.errors).toEqual([]);
});
