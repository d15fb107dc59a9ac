CREATE TABLE "pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"blocks_text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"meta_title" text,
	"meta_description" text,
	"share_image" text,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pages_slug_unique" UNIQUE("slug"),
	CONSTRAINT "pages_status_check" CHECK ("pages"."status" in ('draft', 'published', 'archived')),
	CONSTRAINT "pages_published_at_check" CHECK (("pages"."status" = 'published') = ("pages"."published_at" is not null)),
	CONSTRAINT "pages_blocks_array_check" CHECK (jsonb_typeof("pages"."blocks") = 'array')
);
--> statement-breakpoint
CREATE TABLE "page_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_id" uuid NOT NULL,
	"title" text NOT NULL,
	"blocks" jsonb NOT NULL,
	"saved_by" text,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_slug_redirects" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"page_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_revisions" ADD CONSTRAINT "page_revisions_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_revisions" ADD CONSTRAINT "page_revisions_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_slug_redirects" ADD CONSTRAINT "page_slug_redirects_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pages_status_published_at_idx" ON "pages" USING btree ("status","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pages_created_at_idx" ON "pages" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "page_revisions_page_idx" ON "page_revisions" USING btree ("page_id","saved_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "page_slug_redirects_page_idx" ON "page_slug_redirects" USING btree ("page_id");--> statement-breakpoint
-- The site search (docs/decisions/045) finds published pages by their title and texts.
CREATE INDEX pages_search_idx ON pages
  USING gin (to_tsvector('simple', rifq_search_text(title || ' ' || blocks_text)));
--> statement-breakpoint
CREATE INDEX pages_title_search_idx ON pages
  USING gin (to_tsvector('simple', rifq_search_text(title)));
--> statement-breakpoint
-- Open pages and the page cache hear a page's changes (server/realtime.ts; the public filter
-- passes on only those of published pages, app/models/change-visibility.server.ts).
CREATE TRIGGER pages_notify AFTER INSERT OR UPDATE OR DELETE ON pages
  FOR EACH ROW EXECUTE FUNCTION rifq_notify_change();
