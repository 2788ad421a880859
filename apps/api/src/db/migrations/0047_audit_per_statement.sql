-- The audit trail written once per statement instead of once per row (docs/performance/device-import.md):
-- each audited table gets three statement triggers with transition tables (PostgreSQL allows one event
-- per such trigger): <table>_audit on insert (the name the tests and the roles' refusals know),
-- <table>_audit_update and <table>_audit_delete, with the arguments the row trigger had. They record
-- what the row trigger of 0032/0042 recorded, row for row: the same changes (bookkeeping left out, a
-- change of bookkeeping alone not recorded, secrets as fingerprints, the same row key and record), under
-- the same event (the transaction's one, created by the statement's first change, or one per record in
-- the per-record mode), the changes numbered in the order the statement wrote the rows. Written by hand.
--
-- What moves: a statement trigger fires after every row trigger of its statement. A row trigger that
-- writes another audited table (or a foreign key's cascade) has its changes recorded before the
-- statement's own; the three such triggers that wrote audited values after the row trigger are made
-- statement triggers too, named to fire after the trail's (below), so their changes still come after.
--
-- A row as the trail keeps it, its secrets as a short fingerprint of their stored hash: that one
-- changed shows, nothing more (the row trigger's loop, as a function).
CREATE FUNCTION audit_redacted(p_row jsonb, p_secrets text[]) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  secret text;
  redacted jsonb := p_row;
BEGIN
  FOREACH secret IN ARRAY p_secrets LOOP
    IF redacted ->> secret IS NOT NULL THEN
      redacted := jsonb_set(redacted, ARRAY[secret], to_jsonb('redacted:' || left(md5(redacted ->> secret), 8)));
    END IF;
  END LOOP;
  RETURN redacted;
END
$$;
--> statement-breakpoint
-- The key of a row of a table whose primary key has several columns: their values joined by commas.
CREATE FUNCTION audit_row_key(p_row jsonb, p_key_columns text[]) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  key_column text;
  row_key text;
BEGIN
  FOREACH key_column IN ARRAY p_key_columns LOOP
    row_key := CASE WHEN row_key IS NULL THEN '' ELSE row_key || ',' END || coalesce(p_row ->> key_column, '');
  END LOOP;
  RETURN row_key;
END
$$;
--> statement-breakpoint
-- The statement trigger of every audited table. Arguments as the row trigger's: the record type, the
-- column holding the record's id, the primary key's columns, the secret columns, the bookkeeping
-- columns. The transition tables are audit_old_rows and audit_new_rows; both list the rows in the
-- order the statement wrote them, an update's old and new row at the same position. Each step reads
-- an array in that order and writes in it (a scan feeding an insert or an aggregate keeps its order);
-- nothing joins or sorts the rows. Planned once per session (a statement's plan does not depend on
-- its values), and without JIT compilation, which costs more than such a statement saves.
CREATE FUNCTION audit_statement_change() RETURNS trigger LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan SET jit = off AS $$
DECLARE
  kind text := TG_ARGV[0];
  id_column text := TG_ARGV[1];
  key_columns text[] := string_to_array(TG_ARGV[2], ',');
  secrets text[];
  bookkeeping text[];
  befores jsonb[];
  afters jsonb[];
  transaction_event bigint;
  event_of jsonb;
  setting text;
  context jsonb;
BEGIN
  IF current_setting('scentia.audit', true) = 'off' THEN
    IF audit_is_owner(session_user) THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_NARGS > 3 AND TG_ARGV[3] <> '' THEN
    secrets := string_to_array(TG_ARGV[3], ',');
  END IF;
  IF TG_NARGS > 4 THEN
    bookkeeping := string_to_array(TG_ARGV[4], ',');
  ELSE
    bookkeeping := ARRAY(SELECT attname::text FROM pg_attribute
      WHERE attrelid = TG_RELID AND attnum > 0 AND NOT attisdropped AND audit_is_bookkeeping(attname::text));
  END IF;

  -- The rows as the trail keeps them; an update whose only changes are bookkeeping records nothing.
  IF TG_OP <> 'INSERT' THEN
    SELECT array_agg(to_jsonb(r) - bookkeeping) INTO befores FROM audit_old_rows r;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT array_agg(to_jsonb(r) - bookkeeping) INTO afters FROM audit_new_rows r;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(c.before), array_agg(c.after) INTO befores, afters
    FROM unnest(befores, afters) AS c(before, after) WHERE c.before <> c.after;
  END IF;
  IF befores IS NULL AND afters IS NULL THEN
    RETURN NULL;
  END IF;
  IF secrets IS NOT NULL THEN
    befores := ARRAY(SELECT audit_redacted(c.doc, secrets) FROM unnest(befores) AS c(doc));
    afters := ARRAY(SELECT audit_redacted(c.doc, secrets) FROM unnest(afters) AS c(doc));
  END IF;

  IF coalesce(current_setting('scentia.audit_event', true) = 'per-record', false) THEN
    -- Each record joins the event this transaction already has for it, or starts one; new events
    -- are numbered in the order of their records' first change. event_of: {"<record id>": <event id>}.
    setting := current_setting('scentia.audit', true);
    IF starts_with(setting, '{') THEN
      context := setting::jsonb;
    END IF;
    WITH records AS MATERIALIZED (
      SELECT r.record_id, r.first_position,
        (SELECT min(e.id) FROM public.audit_events e
         WHERE e.record_type = kind AND e.record_id = r.record_id AND e.transaction_id = txid_current()) AS event_id
      FROM (
        SELECT coalesce(c.after, c.before) ->> id_column AS record_id, min(c.position) AS first_position
        FROM unnest(befores, afters) WITH ORDINALITY AS c(before, after, position)
        GROUP BY 1
      ) AS r
    ), created AS (
      INSERT INTO public.audit_events (actor_id, ip, user_agent, action, request_id, record_type, record_id, transaction_id)
      SELECT (context ->> 'actorId')::integer, (context ->> 'ip')::inet, context ->> 'userAgent',
        coalesce(context ->> 'action', 'database'), context ->> 'requestId', kind, r.record_id, txid_current()
      FROM records r WHERE r.event_id IS NULL ORDER BY r.first_position
      RETURNING id, record_id
    )
    SELECT jsonb_object_agg(known.record_id, known.event_id) INTO event_of
    FROM (SELECT r.record_id, r.event_id FROM records r WHERE r.event_id IS NOT NULL
          UNION ALL SELECT n.record_id, n.id FROM created n) AS known;
  ELSE
    -- The transaction's one event, created by its first change when there is none yet.
    transaction_event := audit_event_id(kind, coalesce(afters[1], befores[1]) ->> id_column);
  END IF;

  INSERT INTO public.audit_changes (event_id, table_name, row_key, record_type, record_id, before, after)
  SELECT coalesce(transaction_event, (event_of ->> (c.source ->> id_column))::bigint), TG_TABLE_NAME,
    CASE WHEN cardinality(key_columns) = 1 THEN c.source ->> key_columns[1] ELSE audit_row_key(c.source, key_columns) END,
    kind, c.source ->> id_column, c.before, c.after
  FROM (SELECT u.before, u.after, coalesce(u.after, u.before) AS source FROM unnest(befores, afters) AS u(before, after)) AS c;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The audit triggers of one table, as in 0017 but per statement: <table>_audit (insert),
-- <table>_audit_update and <table>_audit_delete. Installing again replaces them.
CREATE OR REPLACE FUNCTION install_audit_trigger(p_table text, p_record_type text, p_record_id_column text,
  p_secret_columns text[] DEFAULT '{}') RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  key_columns text;
  bookkeeping_columns text;
  arguments text;
BEGIN
  SELECT string_agg(a.attname::text, ',' ORDER BY k.ordinal) INTO key_columns
  FROM pg_index i
  CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ordinal)
  JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
  WHERE i.indrelid = p_table::regclass AND i.indisprimary;
  IF key_columns IS NULL THEN
    RAISE EXCEPTION 'install_audit_trigger: % has no primary key', p_table;
  END IF;
  PERFORM 1 FROM pg_attribute
  WHERE attrelid = p_table::regclass AND attname = p_record_id_column AND attnum > 0 AND NOT attisdropped;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'install_audit_trigger: % has no column %', p_table, p_record_id_column;
  END IF;
  SELECT coalesce(string_agg(attname::text, ',' ORDER BY attname), '') INTO bookkeeping_columns
  FROM pg_attribute
  WHERE attrelid = p_table::regclass AND attnum > 0 AND NOT attisdropped AND audit_is_bookkeeping(attname::text);
  arguments := format('%L, %L, %L, %L, %L', p_record_type, p_record_id_column, key_columns,
    array_to_string(p_secret_columns, ','), bookkeeping_columns);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', p_table || '_audit', p_table);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', p_table || '_audit_update', p_table);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', p_table || '_audit_delete', p_table);
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS audit_new_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION audit_statement_change(%s)', p_table || '_audit', p_table, arguments);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS audit_old_rows NEW TABLE AS audit_new_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION audit_statement_change(%s)', p_table || '_audit_update', p_table, arguments);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS audit_old_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION audit_statement_change(%s)', p_table || '_audit_delete', p_table, arguments);
END
$$;
--> statement-breakpoint
-- Every table audited by the row trigger gets the statement triggers, with the same record type,
-- record id column and secret columns.
DO $$
DECLARE
  audited record;
BEGIN
  FOR audited IN
    SELECT c.relname::text AS table_name, string_to_array(encode(t.tgargs, 'escape'), '\000') AS args
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE t.tgfoid = 'audit_row_change'::regproc AND NOT t.tgisinternal
    ORDER BY c.relname
  LOOP
    PERFORM install_audit_trigger(audited.table_name, audited.args[1], audited.args[2],
      string_to_array(audited.args[4], ','));
  END LOOP;
END
$$;
--> statement-breakpoint
DROP FUNCTION audit_row_change();
--> statement-breakpoint
-- An account erased forgets its devices (0035), now once per statement and after the trail's
-- statement trigger, so the account's change is still recorded before its devices'.
CREATE FUNCTION devices_forget_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  erased integer[];
BEGIN
  SELECT array_agg(n.id) INTO erased
  FROM erased_new n JOIN erased_old o ON o.id = n.id
  WHERE n.anonymized_at IS NOT NULL AND o.anonymized_at IS NULL;
  IF erased IS NOT NULL THEN
    UPDATE devices SET user_id = NULL, paired_at = NULL WHERE user_id = ANY (erased);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER users_forget_devices ON users;
--> statement-breakpoint
CREATE TRIGGER users_forget_devices AFTER UPDATE ON users REFERENCING OLD TABLE AS erased_old NEW TABLE AS erased_new
  FOR EACH STATEMENT EXECUTE FUNCTION devices_forget_accounts();
--> statement-breakpoint
DROP FUNCTION devices_forget_account();
--> statement-breakpoint
-- A location renamed or moved to another organisation: its devices follow (0023), once per statement
-- and after the trail's statement trigger, so the location's change is still recorded before its
-- devices' (a move changes their organisation, which the trail records).
CREATE FUNCTION devices_follow_locations() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  followed integer[];
BEGIN
  SELECT array_agg(n.id) INTO followed
  FROM followed_new n JOIN followed_old o ON o.id = n.id
  WHERE o.name IS DISTINCT FROM n.name OR o.organization_id IS DISTINCT FROM n.organization_id;
  IF followed IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE devices d SET search_location = search_normalise(n.name), organization_id = n.organization_id,
    search_owner = (SELECT search_normalise(name) FROM organizations WHERE id = n.organization_id)
  FROM followed_new n
  WHERE n.id = ANY (followed) AND d.location_id = n.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER locations_device_names ON locations;
--> statement-breakpoint
CREATE TRIGGER locations_device_names AFTER UPDATE ON locations REFERENCING OLD TABLE AS followed_old NEW TABLE AS followed_new
  FOR EACH STATEMENT EXECUTE FUNCTION devices_follow_locations();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION devices_follow_renames() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'campaigns' THEN
    UPDATE devices SET search_campaign = search_normalise(NEW.name) WHERE campaign_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'users' THEN
    UPDATE devices SET search_user = search_normalise(NEW.name) WHERE user_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'organizations' THEN
    UPDATE devices SET search_owner = search_normalise(NEW.name) WHERE organization_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An organisation deleted for good forgets its contact (0019), once per statement and after the
-- trail's statement trigger, so the delete's own change, just recorded, is forgotten too.
CREATE FUNCTION organizations_forget_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone record;
BEGIN
  FOR gone IN SELECT id, contact_email FROM forgotten_organizations LOOP
    PERFORM organization_forget_contact(gone.id, gone.contact_email);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER organizations_zz_forget_contact ON organizations;
--> statement-breakpoint
CREATE TRIGGER organizations_zz_forget_contact AFTER DELETE ON organizations REFERENCING OLD TABLE AS forgotten_organizations
  FOR EACH STATEMENT EXECUTE FUNCTION organizations_forget_contacts();
--> statement-breakpoint
DROP FUNCTION organizations_forget_contact();
--> statement-breakpoint
-- A device's names, and a location's organisation name, are looked up by key for every row written:
-- planned once per session, as the trail's statements are. The connections plan each statement with
-- its values (db/client.ts, for the lists' searches), which inside these row triggers re-planned three
-- lookups for every device a bulk move wrote (most of its cost: docs/performance/bulk-actions.md).
ALTER FUNCTION devices_set_names() SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION locations_set_organization_name() SET plan_cache_mode = force_generic_plan;
