import { existsSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { imageBytes } from "../support/images";
import {
  baseURL,
  DESKTOP,
  expectAccessible,
  launchBrowser,
  login,
  openPage,
  PHONE,
  YOUTUBE_ADDRESSES,
} from "./support/browser";

const VIDEOS = "/admin/dashboard/videos";
const IMAGES = "/admin/dashboard/images";
const ID = "dQw4w9WgXcQ";
const VIDEO_CONFIRMATION =
  "هل أنت متأكد من حذف هذا الفيديو؟ لا يمكن التراجع عن هذا الإجراء وسيتم حذفه نهائياً.";
const IMAGE_CONFIRMATION =
  "هل أنت متأكد من حذف هذه الصورة؟ لا يمكن التراجع عن هذا الإجراء وسيتم حذفها نهائياً.";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/**
 * Tests never reach YouTube: a stand-in page answers for the player, and every request that
 * would have gone there is recorded.
 */
async function standInForYoutube(context: BrowserContext) {
  const requests: string[] = [];
  await context.route(YOUTUBE_ADDRESSES, (route) => {
    requests.push(route.request().url());
    return route.fulfill({
      contentType: "text/html",
      body: '<!doctype html><html lang="ar"><title>مشغّل تجريبي</title></html>',
    });
  });
  return requests;
}

/** What a signed-out visitor gets from the public site. */
const publicPage = (pathname: string) =>
  fetch(`${baseURL()}${encodeURI(pathname)}`).then((response) => response.text());

/** Waits for a toast titled `title` (sonner keeps a closing toast in the DOM for a moment). */
const toast = (page: Page, title: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: title }).first().waitFor();

/** The card of a video or image in a staff list. */
const cardOf = (page: Page, title: string) => page.getByRole("article", { name: title });

/** The value a card shows under one of its labels (e.g. "المشاهدات"). */
const factOf = (page: Page, title: string, label: string) =>
  cardOf(page, title).locator("dl > div").filter({ hasText: label }).locator("dd").textContent();

async function addVideo(page: Page, title: string, link: string) {
  await page.goto(`${VIDEOS}/new`);
  await page.getByLabel("عنوان الفيديو").fill(title);
  await page.getByLabel("رابط يوتيوب").fill(link);
  await page.getByRole("button", { name: "حفظ الفيديو" }).click();
  await page.waitForURL(`**${VIDEOS}`);
  await cardOf(page, title).waitFor();
}

/** The id the edit form of `title` holds, as stored. */
async function storedIdOf(page: Page, title: string) {
  await cardOf(page, title)
    .getByRole("link", { name: `تعديل «${title}»` })
    .click();
  await page.getByRole("heading", { name: "تعديل الفيديو", level: 1 }).waitFor();
  const value = await page.getByLabel("رابط يوتيوب").inputValue();
  await page.goto(VIDEOS);
  return value;
}

test("an editor adds videos by a watch URL, a short URL and a bare id", async () => {
  const { page, errors, context } = await openPage(browser, DESKTOP);
  const youtube = await standInForYoutube(context);
  await login(page, "editor");
  await page.goto(VIDEOS);
  await page.getByRole("heading", { name: "الفيديوهات", level: 1 }).waitFor();
  await page.getByRole("link", { name: "فيديو جديد" }).click();
  await page.getByRole("heading", { name: "فيديو جديد", level: 1 }).waitFor();
  await expectAccessible(page);

  // The live preview follows what is typed.
  const stamp = Date.now();
  const title = `جولة في المركز النهاري ${stamp}`;
  await page.getByLabel("عنوان الفيديو").fill(title);
  const link = page.getByLabel("رابط يوتيوب");
  await link.fill("رابط لا يشير إلى فيديو");
  await page.getByText("لم نجد فيديو من يوتيوب في هذا النص").waitFor();
  await link.fill(`https://www.youtube.com/watch?v=${ID}&t=42s`);
  await page.getByText(`معرّف الفيديو: ${ID}`).waitFor();
  const preview = page.locator(`iframe[title="مشغّل الفيديو: ${title}"]`);
  expect(await preview.getAttribute("src")).toBe(
    `https://www.youtube-nocookie.com/embed/${ID}?rel=0`,
  );
  await expectAccessible(page);
  await page.getByRole("tab", { name: "معاينة" }).click();
  await page.getByRole("tabpanel").getByRole("heading", { name: title }).waitFor();
  await page.getByRole("tab", { name: "تحرير" }).click();

  await page.getByRole("button", { name: "حفظ الفيديو" }).click();
  await page.waitForURL(`**${VIDEOS}`);
  await toast(page, "تم الإنشاء");
  const card = cardOf(page, title);
  await card.getByText("مسودة").waitFor();
  await card.getByText("التصنيف: عام").waitFor();
  expect(await factOf(page, title, "الكاتب")).toBe("محرر المحتوى");
  expect(await factOf(page, title, "المشاهدات")).toBe("0");
  expect(await storedIdOf(page, title)).toBe(ID);

  const shortTitle = `فيديو برابط مختصر ${stamp}`;
  await addVideo(page, shortTitle, `https://youtu.be/${ID}?si=share`);
  expect(await storedIdOf(page, shortTitle)).toBe(ID);
  const bareTitle = `فيديو بالمعرّف وحده ${stamp}`;
  await addVideo(page, bareTitle, ID);
  expect(await storedIdOf(page, bareTitle)).toBe(ID);

  // The list waits for "play" before anything is fetched from YouTube.
  youtube.length = 0;
  await page.goto(VIDEOS);
  await cardOf(page, title).waitFor();
  expect(await page.locator("iframe").count()).toBe(0);
  expect(youtube).toEqual([]);
  await expectAccessible(page);
  expect(errors).toEqual([]);
  await context.close();
});

test("an editor publishes, unpublishes and deletes a video; playing it counts a view", async () => {
  const { page, errors, context } = await openPage(browser, DESKTOP);
  const youtube = await standInForYoutube(context);
  await login(page, "editor");
  const title = `حفل تكريم المتطوعين ${Date.now()}`;
  await addVideo(page, title, `https://www.youtube.com/shorts/${ID}`);
  const card = cardOf(page, title);
  expect(await publicPage("/media/gallery")).not.toContain(title);

  await card.getByRole("button", { name: `نشر «${title}»` }).click();
  await toast(page, "تم التحديث");
  await card.getByText("منشور").waitFor();
  expect(await publicPage("/media/gallery")).toContain(title);

  await card.getByRole("button", { name: `إلغاء النشر «${title}»` }).click();
  await card.getByText("مسودة").waitFor();
  expect(await publicPage("/media/gallery")).not.toContain(title);

  // Pressing play loads the privacy-enhanced player; once it has loaded, one view is counted.
  await card.getByRole("button", { name: `تشغيل الفيديو: ${title}` }).click();
  const player = card.locator("iframe");
  expect(await player.getAttribute("src")).toBe(
    `https://www.youtube-nocookie.com/embed/${ID}?rel=0&autoplay=1`,
  );
  await expect.poll(() => factOf(page, title, "المشاهدات")).toBe("1");
  expect(youtube.every((url) => url.startsWith("https://www.youtube-nocookie.com/"))).toBe(true);

  // Delete, after the confirmation (cancel first: nothing happens).
  await card.getByRole("button", { name: `حذف «${title}»` }).click();
  const dialog = page.getByRole("alertdialog");
  await dialog.getByText(VIDEO_CONFIRMATION).waitFor();
  await dialog.getByRole("button", { name: "إلغاء" }).click();
  await dialog.waitFor({ state: "detached" });
  await card.getByRole("button", { name: `حذف «${title}»` }).click();
  await dialog.getByRole("button", { name: "نعم، احذف" }).click();
  await toast(page, "تم الحذف");
  await card.waitFor({ state: "detached" });
  expect(errors).toEqual([]);
  await context.close();
});

test("the video form says what is missing before sending", async () => {
  const { page, errors, context } = await openPage(browser, DESKTOP);
  await login(page, "editor");
  await page.goto(`${VIDEOS}/new`);
  await page.getByRole("button", { name: "حفظ الفيديو" }).click();
  await page.getByText("عنوان الفيديو مطلوب").waitFor();
  await page.getByText("رابط يوتيوب مطلوب").waitFor();
  expect(new URL(page.url()).pathname).toBe(`${VIDEOS}/new`);
  expect(errors).toEqual([]);
  await context.close();
});

test("an editor uploads an image, finds it in the gallery, edits and deletes it", async () => {
  const { page, errors, context } = await openPage(browser, DESKTOP);
  await login(page, "editor");
  await page.goto(IMAGES);
  await page.getByRole("heading", { name: "معرض الصور", level: 1 }).waitFor();
  await page.getByRole("link", { name: "رفع صورة" }).click();
  await page.getByRole("heading", { name: "رفع صورة", level: 1 }).waitFor();

  // No image yet: saving is blocked, and says why.
  const save = page.getByRole("button", { name: "رفع الصورة" });
  expect(await save.isDisabled()).toBe(true);
  await page.getByText("يرجى رفع صورة").waitFor();
  await expectAccessible(page);

  // The browser refuses a non-image and a file over 5 MB as soon as they are chosen.
  const picker = page.getByLabel("الصورة", { exact: true });
  await picker.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("ليست صورة"),
  });
  await page.getByText("يرجى اختيار ملف صورة صالح").waitFor();
  await picker.setInputFiles({
    name: "huge.png",
    mimeType: "image/png",
    buffer: Buffer.alloc(6 * 1024 * 1024),
  });
  await page.getByText("حجم الصورة يجب أن يكون أقل من 5 ميجابايت").waitFor();
  expect(await save.isDisabled()).toBe(true);

  const title = `ورشة الرسم لكبار السن ${Date.now()}`;
  const description = "سيدتان ترسمان لوحة الربيع في ورشة الجمعية";
  await picker.setInputFiles({
    name: "workshop.png",
    mimeType: "image/png",
    buffer: await imageBytes({ width: 800, height: 500 }),
  });
  await page.getByAltText("معاينة الصورة المختارة").waitFor();
  expect(await save.isDisabled()).toBe(false);
  await page.getByLabel("عنوان الصورة").fill(title);
  await page.getByLabel("الوصف").fill(description);
  await save.click();
  await page.waitForURL(`**${IMAGES}`);
  await toast(page, "تم الرفع");

  // In the list, with its description as the alternative text.
  const card = cardOf(page, title);
  const shown = card.getByRole("img", { name: description });
  const imageUrl = (await shown.getAttribute("src")) ?? "";
  expect(imageUrl).toMatch(/^\/uploads\/gallery\/[\w-]+\.webp$/);
  expect(await factOf(page, title, "الكاتب")).toBe("محرر المحتوى");
  const files = [imageUrl, imageUrl.replace(".webp", "-480.webp")].map((url) =>
    path.join(inject("dataDir"), url),
  );
  for (const file of files) expect(existsSync(file)).toBe(true);
  await expectAccessible(page);

  // And on the public gallery.
  const gallery = await publicPage("/media/gallery");
  expect(gallery).toContain(title);
  expect(gallery).toContain(imageUrl);

  // Editing keeps the image.
  await card.getByRole("link", { name: `تعديل «${title}»` }).click();
  await page.getByRole("heading", { name: "تعديل الصورة", level: 1 }).waitFor();
  const edited = `${title} (محدّثة)`;
  await page.getByLabel("عنوان الصورة").fill(edited);
  await page.getByRole("button", { name: "حفظ التعديلات" }).click();
  await page.waitForURL(`**${IMAGES}`);
  await toast(page, "تم الحفظ");
  const editedCard = cardOf(page, edited);
  expect(await editedCard.getByRole("img").getAttribute("src")).toBe(imageUrl);

  // Deleting removes the files too.
  await editedCard.getByRole("button", { name: `حذف «${edited}»` }).click();
  const dialog = page.getByRole("alertdialog");
  await dialog.getByText(IMAGE_CONFIRMATION).waitFor();
  await dialog.getByRole("button", { name: "نعم، احذف" }).click();
  await toast(page, "تم الحذف");
  await editedCard.waitFor({ state: "detached" });
  for (const file of files) expect(existsSync(file)).toBe(false);
  expect((await fetch(`${baseURL()}${imageUrl}`)).status).toBe(404);
  expect(await publicPage("/media/gallery")).not.toContain(edited);
  expect(errors).toEqual([]);
  await context.close();
});

test("search, and the 3 and 6 placeholder cards while the lists load", async () => {
  const { page, errors, context } = await openPage(browser, DESKTOP);
  await login(page, "editor");
  const word = `بحث${Date.now()}`;
  await addVideo(page, `لقاء ${word}`, ID);
  await addVideo(page, "لقاء آخر لا يطابق", ID);
  await page.getByRole("searchbox", { name: "ابحث في الفيديوهات" }).fill(word);
  await page.getByRole("button", { name: "بحث", exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get("q") === word);
  await cardOf(page, `لقاء ${word}`).waitFor();
  expect(await page.getByRole("article").count()).toBe(1);
  await page.getByRole("searchbox", { name: "ابحث في الفيديوهات" }).fill(`${word}-لا-شيء`);
  await page.getByRole("button", { name: "بحث", exact: true }).click();
  await page.getByText("لا توجد نتائج مطابقة").waitFor();

  for (const [list, label, count] of [
    [VIDEOS, "الفيديوهات", 3],
    [IMAGES, "معرض الصور", 6],
  ] as const) {
    await page.goto("/admin/dashboard");
    const data = new RegExp(`${list}\\.data`);
    await page.route(data, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page
      .getByRole("navigation", { name: "أقسام لوحة التحكم" })
      .getByRole("link", { name: label })
      .click();
    await expect.poll(() => page.getByTestId("skeleton-card").count()).toBe(count);
    await page.getByRole("heading", { name: label, level: 1 }).waitFor();
    expect(await page.getByTestId("skeleton-card").count()).toBe(0);
    await page.unroute(data);
  }
  expect(errors).toEqual([]);
  await context.close();
});

test("a viewer is refused the video and image lists and forms, as pages and as data", async () => {
  const { page, context } = await openPage(browser, PHONE);
  await login(page, "viewer");
  for (const path of [VIDEOS, `${VIDEOS}/new`, IMAGES, `${IMAGES}/new`]) {
    const refused = await page.goto(path);
    expect(refused?.status(), path).toBe(403);
    await page.getByText("ليست لديك صلاحية للقيام بهذا الإجراء").waitFor();
    expect((await page.request.get(`${path}.data`)).status(), `${path}.data`).toBe(403);
  }
  await expectAccessible(page);
  await context.close();
});
