CREATE TABLE "audit_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"table_name" varchar(63) NOT NULL,
	"row_key" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"ip" text,
	"user_agent" text,
	"action" varchar(100) NOT NULL,
	"request_id" varchar(64),
	"record_type" varchar(40) NOT NULL,
	"record_id" varchar(64) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_changes" ADD CONSTRAINT "audit_changes_event_id_audit_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."audit_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_changes_event_idx" ON "audit_changes" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "audit_events_occurred_at_idx" ON "audit_events" USING btree ("occurred_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_record_idx" ON "audit_events" USING btree ("record_type","record_id","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","occurred_at");--> statement-breakpoint
-- A row as the trail keeps it: without bookkeeping columns (search text, timestamps the event already
-- has), and with secrets (password hashes, token hashes) replaced by a short fingerprint, which tells
-- that a secret changed without holding it.
CREATE FUNCTION audit_clean_row(row_data jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(key, CASE
      WHEN key ~ '(password|token|secret|_hash$)' AND value <> 'null'::jsonb
        THEN to_jsonb('redacted:' || left(md5(value::text), 8))
      ELSE value END), '{}'::jsonb)
  FROM jsonb_each(row_data)
  WHERE key NOT IN ('search_text', 'search_prefixes', 'created_at', 'updated_at')
$$;
--> statement-breakpoint
-- The event of the current transaction, created by its first change. The application names the
-- caller in the transaction-local setting scentia.audit (lib/audit/audit-context.ts); without it
-- the change was made outside the application and the event says so.
CREATE FUNCTION audit_event_id(p_record_type text, p_record_id text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  event_id bigint := nullif(current_setting('scentia.audit_event', true), '')::bigint;
  context jsonb;
BEGIN
  IF event_id IS NOT NULL THEN
    RETURN event_id;
  END IF;
  context := nullif(current_setting('scentia.audit', true), '')::jsonb;
  INSERT INTO audit_events (actor_id, ip, user_agent, action, request_id, record_type, record_id)
  VALUES ((context ->> 'actorId')::integer, context ->> 'ip', context ->> 'userAgent',
          coalesce(context ->> 'action', 'database'), context ->> 'requestId', p_record_type, p_record_id)
  RETURNING id INTO event_id;
  PERFORM set_config('scentia.audit_event', event_id::text, true);
  RETURN event_id;
END
$$;
--> statement-breakpoint
-- What the application records itself, for a call that changes no audited row (a device's reset code
-- shown, say): the same event as the triggers', with one entry.
CREATE FUNCTION audit_note(p_record_type text, p_record_id text, p_table text, p_row_key text, p_before jsonb, p_after jsonb)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO audit_changes (event_id, table_name, row_key, before, after)
  VALUES (audit_event_id(p_record_type, p_record_id), p_table, p_row_key, p_before, p_after)
$$;
--> statement-breakpoint
-- Row trigger of every audited table. Arguments: the record type, the column holding the record's id
-- (the parent's, for a child table such as translations), and the primary key's columns.
CREATE FUNCTION audit_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_before jsonb;
  row_after jsonb;
  source jsonb;
  row_key text := '';
  key_column text;
BEGIN
  IF current_setting('scentia.audit', true) = 'off' THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    row_before := audit_clean_row(to_jsonb(OLD));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    row_after := audit_clean_row(to_jsonb(NEW));
  END IF;
  -- Only bookkeeping changed (a save with the same values touches updated_at): nothing to record.
  IF row_before = row_after THEN
    RETURN NULL;
  END IF;
  source := coalesce(row_after, row_before);
  FOREACH key_column IN ARRAY string_to_array(TG_ARGV[2], ',') LOOP
    row_key := row_key || CASE WHEN row_key = '' THEN '' ELSE ',' END || coalesce(source ->> key_column, '');
  END LOOP;
  PERFORM audit_note(TG_ARGV[0], source ->> TG_ARGV[1], TG_TABLE_NAME, row_key, row_before, row_after);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The trail cannot be altered or removed, except by the retention job (pruning, and the anonymisation
-- of an account's personal data), which says so in the transaction-local scentia.audit_maintenance.
CREATE FUNCTION audit_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('scentia.audit_maintenance', true) = 'anonymise' THEN
    RETURN NEW;
  END IF;
  IF TG_OP IN ('DELETE', 'TRUNCATE') AND current_setting('scentia.audit_maintenance', true) = 'prune' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit records cannot be changed or removed' USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_guard BEFORE UPDATE OR DELETE ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_guard();
--> statement-breakpoint
CREATE TRIGGER audit_events_guard_truncate BEFORE TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION audit_guard();
--> statement-breakpoint
CREATE TRIGGER audit_changes_guard BEFORE UPDATE OR DELETE ON audit_changes FOR EACH ROW EXECUTE FUNCTION audit_guard();
--> statement-breakpoint
CREATE TRIGGER audit_changes_guard_truncate BEFORE TRUNCATE ON audit_changes FOR EACH STATEMENT EXECUTE FUNCTION audit_guard();
--> statement-breakpoint
CREATE TRIGGER users_audit AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION audit_row_change('user', 'id', 'id');
--> statement-breakpoint
CREATE TRIGGER temporary_requests_audit AFTER INSERT OR UPDATE OR DELETE ON temporary_requests FOR EACH ROW EXECUTE FUNCTION audit_row_change('user', 'user_id', 'id');
--> statement-breakpoint
CREATE TRIGGER profiles_audit AFTER INSERT OR UPDATE OR DELETE ON profiles FOR EACH ROW EXECUTE FUNCTION audit_row_change('profile', 'id', 'id');
--> statement-breakpoint
CREATE TRIGGER categories_audit AFTER INSERT OR UPDATE OR DELETE ON categories FOR EACH ROW EXECUTE FUNCTION audit_row_change('category', 'id', 'id');
--> statement-breakpoint
CREATE TRIGGER category_translations_audit AFTER INSERT OR UPDATE OR DELETE ON category_translations FOR EACH ROW EXECUTE FUNCTION audit_row_change('category', 'category_id', 'category_id,language');
--> statement-breakpoint
CREATE TRIGGER fragrances_audit AFTER INSERT OR UPDATE OR DELETE ON fragrances FOR EACH ROW EXECUTE FUNCTION audit_row_change('fragrance', 'id', 'id');
--> statement-breakpoint
CREATE TRIGGER fragrance_translations_audit AFTER INSERT OR UPDATE OR DELETE ON fragrance_translations FOR EACH ROW EXECUTE FUNCTION audit_row_change('fragrance', 'fragrance_id', 'fragrance_id,language');
--> statement-breakpoint
CREATE TRIGGER campaigns_audit AFTER INSERT OR UPDATE OR DELETE ON campaigns FOR EACH ROW EXECUTE FUNCTION audit_row_change('campaign', 'id', 'id');
--> statement-breakpoint
CREATE TRIGGER campaign_slots_audit AFTER INSERT OR UPDATE OR DELETE ON campaign_slots FOR EACH ROW EXECUTE FUNCTION audit_row_change('campaign', 'campaign_id', 'campaign_id,slot');
