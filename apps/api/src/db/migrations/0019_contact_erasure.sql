-- A client's contact person (organizations.contact_name, contact_email, phone) is personal data kept
-- for the business relation only (docs/decisions/organisations.md, "A client's contact person"). It is erased
-- on request (POST /api/organizations/{id}/contact-erasure) and when the organisation is deleted for good,
-- and in both cases its values leave the audit trail too. Written by hand, like the trail's functions.
--
-- A record's values as the trail forgets them: each named key whose value is not null becomes
-- 'anonymised' (ANONYMISED_VALUE of packages/shared privacy.schemas.ts, the user erasure's marker);
-- every other key, and a null, is kept.
CREATE FUNCTION audit_forget_values(p_values jsonb, p_fields text[]) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_values IS NULL THEN NULL ELSE coalesce((
    SELECT jsonb_object_agg(key, CASE
      WHEN key = ANY (p_fields) AND value <> 'null'::jsonb THEN to_jsonb('anonymised'::text)
      ELSE value END)
    FROM jsonb_each(p_values)), p_values) END
$$;
--> statement-breakpoint
-- Forgets the named fields in every change of one row of p_table recorded under the record
-- (p_record_type, p_record_id), on the trail's record index. The one update the guard allows
-- (scentia.audit_maintenance = 'anonymise'), lifted for this statement only: the setting the
-- transaction had before is put back.
CREATE FUNCTION audit_forget(p_record_type text, p_record_id text, p_table text, p_fields text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  maintenance text := current_setting('scentia.audit_maintenance', true);
BEGIN
  PERFORM set_config('scentia.audit_maintenance', 'anonymise', true);
  UPDATE audit_changes
  SET before = audit_forget_values(before, p_fields), after = audit_forget_values(after, p_fields)
  WHERE record_type = p_record_type AND record_id = p_record_id AND table_name = p_table
    AND (coalesce(before, '{}'::jsonb) ?| p_fields OR coalesce(after, '{}'::jsonb) ?| p_fields);
  PERFORM set_config('scentia.audit_maintenance', coalesce(maintenance, ''), true);
END
$$;
--> statement-breakpoint
-- Forgets an organisation's contact person everywhere but its row (which the caller clears, or has
-- deleted): mails queued to any address it had (p_email, and those the trail's changes of the row show)
-- for no account are deleted, then the contact values of those changes become 'anonymised'. A mail
-- linked to an account is that account's, and goes with the account's own erasure.
CREATE FUNCTION organization_forget_contact(p_id integer, p_email text) RETURNS void LANGUAGE plpgsql AS $$
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
  END IF;
  PERFORM audit_forget('organization', p_id::text, 'organizations', ARRAY['contact_name', 'contact_email', 'phone']);
END
$$;
--> statement-breakpoint
-- An organisation deleted for good takes its contact person with it, in the database, so no service
-- can forget it. Row triggers fire in name order: this one comes after organizations_audit, so the
-- delete's own change, just recorded, is forgotten too.
CREATE FUNCTION organizations_forget_contact() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM organization_forget_contact(OLD.id, OLD.contact_email);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER organizations_zz_forget_contact AFTER DELETE ON organizations
  FOR EACH ROW EXECUTE FUNCTION organizations_forget_contact();
--> statement-breakpoint
-- The organisations list's sorts by legal name and by city walk an index instead of sorting every
-- active row (docs/performance/organisation-lists.md).
CREATE INDEX "organizations_legal_name_idx" ON "organizations" USING btree ("legal_name","id");--> statement-breakpoint
CREATE INDEX "organizations_city_idx" ON "organizations" USING btree ("city","id");
