-- One audit event per record changed, for a bulk action whose chunk is written by one statement per
-- outcome (lib/resource-kit/bulk-actions.ts): the application sets scentia.audit_event to 'per-record',
-- and a change then joins the event this transaction already created for the same record, or starts
-- one. Written by hand. Everything else as in 0032: the caller comes only from the application's
-- context, and a change joins only an event of its own transaction. The lookup uses
-- audit_events_record_idx (record type and id lead it); a change without a record id starts an event
-- of its own.
CREATE OR REPLACE FUNCTION audit_event_id(p_record_type text, p_record_id text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  is_per_record boolean := coalesce(current_setting('scentia.audit_event', true) = 'per-record', false);
  event_id bigint;
  setting text;
  context jsonb;
BEGIN
  IF is_per_record THEN
    SELECT e.id INTO event_id FROM public.audit_events e
    WHERE e.record_type = p_record_type AND e.record_id = p_record_id
      AND e.transaction_id = txid_current()
    LIMIT 1;
  ELSE
    event_id := audit_transaction_event();
  END IF;
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
  IF NOT is_per_record THEN
    PERFORM set_config('scentia.audit_event', event_id::text, true);
  END IF;
  RETURN event_id;
END
$$;
