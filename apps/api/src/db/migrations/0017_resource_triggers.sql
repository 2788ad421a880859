-- The triggers a soft-deleted resource depends on, installed by one call from arguments instead of
-- copied by hand per table: its search text (over the columns it names), its row counts (the totals of
-- every list without a search, 0 when forgotten) and its audit trail. Written by hand, like the trail's
-- functions; a new resource appends its one call to its generated migration (docs/code-style.md).
-- apps/api/test/resource-triggers.test.ts fails for a table with deleted_at that lacks one of them.
--
-- A text lower-cased without accents, as search_text keeps it: "joao" finds "João". The same map as
-- migrations 0003 and 0005, which lib/search-text.ts applies to search terms.
CREATE FUNCTION search_normalise(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(lower(value), 'áàâãäåéèêëíìîïóòôõöúùûüçñýÿ', 'aaaaaaeeeeiiiiooooouuuucnyy')
$$;
--> statement-breakpoint
-- Row trigger of every searchable table: search_text is the columns named as the trigger's arguments,
-- in that order, joined by a space (an empty one left out) and normalised; a table that also has
-- search_prefixes (migration 0007's word starts) gets them from that text. Replaces the copies that
-- hard-coded their columns (set_search_text_from_name, users_set_search_text).
CREATE FUNCTION set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data jsonb := to_jsonb(NEW);
  parts text[] := '{}';
  column_name text;
BEGIN
  FOREACH column_name IN ARRAY TG_ARGV LOOP
    parts := parts || (row_data ->> column_name);
  END LOOP;
  NEW.search_text := search_normalise(array_to_string(parts, ' '));
  -- Only read on a table that has the column: plpgsql resolves a field when its line first runs.
  IF row_data ? 'search_prefixes' THEN
    NEW.search_prefixes := search_prefixes(NEW.search_text);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- The trail's bookkeeping columns, by a naming rule rather than a list (docs/decisions/house-rules.md):
-- search data derived from other columns (every search_* column) and the row's own write times (created_at,
-- updated_at), which the event already dates. Such a column never lands in the trail, and a change of
-- only such columns records nothing.
CREATE FUNCTION audit_is_bookkeeping(column_name text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT starts_with(column_name, 'search_') OR column_name IN ('created_at', 'updated_at')
$$;
--> statement-breakpoint
-- The row trigger of 0016, with the bookkeeping columns found by the rule above. The rule is applied
-- when the trigger is installed (install_audit_trigger passes the table's bookkeeping columns as its
-- fifth argument), so a recorded row costs one jsonb subtraction, as the fixed list did; a trigger
-- without that argument applies the rule row by row. resource-triggers.test.ts fails when a table's
-- argument no longer matches its columns (one added later needs the trigger installed again).
CREATE OR REPLACE FUNCTION audit_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_before jsonb;
  row_after jsonb;
  source jsonb;
  row_key text;
  key_column text;
  secret text;
  bookkeeping text[];
  event_id bigint;
BEGIN
  IF current_setting('scentia.audit', true) = 'off' THEN
    RETURN NULL;
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
  event_id := nullif(current_setting('scentia.audit_event', true), '')::bigint;
  IF event_id IS NULL THEN
    event_id := audit_event_id(TG_ARGV[0], source ->> TG_ARGV[1]);
  END IF;
  INSERT INTO audit_changes (event_id, table_name, row_key, record_type, record_id, before, after)
  VALUES (event_id, TG_TABLE_NAME, row_key, TG_ARGV[0], source ->> TG_ARGV[1], row_before, row_after);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The audit trigger of one table, <table>_audit: every change of a row is recorded under the record
-- named by p_record_id_column (the table's own id, or its parent's for a child table such as
-- translations), keyed by the table's primary key; p_secret_columns are kept as fingerprints only.
-- Installing again replaces the trigger.
CREATE FUNCTION install_audit_trigger(p_table text, p_record_type text, p_record_id_column text,
  p_secret_columns text[] DEFAULT '{}') RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  key_columns text;
  bookkeeping_columns text;
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
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', p_table || '_audit', p_table);
  EXECUTE format(
    'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION audit_row_change(%L, %L, %L, %L, %L)',
    p_table || '_audit', p_table, p_record_type, p_record_id_column, key_columns,
    array_to_string(p_secret_columns, ','), bookkeeping_columns);
END
$$;
--> statement-breakpoint
-- Every trigger of a soft-deleted resource's main table (one with id, search_text and deleted_at):
--   <table>_search_text  search_text (and search_prefixes) from p_search_columns, on insert and on an
--                        update of one of them; rows already there are brought up to date, so naming
--                        another column later needs only this call again;
--   <table>_count_*      row_counts under the table's name (lib/row-counts.ts), recounted here;
--   <table>_audit        the trail under p_record_type, keyed by the table's one-column primary key.
-- E.g. SELECT install_resource_triggers('categories', 'category', ARRAY['name']). Installing again
-- replaces them; a child table gets install_audit_trigger alone.
CREATE FUNCTION install_resource_triggers(p_table text, p_record_type text, p_search_columns text[],
  p_secret_columns text[] DEFAULT '{}') RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  table_id regclass := p_table::regclass;
  id_column text;
  search_columns text;
  search_arguments text;
BEGIN
  IF cardinality(p_search_columns) IS NULL OR cardinality(p_search_columns) = 0 THEN
    RAISE EXCEPTION 'install_resource_triggers: name the columns % is searched by', p_table;
  END IF;
  SELECT string_agg(format('%I', name), ', '), string_agg(format('%L', name), ', ')
  INTO search_columns, search_arguments
  FROM unnest(p_search_columns) AS name;
  SELECT min(a.attname::text) INTO id_column
  FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
  WHERE i.indrelid = table_id AND i.indisprimary AND i.indnatts = 1;
  IF id_column IS NULL THEN
    RAISE EXCEPTION 'install_resource_triggers: % needs a one-column primary key', p_table;
  END IF;

  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', p_table || '_search_text', p_table);
  EXECUTE format(
    'CREATE TRIGGER %I BEFORE INSERT OR UPDATE OF %s ON %I FOR EACH ROW EXECUTE FUNCTION set_search_text(%s)',
    p_table || '_search_text', search_columns, p_table, search_arguments);
  -- Touching the first named column fires the trigger; rows already right are left alone.
  EXECUTE format(
    'UPDATE %I SET %I = %I WHERE search_text IS DISTINCT FROM search_normalise(concat_ws('' '', %s))',
    p_table, p_search_columns[1], p_search_columns[1], search_columns);

  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', p_table || '_count_insert', p_table);
  EXECUTE format(
    'CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_after_insert(%L)',
    p_table || '_count_insert', p_table, p_table);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', p_table || '_count_delete', p_table);
  EXECUTE format(
    'CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_after_delete(%L)',
    p_table || '_count_delete', p_table, p_table);
  EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', p_table || '_count_update', p_table);
  EXECUTE format(
    'CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION row_counts_after_update(%L)',
    p_table || '_count_update', p_table, p_table);
  -- The counters start from the rows there are (none, for a new table).
  DELETE FROM row_counts WHERE resource = p_table;
  EXECUTE format(
    'INSERT INTO row_counts (resource, is_active, shard, total) SELECT %L, deleted_at IS NULL, 0, count(*) FROM %I GROUP BY 2',
    p_table, p_table);

  PERFORM install_audit_trigger(p_table, p_record_type, id_column, p_secret_columns);
END
$$;
--> statement-breakpoint
-- The existing resources, re-installed through the functions with the same behaviour: the same
-- trigger names, events, columns and arguments as migrations 0003-0016.
SELECT install_resource_triggers('users', 'user', ARRAY['name', 'email'], ARRAY['password_hash']);--> statement-breakpoint
SELECT install_resource_triggers('categories', 'category', ARRAY['name']);--> statement-breakpoint
SELECT install_resource_triggers('fragrances', 'fragrance', ARRAY['name']);--> statement-breakpoint
SELECT install_resource_triggers('campaigns', 'campaign', ARRAY['name']);--> statement-breakpoint
SELECT install_audit_trigger('temporary_requests', 'user', 'user_id', ARRAY['token_hash']);--> statement-breakpoint
SELECT install_audit_trigger('profiles', 'profile', 'id');--> statement-breakpoint
SELECT install_audit_trigger('category_translations', 'category', 'category_id');--> statement-breakpoint
SELECT install_audit_trigger('fragrance_translations', 'fragrance', 'fragrance_id');--> statement-breakpoint
SELECT install_audit_trigger('campaign_slots', 'campaign', 'campaign_id');--> statement-breakpoint
SELECT install_audit_trigger('campaign_descriptions', 'campaign', 'campaign_id');--> statement-breakpoint
SELECT install_audit_trigger('campaign_qr_prints', 'campaign', 'campaign_id');--> statement-breakpoint
DROP FUNCTION set_search_text_from_name();--> statement-breakpoint
DROP FUNCTION users_set_search_text();--> statement-breakpoint
-- The event of a call, as in 0016, with its address cast plainly: the application names only addresses
-- it has validated (lib/audit/client-trace.ts), and inet_or_null's exception block opened a
-- subtransaction for every recorded call, the largest part of the trail's cost on a write.
CREATE OR REPLACE FUNCTION audit_event_id(p_record_type text, p_record_id text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  event_id bigint := nullif(current_setting('scentia.audit_event', true), '')::bigint;
  context jsonb;
BEGIN
  IF event_id IS NOT NULL THEN
    RETURN event_id;
  END IF;
  context := nullif(current_setting('scentia.audit', true), '')::jsonb;
  INSERT INTO audit_events (actor_id, ip, user_agent, action, request_id, record_type, record_id)
  VALUES ((context ->> 'actorId')::integer, (context ->> 'ip')::inet, context ->> 'userAgent',
          coalesce(context ->> 'action', 'database'), context ->> 'requestId', p_record_type, p_record_id)
  RETURNING id INTO event_id;
  PERFORM set_config('scentia.audit_event', event_id::text, true);
  RETURN event_id;
END
$$;
