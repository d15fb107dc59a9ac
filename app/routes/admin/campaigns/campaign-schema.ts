import { z } from "zod";
import { fromRiyadhInput } from "~/shared/dates";
import { LONG_TEXT_MAX_LENGTH } from "~/shared/form-limits";
import { editVersion } from "~/shared/form-validation";
import { oneLineText } from "~/shared/text-fields";

export const CAMPAIGN_BODY_REQUIRED = "نص الرسالة مطلوب";
const SEND_AT_INVALID = "اكتب تاريخ الإرسال ووقته كاملين";

/** The campaign form (docs/decisions/051), shared by the browser and the server. */
export const campaignFormSchema = z.object({
  subject: oneLineText(200, {
    required: "عنوان الرسالة مطلوب",
    tooLong: "العنوان يجب ألا يزيد على 200 حرف",
  }),
  body: z
    .string({ error: CAMPAIGN_BODY_REQUIRED })
    .overwrite((text) => text.replace(/\r\n?/g, "\n").trim())
    .min(1, CAMPAIGN_BODY_REQUIRED)
    .max(LONG_TEXT_MAX_LENGTH, "نص الرسالة يجب ألا يزيد على 50,000 حرف"),
  /** A checkbox: present when ticked. */
  inArchive: z.boolean({ error: "طلب غير صالح" }).default(false),
  version: editVersion,
});

export type CampaignFormValues = z.infer<typeof campaignFormSchema>;

/** The campaign page's buttons: a test to oneself, sending now or at a time, back to a draft. */
export const campaignSendSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("test") }),
    z.object({ intent: z.literal("send-now") }),
    z.object({
      intent: z.literal("schedule"),
      /** Riyadh time, as a datetime-local field gives it. */
      sendAt: z.string({ error: SEND_AT_INVALID }).transform((value, ctx) => {
        const date = fromRiyadhInput(value.trim());
        if (!date) ctx.addIssue({ code: "custom", message: SEND_AT_INVALID });
        return date ?? z.NEVER;
      }),
    }),
    z.object({ intent: z.literal("unschedule") }),
    z.object({
      intent: z.literal("archive"),
      inArchive: z.boolean({ error: "طلب غير صالح" }).default(false),
    }),
  ],
  { error: "طلب غير صالح" },
);
