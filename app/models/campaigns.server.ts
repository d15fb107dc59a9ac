import { and, desc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  StaleEditError,
} from "~/shared/domain-errors";
import { readCountedPage } from "~/shared/pagination";
import { type Actor, assertRole } from "~/shared/roles";
import type { CampaignStatus } from "~/shared/statuses";
import { now as appNow } from "~/utils/clock.server";
import { db } from "~/utils/db.server";
import { isStaleVersion, isUuid, newestFirst, stillAt } from "~/utils/db-helpers.server";
import { toPostHtml } from "~/utils/rich-text.server";
import { mailQueue, newsletterCampaigns, newsletterSubscribers } from "../../database/schema";
import { campaignQueueCounts } from "./mail-queue.server";

/**
 * Newsletter campaigns (docs/decisions/051). Editors and admins compose, test and send them;
 * sending puts one queue row per confirmed subscriber in one statement (nothing is loaded here)
 * and the mail-queue job does the rest.
 */

export const CAMPAIGN_NOT_FOUND = "الحملة غير موجودة";
export const CAMPAIGN_LOCKED = "بدأ إرسال هذه الحملة، فلا تُعدَّل ولا تُحذف";
export const SEND_AT_PAST = "موعد الإرسال مضى؛ اختر وقتاً قادماً أو أرسلها الآن";
export const NO_SUBSCRIBERS = "لا يوجد مشتركون مؤكَّدون ترسَل إليهم الحملة";
export const CAMPAIGNS_PAGE_SIZE = 30;
export const ARCHIVE_PAGE_SIZE = 20;

export interface CampaignInput {
  subject: string;
  /** As the form sent it: the editor's HTML or the no-script textarea's text. */
  body: string;
  inArchive: boolean;
}

const notFound = () => new NotFoundError(CAMPAIGN_NOT_FOUND);
const EDITABLE: CampaignStatus[] = ["draft", "scheduled"];

async function findCampaign(id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id));
  return row ?? null;
}

export type StaffCampaign = NonNullable<Awaited<ReturnType<typeof findCampaign>>>;

export async function getCampaignForStaff(actor: Actor | null, id: string) {
  assertRole(actor, "editor");
  return findCampaign(id);
}

export async function createCampaign(actor: Actor | null, input: CampaignInput) {
  const staff = assertRole(actor, "editor");
  const [row] = await db
    .insert(newsletterCampaigns)
    .values({
      subject: input.subject,
      bodyHtml: toPostHtml(input.body),
      inArchive: input.inArchive,
      authorId: staff.id,
    })
    .returning();
  return row;
}

const THIS_CAMPAIGN = "هذه الحملة";

/** Saves a draft or a scheduled campaign (it keeps its time); one that has gone is refused. */
export async function updateCampaign(
  actor: Actor | null,
  id: string,
  input: CampaignInput,
  /** The `updated_at` the form was opened with (ISO); another one is a stale save (409). */
  version?: string,
) {
  assertRole(actor, "editor");
  const current = await findCampaign(id);
  if (!current) throw notFound();
  if (!EDITABLE.includes(current.status)) throw new ConflictError(CAMPAIGN_LOCKED);
  if (isStaleVersion(version, current.updatedAt)) throw new StaleEditError(THIS_CAMPAIGN);
  const [row] = await db
    .update(newsletterCampaigns)
    .set({
      subject: input.subject,
      bodyHtml: toPostHtml(input.body),
      inArchive: input.inArchive,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(newsletterCampaigns.id, id),
        inArray(newsletterCampaigns.status, EDITABLE),
        stillAt(newsletterCampaigns.updatedAt, current.updatedAt),
      ),
    )
    .returning();
  if (row) return row;
  const stored = await findCampaign(id);
  if (!stored) throw notFound();
  if (!EDITABLE.includes(stored.status)) throw new ConflictError(CAMPAIGN_LOCKED);
  throw new StaleEditError(THIS_CAMPAIGN);
}

/** Removes a draft or a scheduled campaign; one that has gone stays (its archive, its counts). */
export async function deleteCampaign(actor: Actor | null, id: string) {
  assertRole(actor, "editor");
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .delete(newsletterCampaigns)
    .where(and(eq(newsletterCampaigns.id, id), inArray(newsletterCampaigns.status, EDITABLE)))
    .returning({ id: newsletterCampaigns.id });
  if (row) return;
  throw (await findCampaign(id)) ? new ConflictError(CAMPAIGN_LOCKED, "id") : notFound();
}

/** Shows or hides a sent campaign in the public archive. */
export async function setCampaignInArchive(actor: Actor | null, id: string, inArchive: boolean) {
  assertRole(actor, "editor");
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .update(newsletterCampaigns)
    .set({ inArchive, updatedAt: new Date() })
    .where(eq(newsletterCampaigns.id, id))
    .returning({ id: newsletterCampaigns.id });
  if (!row) throw notFound();
}

const confirmedCount = () =>
  db.$count(newsletterSubscribers, isNotNull(newsletterSubscribers.confirmedAt));

/** How many confirmed subscribers a campaign sent now would go to. */
export async function countCampaignAudience(actor: Actor | null): Promise<number> {
  assertRole(actor, "editor");
  return confirmedCount();
}

/** A campaign's queue counts, as the list shows them. */
export async function getCampaignProgress(actor: Actor | null, id: string) {
  assertRole(actor, "editor");
  const of = (await campaignQueueCounts([id])).get(id);
  return {
    sent: of?.sent ?? 0,
    failed: (of?.failed ?? 0) + (of?.uncertain ?? 0),
    skipped: of?.skipped ?? 0,
    pending: (of?.queued ?? 0) + (of?.claimed ?? 0) + (of?.sending ?? 0),
    unsubscribed: of?.unsubscribed ?? 0,
  };
}

/**
 * Sends a draft (or re-times a scheduled campaign) to every confirmed subscriber at `sendAt`, or
 * now when it is null: a campaign due now starts at once (its rows are queued before this
 * returns). Answers the campaign's new status.
 */
export async function scheduleCampaign(
  actor: Actor | null,
  id: string,
  sendAt: Date | null,
  now = appNow(),
): Promise<CampaignStatus> {
  assertRole(actor, "editor");
  if (!isUuid(id)) throw notFound();
  if (sendAt && sendAt.getTime() < now.getTime() - 60_000) {
    throw new InvalidInputError(SEND_AT_PAST, "sendAt");
  }
  if ((await confirmedCount()) === 0) throw new InvalidInputError(NO_SUBSCRIBERS);
  const [row] = await db
    .update(newsletterCampaigns)
    .set({ status: "scheduled", sendAt: sendAt ?? now, updatedAt: now })
    .where(and(eq(newsletterCampaigns.id, id), inArray(newsletterCampaigns.status, EDITABLE)))
    .returning({ id: newsletterCampaigns.id });
  if (!row) throw (await findCampaign(id)) ? new ConflictError(CAMPAIGN_LOCKED) : notFound();
  if (sendAt && sendAt > now) return "scheduled";
  await startDueCampaigns(now);
  return "sending";
}

/** Back to a draft: a scheduled campaign that has not started. */
export async function unscheduleCampaign(actor: Actor | null, id: string) {
  assertRole(actor, "editor");
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .update(newsletterCampaigns)
    .set({ status: "draft", sendAt: null, updatedAt: new Date() })
    .where(and(eq(newsletterCampaigns.id, id), eq(newsletterCampaigns.status, "scheduled")))
    .returning({ id: newsletterCampaigns.id });
  if (!row) throw (await findCampaign(id)) ? new ConflictError(CAMPAIGN_LOCKED) : notFound();
}

/**
 * Starts every scheduled campaign that has come due: one transaction each moves it to
 * "sending" and queues a row per confirmed subscriber (INSERT … SELECT, the unique
 * (campaign, recipient) key makes a second start queue nobody twice). Any process may run it.
 */
export async function startDueCampaigns(now = new Date()): Promise<string[]> {
  const due = await db
    .select({ id: newsletterCampaigns.id })
    .from(newsletterCampaigns)
    .where(and(eq(newsletterCampaigns.status, "scheduled"), lte(newsletterCampaigns.sendAt, now)));
  const started: string[] = [];
  for (const { id } of due) {
    const went = await db.transaction(async (tx) => {
      const [campaign] = await tx
        .update(newsletterCampaigns)
        .set({ status: "sending", updatedAt: now })
        .where(and(eq(newsletterCampaigns.id, id), eq(newsletterCampaigns.status, "scheduled")))
        .returning({ id: newsletterCampaigns.id });
      if (!campaign) return false;
      const queued = await tx.execute(sql`
        insert into mail_queue (kind, campaign_id, recipient, next_attempt_at)
        select 'campaign', ${id}, email, ${now}::timestamptz
        from newsletter_subscribers where confirmed_at is not null
        on conflict do nothing`);
      const count = Number(
        (queued as { affectedRows?: number; rowCount?: number }).affectedRows ??
          (queued as { rowCount?: number }).rowCount ??
          0,
      );
      await tx
        .update(newsletterCampaigns)
        .set({ recipientCount: count })
        .where(eq(newsletterCampaigns.id, id));
      return true;
    });
    if (went) started.push(id);
  }
  return started;
}

/** Campaigns whose every row has an outcome become "sent". */
export async function finishSentCampaigns(now = new Date()): Promise<number> {
  const done = await db
    .update(newsletterCampaigns)
    .set({ status: "sent", finishedAt: now })
    .where(
      and(
        eq(newsletterCampaigns.status, "sending"),
        sql`not exists (select 1 from mail_queue where mail_queue.campaign_id = ${newsletterCampaigns.id}
          and mail_queue.status in ('queued', 'claimed', 'sending'))`,
      ),
    )
    .returning({ id: newsletterCampaigns.id });
  return done.length;
}

/** What the worker needs to render a batch's campaign rows: the campaigns and each address's token. */
export async function campaignMailParts(campaignIds: string[], recipients: string[]) {
  const [campaigns, subscribers] = await Promise.all([
    campaignIds.length
      ? db
          .select({
            id: newsletterCampaigns.id,
            subject: newsletterCampaigns.subject,
            bodyHtml: newsletterCampaigns.bodyHtml,
            inArchive: newsletterCampaigns.inArchive,
          })
          .from(newsletterCampaigns)
          .where(inArray(newsletterCampaigns.id, campaignIds))
      : [],
    recipients.length
      ? db
          .select({ email: newsletterSubscribers.email, token: newsletterSubscribers.token })
          .from(newsletterSubscribers)
          .where(
            and(
              inArray(newsletterSubscribers.email, recipients),
              isNotNull(newsletterSubscribers.confirmedAt),
            ),
          )
      : [],
  ]);
  return {
    campaigns: new Map(campaigns.map((row) => [row.id, row])),
    tokens: new Map(subscribers.map((row) => [row.email, row.token])),
  };
}

const campaignListColumns = {
  id: newsletterCampaigns.id,
  subject: newsletterCampaigns.subject,
  status: newsletterCampaigns.status,
  sendAt: newsletterCampaigns.sendAt,
  finishedAt: newsletterCampaigns.finishedAt,
  recipientCount: newsletterCampaigns.recipientCount,
  inArchive: newsletterCampaigns.inArchive,
  createdAt: newsletterCampaigns.createdAt,
};

/** One page of the campaigns, newest first, each with its queue's counts. */
export async function listCampaignsForStaff(actor: Actor | null, page = 1) {
  assertRole(actor, "editor");
  const counted = await readCountedPage(page, CAMPAIGNS_PAGE_SIZE, {
    rows: ({ limit, offset }) =>
      db
        .select(campaignListColumns)
        .from(newsletterCampaigns)
        .orderBy(...newestFirst(newsletterCampaigns.createdAt, newsletterCampaigns.id))
        .limit(limit)
        .offset(offset),
    count: () => db.$count(newsletterCampaigns),
  });
  const counts = await campaignQueueCounts(counted.items.map((row) => row.id));
  return {
    ...counted,
    items: counted.items.map((row) => {
      const of = counts.get(row.id);
      return {
        ...row,
        sent: of?.sent ?? 0,
        failed: (of?.failed ?? 0) + (of?.uncertain ?? 0),
        skipped: of?.skipped ?? 0,
        unsubscribed: of?.unsubscribed ?? 0,
      };
    }),
  };
}

export type StaffCampaignRow = Awaited<ReturnType<typeof listCampaignsForStaff>>["items"][number];

/** The campaigns the public archive shows: sent, and not kept out of it (docs/decisions/051). */
export const publicCampaigns = () =>
  and(eq(newsletterCampaigns.status, "sent"), eq(newsletterCampaigns.inArchive, true));

/** The public archive: sent campaigns not opted out, newest first. */
export async function listArchivedCampaigns(page = 1) {
  return readCountedPage(page, ARCHIVE_PAGE_SIZE, {
    rows: ({ limit, offset }) =>
      db
        .select({
          id: newsletterCampaigns.id,
          subject: newsletterCampaigns.subject,
          finishedAt: newsletterCampaigns.finishedAt,
        })
        .from(newsletterCampaigns)
        .where(publicCampaigns())
        .orderBy(desc(newsletterCampaigns.finishedAt), desc(newsletterCampaigns.id))
        .limit(limit)
        .offset(offset),
    count: () => db.$count(newsletterCampaigns, publicCampaigns()),
  });
}

/** One archived campaign as the public reads it, or null (a draft or an opted-out one too). */
export async function getArchivedCampaign(id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: newsletterCampaigns.id,
      subject: newsletterCampaigns.subject,
      bodyHtml: newsletterCampaigns.bodyHtml,
      finishedAt: newsletterCampaigns.finishedAt,
    })
    .from(newsletterCampaigns)
    .where(and(eq(newsletterCampaigns.id, id), publicCampaigns()));
  return row ?? null;
}

/** For tests and the retention of rows: how many queue rows a campaign has in each status. */
export async function campaignQueueStatuses(id: string) {
  const rows = await db
    .select({ status: mailQueue.status, count: sql<number>`count(*)::int` })
    .from(mailQueue)
    .where(eq(mailQueue.campaignId, id))
    .groupBy(mailQueue.status);
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}

/**
 * The stored body of a campaign that went out (or is going), for a newsletter link's redirect
 * (docs/decisions/074): the link is looked up in it, so the redirect only leads where the
 * campaign itself does. Null for an unknown id or a campaign not sent.
 */
export async function sentCampaignBody(id: string): Promise<string | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ bodyHtml: newsletterCampaigns.bodyHtml })
    .from(newsletterCampaigns)
    .where(
      and(
        eq(newsletterCampaigns.id, id),
        inArray(newsletterCampaigns.status, ["sending", "sent"] satisfies CampaignStatus[]),
      ),
    );
  return row?.bodyHtml ?? null;
}
