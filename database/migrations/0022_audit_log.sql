CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"actor_role" text NOT NULL,
	"subject" text NOT NULL,
	"action" text NOT NULL,
	"item_id" text,
	"item_label" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at" DESC NULLS LAST);--> statement-breakpoint
-- hand-written
-- The donation account's earlier changes move into the one audit log (docs/decisions/075), its
-- numbers kept by their last four characters as the log keeps them; then settings_audit goes.
INSERT INTO "audit_log" ("at", "actor_id", "actor_name", "actor_role", "subject", "action", "item_id", "item_label", "before", "after")
SELECT s."changed_at", s."changed_by", coalesce(nullif(u."full_name", ''), u."email", 'حساب محذوف'), coalesce(u."role", 'admin'),
  'donation_account', 'updated', s."key", 'حساب التبرعات',
  CASE WHEN s."old_value" IS NULL OR jsonb_typeof(s."old_value") <> 'object' THEN NULL ELSE s."old_value"
    || jsonb_build_object('account_number', CASE WHEN coalesce(s."old_value"->>'account_number', '') = '' THEN '' ELSE '••••' || right(s."old_value"->>'account_number', 4) END)
    || jsonb_build_object('iban', CASE WHEN coalesce(s."old_value"->>'iban', '') = '' THEN '' ELSE '••••' || right(s."old_value"->>'iban', 4) END) END,
  CASE WHEN jsonb_typeof(s."new_value") <> 'object' THEN NULL ELSE s."new_value"
    || jsonb_build_object('account_number', CASE WHEN coalesce(s."new_value"->>'account_number', '') = '' THEN '' ELSE '••••' || right(s."new_value"->>'account_number', 4) END)
    || jsonb_build_object('iban', CASE WHEN coalesce(s."new_value"->>'iban', '') = '' THEN '' ELSE '••••' || right(s."new_value"->>'iban', 4) END) END
FROM "settings_audit" s LEFT JOIN "users" u ON u."id" = s."changed_by"
ORDER BY s."changed_at";--> statement-breakpoint
DROP TABLE "settings_audit" CASCADE;--> statement-breakpoint
-- Append-only: no UPDATE, DELETE or TRUNCATE, an admin's included, except the retention job's
-- trim, which deletes old rows in a transaction that set rifq.audit_trim (set_config(…, true)).
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('rifq.audit_trim', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only (%)', TG_OP USING ERRCODE = '42501';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
