import { z } from "zod";
import {
  documentCategories,
  documentFileSchema,
  documentStatuses,
  FIRST_DOCUMENT_YEAR,
  LAST_DOCUMENT_YEAR,
} from "~/shared/documents";
import { editVersion } from "~/shared/form-validation";
import { oneLineText } from "~/shared/text-fields";

const YEAR_DIGITS = "اكتب السنة الميلادية بأربعة أرقام، مثل 2025";
/** «٢٠٢٥» is 2025 too (Arabic-Indic and Persian digits, as a phone's keyboard may type them). */
const latinDigits = (text: string) =>
  text.trim().replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) % 16));
const YEAR_RANGE = `السنة يجب أن تكون بين ${FIRST_DOCUMENT_YEAR} و${LAST_DOCUMENT_YEAR}`;

/**
 * The document form (docs/decisions/048), shared by the browser and the server. A new document
 * needs its PDF; an edit changes only what is said about it (the file stays as uploaded).
 */
export function documentFormSchema({ isEdit }: { isEdit: boolean }) {
  return z.object({
    title: oneLineText(200, {
      required: "عنوان الوثيقة مطلوب",
      tooLong: "العنوان يجب ألا يزيد على 200 حرف",
    }),
    category: z.enum(documentCategories, { error: "اختر تصنيف الوثيقة من القائمة" }),
    year: z
      .string({ error: YEAR_DIGITS })
      .overwrite(latinDigits)
      .regex(/^\d{4}$/, YEAR_DIGITS)
      .transform(Number)
      .pipe(z.number().min(FIRST_DOCUMENT_YEAR, YEAR_RANGE).max(LAST_DOCUMENT_YEAR, YEAR_RANGE)),
    status: z.enum(documentStatuses, { error: "اختر حالة الوثيقة" }).default("hidden"),
    version: editVersion,
    file: isEdit
      ? z
          .unknown()
          .optional()
          .transform(() => undefined)
      : documentFileSchema,
  });
}

export type DocumentFormValues = z.infer<ReturnType<typeof documentFormSchema>>;
