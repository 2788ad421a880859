-- A member's reach carried by the role their transaction runs as (docs/decisions/member-dashboard.md).
-- Written by hand.
--   scentia_member          a member who sees the whole organisation: every owned table's policy is the
--                           row's organisation equal to the setting scentia.organization_id, with no
--                           sub-select and no location clause, so a member's statement is planned and run
--                           as the staff's is with the organisation's condition (0039's form cost a
--                           member's dashboard 6–9 % more than the staff's for the same organisation,
--                           docs/performance/member-whole-organization.md). A missing setting admits
--                           nothing; a malformed one refuses the statement.
--   scentia_member_limited  a member limited to some locations: a member of scentia_member (its rights and
--                           its policies), held in addition by a RESTRICTIVE policy on every table with a
--                           location, the row's location among scentia.location_ids ('{1,2}'; anything
--                           else admits none), and refused the organisation's daily sums (0044).
-- The runtime becomes NOINHERIT: its logins may switch to either role (SET ROLE needs membership only)
-- but are held by neither's policies, which would otherwise sit in every staff plan. An owner that is a
-- member of scentia_member_limited (to run the server as the owner) passes its restrictive policies
-- while it is not running as that role.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'scentia_member_limited') THEN
    BEGIN
      CREATE ROLE scentia_member_limited NOLOGIN NOBYPASSRLS;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL;
    WHEN insufficient_privilege THEN
      RAISE EXCEPTION 'the role scentia_member_limited is missing and % may not create roles', current_user
        USING ERRCODE = 'insufficient_privilege',
          HINT = 'As a superuser: CREATE ROLE scentia_member_limited NOLOGIN IN ROLE scentia_member; GRANT scentia_member_limited TO scentia_runtime; ALTER ROLE scentia_runtime NOINHERIT (docs/deployment.md, "Database roles").';
    END;
  END IF;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  grant_of record;
BEGIN
  FOR grant_of IN SELECT * FROM (VALUES ('scentia_member', 'scentia_member_limited'),
      ('scentia_member_limited', 'scentia_runtime')) AS t(granted, grantee) LOOP
    IF NOT pg_catalog.pg_has_role(grant_of.grantee, grant_of.granted, 'MEMBER') THEN
      BEGIN
        EXECUTE format('GRANT %I TO %I', grant_of.granted, grant_of.grantee);
      EXCEPTION WHEN unique_violation OR duplicate_object THEN
        NULL;
      WHEN insufficient_privilege THEN
        RAISE EXCEPTION '% is not a member of % and % may not grant it', grant_of.grantee, grant_of.granted, current_user
          USING ERRCODE = 'insufficient_privilege',
            HINT = format('As a superuser: GRANT %I TO %I (docs/deployment.md, "Database roles").', grant_of.granted, grant_of.grantee);
      END;
    END IF;
  END LOOP;
  -- For a server run as the owner, as 0039 does for scentia_member.
  IF NOT pg_catalog.pg_has_role(current_user, 'scentia_member_limited', 'MEMBER') THEN
    BEGIN
      EXECUTE format('GRANT scentia_member_limited TO %I', current_user);
    EXCEPTION WHEN insufficient_privilege OR unique_violation OR duplicate_object THEN
      RAISE NOTICE '% may not act as scentia_member_limited: run the server as a login of scentia_runtime', current_user;
    END;
  END IF;
  -- Only the cost of the staff's plans depends on it (the restrictive policies pass for anyone not running
  -- as scentia_member_limited), so an owner that may not change the runtime is told, not stopped.
  IF (SELECT rolinherit FROM pg_catalog.pg_roles WHERE rolname = 'scentia_runtime') THEN
    BEGIN
      ALTER ROLE scentia_runtime NOINHERIT;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'scentia_runtime inherits its roles and % may not change that: as a superuser, ALTER ROLE scentia_runtime NOINHERIT', current_user;
    END;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION scentia_member_organization_predicate(p_column text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT format('%I = current_setting(''scentia.organization_id'', true)::integer', p_column)
$$;
--> statement-breakpoint
CREATE FUNCTION scentia_member_locations_predicate(p_column text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT format('(SELECT current_user <> ''scentia_member_limited'')'
    || ' OR %I = ANY ((SELECT CASE WHEN current_setting(''scentia.location_ids'', true)'
    || ' ~ ''^\{([1-9][0-9]{0,8}(,[1-9][0-9]{0,8})*)?\}$'''
    || ' THEN current_setting(''scentia.location_ids'', true)::integer[] ELSE ''{}''::integer[] END)::integer[])', p_column)
$$;
--> statement-breakpoint
-- A table an organisation owns by its own columns: the organisation's policy for every member, and for a
-- location-limited one the locations' (p_location_column NULL: the table has none; '' : none admitted).
CREATE FUNCTION scentia_protect_owned(p_table text, p_organization_column text, p_location_column text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  locations text;
BEGIN
  PERFORM scentia_protect(p_table, scentia_member_organization_predicate(p_organization_column));
  EXECUTE format('DROP POLICY IF EXISTS member_limited_locations ON %I', p_table);
  IF p_location_column IS NOT NULL THEN
    locations := CASE p_location_column WHEN '' THEN '(SELECT current_user <> ''scentia_member_limited'')'
      ELSE scentia_member_locations_predicate(p_location_column) END;
    EXECUTE format('CREATE POLICY member_limited_locations ON %I AS RESTRICTIVE TO scentia_member_limited'
      ' USING (%s) WITH CHECK (%s)', p_table, locations, locations);
  END IF;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  owned record;
BEGIN
  FOR owned IN
    SELECT * FROM (VALUES
      ('organizations', 'id', NULL),
      ('organization_members', 'organization_id', NULL),
      ('initiatives', 'organization_id', NULL),
      ('locations', 'organization_id', 'id'),
      ('devices', 'organization_id', 'location_id'),
      ('alerts', 'organization_id', 'location_id'),
      ('capsules', 'organization_id', 'location_id'),
      ('capsule_levels', 'organization_id', 'location_id'),
      ('capsule_forecasts', 'organization_id', 'location_id'),
      ('device_states', 'organization_id', 'location_id'),
      ('shot_counts_hourly', 'organization_id', 'location_id'),
      -- An organisation's sums, only for a member who sees every location of it (0044).
      ('shot_counts_organization_daily', 'organization_id', '')
    ) AS t(table_name, organization_column, location_column)
  LOOP
    PERFORM scentia_protect_owned(owned.table_name, owned.organization_column, owned.location_column);
  END LOOP;
END
$$;
--> statement-breakpoint
-- Every table with a member policy over its own organisation column and a location column is held for the
-- location-limited role too (a table missed above would show a limited member the whole organisation).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_catalog.pg_policies p
    WHERE p.policyname = 'member_sees_own' AND p.schemaname = 'public'
      AND p.qual ~ 'current_setting\(''scentia\.organization_id'''
      AND EXISTS (SELECT 1 FROM pg_catalog.pg_attribute a
        WHERE a.attrelid = format('public.%I', p.tablename)::regclass AND a.attname = 'location_id' AND NOT a.attisdropped)
      AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_policies r
        WHERE r.schemaname = 'public' AND r.tablename = p.tablename AND r.policyname = 'member_limited_locations')) THEN
    RAISE EXCEPTION 'a table with locations is not held for the location-limited member';
  END IF;
END
$$;
