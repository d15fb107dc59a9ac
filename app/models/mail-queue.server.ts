import { and, eq, inArray, sql } from "drizzle-orm";
import type { MailStatus } from "~/shared/statuses";
import { db } from "~/utils/db.server";
import { mailQueue } from "../../database/schema";

/**
 * The outgoing-mail queue (docs/decisions/051): rows are claimed in batches by any process, each
 * is marked "sending" by one claimer only before it is handed to SMTP, and a row left "sending"
 * by a process that died is never sent again ("uncertain"). Nothing here sends: the mail-queue
 * service does, between `markMailSending` and the outcome.
 */

/** Any message another part of the site wants sent once, through the queue. */
export interface OutgoingMail {
  /** What it is, for the logs and counts ("event-reminder", "event-confirmation"…). */
  kind: string;
  to: string;
  subject: string;
  /** Absent: a plain-text message. */
  html?: string;
  text: string;
  headers?: Record<string, string>;
  /** Queued once per key: a second `enqueueMail` with the same key does nothing. */
  dedupeKey?: string;
  /** Not before this time (default: now). */
  sendAfter?: Date;
}

/** A transaction of `db`, for a caller that queues mail with its own writes. */
type Transaction = Parameters<Parameters<typeof db.transaction>[0]>[0];

/** The queue's row for `mail`: what `enqueueMail` inserts, and a statement that queues with its own writes. */
export const mailQueueRow = (mail: OutgoingMail) => ({
  kind: mail.kind,
  recipient: mail.to,
  subject: mail.subject,
  html: mail.html ?? null,
  textBody: mail.text,
  headers: mail.headers ?? null,
  dedupeKey: mail.dedupeKey ?? null,
  nextAttemptAt: mail.sendAfter ?? new Date(),
});

/** Queues `mail` (in `executor`'s transaction when given); false when its `dedupeKey` was queued before. */
export async function enqueueMail(
  mail: OutgoingMail,
  executor: typeof db | Transaction = db,
): Promise<boolean> {
  const inserted = await executor
    .insert(mailQueue)
    .values(mailQueueRow(mail))
    .onConflictDoNothing()
    .returning({ id: mailQueue.id });
  return inserted.length > 0;
}

/** Queues several messages in one statement (each key once, as `enqueueMail`). */
export async function enqueueMails(
  mails: OutgoingMail[],
  executor: typeof db | Transaction = db,
): Promise<void> {
  if (mails.length === 0) return;
  await executor.insert(mailQueue).values(mails.map(mailQueueRow)).onConflictDoNothing();
}

/** A row in a worker's batch. */
export interface ClaimedMail {
  id: string;
  kind: string;
  campaignId: string | null;
  recipient: string;
  subject: string | null;
  html: string | null;
  textBody: string | null;
  headers: Record<string, string> | null;
  attempts: number;
}

export interface ClaimOptions {
  workerId: string;
  /** Most rows in one batch. */
  limit: number;
  /** Rows handed to SMTP in any 60 s, every process together. */
  ratePerMinute: number;
  /** How long the batch is the worker's before another may take its unsent rows. */
  leaseMs: number;
  now?: Date;
}

/** One claim at a time across processes: the rate's count and the claim are one decision. */
const CLAIM_LOCK = 725051;
const MINUTE_MS = 60_000;
export const INTERRUPTED = "انقطع الإرسال أثناء تسليم الرسالة؛ لا يُعاد إرسالها كي لا تصل مرتين";

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/**
 * Claims up to `limit` due rows for `workerId` (`FOR UPDATE SKIP LOCKED`: two workers never take
 * the same row), fewer when the rate's budget for the last minute is nearly spent. First, rows
 * left "sending" past their lease (their worker died mid-send) become "uncertain".
 */
export async function claimMailBatch({
  workerId,
  limit,
  ratePerMinute,
  leaseMs,
  now = new Date(),
}: ClaimOptions): Promise<ClaimedMail[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`);
    await tx
      .update(mailQueue)
      .set({ status: "uncertain", lastError: INTERRUPTED })
      .where(and(eq(mailQueue.status, "sending"), sql`${mailQueue.leaseUntil} < ${now}`));
    const since = new Date(now.getTime() - MINUTE_MS);
    const [usage] = rowsOf(
      await tx.execute(sql`
        select
          (select count(*) from mail_queue where attempted_at > ${since})::int as attempted,
          (select count(*) from mail_queue
            where status = 'claimed' and lease_until >= ${now})::int as held`),
    );
    const budget = Math.min(
      limit,
      ratePerMinute - Number(usage?.attempted ?? 0) - Number(usage?.held ?? 0),
    );
    if (budget <= 0) return [];
    const leaseUntil = new Date(now.getTime() + leaseMs);
    const claimed = rowsOf(
      await tx.execute(sql`
        update mail_queue set status = 'claimed', claimed_by = ${workerId},
          lease_until = ${leaseUntil}
        where id in (
          select id from mail_queue
          where status in ('queued', 'claimed')
            and ((status = 'queued' and next_attempt_at <= ${now})
              or (status = 'claimed' and lease_until < ${now}))
          order by next_attempt_at, id
          limit ${budget}
          for update skip locked)
        returning id, kind, campaign_id, recipient, subject, html, text_body, headers, attempts`),
    );
    return claimed.map((row) => ({
      id: String(row.id),
      kind: String(row.kind),
      campaignId: (row.campaign_id as string | null) ?? null,
      recipient: String(row.recipient),
      subject: (row.subject as string | null) ?? null,
      html: (row.html as string | null) ?? null,
      textBody: (row.text_body as string | null) ?? null,
      headers: (row.headers as Record<string, string> | null) ?? null,
      attempts: Number(row.attempts),
    }));
  });
}

const mine = (id: string, workerId: string, statuses: MailStatus[]) =>
  and(eq(mailQueue.id, id), eq(mailQueue.claimedBy, workerId), inArray(mailQueue.status, statuses));

/**
 * The last step before SMTP: this row becomes "sending" for `workerId`, committed, or false when
 * it is no longer this worker's (its lease ended and another took it). Only one worker ever gets
 * true for a row's attempt.
 */
export async function markMailSending(
  id: string,
  workerId: string,
  { now = new Date(), leaseMs }: { now?: Date; leaseMs: number },
): Promise<boolean> {
  const updated = await db
    .update(mailQueue)
    .set({
      status: "sending",
      attempts: sql`${mailQueue.attempts} + 1`,
      attemptedAt: now,
      leaseUntil: new Date(now.getTime() + leaseMs),
    })
    .where(mine(id, workerId, ["claimed"]))
    .returning({ id: mailQueue.id });
  return updated.length > 0;
}

/**
 * The heartbeat of a live worker (docs/decisions/077): its claimed and sending rows keep their
 * lease for `leaseMs` more. A worker that dies stops renewing, so its claimed rows go to another
 * worker within one short lease, and its "sending" row becomes "uncertain" as before.
 */
export async function renewMailLeases(workerId: string, leaseMs: number, now = new Date()) {
  const renewed = await db
    .update(mailQueue)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(
      and(eq(mailQueue.claimedBy, workerId), inArray(mailQueue.status, ["claimed", "sending"])),
    )
    .returning({ id: mailQueue.id });
  return renewed.length;
}

/**
 * A worker that stops gracefully gives back the rows it claimed and did not hand over: they are
 * due again at once for any other worker. A row already "sending" is left to its outcome.
 */
export async function releaseMailClaims(workerId: string) {
  const released = await db
    .update(mailQueue)
    .set({ status: "queued", claimedBy: null, leaseUntil: null })
    .where(and(eq(mailQueue.claimedBy, workerId), eq(mailQueue.status, "claimed")))
    .returning({ id: mailQueue.id });
  return released.length;
}

// A worker slower than its lease may find its row marked "uncertain": its own outcome still counts.
const HANDED_OVER: MailStatus[] = ["sending", "uncertain"];

export async function markMailSent(id: string, workerId: string, now = new Date()) {
  await db
    .update(mailQueue)
    .set({ status: "sent", sentAt: now, leaseUntil: null, lastError: null })
    .where(mine(id, workerId, HANDED_OVER));
}

/** A temporary failure (4xx, no connection): back in the queue at `nextAttemptAt`. */
export async function markMailRetry(
  id: string,
  workerId: string,
  error: string,
  nextAttemptAt: Date,
) {
  await db
    .update(mailQueue)
    .set({ status: "queued", claimedBy: null, leaseUntil: null, lastError: error, nextAttemptAt })
    .where(mine(id, workerId, HANDED_OVER));
}

/** A permanent failure (5xx) or too many temporary ones: never tried again. */
export async function markMailFailed(id: string, workerId: string, error: string) {
  await db
    .update(mailQueue)
    .set({ status: "failed", leaseUntil: null, lastError: error })
    .where(mine(id, workerId, HANDED_OVER));
}

/** An outcome the worker cannot know (the connection broke after the message was handed over). */
export async function markMailUncertain(id: string, workerId: string, error: string) {
  await db
    .update(mailQueue)
    .set({ status: "uncertain", leaseUntil: null, lastError: error })
    .where(mine(id, workerId, HANDED_OVER));
}

/** A claimed row that must not go (its recipient unsubscribed meanwhile). */
export async function markMailSkipped(id: string, workerId: string, reason: string) {
  await db
    .update(mailQueue)
    .set({ status: "skipped", leaseUntil: null, lastError: reason })
    .where(mine(id, workerId, ["claimed"]));
}

/**
 * An address has unsubscribed: the last campaign it was sent counts it as "unsubscribed after
 * it", and every campaign row of it that is not in a worker's hands forgets the address (a
 * queued one is then skipped: no subscriber has it). Other kinds of mail keep theirs.
 */
export async function forgetUnsubscribedRecipient(email: string, now = new Date()) {
  await db.execute(sql`
    with last_sent as (
      select id from mail_queue
      where recipient = ${email} and campaign_id is not null and status = 'sent'
      order by sent_at desc limit 1)
    update mail_queue set
      recipient = 'forgotten:' || id::text,
      unsubscribed_at = case when id in (select id from last_sent) then ${now}::timestamptz
        else unsubscribed_at end
    where recipient = ${email} and campaign_id is not null
      and status not in ('claimed', 'sending')`);
}

/** How many rows of each status a campaign has, and how many unsubscribed after it. */
export async function campaignQueueCounts(campaignIds: string[]) {
  const counts = new Map<string, Partial<Record<MailStatus, number>> & { unsubscribed: number }>();
  if (!campaignIds.length) return counts;
  const rows = await db
    .select({
      campaignId: mailQueue.campaignId,
      status: mailQueue.status,
      count: sql<number>`count(*)::int`,
      unsubscribed: sql<number>`count(${mailQueue.unsubscribedAt})::int`,
    })
    .from(mailQueue)
    .where(inArray(mailQueue.campaignId, campaignIds))
    .groupBy(mailQueue.campaignId, mailQueue.status);
  for (const row of rows) {
    if (!row.campaignId) continue;
    const entry = counts.get(row.campaignId) ?? { unsubscribed: 0 };
    entry[row.status] = Number(row.count);
    entry.unsubscribed += Number(row.unsubscribed);
    counts.set(row.campaignId, entry);
  }
  return counts;
}

/** Rows that still wait for an outcome (queued, in a batch or being handed over). */
export function countPendingMail(): Promise<number> {
  return db.$count(mailQueue, inArray(mailQueue.status, ["queued", "claimed", "sending"]));
}

/**
 * How the queue is doing, for /readyz and the metrics (docs/decisions/077): rows waiting for an
 * outcome, and how long the oldest one that is due has waited (0 when none is).
 */
export async function mailQueueBacklog(now = new Date()) {
  const [row] = rowsOf(
    await db.execute(sql`
      select count(*)::int as depth,
        min(next_attempt_at) filter (where next_attempt_at <= ${now}) as oldest_due
      from mail_queue where status in ('queued', 'claimed', 'sending')`),
  );
  const oldestDue = row?.oldest_due ? new Date(row.oldest_due as string) : null;
  return {
    depth: Number(row?.depth ?? 0),
    oldestDueAgeMs: oldestDue ? Math.max(0, now.getTime() - oldestDue.getTime()) : 0,
  };
}

/** The most rows one retention pass touches (the worker runs one each pass, every few seconds). */
export const MAIL_RETENTION_BATCH = 500;

/**
 * The queue's retention (docs/decisions/062): up to `limit` rows that finished (sent, failed,
 * uncertain or skipped) before `before` let go of the address and message they hold. A row of
 * its own message (a reminder, a confirmation) is deleted; a campaign's row holds no message and
 * feeds the campaign's figures, so it stays with its address and error text forgotten.
 */
export async function expireFinishedMail(before: Date, limit = MAIL_RETENTION_BATCH) {
  // The conditions are the partial index's own (mail_queue_finished_idx), so the planner uses it.
  const [counts] = rowsOf(
    await db.execute(sql`
      with old as (
        select id, campaign_id from mail_queue
        where status in ('sent', 'failed', 'uncertain', 'skipped')
          and recipient not like 'forgotten:%'
          and coalesce(sent_at, attempted_at, next_attempt_at) < ${before}
        order by coalesce(sent_at, attempted_at, next_attempt_at)
        limit ${limit}
        for update skip locked),
      deleted as (
        delete from mail_queue where id in (select id from old where campaign_id is null)
        returning 1),
      forgotten as (
        update mail_queue set recipient = 'forgotten:' || id::text, last_error = null
        where id in (select id from old where campaign_id is not null)
        returning 1)
      select (select count(*) from deleted)::int as deleted,
        (select count(*) from forgotten)::int as forgotten`),
  );
  return { deleted: Number(counts?.deleted ?? 0), forgotten: Number(counts?.forgotten ?? 0) };
}
