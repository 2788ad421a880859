-- The second lock of client access (docs/decisions/client-access.md): row-level
-- security on every table an organisation owns, directly or through its locations, devices, capsules,
-- alerts and initiatives. Written by hand.
--
-- Who sees what is carried by the role a statement runs as, so that the staff's policy is the constant
-- `true`, which the planner folds away. (A policy it cannot fold is a security barrier: every
-- non-leakproof condition of the query, a trigram search say, then stays out of the indexes.)
--   scentia_runtime  staff and background work: everything. The server's connections also say
--                    scentia.scope = 'staff' when they are made (db/client.ts).
--   scentia_member   what a member's transaction switches to (SET LOCAL ROLE), with the member's scope
--                    in transaction-local settings: scentia.scope = 'member', scentia.organization_id,
--                    scentia.location_ids ('all', or the locations as '{1,2}'). A missing or malformed
--                    setting means nothing is seen. It has the runtime's rights on the tables and no
--                    BYPASSRLS; the runtime (hence every login) may switch to it.
--   the owner        held by FORCE: sees everything only while its session says scentia.scope =
--                    'staff' (the migrations' connection does), nothing otherwise.
-- Superusers bypass row-level security: a superuser's connection (tests, the embedded database) is
-- staff by itself, and its members' transactions still switch to scentia_member.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = 'scentia_member') THEN
    BEGIN
      CREATE ROLE scentia_member NOLOGIN NOBYPASSRLS;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL;
    WHEN insufficient_privilege THEN
      RAISE EXCEPTION 'the role scentia_member is missing and % may not create roles', current_user
        USING ERRCODE = 'insufficient_privilege',
          HINT = 'As a superuser: CREATE ROLE scentia_member NOLOGIN; GRANT scentia_member TO scentia_runtime (docs/deployment.md, "Database roles").';
    END;
  END IF;
END
$$;
--> statement-breakpoint
-- The runtime's logins switch to scentia_member; so may the owner, for a server run as the owner. An
-- owner without CREATEROLE needs the first grant made beforehand, and is told so; the second is only
-- for that case, and skipped when it may not be made.
DO $$
BEGIN
  IF NOT pg_catalog.pg_has_role('scentia_runtime', 'scentia_member', 'MEMBER') THEN
    BEGIN
      GRANT scentia_member TO scentia_runtime;
    EXCEPTION WHEN unique_violation OR duplicate_object THEN
      NULL;
    WHEN insufficient_privilege THEN
      RAISE EXCEPTION 'scentia_runtime is not a member of scentia_member and % may not grant it', current_user
        USING ERRCODE = 'insufficient_privilege',
          HINT = 'As a superuser: GRANT scentia_member TO scentia_runtime (docs/deployment.md, "Database roles").';
    END;
  END IF;
  IF NOT pg_catalog.pg_has_role(current_user, 'scentia_member', 'MEMBER') THEN
    BEGIN
      EXECUTE format('GRANT scentia_member TO %I', current_user);
    EXCEPTION WHEN insufficient_privilege OR unique_violation OR duplicate_object THEN
      RAISE NOTICE '% may not act as scentia_member: run the server as a login of scentia_runtime', current_user;
    END;
  END IF;
END
$$;
--> statement-breakpoint
-- The member's rights are the runtime's (0032), tables later migrations create included.
GRANT USAGE ON SCHEMA public TO scentia_member;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO scentia_member;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO scentia_member;
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON audit_events, audit_changes FROM scentia_member;
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON audit_policy FROM scentia_member;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO scentia_member;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO scentia_member;
--> statement-breakpoint
-- The scope's settings, read once a statement (the policies call them in sub-selects). STABLE: they
-- are never folded into a plan another scope could reuse.
CREATE FUNCTION scentia_is_staff() RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(current_setting('scentia.scope', true) = 'staff', false)
$$;
--> statement-breakpoint
CREATE FUNCTION scentia_member_organization() RETURNS integer LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN current_setting('scentia.scope', true) = 'member'
               AND current_setting('scentia.organization_id', true) ~ '^[1-9][0-9]{0,8}$'
         THEN current_setting('scentia.organization_id', true)::integer END
$$;
--> statement-breakpoint
CREATE FUNCTION scentia_member_sees_every_location() RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(current_setting('scentia.location_ids', true) = 'all', false)
$$;
--> statement-breakpoint
CREATE FUNCTION scentia_member_location_ids() RETURNS integer[] LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN current_setting('scentia.location_ids', true) ~ '^\{([1-9][0-9]{0,8}(,[1-9][0-9]{0,8})*)?\}$'
         THEN current_setting('scentia.location_ids', true)::integer[] ELSE '{}'::integer[] END
$$;
--> statement-breakpoint
-- Functions that run as their owner and touch several organisations' rows are the staff's alone.
CREATE FUNCTION scentia_require_staff(p_what text) RETURNS void LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF NOT scentia_is_staff() THEN
    RAISE EXCEPTION '%: staff only', p_what USING ERRCODE = 'insufficient_privilege';
  END IF;
END
$$;
--> statement-breakpoint
-- Puts a table under row-level security: the staff see every row; a member the rows the predicate
-- admits (an expression over the table's columns; NULL: none, for tables that mix organisations);
-- the owner every row while its session is the staff's. For the migrations that create such tables.
CREATE FUNCTION scentia_protect(p_table text, p_member_predicate text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', p_table);
  EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', p_table);
  EXECUTE format('DROP POLICY IF EXISTS staff_sees_all ON %I', p_table);
  EXECUTE format('DROP POLICY IF EXISTS member_sees_own ON %I', p_table);
  EXECUTE format('DROP POLICY IF EXISTS owner_as_staff ON %I', p_table);
  EXECUTE format('CREATE POLICY staff_sees_all ON %I TO scentia_runtime USING (true) WITH CHECK (true)', p_table);
  IF p_member_predicate IS NOT NULL THEN
    EXECUTE format('CREATE POLICY member_sees_own ON %I TO scentia_member USING (%s) WITH CHECK (%s)',
      p_table, p_member_predicate, p_member_predicate);
  END IF;
  EXECUTE format('CREATE POLICY owner_as_staff ON %I TO %I USING (scentia_is_staff()) WITH CHECK (scentia_is_staff())',
    p_table, (SELECT pg_catalog.pg_get_userbyid(c.relowner) FROM pg_catalog.pg_class c WHERE c.oid = p_table::regclass));
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  in_organization text := 'organization_id = (SELECT scentia_member_organization())';
  in_locations text := '((SELECT scentia_member_sees_every_location()) OR location_id = ANY ((SELECT scentia_member_location_ids())::integer[]))';
  of_visible_location text := 'location_id IN (SELECT id FROM locations)';
  of_visible_device text := 'device_id IN (SELECT id FROM devices)';
  of_visible_capsule text := 'capsule_id IN (SELECT id FROM capsules)';
  of_visible_initiative text := 'initiative_id IN (SELECT id FROM initiatives)';
BEGIN
  PERFORM scentia_protect('organizations', 'id = (SELECT scentia_member_organization())');
  PERFORM scentia_protect('organization_members', in_organization);
  PERFORM scentia_protect('locations', in_organization
    || ' AND ((SELECT scentia_member_sees_every_location()) OR id = ANY ((SELECT scentia_member_location_ids())::integer[]))');
  PERFORM scentia_protect('devices', in_organization || ' AND ' || in_locations);
  PERFORM scentia_protect('alerts', in_organization || ' AND ' || in_locations);
  PERFORM scentia_protect('alert_reads', 'alert_id IN (SELECT id FROM alerts)');
  PERFORM scentia_protect('device_states', of_visible_device);
  PERFORM scentia_protect('shot_batches', of_visible_device);
  PERFORM scentia_protect('campaign_downloads', of_visible_device);
  PERFORM scentia_protect('capsules', of_visible_device);
  PERFORM scentia_protect('capsule_levels', of_visible_capsule);
  PERFORM scentia_protect('capsule_shot_days', of_visible_capsule);
  PERFORM scentia_protect('capsule_forecasts', of_visible_capsule);
  PERFORM scentia_protect('shots', of_visible_location);
  PERFORM scentia_protect('shot_counts_hourly', of_visible_location);
  PERFORM scentia_protect('shot_counts_daily', of_visible_location);
  PERFORM scentia_protect('shot_counts_monthly', of_visible_location);
  PERFORM scentia_protect('shot_counts_location_daily', of_visible_location);
  PERFORM scentia_protect('shot_rollups_location', of_visible_location);
  PERFORM scentia_protect('shot_rollups_location_hourly', of_visible_location);
  -- An initiative may span several of the organisation's locations: the lock holds it, and which of
  -- the organisation's locations it plays at, at the organisation's grain. A location-limited member
  -- must see that an initiative reaches beyond their shops (the server then refuses them its edit);
  -- the names of those shops stay hidden by the locations' own policy.
  PERFORM scentia_protect('initiatives', in_organization);
  PERFORM scentia_protect('initiative_locations', of_visible_initiative);
  PERFORM scentia_protect('initiative_status_changes', of_visible_initiative);
  PERFORM scentia_protect('initiative_mails', of_visible_initiative);
  -- The fleet's counts mix every organisation's: the staff's alone.
  PERFORM scentia_protect('shot_counts_fleet_daily', NULL);
  PERFORM scentia_protect('shot_rollups_fleet', NULL);
  PERFORM scentia_protect('shot_rollups_fleet_hourly', NULL);
  PERFORM scentia_protect('shot_rollup_state', NULL);
END
$$;
--> statement-breakpoint
-- The devices' hourly and daily counts (migration 0038): by their device.
SELECT scentia_protect('shot_counts_device_hourly', 'device_id IN (SELECT id FROM devices)');
--> statement-breakpoint
SELECT scentia_protect('shot_counts_device_daily', 'device_id IN (SELECT id FROM devices)');
--> statement-breakpoint
-- A month of shots is a table of its own, which a statement could name directly: each is protected as
-- the parent is (a statement through the parent is held by the parent's policies).
DO $$
DECLARE
  partition_name text;
BEGIN
  FOR partition_name IN
    SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'shots'::regclass
  LOOP
    PERFORM scentia_protect(partition_name, 'location_id IN (SELECT id FROM locations)');
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ensure_shot_partitions(p_from date, p_to date) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  month date := date_trunc('month', p_from)::date;
  created integer := 0;
  partition_name text;
BEGIN
  PERFORM scentia_require_staff('ensure_shot_partitions');
  WHILE month <= p_to LOOP
    partition_name := format('shots_%s', to_char(month, 'YYYYMM'));
    IF to_regclass(partition_name) IS NULL THEN
      EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF shots FOR VALUES FROM (%L) TO (%L)',
        partition_name, month::timestamp AT TIME ZONE 'UTC',
        (month + interval '1 month')::timestamp AT TIME ZONE 'UTC');
      PERFORM scentia_protect(partition_name, 'location_id IN (SELECT id FROM locations)');
      created := created + 1;
    END IF;
    month := (month + interval '1 month')::date;
  END LOOP;
  RETURN created;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION drop_shot_partitions_before(p_month date) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  partition_name text;
  dropped integer := 0;
BEGIN
  PERFORM scentia_require_staff('drop_shot_partitions_before');
  FOR partition_name IN
    SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'shots'::regclass AND c.relname ~ '^shots_[0-9]{6}$'
      AND to_date(substr(c.relname, 7), 'YYYYMM') < date_trunc('month', p_month)::date
  LOOP
    EXECUTE format('DROP TABLE IF EXISTS %I', partition_name);
    dropped := dropped + 1;
  END LOOP;
  RETURN dropped;
END
$$;
--> statement-breakpoint
-- The contact erasure of 0032, the staff's alone (it reaches the trail and the outbox of any
-- organisation as the owner).
CREATE OR REPLACE FUNCTION organization_forget_contact(p_id integer, p_email text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  addresses text[];
BEGIN
  PERFORM scentia_require_staff('organization_forget_contact');
  PERFORM 1 FROM organizations
  WHERE id = p_id AND (contact_name IS NOT NULL OR contact_email IS NOT NULL OR phone IS NOT NULL);
  IF FOUND THEN
    RAISE EXCEPTION 'organization_forget_contact: organisation % still has a contact', p_id USING ERRCODE = 'insufficient_privilege';
  END IF;
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
