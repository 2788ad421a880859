-- An import's chunk is written in one statement per outcome (a thousand devices inserted at once), and
-- the trail still records one event per device, as a save per row would: when the context the
-- application wrote says `"isEventPerRecord":true` (lib/audit/audit-context.ts), the event of a change
-- is the one this transaction opened for the same record and request, or a new one; the transaction's
-- single event (audit_transaction_event, 0032) is neither read nor set. Any other context: as in 0032.
-- The flag is found in the setting's text, so the ordinary path parses no JSON more than before.
CREATE OR REPLACE FUNCTION audit_event_id(p_record_type text, p_record_id text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  setting text := current_setting('scentia.audit', true);
  is_per_record boolean := coalesce(starts_with(setting, '{') AND strpos(setting, '"isEventPerRecord":true') > 0, false);
  event_id bigint;
  context jsonb;
BEGIN
  IF is_per_record THEN
    context := setting::jsonb;
    SELECT e.id INTO event_id FROM public.audit_events e
    WHERE e.record_type = p_record_type AND e.record_id = p_record_id AND e.transaction_id = txid_current()
      AND e.request_id IS NOT DISTINCT FROM context ->> 'requestId'
    ORDER BY e.id DESC LIMIT 1;
  ELSE
    event_id := audit_transaction_event();
  END IF;
  IF event_id IS NOT NULL THEN
    RETURN event_id;
  END IF;
  IF context IS NULL AND starts_with(setting, '{') THEN
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
