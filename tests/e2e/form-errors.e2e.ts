import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { DESKTOP, launchBrowser, openPage, openWithApp } from "./support/browser";

// One round of errors (issue 26): with JavaScript, a form lists every problem the server would,
// at once, not one field after another.

let browser: Browser;
const contexts: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(async () => browser?.close());

test("/volunteer with JavaScript lists all five problems in one round", async () => {
  const { page, context, errors } = await openPage(browser, DESKTOP);
  contexts.push(context);
  // Typing is the first thing a visitor does: the app has loaded by then.
  await openWithApp(page, "/volunteer");
  await page.getByLabel("الاسم الكامل").pressSequentially("نورة القحطاني");
  await page.getByLabel("رقم الجوال").pressSequentially("12345");
  await page.getByRole("button", { name: "أرسل طلب التطوع" }).click();

  const summary = page.getByRole("region", { name: /يرجى تصحيح/ });
  await summary.getByRole("heading", { name: "يرجى تصحيح 5 حقول في النموذج:" }).waitFor();
  expect(await summary.getByRole("link").allTextContents()).toEqual([
    "رقم الجوال",
    "المدينة",
    "المجالات التي تحب التطوع فيها",
    "الأوقات المناسبة لك",
    "الموافقة على حفظ بياناتك",
  ]);
  await page.getByText("رقم الجوال غير صحيح، اكتبه هكذا: 05XXXXXXXX").waitFor();
  await page.getByText("اختر مدينتك").waitFor();
  await page.getByText("يلزم موافقتك على حفظ بياناتك لنتمكن من التواصل معك").waitFor();
  expect(errors).toEqual([]);
});
