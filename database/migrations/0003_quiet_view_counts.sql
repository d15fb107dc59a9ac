-- A visit that only bumps views_count is not news for open pages: skip the notification, so
-- counting views does not wake every browser or clear the page cache on every visit.
CREATE OR REPLACE FUNCTION rifq_notify_change() RETURNS trigger AS $$
DECLARE
  row_data jsonb := to_jsonb(COALESCE(NEW, OLD));
  payload jsonb := jsonb_build_object('table', TG_TABLE_NAME, 'op', TG_OP);
BEGIN
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME IN ('posts', 'videos')
     AND (to_jsonb(NEW) - 'views_count') = (to_jsonb(OLD) - 'views_count') THEN
    RETURN NULL;
  END IF;
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
