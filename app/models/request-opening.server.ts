import { sql } from "drizzle-orm";
import { requestFollowUpPath, requestReference } from "~/shared/form-builder";
import type { db } from "~/utils/db.server";
import { signedToken } from "~/utils/signed-tokens.server";
import { requestCounters, requestEvents, requests } from "../../database/schema";
import { enqueueMail } from "./mail-queue.server";

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
  },
): Promise<OpenedRequest> {
  const reference = requestReference(
    riyadhYear(input.at),
    await nextNumber(tx, riyadhYear(input.at)),
  );
  const [request] = await tx
    .insert(requests)
    .values({ answerId: input.answerId, formId: input.formId, reference, state: "received" })
    .returning({ id: requests.id });
  await tx
    .insert(requestEvents)
    .values({ requestId: request.id, kind: "created", toState: "received" });
  if (input.contactEmail) {
    const link = `${input.baseUrl}${requestFollowUpPath(signedToken("request-follow-up", request.id))}`;
    await enqueueMail(
      {
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
        dedupeKey: `request-received:${request.id}`,
      },
      tx,
    );
  }
  return { id: request.id, reference };
}
