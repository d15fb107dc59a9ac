import { z } from "zod";
import { fromRiyadhInput } from "~/shared/dates";
import { LONG_TEXT_MAX_LENGTH } from "~/shared/form-limits";
import { imageFileSchema, SHARE_IMAGE_NOT_OURS } from "~/shared/image-rules";
import { DEFAULT_POST_STATUS, POST_STATUSES } from "~/shared/post-status";
import { shareImageSchema } from "~/shared/share-image-schema";
import { slugify } from "~/shared/slug";
import { oneLineText, optionalParagraphs } from "~/shared/text-fields";

const TITLE_REQUIRED = "العنوان مطلوب";
const SLUG_REQUIRED = "الرابط مطلوب";
export const CONTENT_REQUIRED = "محتوى المقال مطلوب";
const SLUG_TOO_LONG = "الرابط يجب ألا يزيد على 200 حرف";
const PUBLISH_AT_INVALID = "اكتب تاريخ النشر ووقته كاملين";
const CANONICAL_INVALID = "الرابط الأساسي غير صالح: اكتب رابطاً كاملاً يبدأ بـ https://";
/** The length search engines show of a description; longer ones are cut. */
export const META_DESCRIPTION_HINT_LENGTH = 155;

/** About 8,000 words: far beyond a news article, and within the form's body limit. */
export const POST_CONTENT_MAX_LENGTH = LONG_TEXT_MAX_LENGTH;

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
  /** When a published post appears (Riyadh time); empty = now, or its first publication date. */
  publishAt: z
    .string({ error: PUBLISH_AT_INVALID })
    .transform((value, ctx) => {
      const date = fromRiyadhInput(value.trim());
      if (!date) ctx.addIssue({ code: "custom", message: PUBLISH_AT_INVALID });
      return date ?? z.NEVER;
    })
    .optional(),
  metaDescription: oneLineText(300, {
    required: "وصف محركات البحث غير صالح",
    tooLong: "وصف محركات البحث يجب ألا يزيد على 300 حرف",
  }).optional(),
  shareImage: shareImageSchema,
  canonicalUrl: z
    .string({ error: CANONICAL_INVALID })
    .trim()
    .max(1000, CANONICAL_INVALID)
    .regex(/^https?:\/\/[^\s/]+\.[^\s]*$/, CANONICAL_INVALID)
    .optional(),
  /** The post's updated_at when the form was opened: a save over someone else's is refused. */
  version: z.string({ error: "طلب غير صالح" }).max(40, "طلب غير صالح").optional(),
});

export type PostFormValues = z.infer<typeof postFormSchema>;

export { SHARE_IMAGE_NOT_OURS };
