-- Two roles (docs/deployment.md, "Database roles"): the owner, which runs these migrations and owns
-- every table and function, and scentia_runtime, the group of the login the server connects as. The
-- runtime reads and writes the application's tables but owns nothing and changes no schema; it may
-- only add to the audit trail and read it. What it cannot do to the trail, and what it still can, is
-- in docs/decisions/operations.md ("A database the application cannot rewrite"). Written by hand.
--
-- Roles belong to the whole server, and test databases migrate side by side: the group is created
-- once, and a creation that loses the race to another migration is taken as done. An owner without
-- CREATEROLE needs the group created beforehand, and is told so.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'scentia_runtime') THEN
    BEGIN
      CREATE ROLE scentia_runtime NOLOGIN;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL;
    WHEN insufficient_privilege THEN
      RAISE EXCEPTION 'the role scentia_runtime is missing and % may not create roles', current_user
        USING ERRCODE = 'insufficient_privilege',
          HINT = 'As a superuser: CREATE ROLE scentia_runtime NOLOGIN (docs/deployment.md, "Database roles").';
    END;
  END IF;
END
$$;
--> statement-breakpoint
-- The retention of the trail as the owner configured it (AUDIT_RETENTION_DAYS, written by the owner's
-- connection after migrating: db/client.ts): audit_prune never removes a younger event, whatever
-- cut-off a caller names. Until the owner writes it, the least retention the configuration accepts.
CREATE TABLE audit_policy (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  retention_days integer NOT NULL CHECK (retention_days BETWEEN 183 AND 3653)
);
--> statement-breakpoint
INSERT INTO audit_policy (id, retention_days) VALUES (true, 183);
--> statement-breakpoint
-- The transaction that created an event (txid_current(), never reused), so a change can join only an
-- event of its own transaction: a session naming an older event in scentia.audit_event is ignored.
-- Null for the events before this migration; no default, so adding it rewrites nothing.
ALTER TABLE audit_events ADD COLUMN transaction_id bigint;
--> statement-breakpoint
-- Whether a role acts as the trail's owner (the owner itself, a member of it, or a superuser): only
-- such a session may switch the trail off (demonstration and benchmark data) or lift its guard.
CREATE FUNCTION audit_is_owner(p_role name) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT pg_catalog.pg_has_role(p_role, c.relowner, 'USAGE')
  FROM pg_catalog.pg_class c WHERE c.oid = 'public.audit_events'::regclass
$$;
--> statement-breakpoint
-- The event this transaction already created, when scentia.audit_event names one; null for anything
-- else (an older event, another transaction's, text that is no id). Volatile: it sees the event a
-- previous row of the same statement created.
CREATE FUNCTION audit_transaction_event() RETURNS bigint LANGUAGE sql VOLATILE AS $$
  SELECT e.id FROM public.audit_events e
  WHERE e.id = CASE WHEN current_setting('scentia.audit_event', true) ~ '^[0-9]{1,18}$'
                    THEN current_setting('scentia.audit_event', true)::bigint END
    AND e.transaction_id = txid_current()
$$;
--> statement-breakpoint
-- The event of the current transaction, as in 0017, joined only when it is this transaction's, and
-- with the caller read only from a context the application wrote (scentia.audit 'off', from a session
-- whose switch-off is not honoured, names nobody). Tables named with their schema: a temporary table
-- of the session called audit_events would otherwise come first.
CREATE OR REPLACE FUNCTION audit_event_id(p_record_type text, p_record_id text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  event_id bigint := audit_transaction_event();
  setting text;
  context jsonb;
BEGIN
  IF event_id IS NOT NULL THEN
    RETURN event_id;
  END IF;
  setting := current_setting('scentia.audit', true);
  IF starts_with(setting, '{') THEN
    context := setting::jsonb;
  END IF;
  INSERT INTO public.audit_events (actor_id, ip, user_agent, action, request_id, record_type, record_id, transaction_id)
  VALUES ((context ->> 'actorId')::integer, (context ->> 'ip')::inet, context ->> 'userAgent',
          coalesce(context ->> 'action', 'database'), context ->> 'requestId', p_record_type, p_record_id,
          txid_current())
  RETURNING id INTO event_id;
  PERFORM set_config('scentia.audit_event', event_id::text, true);
  RETURN event_id;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_note(p_record_type text, p_record_id text, p_table text, p_row_key text, p_before jsonb, p_after jsonb)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO public.audit_changes (event_id, table_name, row_key, record_type, record_id, before, after)
  VALUES (audit_event_id(p_record_type, p_record_id), p_table, p_row_key, p_record_type, p_record_id, p_before, p_after)
$$;
--> statement-breakpoint
-- The row trigger of 0017: scentia.audit = 'off' is honoured for the owner's sessions only, and the
-- event is this transaction's (audit_event_id). Everything else as before.
CREATE OR REPLACE FUNCTION audit_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_before jsonb;
  row_after jsonb;
  source jsonb;
  row_key text;
  key_column text;
  secret text;
  bookkeeping text[];
BEGIN
  IF current_setting('scentia.audit', true) = 'off' THEN
    IF audit_is_owner(session_user) THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_NARGS > 4 THEN
    bookkeeping := string_to_array(TG_ARGV[4], ',');
  ELSE
    bookkeeping := ARRAY(SELECT key FROM jsonb_object_keys(to_jsonb(coalesce(NEW, OLD))) AS key WHERE audit_is_bookkeeping(key));
  END IF;
  IF TG_OP <> 'INSERT' THEN
    row_before := to_jsonb(OLD) - bookkeeping;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    row_after := to_jsonb(NEW) - bookkeeping;
  END IF;
  -- Only bookkeeping changed (a save with the same values touches updated_at): nothing to record.
  IF row_before = row_after THEN
    RETURN NULL;
  END IF;
  -- A secret becomes a short fingerprint of its stored hash: that it changed shows, nothing more.
  IF TG_NARGS > 3 AND TG_ARGV[3] <> '' THEN
    FOREACH secret IN ARRAY string_to_array(TG_ARGV[3], ',') LOOP
      IF row_before ->> secret IS NOT NULL THEN
        row_before := jsonb_set(row_before, ARRAY[secret], to_jsonb('redacted:' || left(md5(row_before ->> secret), 8)));
      END IF;
      IF row_after ->> secret IS NOT NULL THEN
        row_after := jsonb_set(row_after, ARRAY[secret], to_jsonb('redacted:' || left(md5(row_after ->> secret), 8)));
      END IF;
    END LOOP;
  END IF;
  source := coalesce(row_after, row_before);
  IF strpos(TG_ARGV[2], ',') = 0 THEN
    row_key := source ->> TG_ARGV[2];
  ELSE
    FOREACH key_column IN ARRAY string_to_array(TG_ARGV[2], ',') LOOP
      row_key := CASE WHEN row_key IS NULL THEN '' ELSE row_key || ',' END || coalesce(source ->> key_column, '');
    END LOOP;
  END IF;
  INSERT INTO public.audit_changes (event_id, table_name, row_key, record_type, record_id, before, after)
  VALUES (audit_event_id(TG_ARGV[0], source ->> TG_ARGV[1]), TG_TABLE_NAME, row_key, TG_ARGV[0],
          source ->> TG_ARGV[1], row_before, row_after);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The guard of 0011: scentia.audit_maintenance lifts it only for a role acting as the owner, which the
-- runtime reaches through the functions below alone (they run as their owner and check their
-- arguments). The runtime holds no UPDATE, DELETE or TRUNCATE on the trail anyway; this is the second
-- lock, and it keeps the owner's own sessions from rewriting it by mistake.
CREATE OR REPLACE FUNCTION audit_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF audit_is_owner(current_user) THEN
    IF TG_OP = 'UPDATE' AND current_setting('scentia.audit_maintenance', true) = 'anonymise' THEN
      RETURN NEW;
    END IF;
    IF TG_OP IN ('DELETE', 'TRUNCATE') AND current_setting('scentia.audit_maintenance', true) = 'prune' THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit records cannot be changed or removed' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
-- A campaign's downloads count devices fetching it and prints of its QR code (each print has its own
-- audited row): bookkeeping, not anybody's change to the campaign. The device API switched the trail
-- off for that update; the rule now leaves the column out, and the campaigns trigger is installed
-- again with it.
CREATE OR REPLACE FUNCTION audit_is_bookkeeping(column_name text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT starts_with(column_name, 'search_') OR column_name IN ('created_at', 'updated_at', 'downloads')
$$;
--> statement-breakpoint
SELECT install_audit_trigger('campaigns', 'campaign', 'id');
--> statement-breakpoint
-- Removes the events older than the retention, with their changes, oldest first, at most p_limit of
-- them; answers how many. A cut-off younger than the owner's retention (audit_policy) is brought back
-- to it, so no caller removes an event the configuration keeps.
CREATE FUNCTION audit_prune(p_before timestamptz, p_limit integer) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  cutoff timestamptz;
  maintenance text := current_setting('scentia.audit_maintenance', true);
  removed integer;
BEGIN
  IF p_before IS NULL OR p_limit IS NULL OR p_limit < 1 OR p_limit > 100000 THEN
    RAISE EXCEPTION 'audit_prune: a cut-off and a batch of 1 to 100000 events' USING ERRCODE = 'invalid_parameter_value';
  END IF;
  SELECT least(p_before, now() - make_interval(days => retention_days)) INTO cutoff FROM audit_policy;
  PERFORM set_config('scentia.audit_maintenance', 'prune', true);
  -- Along audit_events_occurred_at_idx: a batch reads only the rows it deletes.
  WITH gone AS (
    DELETE FROM audit_events WHERE id IN (
      SELECT id FROM audit_events WHERE occurred_at < cutoff ORDER BY occurred_at, id LIMIT p_limit
    ) RETURNING id
  ), changes AS (
    DELETE FROM audit_changes WHERE event_id IN (SELECT id FROM gone)
  ) SELECT count(*)::integer INTO removed FROM gone;
  PERFORM set_config('scentia.audit_maintenance', coalesce(maintenance, ''), true);
  RETURN removed;
END
$$;
--> statement-breakpoint
-- Replaces an erased account's personal values in the trail's changes of its users row with
-- 'anonymised' (ANONYMISED_VALUE), keeping the neutral name and address the row now holds
-- (modules/privacy/anonymise-account.ts); who did what and when stays. Only for an account already
-- erased: its row says so (anonymized_at), and that erasure is itself in the trail.
CREATE FUNCTION audit_anonymise_account(p_user_id integer) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  fields text[] := ARRAY['name', 'email', 'cpf', 'document', 'birthday', 'genre', 'street', 'city', 'state',
    'zipcode', 'country'];
  kept jsonb[] := ARRAY[to_jsonb('#' || p_user_id), to_jsonb('anonymised-' || p_user_id || '@invalid')];
  maintenance text := current_setting('scentia.audit_maintenance', true);
BEGIN
  PERFORM 1 FROM users WHERE id = p_user_id AND anonymized_at IS NOT NULL;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'audit_anonymise_account: account % is not erased', p_user_id USING ERRCODE = 'insufficient_privilege';
  END IF;
  PERFORM set_config('scentia.audit_maintenance', 'anonymise', true);
  UPDATE audit_changes SET
    before = CASE WHEN before IS NULL THEN NULL ELSE (
      SELECT jsonb_object_agg(key, CASE WHEN key = ANY (fields) AND value <> 'null'::jsonb AND NOT value = ANY (kept)
        THEN to_jsonb('anonymised'::text) ELSE value END) FROM jsonb_each(before)) END,
    after = CASE WHEN after IS NULL THEN NULL ELSE (
      SELECT jsonb_object_agg(key, CASE WHEN key = ANY (fields) AND value <> 'null'::jsonb AND NOT value = ANY (kept)
        THEN to_jsonb('anonymised'::text) ELSE value END) FROM jsonb_each(after)) END
  WHERE table_name = 'users' AND row_key = p_user_id::text;
  PERFORM set_config('scentia.audit_maintenance', coalesce(maintenance, ''), true);
END
$$;
--> statement-breakpoint
-- The contact erasure of 0030, run as the owner (it forgets values in the trail) and only for an
-- organisation whose contact is already erased: deleted, or its row without contact values (the
-- erasure route clears them first; the delete trigger runs after the row is gone).
CREATE OR REPLACE FUNCTION organization_forget_contact(p_id integer, p_email text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  addresses text[];
BEGIN
  PERFORM 1 FROM organizations
  WHERE id = p_id AND (contact_name IS NOT NULL OR contact_email IS NOT NULL OR phone IS NOT NULL);
  IF FOUND THEN
    RAISE EXCEPTION 'organization_forget_contact: organisation % still has a contact', p_id USING ERRCODE = 'insufficient_privilege';
  END IF;
  SELECT array_agg(DISTINCT lower(v.address)) INTO addresses
  FROM (
    SELECT p_email AS address
    UNION ALL
    SELECT e.address
    FROM audit_changes c
    CROSS JOIN LATERAL (VALUES (c.before ->> 'contact_email'), (c.after ->> 'contact_email')) AS e(address)
    WHERE c.record_type = 'organization' AND c.record_id = p_id::text AND c.table_name = 'organizations'
  ) v
  WHERE v.address IS NOT NULL AND v.address <> 'anonymised';
  IF addresses IS NOT NULL THEN
    DELETE FROM mail_outbox WHERE user_id IS NULL AND lower(to_address) = ANY (addresses);
    UPDATE initiative_mails m SET recipient = 'anonymised'
    FROM initiatives i
    WHERE i.id = m.initiative_id AND i.organization_id = p_id AND lower(m.recipient) = ANY (addresses);
  END IF;
  PERFORM audit_forget('organization', p_id::text, 'organizations', ARRAY['contact_name', 'contact_email', 'phone']);
END
$$;
--> statement-breakpoint
-- Forgetting values in the trail is for the functions above only.
REVOKE EXECUTE ON FUNCTION audit_forget(text, text, text, text[]) FROM PUBLIC;
--> statement-breakpoint
-- Shot partitions are tables: created and dropped as the owner, by these two functions only (each names
-- its tables itself; dropping old months removes no more than a DELETE of shots, which the runtime may).
ALTER FUNCTION ensure_shot_partitions(date, date) SECURITY DEFINER SET search_path = public, pg_temp;
--> statement-breakpoint
ALTER FUNCTION drop_shot_partitions_before(date) SECURITY DEFINER SET search_path = public, pg_temp;
--> statement-breakpoint
-- What the runtime may do: read and write the application's tables and use their sequences; add to
-- the trail and read it; read the migrations' journal (readiness). Tables later migrations create get
-- the same through the default privileges below (a table the runtime must not change revokes it in
-- its own migration, as the trail's do here).
GRANT USAGE ON SCHEMA public TO scentia_runtime;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO scentia_runtime;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO scentia_runtime;
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON audit_events, audit_changes FROM scentia_runtime;
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON audit_policy FROM scentia_runtime;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO scentia_runtime;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO scentia_runtime;
--> statement-breakpoint
GRANT USAGE ON SCHEMA drizzle TO scentia_runtime;
--> statement-breakpoint
GRANT SELECT ON drizzle.__drizzle_migrations TO scentia_runtime;
--> statement-breakpoint
-- No DDL: nobody but the schema's owner creates in it (PostgreSQL 15 and later already start so).
-- Only a migration acting as that owner can say so; otherwise docs/deployment.md asks the operator.
DO $$
BEGIN
  IF pg_catalog.pg_has_role(current_user, (SELECT nspowner FROM pg_catalog.pg_namespace WHERE nspname = 'public'), 'USAGE') THEN
    REVOKE CREATE ON SCHEMA public FROM PUBLIC;
  END IF;
END
$$;
