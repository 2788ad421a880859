-- An erased account stays erased, and only an erased account's values leave the trail. Before this, the
-- runtime could set anonymized_at on a live account, call audit_anonymise_account, and clear it again:
-- the account went on living and its earlier values in the trail read "anonymised". Now a row marked
-- erased must hold the neutral values modules/privacy/anonymise-account.ts writes, its mark can never
-- change once set, and the function checks both (docs/decisions/audit-trail.md). Written by hand.
--
-- Whether a users row is an erasure: marked, named `#<id>` / `anonymised-<id>@invalid`, without
-- password, document, birthday, gender or address. One definition for the guard and the function.
CREATE FUNCTION users_is_erased(u users) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT u.anonymized_at IS NOT NULL
    AND u.name = '#' || u.id
    AND u.email = 'anonymised-' || u.id || '@invalid'
    AND u.password_hash IS NULL AND u.cpf IS NULL AND u.document IS NULL AND u.birthday IS NULL
    AND u.genre IS NULL AND u.street IS NULL AND u.city IS NULL AND u.state IS NULL
    AND u.zipcode IS NULL AND u.country IS NULL
$$;
--> statement-breakpoint
-- A row is marked erased only together with the neutral values, keeps them, and keeps its mark: the
-- sequence mark, scrub, unmark fails at its first step for a live person and at its last for anyone.
-- Rows erased before this migration are not revalidated; a later update of one is checked.
CREATE FUNCTION users_guard_erasure() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.anonymized_at IS NOT NULL
    AND NEW.anonymized_at IS DISTINCT FROM OLD.anonymized_at THEN
    RAISE EXCEPTION 'users: account % was erased, its anonymized_at cannot change', OLD.id
      USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.anonymized_at IS NOT NULL AND NOT users_is_erased(NEW) THEN
    RAISE EXCEPTION 'users: account % is marked erased but holds personal values', NEW.id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_guard_erasure BEFORE INSERT OR UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION users_guard_erasure();
--> statement-breakpoint
-- 0032's function, unchanged, becomes the step after the check: callable by its owner only.
ALTER FUNCTION audit_anonymise_account(integer) RENAME TO audit_anonymise_erased_account;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION audit_anonymise_erased_account(integer) FROM PUBLIC;
--> statement-breakpoint
-- The name the application calls, now only for a row that is an erasure (users_is_erased), not one
-- merely marked.
CREATE FUNCTION audit_anonymise_account(p_user_id integer) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  PERFORM 1 FROM users u WHERE u.id = p_user_id AND users_is_erased(u);
  IF NOT FOUND THEN
    RAISE EXCEPTION 'audit_anonymise_account: account % is not erased', p_user_id USING ERRCODE = 'insufficient_privilege';
  END IF;
  PERFORM audit_anonymise_erased_account(p_user_id);
END
$$;
