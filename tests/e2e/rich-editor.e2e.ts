import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { toRiyadhInput } from "~/shared/dates";
import { GOOGLE_DOCS_PASTE } from "../fixtures/google-docs-paste";
import { WORD_LIST_PASTE, WORD_PASTE } from "../fixtures/word-paste";
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

test("pasted Google Docs keeps only its bold and italic words; Word's list paragraphs become lists", async () => {
  const { page, errors } = await openPage(browser, DESKTOP);
  await login(page, "editor");
  await newPost(page, "تقرير من مستندات جوجل");
  await pasteHtml(page, GOOGLE_DOCS_PASTE);
  const editor = editorOf(page);
  await editor.getByRole("heading", { level: 2, name: "يوم في دار الرعاية" }).waitFor();
  expect(await editor.locator("strong").allTextContents()).toEqual(["الرعاية"]);
  expect((await editor.locator("em").allTextContents()).map((text) => text.trim())).toEqual([
    "في الدمام",
  ]);
  expect(await editor.getByRole("listitem").allInnerTexts()).toEqual(["قياس الضغط", "جلسة قراءة"]);

  await page.keyboard.press("Control+a");
  await page.keyboard.press("Delete");
  await pasteHtml(page, WORD_LIST_PASTE);
  await editor.locator("ol > li").first().waitFor();
  expect(await editor.locator("ol > li").allInnerTexts()).toEqual(["التسجيل", "الفحص"]);
  expect(await editor.locator("ul > li > ul > li").allInnerTexts()).toEqual(["للرجال والنساء"]);
  // No typed bullet or number is left in the text.
  expect(await editor.textContent()).not.toMatch(/·|1\.|2\./);
  expect(errors).toEqual([]);
});

test("a paragraph set left to right stays so on the public page and when reopened", async () => {
  const { page, errors } = await openPage(browser, DESKTOP);
  await login(page, "editor");
  const title = "زيارة وفد أجنبي";
  await newPost(page, title);
  await page.keyboard.type("استقبلت الجمعية الوفد وقال رئيسه:");
  await page.keyboard.press("Enter");
  await page.keyboard.type("We are glad to be here.");
  const toLtr = tool(page, "اتجاه الفقرة: من اليسار إلى اليمين");
  expect(await toLtr.getAttribute("aria-pressed")).toBe("false");
  await toLtr.click();
  const toRtl = tool(page, "اتجاه الفقرة: من اليمين إلى اليسار");
  expect(await toRtl.getAttribute("aria-pressed")).toBe("true");
  await editorOf(page).locator('p[dir="ltr"]', { hasText: "We are glad" }).waitFor();
  await save(page, "منشور");

  const slug = title.replace(/\s+/g, "-");
  const html = await fetch(`${baseURL()}/media/news/${encodeURIComponent(slug)}`).then((r) =>
    r.text(),
  );
  expect(html).toContain('<p dir="ltr">We are glad to be here.</p>');
  expect(html).toContain("<p>استقبلت الجمعية الوفد وقال رئيسه:</p>");
  await page.goto(`/media/news/${slug}`);
  const paragraph = page.getByTestId("post-content").getByText("We are glad to be here.");
  expect(await paragraph.evaluate((p) => getComputedStyle(p).direction)).toBe("ltr");

  await page.goto(POSTS);
  await page.getByRole("link", { name: title }).first().click();
  await page.waitForURL("**/edit");
  await editorOf(page).locator('p[dir="ltr"]', { hasText: "We are glad" }).waitFor();
  await editorOf(page).getByText("We are glad").click();
  expect(await tool(page, "اتجاه الفقرة: من اليمين إلى اليسار").getAttribute("aria-pressed")).toBe(
    "true",
  );
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
  await editorOf(page).click();
  await page.keyboard.press("End");
  await page.keyboard.type(" وسطر أخير");

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
  // The form has unsaved changes that the restore replaces: asked first, and "cancel" keeps them.
  const asked = page.getByRole("alertdialog", { name: "استعادة النسخة وترك تعديلاتك؟" });
  await asked.getByRole("button", { name: "إلغاء" }).click();
  await asked.waitFor({ state: "detached" });
  await editorOf(page).getByText("وسطر أخير").waitFor();
  await revisions
    .getByRole("button", { name: /^استعادة نسخة/ })
    .last()
    .click();
  await asked.getByRole("button", { name: "استعادة النسخة" }).click();
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

/** A saved post to come back to, opened for editing; its edit address. */
async function savedPostOpened(page: Page, title: string) {
  await newPost(page, title);
  await page.keyboard.type("النص المحفوظ");
  await save(page);
  await page.getByRole("link", { name: title }).first().click();
  await page.waitForURL("**/edit");
  await editorOf(page).getByText("النص المحفوظ").waitFor();
  return page.url();
}

async function typeAtEnd(page: Page, text: string) {
  await editorOf(page).click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(text);
}

test("leaving by a link with unsaved changes asks first; leaving keeps the last seconds as a draft", async () => {
  const { page, errors } = await openPage(browser, DESKTOP);
  await login(page, "editor");
  const editUrl = await savedPostOpened(page, "خبر لا يضيع");

  // Nothing changed: the back link leaves without a question.
  await page.getByRole("link", { name: "العودة إلى المقالات" }).click();
  await page.waitForURL(`**${POSTS}`);
  await page.goto(editUrl);
  await editorOf(page).getByText("النص المحفوظ").waitFor();

  await typeAtEnd(page, " وتعديل أول");
  await page.getByRole("link", { name: "العودة إلى المقالات" }).click();
  const leave = page.getByRole("alertdialog", { name: "مغادرة دون حفظ؟" });
  await leave.getByText("لم تُحفظ تعديلاتك على هذا المقال").waitFor();
  await page.screenshot({ path: "test-results/rich-leave-question.png" });
  await leave.getByRole("button", { name: "البقاء في الصفحة" }).click();
  await leave.waitFor({ state: "detached" });
  expect(page.url()).toBe(editUrl);
  await editorOf(page).getByText("النص المحفوظ وتعديل أول").waitFor();

  // Typed and left at once, by the sidebar, well before the autosave's quiet time.
  await typeAtEnd(page, " وتعديل أخير");
  await page
    .getByRole("navigation", { name: "أقسام لوحة التحكم" })
    .getByRole("link", { name: "الفيديوهات" })
    .click();
  await leave.getByRole("button", { name: "مغادرة الصفحة" }).click();
  await page.waitForURL("**/admin/dashboard/videos");

  await page.goto(editUrl);
  await page.getByRole("button", { name: "استعادة المسودة غير المحفوظة" }).click();
  await editorOf(page).getByText("النص المحفوظ وتعديل أول وتعديل أخير").waitFor();
  expect(errors).toEqual([]);
});

test("a colleague's save neither wipes nor is overwritten by unsaved typing; the leave question stays armed", async () => {
  const { page, errors } = await openPage(browser, DESKTOP);
  await login(page, "editor");
  const editUrl = await savedPostOpened(page, "خبر يعدله اثنان");
  await typeAtEnd(page, " بقلمي");

  // A colleague saves the same post meanwhile; the open form hears of it live.
  const other = await openPage(browser, DESKTOP);
  await login(other.page, "admin");
  await other.page.goto(editUrl);
  await editorOf(other.page).getByText("النص المحفوظ").waitFor();
  await typeAtEnd(other.page, " بقلم الزميل");
  await save(other.page);
  await other.context.close();
  await page.waitForTimeout(1_000);
  await editorOf(page).getByText("النص المحفوظ بقلمي").waitFor();

  await page.getByRole("button", { name: "حفظ التعديلات" }).click();
  await page
    .getByText(/عدّل شخص آخر هذا المقال بعد أن فتحته/)
    .first()
    .waitFor();
  expect(page.url()).toBe(editUrl);
  // The refused save did not count as saved: leaving still asks.
  await page.getByRole("link", { name: "العودة إلى المقالات" }).click();
  const leave = page.getByRole("alertdialog", { name: "مغادرة دون حفظ؟" });
  await leave.getByRole("button", { name: "البقاء في الصفحة" }).click();
  await editorOf(page).getByText("النص المحفوظ بقلمي").waitFor();
  expect(page.url()).toBe(editUrl);
  expect(errors).toEqual([
    "Failed to load resource: the server responded with a status of 409 (Conflict)",
  ]);
});

test("closing the tab with unsaved changes asks, and what was typed is offered back", async () => {
  const first = await openPage(browser, DESKTOP);
  await login(first.page, "editor");
  const editUrl = await savedPostOpened(first.page, "خبر في تبويب مغلق");
  const dialogs: string[] = [];
  first.page.on("dialog", (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });
  await typeAtEnd(first.page, " وكلمة قبل الإغلاق");
  // Closed at once: only the beacon sent on the way out can keep it.
  await first.page.close({ runBeforeUnload: true });
  await expect.poll(() => dialogs).toEqual(["beforeunload"]);

  const { page, errors } = await openPage(browser, DESKTOP);
  await login(page, "editor");
  await expect
    .poll(
      async () => {
        await page.goto(editUrl);
        return page.getByRole("button", { name: "استعادة المسودة غير المحفوظة" }).count();
      },
      { timeout: 10_000 },
    )
    .toBe(1);
  await page.getByRole("button", { name: "استعادة المسودة غير المحفوظة" }).click();
  await editorOf(page).getByText("النص المحفوظ وكلمة قبل الإغلاق").waitFor();
  expect(errors).toEqual([]);
});

test("without the editor's code, the preview shows what was typed as text, never as markup", async () => {
  const { page } = await openPage(browser, DESKTOP);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await login(page, "editor");
  // The editor's chunk fails to load: the form keeps its plain text area.
  await page.route(/\/assets\/rich-text-editor-[\w-]+\.js$/, (route) => route.abort());
  const failed = page.waitForEvent("requestfailed", (request) =>
    request.url().includes("/assets/rich-text-editor-"),
  );
  await page.goto(`${POSTS}/new`);
  await failed;
  await page.waitForTimeout(300);
  const textarea = page.locator("textarea[name=content]");
  expect(await editorOf(page).count()).toBe(0);
  const typed = '<img src=x onerror="alert(1)"><b>غامق</b>';
  await textarea.fill(`${typed}\nسطر ثان`);
  await page.getByRole("tab", { name: "معاينة" }).click();
  const body = page.getByRole("tabpanel", { name: "معاينة" }).locator(".article-body");
  await body.getByText(typed).waitFor();
  expect(await body.locator("p").allInnerTexts()).toEqual([typed, "سطر ثان"]);
  expect(await body.locator("img, b").count()).toBe(0);
  await page.waitForTimeout(300);
  expect(dialogs).toEqual([]);
});
