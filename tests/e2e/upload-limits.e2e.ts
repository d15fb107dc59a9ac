import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { DOCUMENT_TOO_LARGE } from "~/shared/documents";
import { IMAGE_TOO_LARGE } from "~/shared/image-rules";
import { REQUEST_TOO_LARGE } from "~/utils/form-data.server";
import { baseURL, DESKTOP, launchBrowser, login } from "./support/browser";
import { uploadDocument } from "./support/documents";

// Issue 40 item 4, decision 070: without JavaScript, a file over its field's limit comes back
// to the form that was filled, with the field's own limit beside the file field, never the
// generic «حجم البيانات المرسلة أكبر من المسموح» screen.

const MB = 1024 * 1024;

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(async () => browser?.close());

async function adminWithoutJavaScript(): Promise<Page> {
  const context = await browser.newContext({
    viewport: DESKTOP,
    baseURL: baseURL(),
    locale: "ar-SA",
    javaScriptEnabled: false,
  });
  contexts.push(context);
  const page = await context.newPage();
  await login(page, "admin");
  return page;
}

/** The texts the field's `aria-describedby` points at: what is said beside it. */
async function saidBeside(page: Page, field: Locator): Promise<string> {
  const ids = ((await field.getAttribute("aria-describedby")) ?? "").split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  return texts.join(" ");
}

test("a 25 MB PDF comes back to the filled upload form, 20 MB named beside the file field", async () => {
  const page = await adminWithoutJavaScript();
  await uploadDocument(
    page,
    { name: "large-report.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(25 * MB, 0x25) },
    { title: "التقرير المالي المدقق 2024", year: "2024" },
  );
  await page.getByText(DOCUMENT_TOO_LARGE).first().waitFor();
  expect(DOCUMENT_TOO_LARGE).toContain("20 ميجابايت");
  expect(await saidBeside(page, page.getByLabel("ملف الوثيقة"))).toContain(DOCUMENT_TOO_LARGE);
  expect(await page.getByLabel("عنوان الوثيقة").inputValue()).toBe("التقرير المالي المدقق 2024");
  expect(await page.getByLabel("السنة الميلادية").inputValue()).toBe("2024");
  expect(await page.getByText(REQUEST_TOO_LARGE).count()).toBe(0);
}, 120_000);

test("a 6 MB event picture comes back to the filled event form, 5 MB named beside the picture", async () => {
  const page = await adminWithoutJavaScript();
  await page.goto("/admin/dashboard/events/new");
  await page.getByLabel("عنوان الفعالية").fill("لقاء الأسر الشهري");
  await page.getByLabel("الرابط").fill("monthly-families-meeting");
  await page.getByLabel("وصف الفعالية").fill("لقاء مفتوح لأسر المستفيدين مع فريق الجمعية.");
  await page.getByLabel("صورة الفعالية").setInputFiles({
    name: "large-photo.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.alloc(6 * MB, 0x42),
  });
  await page.getByLabel("تبدأ (بتوقيت الرياض)").fill("2027-03-10T17:00");
  await page.getByLabel("تنتهي (بتوقيت الرياض)").fill("2027-03-10T19:00");
  await page.getByLabel("المكان").fill("مقر الجمعية، الدمام");
  await page.getByLabel("السعة (عدد المقاعد)").fill("40");
  await page.getByRole("button", { name: "حفظ الفعالية" }).click();

  await page.getByText(IMAGE_TOO_LARGE).first().waitFor();
  expect(IMAGE_TOO_LARGE).toContain("5 ميجابايت");
  expect(await saidBeside(page, page.getByLabel("صورة الفعالية"))).toContain(IMAGE_TOO_LARGE);
  expect(await page.getByLabel("عنوان الفعالية").inputValue()).toBe("لقاء الأسر الشهري");
  expect(await page.getByLabel("وصف الفعالية").inputValue()).toBe(
    "لقاء مفتوح لأسر المستفيدين مع فريق الجمعية.",
  );
  expect(await page.getByLabel("المكان").inputValue()).toBe("مقر الجمعية، الدمام");
  expect(await page.getByLabel("السعة (عدد المقاعد)").inputValue()).toBe("40");
  expect(await page.getByText(REQUEST_TOO_LARGE).count()).toBe(0);
}, 120_000);
