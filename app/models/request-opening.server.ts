import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { requestFollowUpPath, requestReference } from "~/shared/form-builder";
import type { db } from "~/utils/db.server";
import { signedToken } from "~/utils/signed-tokens.server";
import { requestCounters, type requestEvents, type requests } from "../../database/schema";
import type { OutgoingMail } from "./mail-queue.server";

/**
 * Opening a request when a request form is answered (issue 36, docs/decisions/071): in the
 * answer's own statements, the year's next reference, the request, its "created" event and the
 * acknowledgement mail. The requests inbox and follow-up live in requests.server.ts.
 */

type Transaction = Parameters<Parameters<typeof db.transaction>[0]>[0];

/** The year of `date` in Riyadh (UTC+3), where the association counts its requests. */
export const riyadhYear = (date: Date) =>
  new Date(date.getTime() + 3 * 60 * 60 * 1000).getUTCFullYear();

export interface OpenedRequest {
  id: string;
  reference: string;
}

/**
 * The year's next running number, as part of the statement that counts the answer
 * (form-answers.server.ts): one upsert that moves `last` under the row's lock, so two answers sent
 * at once never share a number (the second waits for the first's commit). It inserts from
 * `counted`, so a form that refused the answer takes no number.
 */
export const nextNumberFrom = (
  tx: Transaction,
  counted: Parameters<ReturnType<Transaction["select"]>["from"]>[0],
  year: number,
) =>
  tx.$with("numbered").as(
    tx
      .insert(requestCounters)
      .select(
        tx
          .select({ year: sql<number>`${year}::int`.as("year"), last: sql<number>`1`.as("last") })
          .from(counted),
      )
      .onConflictDoUpdate({
        target: requestCounters.year,
        set: { last: sql`${requestCounters.last} + 1` },
      })
      .returning({ last: requestCounters.last }),
  );

/**
 * What opening a request writes, made here so the follow-up link is known before the rows: the
 * request (its id made here), its "created" event, and the acknowledgement with the follow-up link
 * before `alsoMail` (the staff told of the answer). The caller writes them in the answer's own
 * statement (docs/decisions/083).
 */
export function requestOpening(input: {
  formId: string;
  formTitle: string;
  answerId: string;
  /** The year's running number, taken when the answer was counted. */
  number: number;
  year: number;
  contactEmail: string | null;
  /** The site's public address, for the follow-up link in the mail. */
  baseUrl: string;
  /** Other mails the answer sends, queued in the same statement. */
  alsoMail: OutgoingMail[];
}) {
  const reference = requestReference(input.year, input.number);
  const id = randomUUID();
  const mails = [...input.alsoMail];
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
  return {
    opened: { id, reference } satisfies OpenedRequest,
    request: {
      id,
      answerId: input.answerId,
      formId: input.formId,
      reference,
      state: "received" as const,
    } satisfies typeof requests.$inferInsert,
    event: {
      requestId: id,
      kind: "created" as const,
      toState: "received" as const,
    } satisfies typeof requestEvents.$inferInsert,
    mails,
  };
}
