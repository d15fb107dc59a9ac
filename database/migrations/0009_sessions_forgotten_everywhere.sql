-- Every server process keeps the sessions it reads a few seconds (getActor, docs/decisions/027).
-- A session ended or cut short, or a user whose role, name or address changed or who was deleted,
-- is announced on the changes channel, so each process forgets the sessions it keeps and a
-- sign-out or a demotion applies at the next request on every one of them (docs/decisions/038).
-- The payload names no session and no user (tokens stay secret; the processes forget them all),
-- and PostgreSQL delivers identical payloads of one transaction once: ending all of a user's
-- sessions is one notification. Servers never stream it to browsers.
CREATE OR REPLACE FUNCTION rifq_notify_sessions() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('rifq_changes', json_build_object('table', 'sessions', 'op', TG_OP)::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sessions_deleted_notify AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION rifq_notify_sessions();
--> statement-breakpoint
-- Extending a session (once a day) is not news; moving it to another token, user or an earlier end is.
CREATE TRIGGER sessions_changed_notify AFTER UPDATE ON sessions
  FOR EACH ROW WHEN (
    OLD.token IS DISTINCT FROM NEW.token
    OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR NEW.expires_at < OLD.expires_at
  ) EXECUTE FUNCTION rifq_notify_sessions();
--> statement-breakpoint
CREATE TRIGGER users_deleted_notify AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION rifq_notify_sessions();
--> statement-breakpoint
-- What a session's reader keeps of its user: role, name and address.
CREATE TRIGGER users_changed_notify AFTER UPDATE ON users
  FOR EACH ROW WHEN (
    OLD.role IS DISTINCT FROM NEW.role
    OR OLD.full_name IS DISTINCT FROM NEW.full_name
    OR OLD.email IS DISTINCT FROM NEW.email
  ) EXECUTE FUNCTION rifq_notify_sessions();
