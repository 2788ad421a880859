-- Audit changes: no foreign key to their event (only the triggers write them, under their event, and
-- the retention job deletes both), and the event's id leads the primary key, its only index.
ALTER TABLE "audit_changes" DROP CONSTRAINT "audit_changes_event_id_audit_events_id_fk";
--> statement-breakpoint
DROP INDEX "audit_changes_event_idx";--> statement-breakpoint
ALTER TABLE "audit_changes" DROP CONSTRAINT "audit_changes_pkey";--> statement-breakpoint
ALTER TABLE "audit_changes" ADD CONSTRAINT "audit_changes_event_id_id_pk" PRIMARY KEY("event_id","id");--> statement-breakpoint
-- Row counts in 16 shards per resource and state: each connection adds to its own (by backend pid),
-- so concurrent writes no longer wait on one counter row until the other commits. Readers sum them.
ALTER TABLE "row_counts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "row_counts" DROP CONSTRAINT "row_counts_resource_is_active_pk";--> statement-breakpoint
ALTER TABLE "row_counts" ADD CONSTRAINT "row_counts_resource_is_active_shard_pk" PRIMARY KEY("resource","is_active","shard");--> statement-breakpoint
CREATE OR REPLACE FUNCTION row_counts_after_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO row_counts (resource, is_active, shard, total)
    SELECT TG_ARGV[0], deleted_at IS NULL, pg_backend_pid() % 16, count(*) FROM new_rows GROUP BY 2
  ON CONFLICT (resource, is_active, shard) DO UPDATE SET total = row_counts.total + excluded.total;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION row_counts_after_delete() RETURNS trigger AS $$
BEGIN
  INSERT INTO row_counts (resource, is_active, shard, total)
    SELECT TG_ARGV[0], deleted_at IS NULL, pg_backend_pid() % 16, -count(*) FROM old_rows GROUP BY 2
  ON CONFLICT (resource, is_active, shard) DO UPDATE SET total = row_counts.total + excluded.total;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION row_counts_after_update() RETURNS trigger AS $$
BEGIN
  INSERT INTO row_counts (resource, is_active, shard, total)
    SELECT TG_ARGV[0], is_active, pg_backend_pid() % 16, sum(delta) FROM (
      SELECT deleted_at IS NULL AS is_active, 1 AS delta FROM new_rows
      UNION ALL
      SELECT deleted_at IS NULL, -1 FROM old_rows) AS changes
    GROUP BY is_active HAVING sum(delta) <> 0
  ON CONFLICT (resource, is_active, shard) DO UPDATE SET total = row_counts.total + excluded.total;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- The audit row trigger, leaner: bookkeeping columns removed with one operator, secrets named by the
-- trigger's fourth argument (a test checks that every audited column whose name looks secret is
-- named), the event looked up inline. Arguments: record type, the column holding the record's id,
-- the primary key's columns, and the secret columns.
CREATE OR REPLACE FUNCTION audit_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_before jsonb;
  row_after jsonb;
  source jsonb;
  row_key text;
  key_column text;
  secret text;
  event_id bigint;
BEGIN
  IF current_setting('scentia.audit', true) = 'off' THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    row_before := to_jsonb(OLD) - '{search_text,search_prefixes,created_at,updated_at}'::text[];
  END IF;
  IF TG_OP <> 'DELETE' THEN
    row_after := to_jsonb(NEW) - '{search_text,search_prefixes,created_at,updated_at}'::text[];
  END IF;
  -- Only bookkeeping changed (a save with the same values touches updated_at): nothing to record.
  IF row_before = row_after THEN
    RETURN NULL;
  END IF;
  -- A secret becomes a short fingerprint of its stored hash: that it changed shows, nothing more.
  IF TG_NARGS > 3 THEN
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
  INSERT INTO audit_changes (event_id, table_name, row_key, before, after)
  VALUES (event_id, TG_TABLE_NAME, row_key, row_before, row_after);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP FUNCTION audit_clean_row(jsonb);--> statement-breakpoint
DROP TRIGGER users_audit ON users;--> statement-breakpoint
CREATE TRIGGER users_audit AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION audit_row_change('user', 'id', 'id', 'password_hash');--> statement-breakpoint
DROP TRIGGER temporary_requests_audit ON temporary_requests;--> statement-breakpoint
CREATE TRIGGER temporary_requests_audit AFTER INSERT OR UPDATE OR DELETE ON temporary_requests FOR EACH ROW EXECUTE FUNCTION audit_row_change('user', 'user_id', 'id', 'token_hash');
