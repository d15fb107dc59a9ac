import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { campaignStatuses, mailStatuses } from "../../app/shared/statuses";
import { users } from "./auth";

/** Newsletter campaigns and the outgoing-mail queue (docs/decisions/051). */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const newsletterCampaigns = pgTable(
  "newsletter_campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subject: text("subject").notNull(),
    /** Sanitized by the posts' allowlist (app/utils/rich-text.server.ts). */
    bodyHtml: text("body_html").notNull(),
    status: text("status", { enum: campaignStatuses }).notNull().default("draft"),
    /** When it goes (UTC); set when scheduled or sent. */
    sendAt: at("send_at"),
    /** Shown in the public archive once sent (staff may opt a campaign out). */
    inArchive: boolean("in_archive").notNull().default(true),
    /** Confirmed subscribers queued when sending started. */
    recipientCount: integer("recipient_count").notNull().default(0),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
    finishedAt: at("finished_at"),
  },
  (table) => [
    check(
      "newsletter_campaigns_status_check",
      sql`${table.status} in ('draft', 'scheduled', 'sending', 'sent')`,
    ),
    index("newsletter_campaigns_created_at_idx").on(
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index("newsletter_campaigns_status_send_at_idx").on(table.status, table.sendAt),
  ],
);

/**
 * Every outgoing message that must not be lost or sent twice: a campaign's (one row per
 * recipient, rendered at send time) or any other kind (`subject`, `html`, `textBody` and
 * `headers` stored with it).
 */
export const mailQueue = pgTable(
  "mail_queue",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    campaignId: uuid("campaign_id").references(() => newsletterCampaigns.id, {
      onDelete: "cascade",
    }),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    html: text("html"),
    textBody: text("text_body"),
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** A caller's own "send this once" key (e.g. an event reminder per registration). */
    dedupeKey: text("dedupe_key").unique(),
    status: text("status", { enum: mailStatuses }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: at("next_attempt_at").notNull().defaultNow(),
    claimedBy: text("claimed_by"),
    leaseUntil: at("lease_until"),
    /** When it was last handed to SMTP (the rate counts these). */
    attemptedAt: at("attempted_at"),
    sentAt: at("sent_at"),
    lastError: text("last_error"),
    /** The recipient unsubscribed after this message (the campaign's "unsubscribed after it"). */
    unsubscribedAt: at("unsubscribed_at"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [
    unique("mail_queue_campaign_recipient_unique").on(table.campaignId, table.recipient),
    check(
      "mail_queue_status_check",
      sql`${table.status} in ('queued', 'claimed', 'sending', 'sent', 'failed', 'uncertain', 'skipped')`,
    ),
    index("mail_queue_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('queued', 'claimed')`),
    index("mail_queue_sending_idx").on(table.leaseUntil).where(sql`${table.status} = 'sending'`),
    index("mail_queue_attempted_at_idx").on(table.attemptedAt),
    index("mail_queue_recipient_sent_idx").on(table.recipient, table.sentAt),
    // The retention's rows: finished, still holding an address, by when (docs/decisions/062).
    index("mail_queue_finished_idx")
      .on(sql`(coalesce(${table.sentAt}, ${table.attemptedAt}, ${table.nextAttemptAt}))`)
      .where(
        sql`${table.status} in ('sent', 'failed', 'uncertain', 'skipped') AND ${table.recipient} NOT LIKE 'forgotten:%'`,
      ),
  ],
);
