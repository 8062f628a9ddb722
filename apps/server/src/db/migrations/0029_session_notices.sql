-- Each process keeps the sessions it has checked (http/session-cache.ts) and trusts them only while
-- it hears of every change that could end or narrow one: these triggers tell it, on the channel
-- kora_sessions, when a session is revoked or removed, a member's row (what a session answers of
-- it, their account type, their password) changes or is removed, an account type (its flags)
-- changes or is removed, an academy changes or is removed, and when an academy's data version moves
-- (0016). A notification leaves only when its transaction commits, so a listener never hears of a
-- change it cannot read yet. Payloads: 's:<academy>:<session>', 'u:<academy>:<user>',
-- 't:<academy>', 'a:<academy>', 'v:<academy>:<version>'.
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    NEW := OLD;
  END IF;
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('kora_sessions', 's:' || NEW.academy_id || ':' || NEW.id);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('kora_sessions', 'u:' || NEW.academy_id || ':' || NEW.id);
  ELSIF TG_TABLE_NAME = 'account_types' THEN
    PERFORM pg_notify('kora_sessions', 't:' || NEW.academy_id);
  ELSIF TG_TABLE_NAME = 'academies' THEN
    PERFORM pg_notify('kora_sessions', 'a:' || NEW.id);
  ELSIF TG_TABLE_NAME = 'data_versions' THEN
    PERFORM pg_notify('kora_sessions', 'v:' || NEW.academy_id || ':' || NEW.version);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notice AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.academy_id IS DISTINCT FROM NEW.academy_id)
  EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER sessions_removed_notice AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER users_notice AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.academy_id, OLD.role, OLD.name, OLD.name_arabic, OLD.email, OLD.avatar, OLD.account_type_id, OLD.password_hash)
    IS DISTINCT FROM (NEW.academy_id, NEW.role, NEW.name, NEW.name_arabic, NEW.email, NEW.avatar, NEW.account_type_id, NEW.password_hash))
  EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER users_removed_notice AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER account_types_notice AFTER UPDATE OR DELETE ON account_types FOR EACH ROW EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER academies_notice AFTER UPDATE OR DELETE ON academies FOR EACH ROW EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER data_versions_notice AFTER INSERT OR UPDATE ON data_versions FOR EACH ROW EXECUTE FUNCTION notify_session_change();
