import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { requestFollowUpPath, requestReference } from "~/shared/form-builder";
import type { db } from "~/utils/db.server";
import { signedToken } from "~/utils/signed-tokens.server";
import { mailQueue, requestCounters, requestEvents, requests } from "../../database/schema";
import { mailQueueRow, type OutgoingMail } from "./mail-queue.server";

/**
 * Opening a request when a request form is answered (issue 36, docs/decisions/071): in the
 * answer's own transaction, the year's next reference, the request, its "created" event and the
 * acknowledgement mail. The requests inbox and follow-up live in requests.server.ts.
 */

type Transaction = Parameters<Parameters<typeof db.transaction>[0]>[0];

/**
 * The year's next running number: one upsert that moves `last` under the row's lock, so two
 * answers sent at once never share a number (the second waits for the first's commit).
 */
async function nextNumber(tx: Transaction, year: number): Promise<number> {
  const [row] = await tx
    .insert(requestCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({
      target: requestCounters.year,
      set: { last: sql`${requestCounters.last} + 1` },
    })
    .returning({ last: requestCounters.last });
  return row.last;
}

/** The year of `date` in Riyadh (UTC+3), where the association counts its requests. */
const riyadhYear = (date: Date) => new Date(date.getTime() + 3 * 60 * 60 * 1000).getUTCFullYear();

export interface OpenedRequest {
  id: string;
  reference: string;
}

/**
 * Opens the request: the year's next number (one statement, under the counter's lock), then the
 * request, its "created" event and the mails — the acknowledgement with the follow-up link, and
 * `alsoMail` (the staff told of the answer) — in ONE statement of data-modifying CTEs, the
 * request's id made here so the link is known before the row (docs/decisions/083).
 */
export async function openRequest(
  tx: Transaction,
  input: {
    formId: string;
    formTitle: string;
    answerId: string;
    contactEmail: string | null;
    /** The site's public address, for the follow-up link in the mail. */
    baseUrl: string;
    at: Date;
    /** Other mails the answer sends, queued in the same statement. */
    alsoMail?: OutgoingMail[];
  },
): Promise<OpenedRequest> {
  const reference = requestReference(
    riyadhYear(input.at),
    await nextNumber(tx, riyadhYear(input.at)),
  );
  const id = randomUUID();
  const mails = [...(input.alsoMail ?? [])];
  if (input.contactEmail) {
    const link = `${input.baseUrl}${requestFollowUpPath(signedToken("request-follow-up", id))}`;
    mails.unshift({
      kind: "request-received",
      to: input.contactEmail,
      subject: `وصل طلبك ${reference} — جمعية رفق`,
      text: [
        "السلام عليكم،",
        "",
        `وصلنا طلبك «${input.formTitle}»، ورقمه: ${reference}`,
        "احتفظ بهذا الرقم، وتابع حالة طلبك من الرابط الخاص بك (لا تشاركه مع أحد):",
        link,
        "",
        "جمعية رفق لرعاية كبار السن",
      ].join("\n"),
      dedupeKey: `request-received:${id}`,
    });
  }
  // Data-modifying CTEs run once each, whatever the main statement reads; the foreign keys
  // (event → request → answer) are checked at the statement's end, when all three exist.
  const opened = tx.$with("opened").as(
    tx
      .insert(requests)
      .values({
        id,
        answerId: input.answerId,
        formId: input.formId,
        reference,
        state: "received",
      })
      .returning({ id: requests.id }),
  );
  const event = { requestId: id, kind: "created" as const, toState: "received" as const };
  if (mails.length === 0) {
    await tx.with(opened).insert(requestEvents).values(event);
  } else {
    const created = tx
      .$with("created")
      .as(tx.insert(requestEvents).values(event).returning({ id: requestEvents.id }));
    await tx
      .with(opened, created)
      .insert(mailQueue)
      .values(mails.map(mailQueueRow))
      .onConflictDoNothing();
  }
  return { id, reference };
}
