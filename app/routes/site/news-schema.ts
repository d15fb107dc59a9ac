import { z } from "zod";
import { emailAddress } from "~/shared/outreach-fields";

/** The newsletter box on /media/news (double opt-in: this address is only asked). */

export const NEWSLETTER_EMAIL_REQUIRED = "البريد الإلكتروني مطلوب";

export const newsletterSchema = z.object({ email: emailAddress(NEWSLETTER_EMAIL_REQUIRED) });
