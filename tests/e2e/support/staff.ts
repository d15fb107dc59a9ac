import type { Page } from "playwright-core";
import { imageBytes } from "../../support/images";

/** Waits for a toast titled `title` (sonner keeps a closing toast in the DOM for a moment). */
export const waitForToast = (page: Page, title: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: title }).first().waitFor();

/** Uploads a gallery image titled `title` through the staff form; resolves with its address. */
export async function uploadGalleryImage(page: Page, title: string, background = "#0f6b5c") {
  await page.goto("/admin/dashboard/images/new");
  await page.getByRole("heading", { name: "رفع صورة", level: 1 }).waitFor();
  await page.getByLabel("الصورة", { exact: true }).setInputFiles({
    name: "gallery.png",
    mimeType: "image/png",
    buffer: await imageBytes({ width: 800, height: 450, background }),
  });
  await page.getByLabel("عنوان الصورة").fill(title);
  await page.getByRole("button", { name: "رفع الصورة" }).click();
  await page.waitForURL("**/admin/dashboard/images");
  const image = page.getByRole("article", { name: title }).getByRole("img").first();
  return (await image.getAttribute("src")) ?? "";
}

/** What has the keyboard focus, as a person would name it. */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName ?? "",
      name: element?.getAttribute("aria-label") ?? element?.textContent?.trim() ?? "",
      row: element?.closest("tr, li")?.textContent ?? "",
    };
  });

/** Published staff items (a post, a video, a gallery image) and the addresses of their pages. */
export interface SeededItems {
  postSlug: string;
  editPaths: string[];
}

/** The edit screen's address from the list's «تعديل «title»» link (the page is on that list). */
const editPathOf = async (page: Page, title: string) =>
  (await page
    .getByRole("link", { name: `تعديل «${title}»` })
    .first()
    .getAttribute("href")) ?? "";

/**
 * Creates, through the staff forms as the signed-in page's user, a published post in a category
 * (its page shows a date, a category and an author), a video and a gallery image.
 */
export async function seedStaffItems(page: Page, stamp = Date.now()): Promise<SeededItems> {
  const postTitle = `خبر للقياس ${stamp}`;
  await page.goto("/admin/dashboard/posts/new");
  await page
    .getByRole("textbox", { name: "نص المقال" })
    .and(page.locator("[contenteditable]"))
    .waitFor();
  await page.getByLabel("العنوان", { exact: true }).fill(postTitle);
  await page.getByLabel("نص المقال").fill("زار فريق الجمعية كبار السن في الدمام.\n\nفقرة ثانية.");
  await page.getByLabel("الحالة").selectOption("published");
  await page.getByRole("button", { name: "حفظ المقال" }).click();
  await page.waitForURL("**/admin/dashboard/posts");
  const postEdit = await editPathOf(page, postTitle);
  const postSlug = await (async () => {
    await page.goto(postEdit);
    return page.getByLabel("الرابط", { exact: true }).inputValue();
  })();

  const videoTitle = `فيديو للقياس ${stamp}`;
  await page.goto("/admin/dashboard/videos/new");
  await page.getByLabel("عنوان الفيديو").fill(videoTitle);
  await page.getByLabel("رابط يوتيوب").fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  await page.getByRole("button", { name: "حفظ الفيديو" }).click();
  await page.waitForURL("**/admin/dashboard/videos");
  const videoEdit = await editPathOf(page, videoTitle);

  const imageTitle = `صورة للقياس ${stamp}`;
  await uploadGalleryImage(page, imageTitle);
  const imageEdit = await editPathOf(page, imageTitle);
  return { postSlug, editPaths: [postEdit, videoEdit, imageEdit] };
}
