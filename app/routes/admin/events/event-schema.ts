import { z } from "zod";
import { fromRiyadhInput } from "~/shared/dates";
import { eventStatuses, MAX_CAPACITY } from "~/shared/events";
import { LONG_TEXT_MAX_LENGTH } from "~/shared/form-limits";
import { editVersion } from "~/shared/form-validation";
import { imageFileSchema } from "~/shared/image-rules";
import { slugify } from "~/shared/slug";
import { oneLineText } from "~/shared/text-fields";

/** The event form (docs/decisions/052), shared by the browser and the server. */

const SLUG_REQUIRED = "الرابط مطلوب";
const SLUG_TOO_LONG = "الرابط يجب ألا يزيد على 200 حرف";
/** `/events/registration` is a registrant's own page, not an event. */
const RESERVED_SLUGS = ["registration"];
export const DESCRIPTION_REQUIRED = "وصف الفعالية مطلوب";
export const ENDS_BEFORE_START = "يجب أن تنتهي الفعالية بعد بدايتها";
const CAPACITY_INVALID = `السعة عدد صحيح من 1 إلى ${MAX_CAPACITY.toLocaleString("en")}`;
const MAP_URL_INVALID = "رابط الخريطة غير صالح: اكتب رابطاً كاملاً يبدأ بـ https://";

/** A `datetime-local` value in Riyadh time, as the UTC instant it is. */
const riyadhDateTime = (message: string) =>
  z.string({ error: message }).transform((value, ctx) => {
    const date = fromRiyadhInput(value.trim());
    if (!date) ctx.addIssue({ code: "custom", message });
    return date ?? z.NEVER;
  });

export const eventFormSchema = z
  .object({
    title: oneLineText(200, {
      required: "عنوان الفعالية مطلوب",
      tooLong: "العنوان يجب ألا يزيد على 200 حرف",
    }),
    slug: z
      .string({ error: SLUG_REQUIRED })
      .max(1000, SLUG_TOO_LONG)
      .transform(slugify)
      .pipe(
        z
          .string({ error: SLUG_REQUIRED })
          .min(1, SLUG_REQUIRED)
          .max(200, SLUG_TOO_LONG)
          .refine((slug) => !RESERVED_SLUGS.includes(slug), "هذا الرابط محجوز، اختر رابطاً آخر"),
      ),
    description: z
      .string({ error: DESCRIPTION_REQUIRED })
      .overwrite((text) => text.replace(/\r\n?/g, "\n").trim())
      .min(1, DESCRIPTION_REQUIRED)
      .max(LONG_TEXT_MAX_LENGTH, "الوصف يجب ألا يزيد على 50,000 حرف"),
    image: imageFileSchema.optional(),
    removeImage: z.boolean({ error: "طلب غير صالح" }).optional(),
    startsAt: riyadhDateTime("اكتب تاريخ البداية ووقتها كاملين"),
    endsAt: riyadhDateTime("اكتب تاريخ النهاية ووقتها كاملين"),
    place: oneLineText(300, {
      required: "مكان الفعالية مطلوب",
      tooLong: "المكان يجب ألا يزيد على 300 حرف",
    }),
    mapUrl: z
      .string({ error: MAP_URL_INVALID })
      .trim()
      .max(1000, MAP_URL_INVALID)
      .regex(/^https:\/\/[^\s/]+\.[^\s]*$/, MAP_URL_INVALID)
      .optional(),
    capacity: z
      .number({ error: CAPACITY_INVALID })
      .int(CAPACITY_INVALID)
      .min(1, CAPACITY_INVALID)
      .max(MAX_CAPACITY, CAPACITY_INVALID),
    registrationOpen: z.boolean({ error: "طلب غير صالح" }).default(false),
    status: z.enum(eventStatuses, { error: "اختر حالة الفعالية" }).default("draft"),
    version: editVersion,
  })
  .superRefine((value, ctx) => {
    if (value.endsAt < value.startsAt) {
      ctx.addIssue({ code: "custom", message: ENDS_BEFORE_START, path: ["endsAt"] });
    }
  });

export type EventFormValues = z.output<typeof eventFormSchema>;
