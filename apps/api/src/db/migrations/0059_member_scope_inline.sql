-- A member's policies read their scope's settings in the policy itself, one sub-select for the
-- organisation and one for the locations, instead of three sub-selects each calling a function of 0039
-- (issue 39 §8, docs/performance/member-dashboard.md). Written by hand.
--
-- Why: PostgreSQL expands a table's policy at every reference to the table in a statement, and plans
-- each of its sub-selects as a sub-query of its own, inlining the function's SQL there each time. A
-- member's dashboard sites statement held 38 of them; planning it cost the member about 1.5 ms more than
-- the staff. The policy's own expression is kept parsed with the table's policies, so writing the
-- settings' reads into it leaves nothing to inline, and the locations' two sub-selects (every location?
-- which ones?) become one: NULL when the member sees every location.
--
-- Who sees what is unchanged, case by case (test/row-level-security.test.ts):
--   the organisation: the same expression as scentia_member_organization() (0039), in the sub-select;
--     NULL (no row) unless the scope is 'member' and the organisation a positive integer.
--   the locations, `(coalesce(location, 0) = ANY (ids)) IS NOT FALSE`:
--     'all'                 ids NULL: the comparison is NULL, not false: every location (and a row of no
--                           location), as `sees_every_location() OR …` admitted;
--     '{1,2}'               true for a listed location, false for any other, and false for a row of no
--                           location (0 is never an id), which `… OR location = ANY (…)` left NULL: not
--                           admitted either way, for reading and for a write's check;
--     missing or malformed  ids '{}': false, as before.
-- A sub-select's value is computed once a statement (an init-plan), as the functions' were; the policies
-- apply to scentia_member alone, as before.

-- The member predicate over an organisation column and, optionally, a location column: what a table an
-- organisation owns passes to scentia_protect (0039) from now on.
CREATE FUNCTION scentia_member_scope_predicate(p_organization_column text, p_location_column text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format('%I = (SELECT CASE WHEN current_setting(''scentia.scope'', true) = ''member'''
      ' AND current_setting(''scentia.organization_id'', true) ~ ''^[1-9][0-9]{0,8}$'''
      ' THEN current_setting(''scentia.organization_id'', true)::integer END)', p_organization_column)
    || CASE WHEN p_location_column IS NULL THEN '' ELSE format(
      ' AND (coalesce(%I, 0) = ANY ((SELECT CASE WHEN current_setting(''scentia.location_ids'', true) = ''all'' THEN NULL'
      ' WHEN current_setting(''scentia.location_ids'', true) ~ ''^\{([1-9][0-9]{0,8}(,[1-9][0-9]{0,8})*)?\}$'''
      ' THEN current_setting(''scentia.location_ids'', true)::integer[] ELSE ''{}''::integer[] END)::integer[])) IS NOT FALSE',
      p_location_column) END
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
      ('device_states', 'organization_id', 'location_id')
    ) AS t(table_name, organization_column, location_column)
  LOOP
    PERFORM scentia_protect(owned.table_name,
      scentia_member_scope_predicate(owned.organization_column, owned.location_column));
  END LOOP;
  -- An organisation's sums, only while the member sees every location of it (0044).
  PERFORM scentia_protect('shot_counts_organization_daily',
    scentia_member_scope_predicate('organization_id', NULL)
      || ' AND (SELECT coalesce(current_setting(''scentia.location_ids'', true) = ''all'', false))');
END
$$;
--> statement-breakpoint
-- The roll-ups' watermark (0049): any member's scope reads it.
ALTER POLICY member_reads ON shot_rollup_state USING ((SELECT CASE WHEN current_setting('scentia.scope', true) = 'member'
  AND current_setting('scentia.organization_id', true) ~ '^[1-9][0-9]{0,8}$'
  THEN current_setting('scentia.organization_id', true)::integer END) IS NOT NULL);
--> statement-breakpoint
-- No member policy left calling the scope's functions (a table missed above would keep 0039's form).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_catalog.pg_policies
    WHERE 'scentia_member' = ANY (roles)
      AND concat(qual, ' ', with_check) ~ 'scentia_member_(organization|sees_every_location|location_ids)\(') THEN
    RAISE EXCEPTION 'a member policy still calls the scope''s functions';
  END IF;
END
$$;
