-- An address as the database keeps it: a valid IP, or null. A forged X-Forwarded-For (8 KB of text)
-- was stored verbatim; the application now validates (lib/audit/client-trace.ts) and the column type
-- holds nothing else. Written by hand, like the trail's functions.
CREATE FUNCTION inet_or_null(value text) RETURNS inet LANGUAGE plpgsql IMMUTABLE STRICT AS $$
BEGIN
  RETURN value::inet;
EXCEPTION WHEN others THEN
  RETURN NULL;
END
$$;
--> statement-breakpoint
ALTER TABLE "access_log" ALTER COLUMN "ip" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "access_log" ALTER COLUMN "ip" SET DATA TYPE inet USING inet_or_null("ip");--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "ip" SET DATA TYPE inet USING inet_or_null("ip");--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "ip" SET DATA TYPE inet USING inet_or_null("ip");--> statement-breakpoint
-- User agents kept before they were cleaned: without the control characters the input guard refuses
-- (lib/unsafe-text.ts), which rewrite what a log or a spreadsheet shows. The trail's guard is lifted for
-- this one statement only.
UPDATE "access_log" SET "user_agent" = regexp_replace("user_agent", '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffe\uffff]', '', 'g')
WHERE "user_agent" ~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffe\uffff]';--> statement-breakpoint
UPDATE "refresh_tokens" SET "user_agent" = regexp_replace("user_agent", '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffe\uffff]', '', 'g')
WHERE "user_agent" ~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffe\uffff]';--> statement-breakpoint
ALTER TABLE "audit_events" DISABLE TRIGGER "audit_events_guard";--> statement-breakpoint
UPDATE "audit_events" SET "user_agent" = regexp_replace("user_agent", '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffe\uffff]', '', 'g')
WHERE "user_agent" ~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffe\uffff]';--> statement-breakpoint
ALTER TABLE "audit_events" ENABLE TRIGGER "audit_events_guard";--> statement-breakpoint
-- Each change names the record it belongs to, so a call that changed two records (a new default
-- campaign takes the default from the previous one) is in both histories. Existing changes: the record
-- their table's trigger names (its arguments), else their event's.
ALTER TABLE "audit_changes" ADD COLUMN "record_type" varchar(40);--> statement-breakpoint
ALTER TABLE "audit_changes" ADD COLUMN "record_id" varchar(64);--> statement-breakpoint
ALTER TABLE "audit_changes" DISABLE TRIGGER "audit_changes_guard";--> statement-breakpoint
UPDATE "audit_changes" c SET "record_type" = t.args[1], "record_id" = coalesce(c."after", c."before") ->> t.args[2]
FROM (
  SELECT r.relname AS table_name, string_to_array(encode(g.tgargs, 'escape'), '\000') AS args
  FROM pg_trigger g JOIN pg_class r ON r.oid = g.tgrelid
  WHERE g.tgname = r.relname || '_audit'
) t
WHERE t.table_name = c."table_name";--> statement-breakpoint
UPDATE "audit_changes" c SET "record_type" = e."record_type", "record_id" = e."record_id"
FROM "audit_events" e
WHERE e."id" = c."event_id" AND (c."record_type" IS NULL OR c."record_id" IS NULL);--> statement-breakpoint
UPDATE "audit_changes" SET "record_type" = coalesce("record_type", 'unknown'), "record_id" = coalesce("record_id", '')
WHERE "record_type" IS NULL OR "record_id" IS NULL;--> statement-breakpoint
ALTER TABLE "audit_changes" ENABLE TRIGGER "audit_changes_guard";--> statement-breakpoint
ALTER TABLE "audit_changes" ALTER COLUMN "record_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_changes" ALTER COLUMN "record_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_changes_record_idx" ON "audit_changes" USING btree ("record_type","record_id","event_id");--> statement-breakpoint
-- The event of the current transaction, as in 0011, with the address kept only when it is one.
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
  VALUES ((context ->> 'actorId')::integer, inet_or_null(context ->> 'ip'), context ->> 'userAgent',
          coalesce(context ->> 'action', 'database'), context ->> 'requestId', p_record_type, p_record_id)
  RETURNING id INTO event_id;
  PERFORM set_config('scentia.audit_event', event_id::text, true);
  RETURN event_id;
END
$$;
--> statement-breakpoint
-- What the application records itself (a read of a person's whole record, say): one entry of the
-- event, under the record it is about.
CREATE OR REPLACE FUNCTION audit_note(p_record_type text, p_record_id text, p_table text, p_row_key text, p_before jsonb, p_after jsonb)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO audit_changes (event_id, table_name, row_key, record_type, record_id, before, after)
  VALUES (audit_event_id(p_record_type, p_record_id), p_table, p_row_key, p_record_type, p_record_id, p_before, p_after)
$$;
--> statement-breakpoint
-- The row trigger of 0013, writing the record each change belongs to.
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
  INSERT INTO audit_changes (event_id, table_name, row_key, record_type, record_id, before, after)
  VALUES (event_id, TG_TABLE_NAME, row_key, TG_ARGV[0], source ->> TG_ARGV[1], row_before, row_after);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Mails belong to the account they were written for. Existing ones: the account holding the address
-- now, else the account whose trail shows it held it.
ALTER TABLE "mail_outbox" ADD COLUMN "user_id" integer;--> statement-breakpoint
UPDATE "mail_outbox" m SET "user_id" = u."id" FROM "users" u WHERE lower(u."email") = lower(m."to_address");--> statement-breakpoint
UPDATE "mail_outbox" m SET "user_id" = (
  SELECT c."row_key"::integer FROM "audit_changes" c
  WHERE c."table_name" = 'users'
    AND lower(m."to_address") IN (lower(c."before" ->> 'email'), lower(c."after" ->> 'email'))
    AND EXISTS (SELECT 1 FROM "users" u WHERE u."id"::text = c."row_key")
  ORDER BY c."event_id" DESC LIMIT 1)
WHERE m."user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_user_idx" ON "mail_outbox" USING btree ("user_id");--> statement-breakpoint
-- Who printed a QR code is an account: its key, and its prints in the person's export. Prints by an
-- account that no longer exists keep the print, without the name.
UPDATE "campaign_qr_prints" p SET "printed_by" = NULL
WHERE p."printed_by" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = p."printed_by");--> statement-breakpoint
ALTER TABLE "campaign_qr_prints" ADD CONSTRAINT "campaign_qr_prints_printed_by_users_id_fk" FOREIGN KEY ("printed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_qr_prints_printed_by_idx" ON "campaign_qr_prints" USING btree ("printed_by");--> statement-breakpoint
-- A person's export and erasure find the failed sign-ins typing any address the account ever had.
CREATE INDEX "access_log_email_idx" ON "access_log" USING btree (lower("email")) WHERE "access_log"."email" is not null;
