-- Card lists that admins change in edit mode (docs/decisions/047): one row per changed list
-- (a list without a row shows its code-defined cards), every save kept in the revisions.
CREATE TABLE "content_lists" (
	"page_path" text NOT NULL,
	"list_key" text NOT NULL,
	"items" jsonb NOT NULL,
	"updated_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_lists_pkey" PRIMARY KEY ("page_path", "list_key"),
	CONSTRAINT "content_lists_items_check" CHECK (jsonb_typeof("items") = 'array')
);
--> statement-breakpoint
CREATE TABLE "content_list_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_path" text NOT NULL,
	"list_key" text NOT NULL,
	"items" jsonb NOT NULL,
	"summary" text NOT NULL,
	"saved_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_list_revisions_items_check" CHECK (jsonb_typeof("items") = 'array')
);
--> statement-breakpoint
CREATE INDEX "content_list_revisions_list_idx"
	ON "content_list_revisions" ("page_path", "list_key", "saved_at" DESC);
--> statement-breakpoint
-- A changed list is announced like a page text: its page and its key (server/realtime.ts reads
-- the new cards once and sends them along). Its own function, so rifq_notify_change stays as it is.
CREATE OR REPLACE FUNCTION rifq_notify_content_list() RETURNS trigger AS $$
DECLARE
  row_data jsonb := to_jsonb(COALESCE(NEW, OLD));
BEGIN
  PERFORM pg_notify('rifq_changes', jsonb_build_object(
    'table', 'content_lists', 'op', TG_OP,
    'key', row_data->>'list_key', 'page_path', row_data->>'page_path')::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER content_lists_notify AFTER INSERT OR UPDATE OR DELETE ON content_lists
  FOR EACH ROW EXECUTE FUNCTION rifq_notify_content_list();
