import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * How every form is checked in the browser (docs/decisions/046): with the schema its action
 * uses, over the whole form in one pass, when it is sent — never when the reader leaves a field.
 * A check on leaving a field showed that field's error (and the error summary) between the
 * press and the release of the submit button, so the button moved away, the click was lost
 * and the reader was told about one field, then about the rest. After a refused send, each
 * field is checked again as it is corrected.
 */
export function browserValidation<Schema extends z.ZodType>(schema: Schema) {
  return {
    onValidate: ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit" as const,
    shouldRevalidate: "onInput" as const,
  };
}

/**
 * The option of a check across fields (`.refine`/`.superRefine` on a form's object): zod skips
 * such checks once any field failed, so their message came in a second round. With it they run
 * anyway; the check must then cope with a field that failed (its value is what was sent, or none).
 */
export const EVEN_IF_A_FIELD_FAILED = { when: () => true };
