import { z } from "zod";
import { CITIES } from "~/content/cities";
import { OTHER_CITY, VOLUNTEER_AVAILABILITY, VOLUNTEER_INTERESTS } from "~/content/volunteer";
import { mobile, optionalEmail } from "~/shared/outreach-fields";
import { oneLineText, optionalParagraphs } from "~/shared/text-fields";

/** The volunteer registration (/volunteer), checked in the browser and on the server. */

const keysOf = <T extends { key: string }>(items: readonly T[]) =>
  items.map((item) => item.key) as [T["key"], ...T["key"][]];

/** One or more of `keys` (checkboxes); anything else is the field's one message. */
function choicesOf<Key extends string>(keys: readonly Key[], message: string) {
  return z
    .array(z.string({ error: message }), { error: message })
    .min(1, message)
    .max(keys.length, message)
    .refine((values) => values.every((value) => keys.includes(value as Key)), message)
    .transform((values) => [...new Set(values)] as Key[]);
}

const VOLUNTEER_CITY_KEYS: [string, ...string[]] = [
  OTHER_CITY.key,
  ...CITIES.map((city) => city.key),
];
const CITY_REQUIRED = "اختر مدينتك";
const INTERESTS_REQUIRED = "اختر مجالاً واحداً على الأقل";
const AVAILABILITY_REQUIRED = "اختر وقتاً واحداً على الأقل يناسبك";
export const CONSENT_REQUIRED = "يلزم موافقتك على حفظ بياناتك لنتمكن من التواصل معك";

export const volunteerSchema = z.object({
  fullName: oneLineText(100, {
    required: "الاسم الكامل مطلوب",
    tooLong: "الاسم يجب ألا يزيد على 100 حرف",
  }),
  phone: mobile,
  email: optionalEmail,
  city: z.enum(VOLUNTEER_CITY_KEYS, { error: CITY_REQUIRED }),
  interests: choicesOf(keysOf(VOLUNTEER_INTERESTS), INTERESTS_REQUIRED),
  availability: choicesOf(keysOf(VOLUNTEER_AVAILABILITY), AVAILABILITY_REQUIRED),
  message: optionalParagraphs(1000, "الملاحظة يجب ألا تزيد على 1000 حرف"),
  consent: z.literal("on", { error: CONSENT_REQUIRED }),
});
