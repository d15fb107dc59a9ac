/**
 * The links a contact detail becomes, one definition for the pages that render them and a
 * reader's held page that applies a new one (app/reading-boot/apply-setting.ts).
 */

/** A dialable tel: link for a phone number written with spaces or dashes. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

export const mailtoHref = (email: string) => `mailto:${email}`;
