import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import {
  AXE_TAGS,
  axeSource,
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
import { ACCOUNTS } from "./support/fixtures";
import { waitForToast } from "./support/staff";

// Newsletter campaigns (docs/decisions/051), against the shared built server (its mail goes to
// the outbox folder, headers included): an editor starts a campaign from a post, previews it,
// tests it, sends it; each confirmed subscriber gets one message with the one-click headers, an
// unconfirmed address nothing; the one-click POST unsubscribes; the archive shows it signed out.

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

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}
const outbox = () => readOutbox() as unknown as OutboxMail[];

async function waitFor<T>(find: () => T | undefined, what: string, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The campaign page without its two preview frames: they are sandboxed (nothing runs in them, not
 * even axe); the e-mail's own markup is checked by tests/integration/mail-queue.test.ts.
 */
async function expectAccessibleAroundPreviews(page: Page) {
  const results = await new AxeBuilder({ page, axeSource: axeSource() })
    .withTags(AXE_TAGS)
    .exclude("iframe")
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/**
 * The post and the two addresses of one try of the first test (the archive test reads the last
 * try's): a retry starts afresh, since a post's title is its address and a slug is taken once.
 */
let POST_TITLE = "";
let CONFIRMED = "";
let UNCONFIRMED = "";
function newTry() {
  const stamp = Date.now();
  POST_TITLE = `يوم صحي مفتوح ${stamp}`;
  CONFIRMED = `confirmed-${stamp}@rifq.test`;
  UNCONFIRMED = `unconfirmed-${stamp}@rifq.test`;
}

/** Subscribes from the news page; `confirm` presses the e-mailed link's button too. */
async function subscribe(email: string, confirm: boolean) {
  const { page } = await open(PHONE, newVisitorAddress());
  await page.goto("/media/news");
  await page.getByLabel("بريدك الإلكتروني").fill(email);
  await page.getByRole("button", { name: "اشترك" }).click();
  await page.getByText("أرسلنا رابط تأكيد إلى بريدك الإلكتروني").waitFor();
  if (!confirm) return;
  const mail = outbox()
    .filter((m) => m.to === email)
    .at(-1);
  const link = mail?.text.match(/https?:\/\/\S+\/newsletter\/confirm\S+/)?.[0] ?? "";
  await page.goto(link);
  await page.getByRole("button", { name: "أكّد اشتراكي" }).click();
  await page.getByText("تم تأكيد اشتراكك، شكراً لك.").first().waitFor();
}

const step = (what: string) => console.log(`[campaigns e2e] ${new Date().toISOString()} ${what}`);

describe("a newsletter campaign", () => {
  test("an editor starts it from a post, previews and tests it, and sends it to the confirmed subscribers", async () => {
    newTry();
    await subscribe(CONFIRMED, true);
    await subscribe(UNCONFIRMED, false);

    step("subscribed");
    const { page, errors } = await open();
    await login(page, "editor");
    // A published post to start from.
    await page.goto("/admin/dashboard/posts/new");
    await page
      .getByRole("textbox", { name: "نص المقال" })
      .and(page.locator("[contenteditable]"))
      .waitFor();
    await page.getByLabel("العنوان", { exact: true }).fill(POST_TITLE);
    await page.getByLabel("المقتطف").fill("فحوص مجانية لكبار السن في الدمام.");
    await page.getByLabel("نص المقال").fill("تفاصيل اليوم الصحي.");
    await page.getByLabel("الحالة").selectOption("published");
    await page.getByRole("button", { name: "حفظ المقال" }).click();
    await page.waitForURL("**/admin/dashboard/posts");

    step("post saved");
    // The staff navigation leads to the campaigns.
    await page
      .getByRole("navigation", { name: "أقسام لوحة التحكم" })
      .getByRole("link", { name: "حملات النشرة" })
      .click();
    await page.getByRole("heading", { name: "حملات النشرة" }).waitFor();
    await page.getByRole("link", { name: "حملة جديدة" }).first().click();
    await page.getByLabel("ابدأ من خبر منشور (اختياري)").selectOption({ label: POST_TITLE });
    await page.getByRole("button", { name: "املأ الحملة من الخبر" }).click();
    await expect.poll(() => page.getByLabel("عنوان الرسالة").inputValue()).toBe(POST_TITLE);
    await expectAccessible(page);
    await page.getByRole("button", { name: "حفظ الحملة" }).click();
    await waitForToast(page, "حُفظت الحملة");
    await expectAccessible(page);

    step("campaign saved");
    // The campaign's page: the e-mail at two widths, right to left.
    await page.getByRole("link", { name: `معاينة «${POST_TITLE}» وإرسالها` }).click();
    await page.getByRole("heading", { name: "الرسالة كما تصل إلى المشتركين" }).waitFor();
    const campaignPage = new URL(page.url()).pathname;
    for (const title of ["على الحاسوب", "على الجوال"]) {
      const frame = page.frameLocator(`iframe[title="${title}"]`);
      await frame.getByRole("heading", { name: POST_TITLE }).waitFor();
      await frame.getByText("فحوص مجانية لكبار السن في الدمام.").waitFor();
      await frame.getByRole("link", { name: "اقرأ الخبر كاملاً على موقع الجمعية" }).waitFor();
      expect(await frame.locator("body").getAttribute("dir")).toBe("rtl");
    }
    const phoneWidth = await page
      .locator('iframe[title="على الجوال"]')
      .evaluate((el) => el.clientWidth);
    expect(phoneWidth).toBeLessThanOrEqual(377);
    await expectAccessibleAroundPreviews(page);

    step("previewed");
    // A test to the editor's own address.
    await page.getByRole("button", { name: "أرسل نسخة تجريبية إلى بريدي" }).click();
    await waitForToast(page, "أُرسلت الرسالة التجريبية");
    const test = await waitFor(
      () =>
        outbox().find(
          (m) => m.to === ACCOUNTS.editor.email && m.subject === `[تجربة] ${POST_TITLE}`,
        ),
      "the test message",
    );
    expect(test.html).toContain('dir="rtl"');

    step("tested");
    // To every confirmed subscriber (other specs may have confirmed some too).
    const sendNow = page.getByRole("button", { name: /أرسلها الآن إلى \d+ مشتركاً مؤكَّداً/ });
    const confirmedCount = Number(((await sendNow.textContent()) ?? "").match(/\d+/)?.[0]);
    expect(confirmedCount).toBeGreaterThanOrEqual(1);
    await sendNow.click();
    await waitForToast(page, "بدأ الإرسال");
    const sent = await waitFor(
      () => outbox().find((m) => m.to === CONFIRMED && m.subject === POST_TITLE),
      "the campaign in the confirmed subscriber's mailbox",
    );
    expect(outbox().filter((m) => m.to === CONFIRMED && m.subject === POST_TITLE)).toHaveLength(1);
    expect(outbox().some((m) => m.to === UNCONFIRMED && m.subject === POST_TITLE)).toBe(false);
    const unsubscribe = sent.headers?.["List-Unsubscribe"]?.replace(/^<|>$/g, "") ?? "";
    expect(unsubscribe).toMatch(/\/newsletter\/unsubscribe\?token=/);
    expect(sent.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(sent.html).toContain(unsubscribe);
    expect(sent.text).toContain(unsubscribe);

    step("sent");
    // The campaign's page says it went, with its counts.
    const figure = (label: string) =>
      page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd").textContent();
    await expect
      .poll(
        async () => {
          await page.goto(campaignPage);
          return page.getByText("أُرسلت", { exact: true }).count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(1);
    expect(await figure("وصلت")).toBe(String(confirmedCount));

    // A mail app's one-click unsubscribe: a POST with no cookie, no form token and no script.
    const link = new URL(unsubscribe);
    const oneClick = await fetch(new URL(`${link.pathname}${link.search}`, baseURL()), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    await page.goto("/admin/dashboard/subscribers");
    await page.getByRole("heading", { name: "مشتركو النشرة" }).waitFor();
    expect(await page.getByText(CONFIRMED).count()).toBe(0);
    await page.goto(campaignPage);
    expect(await figure("ألغوا الاشتراك بعدها")).toBe("1");
    expect(errors).toEqual([]);
  }, 480_000);

  test("the archive shows the sent campaign to a signed-out visitor, without JavaScript", async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: PHONE,
      baseURL: baseURL(),
      locale: "ar-SA",
    });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto("/newsletter/archive");
    await page.getByRole("heading", { level: 1, name: "أرشيف النشرة البريدية" }).waitFor();
    await page.getByRole("link", { name: new RegExp(POST_TITLE) }).click();
    await page.getByRole("heading", { level: 1, name: POST_TITLE }).waitFor();
    await page.getByText("فحوص مجانية لكبار السن في الدمام.").waitFor();

    const { page: withScript, errors } = await open(DESKTOP);
    await withScript.goto("/newsletter/archive");
    await expectAccessible(withScript);
    await withScript.getByRole("link", { name: new RegExp(POST_TITLE) }).click();
    await withScript.getByRole("heading", { level: 1, name: POST_TITLE }).waitFor();
    await expectAccessible(withScript);
    expect(errors).toEqual([]);
  }, 120_000);
});
