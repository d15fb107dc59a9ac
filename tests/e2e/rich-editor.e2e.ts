import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { toRiyadhInput } from "~/shared/dates";
import { WORD_PASTE } from "../fixtures/word-paste";
import { imageBytes } from "../support/images";
import { baseURL, DESKTOP, launchBrowser, login, openPage, PHONE } from "./support/browser";

const POSTS = "/admin/dashboard/posts";
const VIDEO_ID = "dQw4w9WgXcQ";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await moveClock(0);
  await browser?.close();
});

/** Moves the server's clock (TEST_CLOCK is on for the e2e server only). */
async function moveClock(offsetMs: number) {
  const response = await fetch(`${baseURL()}/__test/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ offsetMs }),
  });
  expect(response.status).toBe(200);
}

const png = () => imageBytes();

/** The rich editor itself (not the plain textarea the server renders before it loads). */
const editorOf = (page: Page) =>
  page.getByRole("textbox", { name: "نص المقال" }).and(page.locator("[contenteditable]"));
const tool = (page: Page, name: string) =>
  page.getByRole("toolbar", { name: "أدوات التنسيق" }).getByRole("button", { name, exact: true });

/** Pastes `html` into the editor as a browser would (a paste event with text/html). */
async function pasteHtml(page: Page, html: string) {
  await editorOf(page).focus();
  await editorOf(page).evaluate((element, markup) => {
    const data = new DataTransfer();
    data.setData("text/html", markup);
    data.setData("text/plain", markup.replace(/<[^>]+>/g, ""));
    element.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, html);
}

async function newPost(page: Page, title: string) {
  await page.goto(`${POSTS}/new`);
  // The editor is there once the page has hydrated (the slug follows the title from then on).
  await editorOf(page).waitFor();
  await page.getByLabel("العنوان", { exact: true }).fill(title);
  await editorOf(page).click();
}

async function save(page: Page, status?: "منشور") {
  if (status) await page.getByLabel("الحالة").selectOption({ label: status });
  await page.getByRole("button", { name: /حفظ/ }).last().click();
  await page.waitForURL(`**${POSTS}`).catch(async (error) => {
    await page.screenshot({ path: "test-results/rich-save-failure.png", fullPage: true });
    throw error;
  });
}

test("an editor writes a rich post; the public page shows each part, harmlessly", async () => {
  const { page, errors } = await openPage(browser, DESKTOP);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await login(page, "editor");

  // An image in the gallery to pick from.
  await page.goto("/admin/dashboard/images/new");
  await page.getByLabel("الصورة", { exact: true }).setInputFiles({
    name: "visit.png",
    mimeType: "image/png",
    buffer: await png(),
  });
  await page.getByLabel("عنوان الصورة").fill("زيارة دار الرعاية");
  await page.getByRole("button", { name: "رفع الصورة" }).click();
  await page.waitForURL("**/admin/dashboard/images");

  const title = "يوم مع كبارنا";
  await newPost(page, title);
  await tool(page, "عنوان رئيسي").click();
  await page.keyboard.type("برنامج الزيارة");
  await page.keyboard.press("Enter");
  await page.keyboard.type("كانت زيارة ");
  await page.keyboard.press("Control+b");
  await page.keyboard.type("مميزة");
  await page.keyboard.press("Control+b");
  await page.keyboard.type(" للجميع.");
  await page.keyboard.press("Enter");
  await tool(page, "قائمة نقطية").click();
  await page.keyboard.type("قياس الضغط");
  await page.keyboard.press("Enter");
  await page.keyboard.type("جلسة قراءة");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");

  await tool(page, "رابط").click();
  await page.getByLabel("عنوان الرابط").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "تطبيق" }).click();
  await page.getByText("الرابط غير صالح").waitFor();
  await page.getByLabel("عنوان الرابط").fill("https://example.org/rifq");
  await page.getByLabel("عنوان الرابط").press("Enter");
  await page.keyboard.press("Enter");

  await tool(page, "صورة").click();
  await page.getByRole("button", { name: "زيارة دار الرعاية" }).click();
  await page.getByLabel("التعليق تحت الصورة (اختياري)").fill("فريق الجمعية مع المستفيدين");
  await page.getByRole("button", { name: "إدراج" }).click();

  await tool(page, "فيديو يوتيوب").click();
  await page.getByLabel("رابط الفيديو").fill(`https://youtu.be/${VIDEO_ID}`);
  await page.getByRole("button", { name: "إدراج" }).click();
  await editorOf(page).getByText(`فيديو يوتيوب (${VIDEO_ID})`).waitFor();

  // Typed script stays text; pasted script is dropped.
  await page.keyboard.type('<script>alert("typed")</script>');
  await pasteHtml(
    page,
    `<p>لصق</p><img src=x onerror="alert('pasted')"><script>alert('pasted')</script>`,
  );
  await page.screenshot({ path: "test-results/rich-editor-desktop.png", fullPage: true });
  await save(page, "منشور");

  const slug = title.replace(/\s+/g, "-");
  await page.goto(`/media/news/${slug}`);
  const body = page.getByTestId("post-content");
  await body.getByRole("heading", { level: 2, name: "برنامج الزيارة" }).waitFor();
  expect(await body.locator("strong").textContent()).toBe("مميزة");
  expect(await body.getByRole("listitem").allInnerTexts()).toEqual(["قياس الضغط", "جلسة قراءة"]);
  expect(
    await body.getByRole("link", { name: "https://example.org/rifq" }).getAttribute("href"),
  ).toBe("https://example.org/rifq");
  const figure = body.locator("figure");
  expect(await figure.locator("img").getAttribute("alt")).toBe("زيارة دار الرعاية");
  expect(await figure.locator("figcaption").textContent()).toBe("فريق الجمعية مع المستفيدين");
  // The video waits behind our play button: nothing is loaded from YouTube until pressed.
  await body.getByRole("button", { name: `تشغيل الفيديو: ${title}` }).waitFor();
  expect(await body.locator("iframe").count()).toBe(0);
  await body.getByText('<script>alert("typed")</script>').waitFor();
  expect(await body.locator("script, [onerror]").count()).toBe(0);
  expect(await body.locator("img").count()).toBe(1);
  // Readable Arabic: at least 19 px.
  const size = await body
    .locator("p")
    .first()
    .evaluate((p) => Number.parseFloat(getComputedStyle(p).fontSize));
  expect(size).toBeGreaterThanOrEqual(19);
  await page.screenshot({ path: "test-results/rich-post-desktop.png", fullPage: true });

  const phone = await openPage(browser, PHONE);
  await phone.page.goto(`/media/news/${slug}`);
  await phone.page.screenshot({ path: "test-results/rich-post-phone.png", fullPage: true });
  await phone.context.close();

  expect(dialogs).toEqual([]);
  expect(errors).toEqual([]);
});

test("pasted Word HTML is cleaned to the editor's set (on a phone)", async () => {
  const { page, errors } = await openPage(browser, PHONE);
  await login(page, "editor");
  await newPost(page, "تقرير من وورد");
  await pasteHtml(page, WORD_PASTE);
  const editor = editorOf(page);
  await editor.getByRole("heading", { level: 2, name: "تقرير الزيارة" }).waitFor();
  expect(await editor.locator("strong").textContent()).toBe("زرنا");
  expect(await editor.locator("em").textContent()).toBe("الدمام");
  expect(await editor.getByRole("listitem").count()).toBe(2);
  expect(await editor.locator("span, [style], [class*=Mso], h1").count()).toBe(0);
  await page.screenshot({ path: "test-results/rich-editor-phone.png", fullPage: true });
  expect(errors).toEqual([]);
});

test("an XSS corpus sent straight to the action is stored and shown harmless", async () => {
  const { page, errors } = await openPage(browser, DESKTOP);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await login(page, "editor");
  await page.goto(`${POSTS}/new`);
  const status = await page.evaluate(async () => {
    const form = new FormData();
    form.set("title", "اختبار الحقن");
    form.set("slug", "xss-direct");
    form.set("status", "published");
    form.set(
      "content",
      `<p>نص سليم</p><script>alert(1)</script><img src=x onerror=alert(2)><svg onload=alert(3)></svg>` +
        `<a href="javascript:alert(4)">رابط</a><iframe src="javascript:alert(5)"></iframe>` +
        `<p onclick="alert(6)" style="color:red">فقرة</p><div data-youtube-id="x" onmouseover="alert(7)"></div>`,
    );
    const response = await fetch("/admin/dashboard/posts/new", {
      method: "POST",
      body: form,
      redirect: "manual",
    });
    return response.status;
  });
  expect([0, 302]).toContain(status);
  await page.goto("/media/news/xss-direct");
  const body = page.getByTestId("post-content");
  await body.getByText("نص سليم").waitFor();
  expect(await body.locator("script, iframe, svg, [onclick], [onerror], [style]").count()).toBe(0);
  expect(await body.locator('a[href^="javascript"]').count()).toBe(0);
  await page.waitForTimeout(300);
  expect(dialogs).toEqual([]);
  expect(errors).toEqual([]);
});

test("a closed tab's draft is offered back, and a revision is restored", async () => {
  const first = await openPage(browser, DESKTOP);
  await login(first.page, "editor");
  await newPost(first.page, "مسودة تعود");
  await first.page.keyboard.type("النص الأول المحفوظ");
  await save(first.page);
  await first.page
    .getByRole("link", { name: /مسودة تعود/ })
    .first()
    .click();
  await first.page.waitForURL("**/edit");
  const editUrl = first.page.url();

  // A second save, then unsaved typing that only the autosave keeps.
  await editorOf(first.page).click();
  await first.page.keyboard.press("Control+a");
  await first.page.keyboard.type("النص الثاني المحفوظ");
  await save(first.page);
  await first.page.goto(editUrl);
  await editorOf(first.page).click();
  await first.page.keyboard.press("End");
  await first.page.keyboard.type(" وإضافة لم تُحفظ");
  await first.page.getByText(/حُفظت مسودة تلقائياً/).waitFor({ timeout: 15_000 });
  await first.page.close({ runBeforeUnload: false });

  const { page, errors } = await openPage(browser, DESKTOP);
  await login(page, "editor");
  await page.goto(editUrl);
  await page.getByRole("button", { name: "استعادة المسودة غير المحفوظة" }).click();
  await editorOf(page).getByText("النص الثاني المحفوظ وإضافة لم تُحفظ").waitFor();

  // The revisions: the newest is the current text; the first one is put back with one click.
  const revisions = page.getByRole("region", { name: "النسخ السابقة" });
  await revisions.getByRole("button", { name: "مقارنة بالنص الحالي" }).last().click();
  await revisions.locator("del", { hasText: "النص الأول المحفوظ" }).waitFor();
  await revisions.locator("ins", { hasText: "النص الثاني المحفوظ" }).waitFor();
  await page.screenshot({ path: "test-results/rich-revisions-desktop.png", fullPage: true });
  await revisions
    .getByRole("button", { name: /^استعادة نسخة/ })
    .last()
    .click();
  await page.locator("[data-sonner-toast]").filter({ hasText: "تمت الاستعادة" }).first().waitFor();
  await editorOf(page).getByText("النص الأول المحفوظ").waitFor();
  expect(errors).toEqual([]);
});

test("a post scheduled 2 minutes ahead appears on the news page when its time comes", async () => {
  const { page, errors } = await openPage(browser, DESKTOP);
  await login(page, "editor");
  const title = "خبر مجدول للصباح";
  await newPost(page, title);
  await page.keyboard.type("يظهر هذا الخبر في موعده.");
  await page.getByLabel("موعد النشر (بتوقيت الرياض)").fill(toRiyadhInput(Date.now() + 2 * 60_000));
  await save(page, "منشور");
  await page
    .locator("tbody tr")
    .filter({ hasText: title })
    .getByText(/^مجدول:/)
    .waitFor();

  const reader = await openPage(browser, PHONE);
  await reader.page.goto("/media/news");
  await reader.page.getByRole("heading", { level: 1 }).waitFor();
  expect(await reader.page.getByText(title).count()).toBe(0);
  const cached = await fetch(`${baseURL()}/media/news`, { headers: { accept: "text/html" } }).then(
    (r) => r.text(),
  );
  expect(cached).not.toContain(title);

  // Three minutes later (by the server's clock) it is there, without anyone saving anything.
  await moveClock(3 * 60_000);
  await reader.page.getByText(title).first().waitFor({ timeout: 20_000 });
  const fresh = await fetch(`${baseURL()}/media/news`, { headers: { accept: "text/html" } }).then(
    (r) => r.text(),
  );
  expect(fresh).toContain(title);
  await moveClock(0);
  expect(errors).toEqual([]);
  expect(reader.errors).toEqual([]);
  await reader.context.close();
});
