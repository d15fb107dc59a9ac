-- The site's menus (docs/decisions/050): one row per menu ('header', 'footer') holding its items
-- as a JSON tree; no row means the spec's menu (app/content/menu.ts). Each save keeps a revision.
CREATE TABLE "menus" (
	"id" text PRIMARY KEY NOT NULL,
	"items" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menus_id_check" CHECK ("id" in ('header', 'footer'))
);
--> statement-breakpoint
CREATE TABLE "menu_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"menu_id" text NOT NULL,
	"items" jsonb NOT NULL,
	"note" text DEFAULT 'save' NOT NULL,
	"saved_by" text,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_revisions" ADD CONSTRAINT "menu_revisions_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "menu_revisions_menu_idx" ON "menu_revisions" USING btree ("menu_id","saved_at" DESC NULLS LAST);--> statement-breakpoint
-- A menu is on every public page: its change is announced like a setting's (the key is its id).
CREATE TRIGGER menus_notify AFTER INSERT OR UPDATE OR DELETE ON menus
  FOR EACH ROW EXECUTE FUNCTION rifq_notify_change();
