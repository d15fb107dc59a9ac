import { randomBytes, randomUUID } from "node:crypto";
import {
  campaignMailParts,
  finishSentCampaigns,
  startDueCampaigns,
} from "~/models/campaigns.server";
import {
  type ClaimedMail,
  claimMailBatch,
  expireFinishedMail,
  markMailFailed,
  markMailRetry,
  markMailSending,
  markMailSent,
  markMailSkipped,
  markMailUncertain,
} from "~/models/mail-queue.server";
import { unsubscribeLink } from "~/models/newsletter.server";
import { MAIL_RETENTION_DAYS } from "~/shared/statuses";
import { now as appNow } from "~/utils/clock.server";
import { getEnv, getSiteUrl } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { type MailMessage, sendMail } from "~/utils/mailer.server";
import { renderCampaignEmail, unsubscribeHeaders } from "./campaign-email.server";

/**
 * One pass of the outgoing-mail queue (docs/decisions/051): start the campaigns that came due,
 * claim a batch, and for each row: mark it "sending" (committed), hand it to the mailer, record
 * the outcome; then let go of a batch of rows finished more than MAIL_RETENTION_DAYS ago
 * (docs/decisions/062). The server's job runs it every few seconds; any number of processes may.
 */

export interface MailQueueOptions {
  /** Unique per process (default: a random id made once per process). */
  workerId?: string;
  batchSize?: number;
  ratePerMinute?: number;
  /** How long a claimed batch stays this worker's. */
  claimLeaseMs?: number;
  /** How long a "sending" row may go without an outcome before it counts as interrupted. */
  sendLeaseMs?: number;
  maxAttempts?: number;
  now?: () => Date;
  /** Aborted: the pass stops before the next row (the process is stopping). */
  signal?: AbortSignal;
}

export const PROCESS_WORKER_ID = `${process.pid}-${randomUUID().slice(0, 8)}`;
export const MAIL_BATCH_SIZE = 50;
/**
 * How long a claim or a send stays a worker's without its heartbeat (docs/decisions/077): the
 * job renews its rows' leases every MAIL_HEARTBEAT_MS while the process lives, so a crashed
 * worker's claimed rows are taken over within this (plus one idle pause), not after minutes.
 */
export const MAIL_LEASE_MS = 20_000;
export const MAIL_HEARTBEAT_MS = 5_000;
export const MAIL_MAX_ATTEMPTS = 8;
export const NOT_SUBSCRIBED = "ألغى المشترك اشتراكه قبل الإرسال";
export const CAMPAIGN_GONE = "حُذفت الحملة";

/** 1, 2, 4 … minutes after each temporary failure, at most an hour. */
export const retryDelayMs = (attempts: number) =>
  Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));

type Outcome = "sent" | "retry" | "failed" | "uncertain";

/** Codes of a connection that never opened: the message cannot have been handed over. */
const NEVER_CONNECTED = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

/**
 * What a mailer error means for the row: an SMTP 5xx answer is permanent, a 4xx temporary; a
 * connection that never opened (or a refused login, or the outbox folder) is temporary; any other
 * broken connection may have happened after the server took the message, so its outcome is
 * unknown and the row is not sent again.
 */
export function classifyMailError(error: unknown): Exclude<Outcome, "sent"> {
  const failure = error as {
    responseCode?: number;
    code?: string;
    originalCode?: string;
    command?: string;
    message?: string;
  };
  if (failure.responseCode && failure.responseCode >= 500 && failure.code !== "EAUTH") {
    return "failed";
  }
  if (failure.responseCode && failure.responseCode >= 400) return "retry";
  if (!failure.command) return "retry";
  if (failure.code === "EAUTH" || failure.code === "EDNS") return "retry";
  if (NEVER_CONNECTED.has(failure.originalCode ?? "")) return "retry";
  if (/Greeting never received/.test(failure.message ?? "")) return "retry";
  return "uncertain";
}

/**
 * A campaign rendered once with a stand-in for the recipient's token, kept for the next rows.
 * The stand-in is drawn afresh for each rendering, after the body was written: staff text cannot
 * hold it, so only the product's own unsubscribe link carries a token (docs/decisions/066).
 */
const renderedCampaigns = new Map<
  string,
  { subject: string; html: string; text: string; standIn: string }
>();

function renderedCampaign(campaign: {
  id: string;
  subject: string;
  bodyHtml: string;
  inArchive: boolean;
}) {
  let rendered = renderedCampaigns.get(campaign.id);
  if (!rendered) {
    const siteUrl = getSiteUrl();
    const standIn = `rifq${randomBytes(18).toString("hex")}`;
    rendered = {
      subject: campaign.subject,
      standIn,
      ...renderCampaignEmail({
        subject: campaign.subject,
        bodyHtml: campaign.bodyHtml,
        siteUrl,
        unsubscribeUrl: unsubscribeLink(standIn),
        archiveUrl: campaign.inArchive ? `${siteUrl}/newsletter/archive/${campaign.id}` : undefined,
        countLinksOf: campaign.id,
      }),
    };
    if (renderedCampaigns.size > 20) renderedCampaigns.clear();
    renderedCampaigns.set(campaign.id, rendered);
  }
  return rendered;
}

type Parts = Awaited<ReturnType<typeof campaignMailParts>>;

/** The message of a row, or the reason it must not go. */
function messageOf(row: ClaimedMail, parts: Parts): MailMessage | { skip: string } {
  if (!row.campaignId) {
    return {
      to: row.recipient,
      subject: row.subject ?? "",
      html: row.html ?? undefined,
      text: row.textBody ?? "",
      headers: row.headers ?? undefined,
    };
  }
  const campaign = parts.campaigns.get(row.campaignId);
  if (!campaign) return { skip: CAMPAIGN_GONE };
  const token = parts.tokens.get(row.recipient);
  if (!token) return { skip: NOT_SUBSCRIBED };
  const rendered = renderedCampaign(campaign);
  const link = unsubscribeLink(token);
  return {
    to: row.recipient,
    subject: rendered.subject,
    html: rendered.html.replaceAll(rendered.standIn, token),
    text: rendered.text.replaceAll(rendered.standIn, token),
    headers: unsubscribeHeaders(link),
  };
}

export interface QueuePass {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
  uncertain: number;
  skipped: number;
  /** Old finished rows let go of by the retention (docs/decisions/062). */
  expired: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export async function runMailQueueOnce(options: MailQueueOptions = {}): Promise<QueuePass> {
  const workerId = options.workerId ?? PROCESS_WORKER_ID;
  // The app's clock: end-to-end tests may move it (docs/decisions/031).
  const clock = options.now ?? appNow;
  const sendLeaseMs = options.sendLeaseMs ?? MAIL_LEASE_MS;
  const maxAttempts = options.maxAttempts ?? MAIL_MAX_ATTEMPTS;
  const pass: QueuePass = {
    claimed: 0,
    sent: 0,
    retried: 0,
    failed: 0,
    uncertain: 0,
    skipped: 0,
    expired: 0,
  };

  await startDueCampaigns(clock());
  const batch = await claimMailBatch({
    workerId,
    limit: options.batchSize ?? MAIL_BATCH_SIZE,
    ratePerMinute: options.ratePerMinute ?? getEnv().MAIL_RATE_PER_MINUTE,
    leaseMs: options.claimLeaseMs ?? MAIL_LEASE_MS,
    now: clock(),
  });
  pass.claimed = batch.length;
  if (batch.length) {
    const campaignRows = batch.filter((row) => row.campaignId);
    const parts = await campaignMailParts(
      [...new Set(campaignRows.map((row) => row.campaignId as string))],
      campaignRows.map((row) => row.recipient),
    );
    for (const row of batch) {
      // Rows not reached stay claimed; the stopping job gives them back (releaseMailClaims).
      if (options.signal?.aborted) break;
      const message = messageOf(row, parts);
      if ("skip" in message) {
        await markMailSkipped(row.id, workerId, message.skip);
        pass.skipped++;
        continue;
      }
      if (!(await markMailSending(row.id, workerId, { now: clock(), leaseMs: sendLeaseMs }))) {
        continue;
      }
      const outcome = await deliver(message);
      const attempts = row.attempts + 1;
      if (outcome.kind === "sent") {
        await markMailSent(row.id, workerId, clock());
        pass.sent++;
      } else if (outcome.kind === "retry" && attempts < maxAttempts) {
        await markMailRetry(
          row.id,
          workerId,
          outcome.error,
          new Date(clock().getTime() + retryDelayMs(attempts)),
        );
        pass.retried++;
      } else if (outcome.kind === "uncertain") {
        await markMailUncertain(row.id, workerId, outcome.error);
        pass.uncertain++;
      } else {
        await markMailFailed(row.id, workerId, outcome.error);
        pass.failed++;
      }
    }
  }
  await finishSentCampaigns(clock());
  const expired = await expireFinishedMail(
    new Date(clock().getTime() - MAIL_RETENTION_DAYS * DAY_MS),
  );
  pass.expired = expired.deleted + expired.forgotten;
  return pass;
}

async function deliver(
  message: MailMessage,
): Promise<{ kind: "sent" } | { kind: Exclude<Outcome, "sent">; error: string }> {
  try {
    await sendMail(message);
    return { kind: "sent" };
  } catch (error) {
    const kind = classifyMailError(error);
    logger.warn({ err: error, outcome: kind }, "a queued e-mail was not sent");
    return { kind, error: String((error as Error).message ?? error).slice(0, 500) };
  }
}
