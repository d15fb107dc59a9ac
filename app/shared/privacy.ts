import { z } from "zod";
import { EMAIL_INVALID, normaliseSaudiMobile, PHONE_INVALID } from "./outreach-fields";

/**
 * The admin's privacy tool (docs/decisions/073): one person is looked up by a Saudi mobile
 * (any usual spelling, kept as +9665XXXXXXXX) or an e-mail (lower-cased), and everything the
 * site holds about it is shown, exported or erased.
 */

export type Contact = { kind: "phone" | "email"; value: string };

export const CONTACT_REQUIRED = "اكتب رقم الجوال أو البريد الإلكتروني";
export const CONTACT_TOO_LONG = "رقم الجوال أو البريد الإلكتروني أطول من المسموح";

/** An e-mail when it has an @, else a mobile; each refused with its own Arabic message. */
export const contactField = z
  .string({ error: CONTACT_REQUIRED })
  .trim()
  .min(1, CONTACT_REQUIRED)
  .max(254, CONTACT_TOO_LONG)
  .transform((text, ctx): Contact => {
    if (text.includes("@")) {
      const email = z.email().safeParse(text);
      if (email.success) return { kind: "email", value: email.data.toLowerCase() };
      ctx.addIssue({ code: "custom", message: EMAIL_INVALID });
      return z.NEVER;
    }
    const phone = normaliseSaudiMobile(text);
    if (phone) return { kind: "phone", value: phone };
    ctx.addIssue({ code: "custom", message: PHONE_INVALID });
    return z.NEVER;
  });

export const privacyLookupSchema = z.object({ contact: contactField });

export const PRIVACY_INTENTS = ["erase"] as const;

export const privacyEraseSchema = z.object({
  intent: z.enum(PRIVACY_INTENTS, { error: "طلب غير صالح" }),
  contact: contactField,
});

/** The contact as the address bar and the forms carry it. */
export const contactParam = (contact: Contact) => contact.value;
