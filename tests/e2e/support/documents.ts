import type { Page } from "playwright-core";

/** The staff documents library (docs/decisions/048). */
export const DOCUMENTS = "/admin/dashboard/documents";

/**
 * Fills the library's upload form as the signed-in page's user and sends it, published.
 * `category` is the category's Arabic name as the form shows it.
 */
export async function uploadDocument(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
  {
    title,
    category = "التقارير",
    year = "2025",
  }: { title: string; category?: string; year?: string },
) {
  await page.goto(`${DOCUMENTS}/new`);
  await page.getByLabel("ملف الوثيقة").setInputFiles(file);
  await page.getByLabel("عنوان الوثيقة").fill(title);
  await page.getByLabel("التصنيف").selectOption({ label: category });
  await page.getByLabel("السنة الميلادية").fill(year);
  await page.getByLabel("الحالة").selectOption("published");
  await page.getByRole("button", { name: "رفع الوثيقة" }).click();
}
