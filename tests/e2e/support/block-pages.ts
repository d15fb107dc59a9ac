import type { Page } from "playwright-core";
import type { PageBlock } from "~/shared/page-blocks";
import { pages } from "../../../database/schema";
import { imageBytes } from "../../support/images";

/** The slug of the page built from blocks that the sweeps open (`/p/<slug>`). */
export const SWEPT_PAGE = "ramadan-campaign";

/**
 * A published page with a block of every kind, written straight into the database of an
 * in-process server (the staff form that builds one is tests/e2e/pages.e2e.ts's subject).
 * `image` is the address of a real image in the server's uploads.
 */
export function blockPageValues(image: string, slug = SWEPT_PAGE) {
  const blocks: PageBlock[] = [
    {
      type: "text",
      html: "<h2>سلال رمضان</h2><p>نوصل سلال رمضان إلى كبار السن في بيوتهم بالدمام والخبر والأحساء.</p><ul><li>سلة غذائية</li><li>زيارة ومؤانسة</li></ul>",
    },
    { type: "image", src: image, alt: "متطوعون يجهزون سلال رمضان", caption: "فريق الحملة" },
    {
      type: "cards",
      heading: "كيف تشارك",
      items: [
        { title: "تبرّع بسلة", text: "سلة تكفي أسرة شهراً.", icon: "hand-heart", link: "/donate" },
        { title: "تطوّع للتوصيل", icon: "users", link: "/volunteer" },
        { title: "انشر الحملة", text: "شارك الصفحة مع أهلك.", icon: "megaphone" },
      ],
    },
    { type: "cta", label: "تبرّع الآن", href: "/donate" },
    { type: "video", youtubeId: "dQw4w9WgXcQ", title: "حملة العام الماضي" },
  ];
  return {
    title: "حملة رمضان",
    slug,
    blocks,
    blocksText: "سلال رمضان\nنوصل سلال رمضان إلى كبار السن في بيوتهم بالدمام والخبر والأحساء.",
    status: "published" as const,
    publishedAt: new Date(Date.now() - 60_000),
    metaDescription: "سلال رمضان لكبار السن في المنطقة الشرقية.",
  };
}

export const blockPagesTable = pages;

/**
 * Builds and publishes a page through the staff form as the signed-in page's user: a rich text,
 * an image uploaded with its caption, two cards (the second moved first by keyboard) and, when
 * `documents` is given, a documents block with its heading showing one category of the library
 * (its Arabic name as the form shows it). Resolves with the page's slug (made from the title).
 */
export async function buildBlockPage(
  page: Page,
  title: string,
  { documents }: { documents?: { heading: string; category: string } } = {},
): Promise<string> {
  await page.goto("/admin/dashboard/pages/new");
  // The rich text is an editor once the page is interactive.
  const text = page.getByRole("textbox", { name: "النص", exact: true });
  await text.and(page.locator("[contenteditable]")).waitFor();
  await page.getByLabel("عنوان الصفحة", { exact: true }).fill(title);
  await text.fill("نوصل سلال رمضان إلى كبار السن في بيوتهم.");

  const addBlock = page.getByRole("group", { name: "أضف كتلة:" });
  await addBlock.getByRole("button", { name: "صورة", exact: true }).click();
  await page.getByLabel("الصورة", { exact: true }).setInputFiles({
    name: "ramadan.png",
    mimeType: "image/png",
    buffer: await imageBytes({ width: 900, height: 500, background: "#0f6b5c" }),
  });
  await page.getByLabel("وصف الصورة").fill("متطوعون يجهزون السلال");
  await page.getByLabel("التعليق (اختياري)").fill("فريق الحملة في الدمام");

  await addBlock.getByRole("button", { name: "بطاقات", exact: true }).click();
  await page.getByLabel("عنوان البطاقة").fill("تبرّع بسلة");
  await page.getByLabel("نص البطاقة (اختياري)").fill("سلة تكفي أسرة شهراً.");
  await page.getByRole("button", { name: "إضافة بطاقة" }).click();
  await page.getByLabel("عنوان البطاقة").nth(1).fill("تطوّع للتوصيل");
  await page.getByLabel("الأيقونة").nth(1).selectOption("users");
  // Moved first by the keyboard: the focus follows the card to its new place.
  const moveUp = page.getByRole("button", { name: /نقل .*البطاقة 2 إلى أعلى/ });
  await moveUp.focus();
  await page.keyboard.press("Enter");

  if (documents) {
    await addBlock.getByRole("button", { name: "قائمة وثائق", exact: true }).click();
    // The field's name ends with its block's kind (the cards block has a heading field too).
    await page
      .getByRole("textbox", { name: /^عنوان القائمة \(اختياري\) .*قائمة وثائق$/ })
      .fill(documents.heading);
    await page.getByLabel("الوثائق المعروضة").selectOption({ label: documents.category });
  }

  await page.getByLabel("الحالة").selectOption("published");
  await page.getByRole("button", { name: "حفظ الصفحة" }).click();
  await page.waitForURL("**/admin/dashboard/pages");
  const row = page.locator("tbody tr").filter({ hasText: title });
  const address = (await row.locator("[dir='ltr']").first().textContent()) ?? "";
  return address.replace(/^\/p\//, "");
}
