// Focus after actions (issue 13): with the keyboard alone, focus lands on the result of an
// action (the control still there, the next row, the next screen's heading), never on <body>.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { imageBytes } from "../support/images";
import { DESKTOP, launchBrowser, login, openPage } from "./support/browser";
import { focused, uploadGalleryImage, waitForToast } from "./support/staff";

const POSTS = "/admin/dashboard/posts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/**
 * A slow phone's processor: the router shows a list's new rows well after the server answered,
 * which is when focus used to fall to <body>.
 */
async function slowDown(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
}

/** Presses Tab until `name` has the focus (at most `limit` times). */
async function tabTo(page: Page, name: string, limit = 10) {
  for (let i = 0; i < limit; i++) {
    if ((await focused(page)).name.includes(name)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(
    `Tab never reached «${name}»; focus is on ${JSON.stringify(await focused(page))}`,
  );
}

/** Confirms the open delete dialog from the keyboard. */
async function confirmDeleteWithKeyboard(page: Page) {
  const dialog = page.getByRole("alertdialog");
  await dialog.waitFor();
  await tabTo(page, "نعم، احذف");
  await page.keyboard.press("Enter");
  await dialog.waitFor({ state: "detached" });
}

test("changing a user's role keeps focus on that user's role control, with the new role shown", async () => {
  const { page, errors, context } = await openPage(browser, DESKTOP);
  await login(page, "admin");
  await page.goto("/admin/dashboard/users");
  const card = page.getByRole("listitem").filter({ hasText: "viewer@rifq.test" });
  const select = card.getByLabel("الدور لـ مشاهد الموقع");
  await select.waitFor();
  await slowDown(page);

  for (const [role, label] of [
    ["editor", "محرر"],
    ["viewer", "مشاهد"],
  ] as const) {
    await select.focus();
    // The keyboard way of choosing in a closed list: arrows move the choice.
    await page.keyboard.press(role === "editor" ? "ArrowDown" : "ArrowUp");
    expect(await select.inputValue()).toBe(role);
    await page.keyboard.press("Tab");
    expect((await focused(page)).name).toBe("تغيير الدور");
    await page.keyboard.press("Enter");
    await waitForToast(page, "تم التحديث");
    await card.getByText(label, { exact: true }).first().waitFor();
    await expect.poll(async () => (await focused(page)).name).toBe("تغيير الدور");
    expect((await focused(page)).row).toContain("viewer@rifq.test");
  }
  expect(errors).toEqual([]);
  await context.close();
});

test("removing a gallery image moves focus to the neighbouring image", async () => {
  const { page, errors, context } = await openPage(browser, DESKTOP);
  await login(page, "editor");
  const stamp = Date.now();
  const [older, newer] = [`صورة أقدم ${stamp}`, `صورة أحدث ${stamp}`];
  await uploadGalleryImage(page, older);
  await uploadGalleryImage(page, newer, "#7a5513");

  // Newest first: the newer image's card comes before the older one's.
  await slowDown(page);
  await page.getByRole("button", { name: `حذف «${newer}»` }).focus();
  await page.keyboard.press("Enter");
  await confirmDeleteWithKeyboard(page);
  await waitForToast(page, "تم الحذف");
  await page.getByRole("article", { name: newer }).waitFor({ state: "detached" });
  await expect.poll(async () => (await focused(page)).row).toContain(older);
  expect((await focused(page)).tag).not.toBe("BODY");
  expect(errors).toEqual([]);
  await context.close();
});

test("saving a post moves focus to the heading of the list it returns to", async () => {
  const { page, errors, context } = await openPage(browser, DESKTOP);
  await login(page, "editor");
  await page.goto(`${POSTS}/new`);
  await page
    .getByRole("textbox", { name: "نص المقال" })
    .and(page.locator("[contenteditable]"))
    .waitFor();
  const title = `خبر يُحفظ بلوحة المفاتيح ${Date.now()}`;
  await page.getByLabel("العنوان", { exact: true }).fill(title);
  await page.getByLabel("نص المقال").fill("نص الخبر.");
  await slowDown(page);
  await page.getByRole("button", { name: "حفظ المقال" }).focus();
  await page.keyboard.press("Enter");
  await page.waitForURL(`**${POSTS}`);
  await waitForToast(page, "تم الإنشاء");
  await expect.poll(async () => (await focused(page)).tag).toBe("H1");
  expect((await focused(page)).name).toBe("المقالات والأخبار");

  // An edit saved the same way lands there too.
  await page.getByRole("link", { name: `تعديل «${title}»` }).click();
  await page.getByRole("heading", { name: "تعديل المقال", level: 1 }).waitFor();
  await page.getByRole("button", { name: "حفظ التعديلات" }).focus();
  await page.keyboard.press("Enter");
  await page.waitForURL(`**${POSTS}`);
  await waitForToast(page, "تم الحفظ");
  await expect.poll(async () => (await focused(page)).name).toBe("المقالات والأخبار");
  expect(errors).toEqual([]);
  await context.close();
});

test("confirming a delete moves focus to the next row; cancelling returns it to the button", async () => {
  const { page, errors, context } = await openPage(browser, DESKTOP);
  await login(page, "editor");
  const stamp = Date.now();
  const titles = [`أول خبر للحذف ${stamp}`, `ثاني خبر للحذف ${stamp}`];
  for (const title of titles) {
    await page.goto(`${POSTS}/new`);
    await page
      .getByRole("textbox", { name: "نص المقال" })
      .and(page.locator("[contenteditable]"))
      .waitFor();
    await page.getByLabel("العنوان", { exact: true }).fill(title);
    await page.getByLabel("نص المقال").fill("نص.");
    await page.getByRole("button", { name: "حفظ المقال" }).click();
    await page.waitForURL(`**${POSTS}`);
  }
  // Newest first: the second post's row, then the first's.
  const [first, second] = titles;
  const deleteSecond = page.getByRole("button", { name: `حذف «${second}»` });
  await deleteSecond.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("alertdialog").waitFor();
  await page.keyboard.press("Escape");
  await page.getByRole("alertdialog").waitFor({ state: "detached" });
  expect((await focused(page)).name).toBe(`حذف «${second}»`);

  await slowDown(page);
  await page.keyboard.press("Enter");
  await confirmDeleteWithKeyboard(page);
  await waitForToast(page, "تم الحذف");
  await deleteSecond.waitFor({ state: "detached" });
  await expect.poll(async () => (await focused(page)).row).toContain(first);
  expect((await focused(page)).tag).not.toBe("BODY");
  expect(errors).toEqual([]);
  await context.close();
});

test("removing a chosen image moves focus to the file field, to choose another", async () => {
  const { page, errors, context } = await openPage(browser, DESKTOP);
  await login(page, "editor");
  await page.goto("/admin/dashboard/images/new");
  await page.getByRole("heading", { name: "رفع صورة", level: 1 }).waitFor();
  await page.getByLabel("الصورة", { exact: true }).setInputFiles({
    name: "to-remove.png",
    mimeType: "image/png",
    buffer: await imageBytes({ width: 400, height: 300 }),
  });
  const remove = page.getByRole("button", { name: "إزالة الصورة" });
  await remove.focus();
  await page.keyboard.press("Enter");
  await remove.waitFor({ state: "detached" });
  await page.getByText("لم تُختر صورة بعد").waitFor();
  const field = await page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    return { type: element?.type, label: element?.labels?.[0]?.textContent?.trim() };
  });
  expect(field).toEqual({ type: "file", label: "الصورة" });
  expect(errors).toEqual([]);
  await context.close();
});

test("saving a settings section shows the saved message and keeps focus on that section's save button", async () => {
  const { page, errors, context } = await openPage(browser, DESKTOP);
  await login(page, "admin");
  await page.goto("/admin/dashboard/settings");
  const save = page.getByRole("button", { name: "حفظ معلومات الاتصال" });
  await save.waitFor();
  await slowDown(page);
  await save.focus();
  await page.keyboard.press("Enter");
  // The page's lasting confirmation (beside the toast), then where the focus is.
  await page.getByRole("status").filter({ hasText: "تم التحديث" }).first().waitFor();
  await expect.poll(async () => (await focused(page)).name).toBe("حفظ معلومات الاتصال");
  expect((await focused(page)).tag).toBe("BUTTON");
  expect(errors).toEqual([]);
  await context.close();
});
