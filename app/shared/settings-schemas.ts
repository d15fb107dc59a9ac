import { z } from "zod";
import { EMAIL_REQUIRED, emailField } from "./auth-schemas";
import { IBAN_WRONG_LENGTH, normaliseIban, saudiIbanProblem, toLatinDigits } from "./iban";

/**
 * The administrators' sections of the settings screen (spec §2.9, §5), shared by the browser
 * and the server. Field names are the stored field names of the site_settings values (§3).
 */

export const SETTINGS_UPDATED = "تم التحديث";

/** Spec §8, each shown in a toast titled 'خطأ'. */
export const SETTINGS_LOAD_FAILED = "فشل في تحميل الإعدادات";
export const SOCIAL_LINKS_FAILED = "فشل في تحديث الروابط";
export const CONTACT_INFO_FAILED = "فشل في تحديث معلومات الاتصال";
export const DONATION_ACCOUNT_FAILED = "فشل في تحديث حساب التبرعات";
export const REGISTRATION_FAILED = "فشل في تحديث إعدادات التسجيل";
export const SITE_URL_FAILED = "فشل في تحديث رابط الموقع";

/** Spec §5 validation messages. */
export const HTTPS_REQUIRED = "يجب أن يبدأ الرابط بـ https://";
export const LINK_INVALID = "الرابط غير صحيح، انسخه كاملاً من شريط العنوان";
export const PHONE_REQUIRED = "رقم الهاتف مطلوب";
export const PHONE_INVALID = "رقم الهاتف غير صحيح";
export const ADDRESS_REQUIRED = "العنوان مطلوب";
export const ADDRESS_TOO_LONG = "العنوان يجب أن يكون أقل من 200 حرف";
export const DONATION_TITLE_REQUIRED = "العنوان مطلوب";
export const DONATION_TITLE_TOO_LONG = "العنوان يجب أن يكون أقل من 100 حرف";
export const DESCRIPTION_TOO_LONG = "الوصف يجب أن يكون أقل من 1000 حرف";
export const ACCOUNT_NUMBER_REQUIRED = "رقم الحساب مطلوب";
export const ACCOUNT_NUMBER_INVALID = "رقم الحساب يتكون من أرقام فقط (يمكن فصلها بمسافات)";
export const BANK_NAME_REQUIRED = "اسم البنك مطلوب";
export const BANK_NAME_TOO_LONG = "اسم البنك يجب أن يكون أقل من 100 حرف";
export const SITE_URL_REQUIRED = "رابط الموقع مطلوب";
export const SITE_URL_SCHEME = "يجب أن يبدأ الرابط بـ http:// أو https://";
export const SITE_URL_INVALID = "رابط الموقع غير صحيح، مثال صحيح: https://rifq.org.sa";
export const LINK_TOO_LONG = "الرابط يجب أن يكون أقل من 500 حرف";
export const EMAIL_TOO_LONG = "البريد الإلكتروني يجب أن يكون أقل من 254 حرفاً";
export const IBAN_INVALID = "رقم الآيبان غير صحيح";
const INVALID_REQUEST = "طلب غير صالح";
/** Links are at most this long (a real profile or site address is far shorter). */
const MAX_LINK_LENGTH = 500;

/**
 * A full web address with a host name such as rifq.org.sa (or localhost), not "https://" alone,
 * and nothing the URL parser would quietly drop (spaces, tabs, line breaks).
 */
function isWebAddress(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    const hasHost = url.hostname.includes(".") || url.hostname === "localhost";
    return (url.protocol === "https:" || url.protocol === "http:") && hasHost;
  } catch {
    return false;
  }
}

/** Optional; when filled, an https:// address (spec §5 social links). Empty is stored as "". */
const socialLinkField = z
  .string({ error: LINK_INVALID })
  .trim()
  .max(MAX_LINK_LENGTH, LINK_TOO_LONG)
  .optional()
  .superRefine((value, ctx) => {
    if (!value) return;
    if (!value.toLowerCase().startsWith("https://")) {
      ctx.addIssue({ code: "custom", message: HTTPS_REQUIRED });
    } else if (!isWebAddress(value)) {
      ctx.addIssue({ code: "custom", message: LINK_INVALID });
    }
  })
  .transform((value) => value ?? "");

export const socialLinksSchema = z.object({
  facebook: socialLinkField,
  twitter: socialLinkField,
  instagram: socialLinkField,
  youtube: socialLinkField,
});

/** A required text field whose Arabic message covers both a missing and a blank value. */
const requiredText = (required: string) => z.string({ error: required }).trim().min(1, required);

/** Digits, spaces, hyphens, parentheses and an optional leading + (spec §5), at least 3 digits. */
const PHONE_SHAPE = /^\+?[\d\s\-()]+$/;

export const contactInfoSchema = z.object({
  phone: requiredText(PHONE_REQUIRED)
    .transform(toLatinDigits)
    .refine(
      (phone) =>
        PHONE_SHAPE.test(phone) && phone.length <= 30 && (phone.match(/\d/g)?.length ?? 0) >= 3,
      PHONE_INVALID,
    ),
  email: z.string({ error: EMAIL_REQUIRED }).max(254, EMAIL_TOO_LONG).pipe(emailField),
  address: requiredText(ADDRESS_REQUIRED).pipe(z.string().max(200, ADDRESS_TOO_LONG)),
});

export const donationAccountSchema = z.object({
  title: requiredText(DONATION_TITLE_REQUIRED).pipe(z.string().max(100, DONATION_TITLE_TOO_LONG)),
  description: z
    .string({ error: DESCRIPTION_TOO_LONG })
    .trim()
    .max(1000, DESCRIPTION_TOO_LONG)
    .optional()
    .transform((value) => value ?? ""),
  account_number: requiredText(ACCOUNT_NUMBER_REQUIRED)
    .transform(toLatinDigits)
    .refine((value) => /^\d[\d\s-]{0,33}$/.test(value), ACCOUNT_NUMBER_INVALID),
  bank_name: requiredText(BANK_NAME_REQUIRED).pipe(z.string().max(100, BANK_NAME_TOO_LONG)),
  // Optional; when given, a well-formed Saudi IBAN, stored without spaces and upper-case.
  iban: z
    .string({ error: IBAN_INVALID })
    .max(64, IBAN_WRONG_LENGTH)
    .optional()
    .transform((value) => normaliseIban(value ?? ""))
    .superRefine((iban, ctx) => {
      const problem = iban ? saudiIbanProblem(iban) : null;
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
});

/** Unchecked means closed: a checkbox sends nothing when it is not ticked. */
export const registrationSchema = z.object({
  allow_registration: z.boolean({ error: INVALID_REQUEST }).default(false),
});

export const siteUrlSchema = z.object({
  site_url: requiredText(SITE_URL_REQUIRED)
    .max(MAX_LINK_LENGTH, LINK_TOO_LONG)
    .superRefine((value, ctx) => {
      if (!/^https?:\/\//i.test(value)) {
        ctx.addIssue({ code: "custom", message: SITE_URL_SCHEME });
      } else if (!isWebAddress(value)) {
        ctx.addIssue({ code: "custom", message: SITE_URL_INVALID });
      }
    })
    // Stored without a trailing slash: links are built as `${site_url}/path`.
    .transform((value) => value.replace(/\/+$/, "")),
});

/**
 * One form a section, told apart by its `intent`: its schema, the failure message of spec §8
 * and what the success toast says under 'تم التحديث'.
 */
export const SETTINGS_SECTIONS = {
  "update-registration": {
    schema: registrationSchema,
    failure: REGISTRATION_FAILED,
    success: "حُفظ إعداد التسجيل",
  },
  "update-social-links": {
    schema: socialLinksSchema,
    failure: SOCIAL_LINKS_FAILED,
    success: "حُفظت روابط مواقع التواصل",
  },
  "update-contact-info": {
    schema: contactInfoSchema,
    failure: CONTACT_INFO_FAILED,
    success: "حُفظت معلومات الاتصال",
  },
  "update-donation-account": {
    schema: donationAccountSchema,
    failure: DONATION_ACCOUNT_FAILED,
    success: "حُفظ حساب التبرعات وأُرسل إشعار بالتغيير إلى المديرين",
  },
  "update-site-url": {
    schema: siteUrlSchema,
    failure: SITE_URL_FAILED,
    success: "حُفظ رابط الموقع",
  },
} as const;

export type SettingsIntent = keyof typeof SETTINGS_SECTIONS;
export const SETTINGS_INTENTS = Object.keys(SETTINGS_SECTIONS) as SettingsIntent[];
