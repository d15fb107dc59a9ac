import { z } from "zod";
import { CITIES } from "~/content/cities";
import { OTHER_CITY, VOLUNTEER_AVAILABILITY, VOLUNTEER_INTERESTS } from "~/content/volunteer";
import { oneLineText, optionalParagraphs } from "./text-fields";

/**
 * The public outreach forms (volunteer registration), shared by the browser and the server.
 * Every field is bounded and every refusal is an Arabic message.
 */

const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
const toLatinDigits = (text: string) =>
  text.replace(ARABIC_DIGITS, (digit) => String(digit.charCodeAt(0) & 0xf));

/**
 * A Saudi mobile number in any usual spelling (05…, 5…, +9665…, 009665…, with spaces or
 * dashes, Arabic-Indic digits) as +9665XXXXXXXX, or null when it is not one.
 */
export function normaliseSaudiMobile(input: string): string | null {
  const digits = toLatinDigits(input).replace(/[\s\-().]/g, "");
  const match = /^(?:\+966|00966|966|0)?(5\d{8})$/.exec(digits);
  return match ? `+966${match[1]}` : null;
}

/** +9665XXXXXXXX as people write it at home: 05XXXXXXXX. */
export const localMobile = (phone: string) => phone.replace(/^\+966/, "0");

export const PHONE_REQUIRED = "رقم الجوال مطلوب";
export const PHONE_INVALID = "رقم الجوال غير صحيح، اكتبه هكذا: 05XXXXXXXX";
export const EMAIL_INVALID = "البريد الإلكتروني غير صحيح";

const mobile = z
  .string({ error: PHONE_REQUIRED })
  .max(30, PHONE_INVALID)
  .transform((value, ctx) => {
    const phone = normaliseSaudiMobile(value);
    if (!phone) {
      ctx.addIssue({ code: "custom", message: PHONE_INVALID });
      return z.NEVER;
    }
    return phone;
  });

const optionalEmail = z
  .string({ error: EMAIL_INVALID })
  .trim()
  .max(254, EMAIL_INVALID)
  .pipe(z.email({ error: EMAIL_INVALID }))
  .transform((email) => email.toLowerCase())
  .optional();

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

export const VOLUNTEER_CITY_KEYS: [string, ...string[]] = [
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
export type VolunteerInput = z.output<typeof volunteerSchema>;

/** A city key as its Arabic name. */
export const cityName = (key: string) =>
  CITIES.find((city) => city.key === key)?.name ?? OTHER_CITY.name;

export const NEWSLETTER_EMAIL_REQUIRED = "البريد الإلكتروني مطلوب";

export const newsletterSchema = z.object({
  email: z
    .string({ error: NEWSLETTER_EMAIL_REQUIRED })
    .trim()
    .max(254, EMAIL_INVALID)
    .pipe(z.email({ error: EMAIL_INVALID }))
    .transform((email) => email.toLowerCase()),
});

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
    .transform((value, ctx) => {
      const answers: Record<string, number> = {};
      const rated = value as Record<string, unknown>;
      for (const key of questionKeys) answers[key] = rated[`q_${key}`] as number;
      if (!value.wantsContact) {
        return { answers, comment: value.comment || null, contactName: null, contactPhone: null };
      }
      const phone = value.contactPhone ? normaliseSaudiMobile(value.contactPhone) : null;
      if (!value.contactName) {
        ctx.addIssue({ code: "custom", path: ["contactName"], message: CONTACT_NAME_REQUIRED });
      }
      if (!phone) {
        ctx.addIssue({
          code: "custom",
          path: ["contactPhone"],
          message: value.contactPhone ? PHONE_INVALID : PHONE_REQUIRED,
        });
      }
      if (!value.contactName || !phone) return z.NEVER;
      return {
        answers,
        comment: value.comment || null,
        contactName: value.contactName,
        contactPhone: phone,
      };
    });
}
export type SurveyInput = z.output<ReturnType<typeof surveySchema>>;
