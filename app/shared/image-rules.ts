import { z } from "zod";

/** Spec §5, §9: images up to 5 MB, any image type. Shared by the browser and the server. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const IMAGE_TOO_LARGE = "حجم الصورة يجب أن يكون أقل من 5 ميجابايت";
export const NOT_AN_IMAGE = "يرجى اختيار ملف صورة صالح";
export const UPLOAD_FAILED = "فشل في رفع الصورة";
/** The share image is chosen from the gallery; the posts model checks it is one of ours. */
export const SHARE_IMAGE_NOT_OURS =
  "صورة المشاركة يجب أن تكون من معرض صور الموقع أو من صوره المرفوعة؛ اختر صورة من المعرض أو اتركها للصورة البارزة";

/** Widths of the smaller copies stored beside every uploaded image. */
export const IMAGE_VARIANT_WIDTHS = [480, 1200] as const;

/**
 * A chosen image file, checked the way a browser can check it: size, and the declared type
 * when there is one (some systems declare none for HEIC photos). The server decodes the
 * file as well, so a text file named .png is refused there whatever it declares.
 */
export const imageFileSchema = z
  .file({ error: NOT_AN_IMAGE })
  .refine((file) => file.size <= MAX_IMAGE_BYTES, IMAGE_TOO_LARGE)
  .refine((file) => !file.type || file.type.startsWith("image/"), NOT_AN_IMAGE);

/** The name storeImage gives a main copy: `{timestamp}-{random}.webp`. */
const STORED_IMAGE = /\/\d{13}-[0-9a-f]{8}\.webp$/;

/**
 * `srcset` for an image stored by the upload module (its 480 and 1200 px copies and the main
 * copy, at most 2000 px wide), or undefined for any other URL.
 */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  if (!url || !STORED_IMAGE.test(url)) return undefined;
  const copies = IMAGE_VARIANT_WIDTHS.map((w) => `${url.replace(/\.webp$/, `-${w}.webp`)} ${w}w`);
  return [...copies, `${url} 2000w`].join(", ");
}
