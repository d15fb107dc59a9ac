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
