-- Every change to a content table is announced on the `rifq_changes` channel so each
-- server process can push it to open pages (server/realtime.ts).
CREATE OR REPLACE FUNCTION rifq_notify_change() RETURNS trigger AS $$
DECLARE
  row_data jsonb := to_jsonb(COALESCE(NEW, OLD));
  payload jsonb := jsonb_build_object('table', TG_TABLE_NAME, 'op', TG_OP);
BEGIN
  IF TG_TABLE_NAME = 'page_content' THEN
    payload := payload || jsonb_build_object(
      'key', row_data->>'content_key', 'page_path', row_data->>'page_path');
  ELSIF TG_TABLE_NAME = 'site_settings' THEN
    payload := payload || jsonb_build_object('key', row_data->>'key');
  ELSE
    payload := payload || jsonb_build_object('key', row_data->>'id');
  END IF;
  PERFORM pg_notify('rifq_changes', payload::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER page_content_notify AFTER INSERT OR UPDATE OR DELETE ON page_content
  FOR EACH ROW EXECUTE FUNCTION rifq_notify_change();
--> statement-breakpoint
CREATE TRIGGER site_settings_notify AFTER INSERT OR UPDATE OR DELETE ON site_settings
  FOR EACH ROW EXECUTE FUNCTION rifq_notify_change();
--> statement-breakpoint
CREATE TRIGGER posts_notify AFTER INSERT OR UPDATE OR DELETE ON posts
  FOR EACH ROW EXECUTE FUNCTION rifq_notify_change();
--> statement-breakpoint
CREATE TRIGGER videos_notify AFTER INSERT OR UPDATE OR DELETE ON videos
  FOR EACH ROW EXECUTE FUNCTION rifq_notify_change();
--> statement-breakpoint
CREATE TRIGGER images_notify AFTER INSERT OR UPDATE OR DELETE ON images
  FOR EACH ROW EXECUTE FUNCTION rifq_notify_change();
