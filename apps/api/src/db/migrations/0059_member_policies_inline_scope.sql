-- A member's policies read their scope's settings in the policy itself: the bodies of 0039's three
-- scope functions written into the three sub-selects that called them (issue 39 §8,
-- docs/decisions/member-dashboard.md). Written by hand.
--
-- Why: PostgreSQL expands a table's policy at every reference to the table in a statement and plans
-- each of its sub-selects as a sub-query of its own, inlining the called function's SQL there each
-- time (a member's dashboard sites statement holds 38 such sub-selects). With the settings' reads
-- written in the policy there is nothing left to look up and inline. The predicate's shape is 0039's
-- (`organization_id = (SELECT …) AND ((SELECT …) OR location_id = ANY ((SELECT …)::integer[]))`), so the
-- planner's row estimates, hence a member's search plans, stay what they were: a withdrawn draft changed that
-- shape (`… IS NOT FALSE`) and a member's searches took 5× slower plans.
--
-- Who sees what is unchanged: each sub-select is the function's own expression, STABLE as the
-- function was, computed once a statement (an init-plan) as before; nothing is folded into a plan that
-- another member's scope could reuse. test/row-level-security.test.ts compares the predicate with 0039's
-- functions on a grid of rows and settings, malformed ones included. The functions stay (other
-- functions and tests call them).

-- The member predicate over an organisation column and, optionally, a location column: what a table an
-- organisation owns passes to scentia_protect (0039) from now on.
CREATE FUNCTION scentia_member_scope_predicate(p_organization_column text, p_location_column text)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format('%I = (SELECT CASE WHEN current_setting(''scentia.scope'', true) = ''member'''
      ' AND current_setting(''scentia.organization_id'', true) ~ ''^[1-9][0-9]{0,8}$'''
      ' THEN current_setting(''scentia.organization_id'', true)::integer END)', p_organization_column)
    || CASE WHEN p_location_column IS NULL THEN '' ELSE format(
      ' AND ((SELECT coalesce(current_setting(''scentia.location_ids'', true) = ''all'', false))'
      ' OR %I = ANY ((SELECT CASE WHEN current_setting(''scentia.location_ids'', true)'
      ' ~ ''^\{([1-9][0-9]{0,8}(,[1-9][0-9]{0,8})*)?\}$'''
      ' THEN current_setting(''scentia.location_ids'', true)::integer[] ELSE ''{}''::integer[] END)::integer[]))',
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
