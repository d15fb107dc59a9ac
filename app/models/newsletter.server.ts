import { randomBytes } from "node:crypto";
import { and, eq, isNotNull, isNull, lt } from "drizzle-orm";
import { NotFoundError } from "~/shared/domain-errors";
import { readCountedPage } from "~/shared/pagination";
import { type Actor, assertRole } from "~/shared/roles";
import { db } from "~/utils/db.server";
import { isUuid, newestFirst } from "~/utils/db-helpers.server";
import { getSiteUrl } from "~/utils/env.server";
import { sendMail } from "~/utils/mailer.server";
import { newsletterSubscribers } from "../../database/schema";
import { forgetUnsubscribedRecipient } from "./mail-queue.server";
import { consumeMailToAddress } from "./rate-limits.server";

/** A confirmation link works this long; unconfirmed addresses are then forgotten. */
export const CONFIRMATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

const newToken = () => randomBytes(24).toString("base64url");
/** Tokens are base64url of 24 bytes; anything else is not looked up. */
const isToken = (token: string) => /^[A-Za-z0-9_-]{32}$/.test(token);

export const confirmLink = (token: string) =>
  `${getSiteUrl()}/newsletter/confirm?token=${encodeURIComponent(token)}`;
export const unsubscribeLink = (token: string) =>
  `${getSiteUrl()}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;

/** The line every newsletter message ends with. */
export const unsubscribeFooter = (token: string) =>
  `لإلغاء الاشتراك بضغطة واحدة: ${unsubscribeLink(token)}`;

/**
 * Asks `email` to confirm its subscription (double opt-in). The answer to the visitor is the
 * same whatever the address's state, so the form tells nobody who is subscribed; an address
 * already confirmed gets no e-mail, an unconfirmed one gets a fresh link.
 */
export async function requestNewsletterSubscription(email: string): Promise<void> {
  const [existing] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  if (existing?.confirmedAt) return;
  // Over the address's mails for the day: nothing changes, and the visitor is told as always.
  if (!(await consumeMailToAddress(email))) return;
  const token = newToken();
  if (existing) {
    await db
      .update(newsletterSubscribers)
      .set({ token, createdAt: new Date() })
      .where(eq(newsletterSubscribers.id, existing.id));
  } else {
    // Two requests at once for one address: the unique e-mail keeps one row.
    const inserted = await db
      .insert(newsletterSubscribers)
      .values({ email, token })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .returning({ id: newsletterSubscribers.id });
    if (!inserted.length) return;
  }
  // Nothing the visitor typed goes into this e-mail: the address is not confirmed yet.
  await sendMail({
    to: email,
    subject: "أكّد اشتراكك في نشرة جمعية رفق",
    text: [
      "طلب أحدهم اشتراك هذا البريد في النشرة البريدية لجمعية رفق.",
      `لتأكيد الاشتراك افتح الرابط واضغط «أكّد اشتراكي» (خلال ${CONFIRMATION_DAYS} أيام):`,
      confirmLink(token),
      "",
      "إن لم تطلب ذلك فتجاهل هذه الرسالة، ولن يصلك منا شيء.",
      unsubscribeFooter(token),
    ].join("\n"),
  });
}

/** Confirms the subscription of `token`; false for an unknown or expired link. */
export async function confirmNewsletterSubscription(token: string): Promise<boolean> {
  if (!isToken(token)) return false;
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.token, token));
  if (!row) return false;
  if (row.confirmedAt) return true;
  if (Date.now() - row.createdAt.getTime() > CONFIRMATION_DAYS * DAY_MS) return false;
  await db
    .update(newsletterSubscribers)
    .set({ confirmedAt: new Date() })
    .where(eq(newsletterSubscribers.id, row.id));
  return true;
}

/**
 * Forgets the address of `token` (one click from any message, or a mail app's one-click POST),
 * in the campaigns' queue too (docs/decisions/051). True when there was one.
 */
export async function unsubscribeFromNewsletter(token: string): Promise<boolean> {
  if (!isToken(token)) return false;
  const removed = await db
    .delete(newsletterSubscribers)
    .where(eq(newsletterSubscribers.token, token))
    .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email });
  for (const { email } of removed) await forgetUnsubscribedRecipient(email);
  return removed.length > 0;
}

const isConfirmed = isNotNull(newsletterSubscribers.confirmedAt);
const confirmedColumns = {
  id: newsletterSubscribers.id,
  email: newsletterSubscribers.email,
  confirmedAt: newsletterSubscribers.confirmedAt,
};
/** Newest confirmation first; the id breaks ties, so pages neither overlap nor skip. */
const newestConfirmedFirst = newestFirst(
  newsletterSubscribers.confirmedAt,
  newsletterSubscribers.id,
);

export const SUBSCRIBERS_PAGE_SIZE = 50;

/**
 * One page of the confirmed addresses (the only ones that count), newest first, how many
 * there are, and how many wait for confirmation (docs/decisions/036).
 */
export async function listSubscribersForStaff(actor: Actor | null, page = 1) {
  assertRole(actor, "editor");
  const [confirmed, pendingCount] = await Promise.all([
    readCountedPage(page, SUBSCRIBERS_PAGE_SIZE, {
      rows: ({ limit, offset }) =>
        db
          .select(confirmedColumns)
          .from(newsletterSubscribers)
          .where(isConfirmed)
          .orderBy(...newestConfirmedFirst)
          .limit(limit)
          .offset(offset),
      count: () => db.$count(newsletterSubscribers, isConfirmed),
    }),
    db.$count(newsletterSubscribers, isNull(newsletterSubscribers.confirmedAt)),
  ]);
  return { confirmed, pendingCount };
}

/** Every confirmed address, newest first: for the CSV file only. */
export async function listConfirmedSubscribersForExport(actor: Actor | null) {
  assertRole(actor, "editor");
  return db
    .select(confirmedColumns)
    .from(newsletterSubscribers)
    .where(isConfirmed)
    .orderBy(...newestConfirmedFirst);
}

/** Unconfirmed addresses whose link has expired (the retention job). Answers how many. */
export async function deleteExpiredSubscriptions(now = new Date()): Promise<number> {
  const removed = await db
    .delete(newsletterSubscribers)
    .where(
      and(
        isNull(newsletterSubscribers.confirmedAt),
        lt(newsletterSubscribers.createdAt, new Date(now.getTime() - CONFIRMATION_DAYS * DAY_MS)),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return removed.length;
}

/** Removes a subscriber who asked staff to (admins only; the e-mailed link does it by itself). */
export async function deleteSubscriber(actor: Actor | null, id: string) {
  assertRole(actor, "admin");
  const gone = new NotFoundError("المشترك غير موجود");
  if (!isUuid(id)) throw gone;
  const [row] = await db
    .delete(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id))
    .returning({ id: newsletterSubscribers.id });
  if (!row) throw gone;
}
