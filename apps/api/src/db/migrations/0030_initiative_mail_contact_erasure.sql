-- A client's contact person erased (migration 0019) leaves no address in the initiatives' mails either:
-- a request for changes sent to any address the organisation's contact ever had keeps its subject and
-- message (the reviewer's words about the initiative) but its recipient becomes 'anonymised'. The
-- function keeps its signature, so the erasure route and the delete trigger call it as before.
CREATE OR REPLACE FUNCTION organization_forget_contact(p_id integer, p_email text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  addresses text[];
BEGIN
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
