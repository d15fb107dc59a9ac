import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { MENU } from "~/content/menu";
import {
  baseURL,
  DESKTOP,
  expectAccessible,
  launchBrowser,
  login,
  openPage,
  PHONE,
} from "./support/browser";
import { focused, waitForToast } from "./support/staff";

// Issue 23, item 3 (docs/decisions/050): an admin puts a section of the site under «خدماتنا»;
// a reader's open page shows it without a reload, a phone without JavaScript reaches it through
// the <details> menu, and «استعادة القائمة الأصلية» brings back the spec's menu (the spec's
// menu is what every other spec on this server expects: the test ends by restoring it).

const MENUS = "/admin/dashboard/menus";
const LABEL = "لماذا تختارنا؟";

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

/** The desktop header's sub-pages of «خدماتنا», opened with its disclosure button. */
async function servicesSubmenu(page: Page) {
  const nav = page.locator("nav.site-nav-wide");
  const button = nav.getByRole("button", { name: "صفحات خدماتنا" });
  if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
  return page.locator(`[id="${await button.getAttribute("aria-controls")}"]`);
}

const topLabels = (page: Page) =>
  page
    .locator("nav.site-nav-wide > ul > li > a")
    .evaluateAll((links) => links.map((link) => link.textContent?.trim()));

test("an admin adds a section under «خدماتنا»; readers follow it; the original menu comes back", async () => {
  // A reader's page, open before the change.
  const reader = await openPage(browser, DESKTOP);
  await reader.page.goto("/");
  expect(await topLabels(reader.page)).toEqual(MENU.map((item) => item.title));

  const { page } = admin;
  await page.goto(MENUS);
  await page.getByRole("heading", { name: "القوائم", level: 1 }).waitFor();
  await expectAccessible(page);
  const add = page.locator("section", { has: page.getByRole("heading", { name: "إضافة عنصر" }) });
  // Both errors at once, in Arabic: no label and a link that is not https.
  await add.getByLabel("رابط خارجي (https)").check();
  await add.getByLabel("الرابط الخارجي").fill("http://example.org");
  await add.getByRole("button", { name: "إضافة العنصر" }).click();
  await add.getByText("اسم العنصر مطلوب").first().waitFor();
  await add.getByText("الرابط الخارجي يجب أن يبدأ بـ https://").first().waitFor();

  await add.getByLabel("اسم العنصر").fill(LABEL);
  await add.getByLabel("مكانه في القائمة").selectOption({ label: "تحت «خدماتنا»" });
  await add.getByLabel("قسم من الموقع").check();
  await add.getByLabel("القسم", { exact: true }).selectOption({ label: "لماذا جمعية رفق؟" });
  await add.getByRole("button", { name: "إضافة العنصر" }).click();
  await waitForToast(page, "تم الحفظ");
  const underServices = page.getByRole("list", { name: "العناصر تحت «خدماتنا»" });
  await underServices.getByText(LABEL, { exact: true }).waitFor();

  // Moved first among the sub-items by its buttons; the focus stays on the moved row.
  const up = underServices.getByRole("button", { name: `لأعلى «${LABEL}»` });
  await expect.poll(() => up.getAttribute("aria-busy")).toBeNull();
  await up.click();
  await expect
    .poll(() =>
      underServices
        .locator(":scope > li p.text-lg")
        .evaluateAll((rows) => rows.map((row) => row.textContent)),
    )
    .toEqual(["الخدمات", LABEL, "البرامج"]);
  // The keyboard stays on the moved row's button; Enter moves it again.
  await expect.poll(() => up.getAttribute("aria-busy")).toBeNull();
  await expect.poll(async () => (await focused(page)).name).toBe(`لأعلى «${LABEL}»`);
  await up.press("Enter");
  await expect
    .poll(() =>
      underServices
        .locator(":scope > li p.text-lg")
        .evaluateAll((rows) => rows.map((row) => row.textContent)),
    )
    .toEqual([LABEL, "الخدمات", "البرامج"]);
  // At the top its «لأعلى» is disabled: the keyboard is on its «لأسفل» instead.
  await expect.poll(async () => (await focused(page)).name).toBe(`لأسفل «${LABEL}»`);

  // The open page hears the change and shows it under «خدماتنا»'s disclosure, first.
  await expect
    .poll(async () => (await servicesSubmenu(reader.page)).getByRole("link").allTextContents(), {
      timeout: 15_000,
    })
    .toEqual([LABEL, "الخدمات", "البرامج"]);

  // A phone without JavaScript: the <details> menu opens and the link leads to the page.
  const phone = await browser.newContext({
    javaScriptEnabled: false,
    viewport: PHONE,
    baseURL: baseURL(),
    locale: "ar-SA",
  });
  const phonePage = await phone.newPage();
  await phonePage.goto("/");
  await phonePage.locator("summary", { hasText: "القائمة" }).click();
  const mobileMenu = phonePage.locator("#mobile-menu");
  await mobileMenu.getByRole("link", { name: LABEL }).click();
  await phonePage.waitForURL("**/about/why");
  await phonePage.getByRole("heading", { level: 1 }).first().waitFor();
  await phone.close();

  // «استعادة القائمة الأصلية», confirmed.
  await page.getByText("استعادة القائمة الأصلية", { exact: true }).click();
  await page.getByRole("button", { name: "نعم، استعد القائمة الأصلية" }).click();
  await waitForToast(page, "تم الحفظ");
  await page.getByText("هذه القائمة الأصلية للموقع.").waitFor();
  await expect.poll(() => page.locator("main").getByText(LABEL, { exact: true }).count()).toBe(0);

  // The reader's open page is back to the spec's menu.
  await expect
    .poll(async () => (await servicesSubmenu(reader.page)).getByRole("link").allTextContents(), {
      timeout: 15_000,
    })
    .toEqual(["الخدمات", "البرامج"]);
  await reader.page.reload();
  expect(await topLabels(reader.page)).toEqual(MENU.map((item) => item.title));
  expect(reader.errors).toEqual([]);
  expect(admin.errors).toEqual([]);
  await reader.context.close();
});
