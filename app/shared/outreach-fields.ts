import { z } from "zod";
import { CITIES } from "~/content/cities";
import { OTHER_CITY } from "~/content/volunteer";

/**
 * What the public outreach forms (volunteering, surveys, newsletter) and the staff screens that
 * read them share: a Saudi mobile number and an e-mail address, written and shown as people do.
 * Each form's own schema sits beside its route. Every refusal is an Arabic message.
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

/** A required Saudi mobile number, kept as +9665XXXXXXXX. */
export const mobile = z
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

/** An e-mail address, trimmed and lower-cased; `required` is said when it is missing. */
export const emailAddress = (required = EMAIL_INVALID) =>
  z
    .string({ error: required })
    .trim()
    .max(254, EMAIL_INVALID)
    .pipe(z.email({ error: EMAIL_INVALID }))
    .transform((email) => email.toLowerCase());

export const optionalEmail = emailAddress().optional();

/** A city key as its Arabic name. */
export const cityName = (key: string) =>
  CITIES.find((city) => city.key === key)?.name ?? OTHER_CITY.name;
