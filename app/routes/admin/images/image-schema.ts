import { z } from "zod";
import { EVEN_IF_A_FIELD_FAILED } from "~/shared/form-validation";
import { imageFileSchema } from "~/shared/image-rules";
import { oneLineText, optionalParagraphs } from "~/shared/text-fields";

const TITLE_REQUIRED = "عنوان الصورة مطلوب";
export const IMAGE_REQUIRED = "يرجى رفع صورة";

/**
 * The gallery image form (spec §2.8, §5), shared by the browser and the server. A new image
 * needs a file; an edit keeps the saved file unless it was removed, in which case a new one
 * is needed too (a gallery entry is an image).
 */
export function imageFormSchema({ hasSavedImage }: { hasSavedImage: boolean }) {
  return z
    .object({
      title: oneLineText(200, {
        required: TITLE_REQUIRED,
        tooLong: "العنوان يجب ألا يزيد على 200 حرف",
      }),
      description: optionalParagraphs(1000, "الوصف يجب ألا يزيد على 1000 حرف"),
      categoryId: z.uuid({ error: "اختر تصنيفاً من القائمة" }).optional(),
      image: imageFileSchema.optional(),
      removeImage: z.boolean({ error: "طلب غير صالح" }).optional(),
    })
    .superRefine((value, context) => {
      if (!value.image && (!hasSavedImage || value.removeImage)) {
        context.addIssue({ code: "custom", path: ["image"], message: IMAGE_REQUIRED });
      }
    }, EVEN_IF_A_FIELD_FAILED);
}

export type ImageFormValues = z.infer<ReturnType<typeof imageFormSchema>>;
