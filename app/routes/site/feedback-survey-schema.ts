import { z } from "zod";
import { EVEN_IF_A_FIELD_FAILED } from "~/shared/form-validation";
import { normaliseSaudiMobile, PHONE_INVALID, PHONE_REQUIRED } from "~/shared/outreach-fields";
import { optionalParagraphs } from "~/shared/text-fields";

const INVALID_CHOICE = "اختيار غير صالح";
export const RATING_REQUIRED = "اختر تقييماً لهذا السؤال";
export const CONTACT_NAME_REQUIRED = "اكتب اسمك لنتواصل معك";

/**
 * A survey's answers: every question rated 1–5, an optional comment, and a name and mobile
 * only when the person asks to be contacted (otherwise whatever was typed there is dropped).
 */
export function surveySchema(questionKeys: readonly string[]) {
  const rating = z.coerce
    .number({ error: RATING_REQUIRED })
    .int(RATING_REQUIRED)
    .min(1, RATING_REQUIRED)
    .max(5, RATING_REQUIRED);
  const ratings = Object.fromEntries(questionKeys.map((key) => [`q_${key}`, rating]));
  return z
    .object({
      ...ratings,
      comment: optionalParagraphs(1000, "التعليق يجب ألا يزيد على 1000 حرف"),
      wantsContact: z.literal("on", { error: INVALID_CHOICE }).optional(),
      contactName: z
        .string({ error: CONTACT_NAME_REQUIRED })
        .overwrite((text) => text.replace(/\s+/g, " ").trim())
        .max(100, "الاسم يجب ألا يزيد على 100 حرف")
        .optional(),
      contactPhone: z.string({ error: PHONE_INVALID }).max(30, PHONE_INVALID).optional(),
    })
    .superRefine((value, ctx) => {
      if (!value.wantsContact) return;
      if (!value.contactName) {
        ctx.addIssue({ code: "custom", path: ["contactName"], message: CONTACT_NAME_REQUIRED });
      }
      // A field that failed its own check (a file where a text was expected) may be any value.
      const phone = typeof value.contactPhone === "string" ? value.contactPhone : undefined;
      if (!phone || !normaliseSaudiMobile(phone)) {
        ctx.addIssue({
          code: "custom",
          path: ["contactPhone"],
          message: value.contactPhone ? PHONE_INVALID : PHONE_REQUIRED,
        });
      }
      // Asked with the ratings, not after them: one round of errors.
    }, EVEN_IF_A_FIELD_FAILED)
    .transform((value) => {
      const answers: Record<string, number> = {};
      const rated = value as Record<string, unknown>;
      for (const key of questionKeys) answers[key] = rated[`q_${key}`] as number;
      if (!value.wantsContact) {
        return { answers, comment: value.comment || null, contactName: null, contactPhone: null };
      }
      return {
        answers,
        comment: value.comment || null,
        contactName: value.contactName ?? null,
        contactPhone: normaliseSaudiMobile(value.contactPhone ?? ""),
      };
    });
}
