import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import {
  baseURL,
  DESKTOP,
  expectAccessible,
  launchBrowser,
  login,
  newVisitorAddress,
  openPage,
  PHONE,
  readOutbox,
} from "./support/browser";

// Volunteering, the satisfaction surveys and the newsletter, from the visitor's form to the
// staff inbox (docs/decisions/022), against the shared built server.

let browser: Browser;
const contexts: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(async () => browser?.close());

async function open(viewport = DESKTOP, clientAddress?: string) {
  const opened = await openPage(browser, viewport, undefined, { clientAddress });
  contexts.push(opened.context);
  return opened;
}

const INBOX = "/admin/dashboard/volunteers";

describe("volunteering", () => {
  test("a visitor registers on a phone with JavaScript off and sees the confirmation", async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: PHONE,
      baseURL: baseURL(),
      locale: "ar-SA",
    });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto("/volunteer");
    // Sent empty: the server answers with the Arabic messages beside the fields.
    await page.getByRole("button", { name: "أرسل طلب التطوع" }).click();
    await page.getByText("الاسم الكامل مطلوب").waitFor();
    await page.getByText("يلزم موافقتك على حفظ بياناتك").waitFor();

    await page.getByLabel("الاسم الكامل").fill("نورة القحطاني");
    await page.getByLabel("رقم الجوال").fill("055 123 4567");
    await page.getByLabel("الخبر").check();
    await page.getByLabel("زيارة كبار السن ومؤانستهم").check();
    await page.getByLabel("الفترة المسائية").check();
    await page.getByLabel(/أوافق على أن تحفظ جمعية رفق/).check();
    await page.getByRole("button", { name: "أرسل طلب التطوع" }).click();
    await page.getByText("وصلنا طلب تطوعك، شكراً لك.").waitFor();
    expect(new URL(page.url()).search).toBe("?sent=1");
  });

  test("the form and the privacy note are accessible; the footer links to it", async () => {
    const { page, errors } = await open(PHONE);
    await page.goto("/volunteer");
    await expectAccessible(page);
    await page
      .getByRole("contentinfo")
      .getByRole("link", { name: "الخصوصية وحماية البيانات" })
      .click();
    await page.getByRole("heading", { level: 1, name: "الخصوصية وحماية البيانات" }).waitFor();
    await page.getByText(/بعد 24 شهراً/).waitFor();
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  test("an admin sees a new volunteer arrive live, changes the status and exports CSV", async () => {
    const { page, errors } = await open();
    await login(page, "admin");
    await page.goto(INBOX);
    await page.getByRole("heading", { level: 2, name: "نورة القحطاني" }).waitFor();
    await expectAccessible(page);

    // Registered elsewhere while the inbox is open: it appears without a reload.
    const form = new URLSearchParams({
      fullName: "ماجد الشهري",
      phone: "0509998887",
      city: "ahsa",
      consent: "on",
    });
    form.append("interests", "events");
    form.append("availability", "weekends");
    const sent = await fetch(`${baseURL()}/volunteer`, {
      method: "POST",
      body: form,
      redirect: "manual",
    });
    expect(sent.status).toBe(302);
    await page.getByRole("heading", { level: 2, name: "ماجد الشهري" }).waitFor();

    const card = page.getByRole("listitem").filter({
      has: page.getByRole("heading", { name: "نورة القحطاني" }),
    });
    await card.getByLabel("الحالة").selectOption("contacted");
    await card.getByLabel("ملاحظة الفريق").fill("اتُّفق على زيارة يوم الخميس");
    await card.getByRole("button", { name: "حفظ الحالة" }).click();
    await page.locator("[data-sonner-toast]").filter({ hasText: "حُفظت حالة المتطوع" }).waitFor();
    await card.locator("span", { hasText: /^تم التواصل$/ }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "تنزيل CSV" }).click(),
    ]);
    const bytes = readFileSync((await download.path()) ?? "");
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.toString("utf8");
    expect(csv).toContain('"نورة القحطاني","0551234567"');
    expect(csv).toContain('"الخبر"');
    expect(csv).toContain('"تم التواصل","اتُّفق على زيارة يوم الخميس"');
    expect(errors).toEqual([]);
  });
});

/** Opens `pathname` and waits until the page is hydrated (it then opens its /realtime stream). */
async function goHydrated(page: Page, pathname: string) {
  const hydrated = page.waitForResponse((response) => response.url().endsWith("/realtime"));
  await page.goto(pathname);
  await hydrated;
}

async function rateAll(page: Page, label: string) {
  const groups = page.getByRole("group").filter({ hasText: "ما مدى رضاك" });
  const count = await groups.count();
  for (let i = 0; i < count; i++) {
    await groups.nth(i).getByText(label, { exact: true }).click();
  }
  expect(await page.locator("input[type=radio]:checked").count()).toBe(count);
}

describe("satisfaction surveys", () => {
  test("answers on both pages show in the results with their chart", async () => {
    const { page, errors } = await open(PHONE);
    await goHydrated(page, "/feedback/visitors");
    await expectAccessible(page);
    await rateAll(page, "راضٍ جداً");
    await page.getByLabel("تعليق أو اقتراح (اختياري)").fill("استقبال كريم وابتسامة دائمة");
    await page.getByRole("button", { name: "أرسل إجاباتي" }).click();
    await page.getByText("وصلتنا إجاباتك، شكراً لك.").waitFor();

    await goHydrated(page, "/feedback/beneficiaries");
    await rateAll(page, "محايد");
    await page.getByLabel("نعم، أريد أن تتواصلوا معي").check();
    await page.getByRole("button", { name: "أرسل إجاباتي" }).click();
    await page.getByText("اكتب اسمك لنتواصل معك").waitFor();
    await page.getByLabel("الاسم", { exact: true }).fill("أم سعد");
    await page.getByLabel("رقم الجوال").fill("0561234567");
    await page.getByRole("button", { name: "أرسل إجاباتي" }).click();
    await page.getByText("وصلتنا إجاباتك، شكراً لك.").waitFor();
    expect(errors).toEqual([]);

    const staff = await open();
    await login(staff.page, "editor");
    await staff.page.goto("/admin/dashboard/surveys?audience=visitors");
    await staff.page.getByText("استقبال كريم وابتسامة دائمة").waitFor();
    await staff.page.getByRole("img", { name: /متوسط التقييم لكل سؤال/ }).waitFor();
    // One answer, or two when this spec is on its retry (decision 082).
    expect(
      await staff.page.getByRole("status").filter({ hasText: "عدد الإجابات" }).textContent(),
    ).toMatch(/[12]/);
    await expectAccessible(staff.page);
    await staff.page.getByRole("link", { name: "قياس رضا المستفيدين" }).click();
    await staff.page.getByText("يطلب التواصل: أم سعد").waitFor();
    expect(await staff.page.getByRole("cell", { name: "3.0" }).count()).toBeGreaterThan(0);
    expect(staff.errors).toEqual([]);
  });
});

describe("the newsletter", () => {
  test("an address is confirmed by the e-mailed link and unsubscribed by the other", async () => {
    // Its own address and client on each try: a retry is a new reader (decision 082).
    const email = `reader-${Date.now()}@rifq.test`;
    const { page, errors } = await open(PHONE, newVisitorAddress());
    await page.goto("/media/news");
    await page.getByLabel("بريدك الإلكتروني").fill(email);
    await page.getByRole("button", { name: "اشترك" }).click();
    await page.getByText("أرسلنا رابط تأكيد إلى بريدك الإلكتروني").waitFor();

    const mail = readOutbox()
      .filter((m) => m.to === email)
      .at(-1);
    const links = mail?.text.match(/https?:\/\/\S+/g) ?? [];
    const confirm = links.find((link) => link.includes("/newsletter/confirm"));
    const unsubscribe = links.find((link) => link.includes("/newsletter/unsubscribe"));
    expect(confirm && unsubscribe).toBeTruthy();

    await page.goto(confirm ?? "");
    await expectAccessible(page);
    await page.getByRole("button", { name: "أكّد اشتراكي" }).click();
    await page.getByText("تم تأكيد اشتراكك، شكراً لك.").first().waitFor();

    const staff = await open();
    await login(staff.page, "editor");
    await staff.page.goto("/admin/dashboard/subscribers");
    await staff.page.getByRole("cell", { name: email }).waitFor();
    await expectAccessible(staff.page);

    // Opening the link shows a button; pressing it unsubscribes (docs/decisions/066).
    await page.goto(unsubscribe ?? "");
    await expectAccessible(page);
    await page.getByRole("button", { name: "ألغِ اشتراكي" }).click();
    await page.getByText("أُلغي اشتراكك وحُذف بريدك من قائمة النشرة.").waitFor();
    // Gone from the staff list (other specs' confirmed subscribers may still be on it).
    await staff.page.reload();
    await staff.page.getByRole("heading", { level: 1 }).waitFor();
    expect(await staff.page.getByRole("cell", { name: email }).count()).toBe(0);
    expect([...errors, ...staff.errors]).toEqual([]);
  });
});
