import { z } from "zod";
import { imageFileSchema } from "~/utils/image-rules";
import { DEFAULT_POST_STATUS, POST_STATUSES } from "~/utils/post-status";
import { slugify } from "~/utils/slug";
import { oneLineText, optionalParagraphs } from "~/utils/text-fields";

const TITLE_REQUIRED = "العنوان مطلوب";
const SLUG_REQUIRED = "الرابط مطلوب";
const CONTENT_REQUIRED = "محتوى المقال مطلوب";
const SLUG_TOO_LONG = "الرابط يجب ألا يزيد على 200 حرف";
/** About 8,000 words: far beyond a news article, and within the form's body limit. */
export const POST_CONTENT_MAX_LENGTH = 50_000;

/**
 * The post form (spec §2.6, §5), shared by the browser and the server. The slug is
 * normalised with slugify whatever was typed, so a link is always clean.
 */
export const postFormSchema = z.object({
  title: oneLineText(200, {
    required: TITLE_REQUIRED,
    tooLong: "العنوان يجب ألا يزيد على 200 حرف",
  }),
  slug: z
    .string({ error: SLUG_REQUIRED })
    .max(1000, SLUG_TOO_LONG)
    .transform(slugify)
    // Conform passes an empty result on as a missing value, hence the message on the type too.
    .pipe(z.string({ error: SLUG_REQUIRED }).min(1, SLUG_REQUIRED).max(200, SLUG_TOO_LONG)),
  excerpt: optionalParagraphs(500, "المقتطف يجب ألا يزيد على 500 حرف"),
  content: z
    .string({ error: CONTENT_REQUIRED })
    .overwrite((text) => text.replace(/\r\n?/g, "\n").trim())
    .min(1, CONTENT_REQUIRED)
    .max(POST_CONTENT_MAX_LENGTH, "نص المقال يجب ألا يزيد على 50,000 حرف"),
  categoryId: z.uuid({ error: "اختر تصنيفاً من القائمة" }).optional(),
  status: z.enum(POST_STATUSES, { error: "اختر حالة المقال" }).default(DEFAULT_POST_STATUS),
  featuredImage: imageFileSchema.optional(),
  removeImage: z.boolean({ error: "طلب غير صالح" }).optional(),
});

export type PostFormValues = z.infer<typeof postFormSchema>;

export const SLUG_TAKEN = "هذا الرابط مستخدم لمقال آخر، اختر رابطاً مختلفاً";
