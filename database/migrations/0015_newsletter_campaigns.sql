-- Newsletter campaigns and the outgoing-mail queue (docs/decisions/051).
CREATE TABLE "newsletter_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"body_html" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"send_at" timestamp with time zone,
	"in_archive" boolean DEFAULT true NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "newsletter_campaigns_status_check" CHECK ("newsletter_campaigns"."status" in ('draft', 'scheduled', 'sending', 'sent'))
);
--> statement-breakpoint
ALTER TABLE "newsletter_campaigns" ADD CONSTRAINT "newsletter_campaigns_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "newsletter_campaigns_created_at_idx" ON "newsletter_campaigns" USING btree ("created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "newsletter_campaigns_status_send_at_idx" ON "newsletter_campaigns" USING btree ("status", "send_at");
--> statement-breakpoint
CREATE TABLE "mail_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"campaign_id" uuid,
	"recipient" text NOT NULL,
	"subject" text,
	"html" text,
	"text_body" text,
	"headers" jsonb,
	"dedupe_key" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text,
	"lease_until" timestamp with time zone,
	"attempted_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_queue_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "mail_queue_campaign_recipient_unique" UNIQUE("campaign_id","recipient"),
	CONSTRAINT "mail_queue_status_check" CHECK ("mail_queue"."status" in ('queued', 'claimed', 'sending', 'sent', 'failed', 'uncertain', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_campaign_id_newsletter_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."newsletter_campaigns"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "mail_queue_due_idx" ON "mail_queue" USING btree ("next_attempt_at") WHERE "mail_queue"."status" in ('queued', 'claimed');
--> statement-breakpoint
CREATE INDEX "mail_queue_sending_idx" ON "mail_queue" USING btree ("lease_until") WHERE "mail_queue"."status" = 'sending';
--> statement-breakpoint
CREATE INDEX "mail_queue_attempted_at_idx" ON "mail_queue" USING btree ("attempted_at");
--> statement-breakpoint
CREATE INDEX "mail_queue_recipient_sent_idx" ON "mail_queue" USING btree ("recipient", "sent_at");
--> statement-breakpoint
-- The archive is in the page cache: a campaign's change clears it (the queue announces nothing,
-- it changes ten thousand times a campaign).
CREATE TRIGGER newsletter_campaigns_notify AFTER INSERT OR UPDATE OR DELETE ON newsletter_campaigns
  FOR EACH ROW EXECUTE FUNCTION rifq_notify_change();
