CREATE TABLE "newsletter_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"token" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscribers_email_unique" UNIQUE("email"),
	CONSTRAINT "newsletter_subscribers_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audience" text NOT NULL,
	"answers" jsonb NOT NULL,
	"comment" text,
	"contact_name" text,
	"contact_phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_responses_audience_check" CHECK ("survey_responses"."audience" in ('visitors', 'beneficiaries'))
);
--> statement-breakpoint
CREATE TABLE "volunteers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"full_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"city" text NOT NULL,
	"interests" jsonb NOT NULL,
	"availability" jsonb NOT NULL,
	"message" text,
	"status" text DEFAULT 'new' NOT NULL,
	"staff_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "volunteers_status_check" CHECK ("volunteers"."status" in ('new', 'contacted', 'accepted', 'declined'))
);
--> statement-breakpoint
CREATE INDEX "survey_responses_created_at_idx" ON "survey_responses" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "volunteers_created_at_idx" ON "volunteers" USING btree ("created_at");--> statement-breakpoint
-- An open staff inbox updates live (server/realtime.ts); the public filter drops these tables.
CREATE TRIGGER volunteers_notify AFTER INSERT OR UPDATE OR DELETE ON volunteers
  FOR EACH ROW EXECUTE FUNCTION rifq_notify_change();
--> statement-breakpoint
CREATE TRIGGER survey_responses_notify AFTER INSERT OR UPDATE OR DELETE ON survey_responses
  FOR EACH ROW EXECUTE FUNCTION rifq_notify_change();
--> statement-breakpoint
CREATE TRIGGER newsletter_subscribers_notify AFTER INSERT OR UPDATE OR DELETE ON newsletter_subscribers
  FOR EACH ROW EXECUTE FUNCTION rifq_notify_change();
