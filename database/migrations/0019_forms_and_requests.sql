CREATE TABLE "forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"fields" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"is_request" boolean DEFAULT false NOT NULL,
	"thank_you" text NOT NULL,
	"purpose" text NOT NULL,
	"retention_months" integer NOT NULL,
	"closes_at" timestamp with time zone,
	"max_answers" integer,
	"answers_count" integer DEFAULT 0 NOT NULL,
	"notify_user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forms_slug_unique" UNIQUE("slug"),
	CONSTRAINT "forms_status_check" CHECK ("forms"."status" in ('draft', 'open', 'closed')),
	CONSTRAINT "forms_retention_check" CHECK ("forms"."retention_months" BETWEEN 1 AND 120),
	CONSTRAINT "forms_max_answers_check" CHECK ("forms"."max_answers" is null or "forms"."max_answers" >= 1)
);
--> statement-breakpoint
CREATE TABLE "form_answer_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"answer_id" uuid NOT NULL,
	"field_key" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_answer_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "form_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"values" jsonb NOT NULL,
	"contact_phone" text,
	"contact_email" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"from_state" text,
	"to_state" text,
	"message" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_events_kind_check" CHECK ("request_events"."kind" in ('created', 'state', 'assigned', 'due', 'note', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"answer_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"state" text DEFAULT 'received' NOT NULL,
	"assignee_id" text,
	"due_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requests_answer_id_unique" UNIQUE("answer_id"),
	CONSTRAINT "requests_state_check" CHECK ("requests"."state" in ('received', 'in_review', 'scheduled', 'done', 'declined', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_answer_files" ADD CONSTRAINT "form_answer_files_answer_id_form_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."form_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_answers" ADD CONSTRAINT "form_answers_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_events" ADD CONSTRAINT "request_events_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_events" ADD CONSTRAINT "request_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_answer_id_form_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."form_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forms_created_at_idx" ON "forms" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "form_answer_files_answer_idx" ON "form_answer_files" USING btree ("answer_id");--> statement-breakpoint
CREATE INDEX "form_answers_form_created_at_idx" ON "form_answers" USING btree ("form_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "form_answers_expires_at_idx" ON "form_answers" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "form_answers_contact_phone_idx" ON "form_answers" USING btree ("contact_phone");--> statement-breakpoint
CREATE INDEX "form_answers_contact_email_idx" ON "form_answers" USING btree ("contact_email");--> statement-breakpoint
CREATE INDEX "request_events_request_created_at_idx" ON "request_events" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "requests_reference_idx" ON "requests" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "requests_created_at_idx" ON "requests" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "requests_state_created_at_idx" ON "requests" USING btree ("state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "requests_assignee_created_at_idx" ON "requests" USING btree ("assignee_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "requests_due_on_idx" ON "requests" USING btree ("due_on");