-- Every change of a membership (invited, accepted, role or locations changed, removed) is in the trail
-- of its organisation.
SELECT install_audit_trigger('organization_members', 'organization', 'organization_id');--> statement-breakpoint
-- An organisation deactivated ends its members' sessions at once, whichever route deactivated it: their
-- refresh tokens are revoked in the same transaction (the session check already refuses a member of an
-- inactive organisation; this makes the refresh token die with it).
CREATE FUNCTION revoke_sessions_of_deactivated_organization() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE refresh_tokens SET revoked_at = now()
  WHERE revoked_at IS NULL
    AND user_id IN (SELECT user_id FROM organization_members WHERE organization_id = NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER organizations_revoke_member_sessions AFTER UPDATE OF deleted_at ON organizations
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION revoke_sessions_of_deactivated_organization();
