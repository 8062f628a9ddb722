-- A member's request authenticates in one statement (docs/performance.md): this function finds the
-- session of a token hash with its academy, refuses it when revoked, idle too long or presented on
-- another academy's host, touches last_seen_at at most once a minute, sets app.academy_id for the
-- rest of the transaction and answers the member with their account type and the academy's data
-- version (0016). The caller switches the
-- role to kora_app in the same statement, so the request's tenant work can follow in the same
-- transaction. It runs as kora_auth, which reads just what authentication needs; tenant rows stay
-- behind their row-level policies (users and account types of the session's academy only).
DO $$ BEGIN
  CREATE ROLE kora_auth NOLOGIN NOSUPERUSER NOBYPASSRLS;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE format('GRANT kora_auth TO %I', current_user);
EXCEPTION WHEN OTHERS THEN NULL;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO kora_auth;
--> statement-breakpoint
GRANT SELECT (id, token_hash, academy_id, user_id, last_seen_at, revoked_at), UPDATE (last_seen_at) ON sessions TO kora_auth;
--> statement-breakpoint
GRANT SELECT (id, handle, name, name_arabic, logo) ON academies TO kora_auth;
--> statement-breakpoint
CREATE POLICY academies_auth ON academies FOR SELECT TO kora_auth USING (true);
--> statement-breakpoint
GRANT SELECT (id, academy_id, role, name, name_arabic, email, avatar, account_type_id) ON users TO kora_auth;
--> statement-breakpoint
GRANT SELECT ON account_types TO kora_auth;
--> statement-breakpoint
GRANT SELECT ON data_versions TO kora_auth;
--> statement-breakpoint
CREATE FUNCTION session_member(p_token_hash text, p_host_handle text, p_at timestamptz, p_idle interval, p_touch_after interval)
  RETURNS TABLE (session_id uuid, academy_id uuid, handle text, academy_name text, academy_name_arabic text, logo text, member jsonb, account_type jsonb, data_version bigint)
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public
AS $$
#variable_conflict use_column
DECLARE
  s record;
BEGIN
  SELECT ss.id, ss.academy_id, ss.user_id, ss.last_seen_at, a.handle, a.name, a.name_arabic, a.logo INTO s
    FROM sessions ss JOIN academies a ON a.id = ss.academy_id
   WHERE ss.token_hash = p_token_hash AND ss.revoked_at IS NULL;
  IF NOT FOUND OR p_at - s.last_seen_at > p_idle OR (p_host_handle IS NOT NULL AND p_host_handle <> s.handle) THEN
    RETURN;
  END IF;
  IF p_at - s.last_seen_at > p_touch_after THEN
    UPDATE sessions SET last_seen_at = p_at WHERE id = s.id;
  END IF;
  PERFORM set_config('app.academy_id', s.academy_id::text, true);
  RETURN QUERY
    SELECT s.id, s.academy_id, s.handle, s.name, s.name_arabic, s.logo,
           jsonb_build_object('id', u.id, 'name', u.name, 'nameArabic', u.name_arabic, 'email', u.email, 'avatar', u.avatar, 'role', u.role),
           to_jsonb(t) - 'academy_id' - 'created_at',
           coalesce((SELECT v.version FROM data_versions v WHERE v.academy_id = s.academy_id), 0)
      FROM users u LEFT JOIN account_types t ON t.id = u.account_type_id
     WHERE u.id = s.user_id;
END
$$;
--> statement-breakpoint
ALTER FUNCTION session_member(text, text, timestamptz, interval, interval) OWNER TO kora_auth;
