import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { imageBytes } from "../support/images";
import { baseURL, DESKTOP, launchBrowser, login, openPage, PHONE } from "./support/browser";

// Editable card lists (issue 23 item 1, docs/decisions/047): an admin adds a program card with an
// image, moves it first with the keyboard, removes it and undoes the removal, then changes a
// built-in card's icon and link, while a signed-out reader's open page follows every change
// without a reload.

const PROGRAMS = "/services/programs";
const HINT = "وضع التحرير مفعّل: انقر على أي نص لتعديله";
const NEW_TITLE = "برنامج رمضان";
const FIRST_DEFAULT = "التمكين المهني";
/** The spec asks for about a second; a held reader's page first fetches its app. */
const LIVE_MS = 8000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** The program cards' titles, in order. */
const programTitles = (page: Page) =>
  page.locator('section[aria-labelledby="programs-heading"] h3').allTextContents();

/** The program card with this title (`a[href=…]` when it links there). */
const programCard = (page: Page, title: string, card = ":is(article, a)") =>
  page
    .locator(`section[aria-labelledby="programs-heading"] ${card}`)
    .filter({ has: page.getByRole("heading", { name: title }) });
const linkedProgram = (page: Page, title: string, href: string) =>
  programCard(page, title, `a[href="${href}"]`);
/** A card's icon, as drawn (lucide's paths). */
const iconOf = (card: ReturnType<typeof programCard>) => card.locator("svg").first().innerHTML();

const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? null);

test("an admin adds a program card with an image, moves it first, removes it and undoes it; an open signed-out page follows live", async () => {
  // A signed-out reader's page, listening to /realtime before anything changes.
  const visitor = await openPage(browser, PHONE);
  const listening = visitor.page.waitForResponse((r) => r.url().endsWith("/realtime"));
  await visitor.page.goto(PROGRAMS);
  await listening;
  await visitor.page.evaluate(() => {
    (window as { notReloaded?: boolean }).notReloaded = true;
  });
  expect(await programTitles(visitor.page)).toHaveLength(6);

  const admin = await openPage(browser, DESKTOP);
  const { page } = admin;
  await login(page, "admin");
  await page.goto(PROGRAMS);
  await page.getByRole("button", { name: "تفعيل وضع التحرير" }).click();
  await page.getByText(HINT).waitFor();
  // The list's controls come with the hint, in the same render (loaded-card-list-editor.tsx).
  expect(await page.getByRole("button", { name: "إضافة بطاقة إلى «البرامج»" }).count()).toBe(1);

  // Add: the dialog's fields, an icon from the curated set and a real image.
  await page.getByRole("button", { name: "إضافة بطاقة إلى «البرامج»" }).click();
  const dialog = page.getByRole("dialog", { name: "إضافة بطاقة إلى «البرامج»" });
  // The browser checks the form first, with the server's own messages.
  await dialog.getByRole("button", { name: "إضافة البطاقة" }).click();
  await dialog.getByText("اكتب عنوان البطاقة").waitFor();
  await dialog.getByLabel("عنوان البطاقة").fill(NEW_TITLE);
  await dialog.getByLabel("نص البطاقة").fill("إفطار جماعي ولقاءات مسائية طوال الشهر الكريم.");
  await dialog.getByLabel("الأيقونة").selectOption({ label: "نجمة" });
  await dialog.getByLabel("صورة (اختيارية)").setInputFiles({
    name: "رمضان.png",
    mimeType: "image/png",
    buffer: await imageBytes({ width: 800, height: 450 }),
  });
  await dialog.getByLabel("وصف الصورة (اختياري)").fill("مائدة إفطار رمضانية");
  await dialog.getByRole("button", { name: "إضافة البطاقة" }).click();
  await dialog.waitFor({ state: "detached" });

  await expect.poll(() => programTitles(page)).toContain(NEW_TITLE);
  expect((await programTitles(page)).at(-1)).toBe(NEW_TITLE);
  const image = page.getByRole("img", { name: "مائدة إفطار رمضانية" });
  expect(await image.getAttribute("src")).toMatch(/^\/uploads\/cards\/.+\.webp$/);
  expect(
    await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
  ).toBe(true);

  // The reader's page shows it, with its image, without a reload.
  await expect
    .poll(() => programTitles(visitor.page), { timeout: LIVE_MS })
    .toEqual(expect.arrayContaining([NEW_TITLE]));
  await visitor.page.getByRole("img", { name: "مائدة إفطار رمضانية" }).waitFor();

  // Keyboard: Enter on the new card's "move up" button moves it, and focus stays on the same
  // card's button each time.
  const moveUp = `نقل «${NEW_TITLE}» إلى الأعلى`;
  await page.getByRole("button", { name: moveUp }).focus();
  for (let place = 6; place > 0; place--) {
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await programTitles(page)).indexOf(NEW_TITLE)).toBe(place - 1);
    await expect.poll(() => focusedLabel(page)).toBe(moveUp);
    // The list answers one change at a time: the next waits until this one is done.
    await expect.poll(() => page.locator('fieldset[aria-busy="true"]').count()).toBe(0);
  }
  // The arrow keys move between the list's controls (one Tab stop for the list).
  await page.keyboard.press("ArrowLeft");
  expect(await focusedLabel(page)).toBe(`نقل «${NEW_TITLE}» إلى الأسفل`);
  await page.keyboard.press("ArrowRight");
  // At the top, "up" is refused without losing focus.
  await page.keyboard.press("Enter");
  expect((await programTitles(page))[0]).toBe(NEW_TITLE);
  expect(await focusedLabel(page)).toBe(moveUp);

  await expect
    .poll(async () => (await programTitles(visitor.page))[0], { timeout: LIVE_MS })
    .toBe(NEW_TITLE);

  // Remove, after confirming; then undo.
  await page.getByRole("button", { name: `حذف «${NEW_TITLE}»` }).click();
  const confirm = page.getByRole("alertdialog", { name: "حذف البطاقة؟" });
  await confirm.getByText(`ستُحذف بطاقة «${NEW_TITLE}»`).waitFor();
  await confirm.getByRole("button", { name: "حذف البطاقة" }).click();
  await expect.poll(() => programTitles(page)).not.toContain(NEW_TITLE);
  await page.getByText(`حُذفت بطاقة «${NEW_TITLE}».`).waitFor();
  await expect
    .poll(() => programTitles(visitor.page), { timeout: LIVE_MS })
    .not.toContain(NEW_TITLE);
  expect((await programTitles(visitor.page))[0]).toBe(FIRST_DEFAULT);

  const undo = page.getByRole("button", { name: "تراجع" });
  await expect.poll(() => undo.evaluate((button) => button === document.activeElement)).toBe(true);
  await page.keyboard.press("Enter");
  await expect.poll(async () => (await programTitles(page))[0]).toBe(NEW_TITLE);
  await expect
    .poll(async () => (await programTitles(visitor.page))[0], { timeout: LIVE_MS })
    .toBe(NEW_TITLE);
  expect(await programTitles(visitor.page)).toHaveLength(7);

  // Edit: a built-in card gets another icon and a link (its title and text stay page texts).
  const oldIcon = await iconOf(programCard(visitor.page, FIRST_DEFAULT));
  const editButton = `تعديل «${FIRST_DEFAULT}»`;
  await page.getByRole("button", { name: editButton }).click();
  const edit = page.getByRole("dialog", { name: `تعديل بطاقة «${FIRST_DEFAULT}»` });
  expect(await edit.getByLabel("عنوان البطاقة").count()).toBe(0);
  expect(await edit.getByLabel("الأيقونة").inputValue()).toBe("Briefcase");
  await edit.getByLabel("الأيقونة").selectOption({ label: "وسام" });
  // The browser refuses a bad link with the server's message before anything is sent.
  await edit.getByLabel("رابط (اختياري)").fill("javascript:alert(1)");
  await edit.getByRole("button", { name: "حفظ التعديلات" }).click();
  await edit.getByText("الرابط يجب أن يبدأ بـ / لصفحة في الموقع أو بـ https://").waitFor();
  await edit.getByLabel("رابط (اختياري)").fill("/volunteer");
  await edit.getByRole("button", { name: "حفظ التعديلات" }).click();
  await edit.waitFor({ state: "detached" });
  const adminCard = linkedProgram(page, FIRST_DEFAULT, "/volunteer");
  await adminCard.waitFor();
  const newIcon = await iconOf(adminCard);
  expect(newIcon).not.toBe(oldIcon);
  await expect.poll(() => focusedLabel(page)).toBe(editButton);
  // The reader's open page links the card and shows its new icon, without a reload.
  const readerCard = linkedProgram(visitor.page, FIRST_DEFAULT, "/volunteer");
  await readerCard.waitFor({ timeout: LIVE_MS });
  expect(await iconOf(readerCard)).toBe(newIcon);

  // Never reloaded, never an error.
  expect(await visitor.page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(
    true,
  );
  expect(visitor.errors).toEqual([]);
  expect(admin.errors).toEqual([]);

  // Back to the built-in programs for the specs that follow (through the history's last entry).
  await page.getByRole("button", { name: "سجل تعديلات «البرامج»" }).click();
  const history = page.getByRole("dialog", { name: "سجل تعديلات «البرامج»" });
  await history.getByText(`عُدّلت بطاقة «${FIRST_DEFAULT}»`).waitFor();
  await history.getByText("أُضيفت بطاقة «برنامج رمضان»").waitFor();
  await history
    .getByRole("listitem")
    .filter({ hasText: "القائمة الأصلية المدمجة في الموقع" })
    .getByRole("button", { name: "استعادة" })
    .click();
  await history.waitFor({ state: "detached" });
  await expect.poll(() => programTitles(page)).not.toContain(NEW_TITLE);
  await expect.poll(() => programTitles(visitor.page), { timeout: LIVE_MS }).toHaveLength(6);
  expect(await linkedProgram(visitor.page, FIRST_DEFAULT, "/volunteer").count()).toBe(0);

  await visitor.context.close();
  await admin.context.close();
});

test("the programs page a signed-out reader gets is the built-in one when nothing was changed", async () => {
  const response = await fetch(`${baseURL()}${PROGRAMS}`);
  const html = await response.text();
  expect(html).toContain(FIRST_DEFAULT);
  expect(html).not.toContain(NEW_TITLE);
  expect(html).not.toContain("data-card-list");
});
