import { z } from "zod";
import { imageFileSchema } from "~/utils/image-rules";
import { DEFAULT_POST_STATUS, POST_STATUSES } from "~/utils/post-status";
import { slugify } from "~/utils/slug";

const TITLE_REQUIRED = "العنوان مطلوب";
const SLUG_REQUIRED = "الرابط مطلوب";
const CONTENT_REQUIRED = "محتوى المقال مطلوب";

/**
 * The post form (spec §2.6, §5), shared by the browser and the server. The slug is
 * normalised with slugify whatever was typed, so a link is always clean.
 */
export const postFormSchema = z.object({
  title: z
    .string({ error: TITLE_REQUIRED })
    .trim()
    .min(1, TITLE_REQUIRED)
    .max(200, "العنوان يجب ألا يزيد على 200 حرف"),
  slug: z
    .string({ error: SLUG_REQUIRED })
    .transform(slugify)
    .pipe(
      z
        .string({ error: SLUG_REQUIRED })
        .min(1, SLUG_REQUIRED)
        .max(200, "الرابط يجب ألا يزيد على 200 حرف"),
    ),
  excerpt: z.string().trim().max(500, "المقتطف يجب ألا يزيد على 500 حرف").optional(),
  content: z.string({ error: CONTENT_REQUIRED }).trim().min(1, CONTENT_REQUIRED),
  categoryId: z.uuid({ error: "اختر تصنيفاً من القائمة" }).optional(),
  status: z.enum(POST_STATUSES, { error: "اختر حالة المقال" }).default(DEFAULT_POST_STATUS),
  featuredImage: imageFileSchema.optional(),
  removeImage: z.boolean().optional(),
});

export type PostFormValues = z.infer<typeof postFormSchema>;

export const SLUG_TAKEN = "هذا الرابط مستخدم لمقال آخر، اختر رابطاً مختلفاً";
