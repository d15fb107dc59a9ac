-- The documents library (docs/decisions/048): published reports, financial statements, policies
-- and minutes, listed on /governance. The PDF itself is in the Storage under file_key.
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"year" integer NOT NULL,
	"status" text DEFAULT 'hidden' NOT NULL,
	"file_key" text NOT NULL,
	"file_sha256" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_file_key_key" UNIQUE("file_key"),
	CONSTRAINT "documents_category_check" CHECK ("documents"."category" in ('reports', 'financial-statements', 'policies', 'other')),
	CONSTRAINT "documents_status_check" CHECK ("documents"."status" in ('published', 'hidden')),
	CONSTRAINT "documents_year_check" CHECK ("documents"."year" between 1990 and 2100),
	CONSTRAINT "documents_size_check" CHECK ("documents"."size_bytes" > 0),
	CONSTRAINT "documents_sha256_check" CHECK ("documents"."file_sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_public_idx" ON "documents" USING btree ("status","category","year" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "documents_created_at_idx" ON "documents" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Open pages hear of a change (server/realtime.ts); signed-out ones only of published documents.
CREATE TRIGGER documents_notify AFTER INSERT OR UPDATE OR DELETE ON documents
  FOR EACH ROW EXECUTE FUNCTION rifq_notify_change();
