-- A member's rows of a table that belongs to an organisation through its parent (a capsule's level
-- through its capsule, a count through its location): the policy asks whether the row's own parent is
-- visible, `EXISTS (SELECT 1 FROM parent WHERE parent.id = row.parent_id)`, where 0039 asked whether the
-- parent id is among every visible parent, `parent_id IN (SELECT id FROM parent)`. Written by hand.
--
-- Why (docs/performance/member-cost.md): a policy's `IN (SELECT ...)` is always a hashed sub-plan, built
-- by reading every visible parent first, and a parent held by the same kind of policy (a capsule by its
-- device) can only be read whole: a member's capsules page read all 200,000 capsules twice (for the
-- levels and the forecasts), 1 s against the staff's 60 ms. An EXISTS may be either: hashed when the
-- whole table is read, or one lookup by the parent's primary key for each row the query keeps, which
-- is what a page or a location's counts need. Who sees what is unchanged: a NULL or unseen parent
-- admits the row neither way.
CREATE FUNCTION scentia_of_visible_parent(p_table text, p_column text, p_parent text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT format('EXISTS (SELECT 1 FROM %I parent WHERE parent.id = %I.%I)', p_parent, p_table, p_column)
$$;
--> statement-breakpoint
DO $$
DECLARE
  child record;
BEGIN
  FOR child IN
    SELECT * FROM (VALUES
      ('alert_reads', 'alert_id', 'alerts'),
      ('device_states', 'device_id', 'devices'),
      ('shot_batches', 'device_id', 'devices'),
      ('campaign_downloads', 'device_id', 'devices'),
      ('capsules', 'device_id', 'devices'),
      ('capsule_levels', 'capsule_id', 'capsules'),
      ('capsule_shot_days', 'capsule_id', 'capsules'),
      ('capsule_forecasts', 'capsule_id', 'capsules'),
      ('shot_counts_device_hourly', 'device_id', 'devices'),
      ('shot_counts_device_daily', 'device_id', 'devices'),
      ('shots', 'location_id', 'locations'),
      ('shot_counts_hourly', 'location_id', 'locations'),
      ('shot_counts_daily', 'location_id', 'locations'),
      ('shot_counts_monthly', 'location_id', 'locations'),
      ('shot_counts_location_daily', 'location_id', 'locations'),
      ('shot_rollups_location', 'location_id', 'locations'),
      ('shot_rollups_location_hourly', 'location_id', 'locations'),
      ('initiative_locations', 'initiative_id', 'initiatives'),
      ('initiative_status_changes', 'initiative_id', 'initiatives'),
      ('initiative_mails', 'initiative_id', 'initiatives')
    ) AS t(table_name, column_name, parent)
  LOOP
    PERFORM scentia_protect(child.table_name,
      scentia_of_visible_parent(child.table_name, child.column_name, child.parent));
  END LOOP;
  -- The months of shots, each protected as its parent is.
  FOR child IN
    SELECT c.relname AS table_name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'shots'::regclass
  LOOP
    PERFORM scentia_protect(child.table_name,
      scentia_of_visible_parent(child.table_name, 'location_id', 'locations'));
  END LOOP;
END
$$;
--> statement-breakpoint
-- The months made from now on get the same policy.
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
      PERFORM scentia_protect(partition_name, scentia_of_visible_parent(partition_name, 'location_id', 'locations'));
      created := created + 1;
    END IF;
    month := (month + interval '1 month')::date;
  END LOOP;
  RETURN created;
END
$$;
