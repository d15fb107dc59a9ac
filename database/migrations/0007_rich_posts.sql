CREATE TABLE "post_drafts" (
	"user_id" text NOT NULL,
	"post_key" text NOT NULL,
	"fields" jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_drafts_user_id_post_key_pk" PRIMARY KEY("user_id","post_key")
);
--> statement-breakpoint
CREATE TABLE "post_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"title" text NOT NULL,
	"excerpt" text,
	"content" text NOT NULL,
	"saved_by" text,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "content_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "meta_description" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "share_image" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "canonical_url" text;--> statement-breakpoint
ALTER TABLE "post_drafts" ADD CONSTRAINT "post_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_revisions_post_idx" ON "post_revisions" USING btree ("post_id","saved_at" DESC NULLS LAST);--> statement-breakpoint
-- Post content becomes HTML. Each non-blank line of the old plain text was one paragraph on the
-- public page (paragraphsOf): it becomes one <p>, its text escaped, so nothing is lost or run.
-- The plain text keeps serving cards, tags and search (content_text).
WITH converted AS (
  SELECT p.id,
    coalesce(string_agg(
      '<p>' || replace(replace(replace(replace(line.text, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;') || '</p>',
      '' ORDER BY line.n), '') AS html,
    coalesce(string_agg(line.text, E'\n' ORDER BY line.n), '') AS plain
  FROM posts p
  LEFT JOIN LATERAL (
    SELECT regexp_replace(raw, '^[[:space:]]+|[[:space:]]+$', '', 'g') AS text, n
    FROM regexp_split_to_table(p.content, E'\r?\n') WITH ORDINALITY AS split(raw, n)
  ) line ON line.text <> ''
  GROUP BY p.id
)
UPDATE posts SET content = converted.html, content_text = converted.plain
FROM converted WHERE posts.id = converted.id;
