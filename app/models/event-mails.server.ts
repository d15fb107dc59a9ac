import { formatDateTime, formatHijriDate } from "~/shared/dates";
import { eventCalendarPath, eventPath, registrationPath } from "~/shared/events";
import { getSiteUrl } from "~/utils/env.server";
import { sendMail } from "~/utils/mailer.server";
import { registrationToken } from "~/utils/registration-token.server";

// The e-mails a registrant receives (docs/decisions/052). Plain text only: the address is not
// confirmed, so what the registrant typed never goes into them — only the event's own words.

export interface MailedEvent {
  slug: string;
  title: string;
  startsAt: Date;
  place: string;
  mapUrl: string | null;
}

export interface MailedRegistration {
  id: string;
  email: string | null;
  attendees: number;
}

export type RegistrationMail = "confirmed" | "waiting" | "promoted" | "reminder" | "link";

const SUBJECTS: Record<RegistrationMail, (title: string) => string> = {
  confirmed: (title) => `تأكيد تسجيلك في «${title}» — جمعية رفق`,
  waiting: (title) => `أنت في قائمة انتظار «${title}» — جمعية رفق`,
  promoted: (title) => `صار لك مقعد في «${title}» — جمعية رفق`,
  reminder: (title) => `تذكير: «${title}» غداً — جمعية رفق`,
  link: (title) => `رابط تسجيلك في «${title}» — جمعية رفق`,
};

const OPENINGS: Record<RegistrationMail, string> = {
  confirmed: "تم تسجيلك، ونتطلع إلى لقائك.",
  waiting: "اكتملت المقاعد، فسجّلناك في قائمة الانتظار. إن فرغ مقعد يكفيك أخبرناك بالبريد فوراً.",
  promoted: "فرغت مقاعد فانتقل تسجيلك من قائمة الانتظار إلى المؤكَّدين. نتطلع إلى لقائك.",
  reminder: "نذكّرك بموعد الفعالية التي سجّلت فيها.",
  link: "طُلب التسجيل في هذه الفعالية برقم جوالك مرة أخرى، وتسجيلك السابق قائم فلم نسجّل غيره. هذا رابط صفحة تسجيلك إن أردت مراجعته أو إلغاءه.",
};

/** The text of one of a registrant's e-mails (exported for tests). */
export function registrationMailText(
  kind: RegistrationMail,
  event: MailedEvent,
  registration: MailedRegistration,
) {
  const site = getSiteUrl();
  const own = `${site}${registrationPath(registrationToken(registration.id))}`;
  return [
    OPENINGS[kind],
    "",
    `الفعالية: ${event.title}`,
    `الموعد: ${formatDateTime(event.startsAt)} بتوقيت الرياض (${formatHijriDate(event.startsAt)})`,
    `المكان: ${event.place}`,
    event.mapUrl ? `الخريطة: ${event.mapUrl}` : null,
    `عدد الحضور: ${registration.attendees}`,
    "",
    `صفحة الفعالية: ${site}${eventPath(event.slug)}`,
    `أضفها إلى تقويمك: ${site}${eventCalendarPath(event.slug)}`,
    `لإلغاء تسجيلك: ${own}`,
    "",
    "إن لم تكن أنت من سجّل فتجاهل هذه الرسالة، أو ألغِ التسجيل من الرابط أعلاه.",
  ]
    .filter((line) => line !== null)
    .join("\n");
}

/** One of a registrant's e-mails as the mail queue takes it, or null without an address. */
export function registrantMail(
  kind: RegistrationMail,
  event: MailedEvent,
  registration: MailedRegistration,
) {
  if (!registration.email) return null;
  return {
    to: registration.email,
    subject: SUBJECTS[kind](event.title),
    text: registrationMailText(kind, event, registration),
  };
}

/** Sends one of a registrant's e-mails, when they gave an address. */
export async function mailRegistrant(
  kind: RegistrationMail,
  event: MailedEvent,
  registration: MailedRegistration,
) {
  if (!registration.email) return;
  await sendMail({
    to: registration.email,
    subject: SUBJECTS[kind](event.title),
    text: registrationMailText(kind, event, registration),
  });
}
