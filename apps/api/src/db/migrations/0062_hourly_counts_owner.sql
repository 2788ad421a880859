-- The hourly counts carry their location's organisation, so that a member's policy on them asks the
-- row alone (issue 39 §8, docs/performance/member-hourly-owner.md). Until now it looked the location up
-- under the locations' own policy: an EXISTS planned with three more sub-selects at every reference, and
-- the whole of a member's extra cost in the dashboard's counts statement (1.15 against 1.40 ms, staff and
-- member; equal with the hourly counts' policy taken away). Who sees what is unchanged: the column is the
-- location's own organisation, kept as 0057 keeps the capsules' children's owner (a row inserted without
-- it gets it from its location; a write that names it gets the location's back; a location moved to
-- another organisation takes its hourly rows along), and a member sees an hourly row only where it saw its
-- location. The fold writes the column itself, from one join (no trigger a row on the batch's path).
-- The column by drizzle-kit, the rest by hand.
ALTER TABLE "shot_counts_hourly" ADD COLUMN "organization_id" integer;
--> statement-breakpoint
UPDATE shot_counts_hourly h SET organization_id = loc.organization_id
  FROM locations loc WHERE loc.id = h.location_id;
--> statement-breakpoint
CREATE FUNCTION shot_counts_hourly_set_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.organization_id := NULL;
  SELECT loc.organization_id INTO NEW.organization_id FROM locations loc WHERE loc.id = NEW.location_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- On insert only when the writer left it out (the fold gives it); on an update that names the location
-- or the copy, from the location again (not for the follow below: pg_trigger_depth, as 0058).
CREATE TRIGGER shot_counts_hourly_owner BEFORE INSERT ON shot_counts_hourly
  FOR EACH ROW WHEN (NEW.organization_id IS NULL) EXECUTE FUNCTION shot_counts_hourly_set_owner();
--> statement-breakpoint
CREATE TRIGGER shot_counts_hourly_owner_named BEFORE UPDATE OF location_id, organization_id ON shot_counts_hourly
  FOR EACH ROW WHEN (pg_trigger_depth() < 1) EXECUTE FUNCTION shot_counts_hourly_set_owner();
--> statement-breakpoint
-- A location moved to another organisation (a staff's edit, rare) takes its hourly rows along, as its
-- daily sums move (0044). The hourly counts have no index by location: this reads the table once.
CREATE FUNCTION shot_counts_hourly_follow_location() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shot_counts_hourly SET organization_id = NEW.organization_id WHERE location_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER locations_move_hourly_counts AFTER UPDATE OF organization_id ON locations
  FOR EACH ROW WHEN (OLD.organization_id IS DISTINCT FROM NEW.organization_id)
  EXECUTE FUNCTION shot_counts_hourly_follow_location();
--> statement-breakpoint
-- The member's policy over the row's own columns (0059's predicate, as the capsules' children's).
SELECT scentia_protect('shot_counts_hourly', scentia_member_scope_predicate('organization_id', 'location_id'));
--> statement-breakpoint
-- 0061's fold, its hourly counts' insert giving the organisation.
CREATE OR REPLACE FUNCTION fold_shot_batches(p_limit integer DEFAULT 5000, p_wait boolean DEFAULT false) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_keys_device integer[];
  v_keys_sequence bigint[];
  v_device integer[];
  v_sequence bigint[];
  v_location integer[];
  v_campaign integer[];
  v_at timestamptz[];
  v_slot smallint[];
  v_count integer[];
  v_capsule integer[];
  v_fragrance integer[];
  v_rolled date;
  v_kept_from timestamptz;
BEGIN
  IF p_wait THEN
    SELECT array_agg(b.device_id ORDER BY b.device_id, b.sequence), array_agg(b.sequence ORDER BY b.device_id, b.sequence)
      INTO v_keys_device, v_keys_sequence
      FROM (SELECT device_id, sequence FROM shot_batches WHERE ats IS NOT NULL
             ORDER BY device_id, sequence LIMIT p_limit FOR NO KEY UPDATE) b;
  ELSE
    SELECT array_agg(b.device_id ORDER BY b.device_id, b.sequence), array_agg(b.sequence ORDER BY b.device_id, b.sequence)
      INTO v_keys_device, v_keys_sequence
      FROM (SELECT device_id, sequence FROM shot_batches WHERE ats IS NOT NULL
             ORDER BY device_id, sequence LIMIT p_limit FOR NO KEY UPDATE SKIP LOCKED) b;
  END IF;
  IF v_keys_device IS NULL THEN
    RETURN 0;
  END IF;

  SELECT array_agg(b.device_id), array_agg(b.sequence), array_agg(b.location_id), array_agg(b.campaign_id),
         array_agg(e.at), array_agg(e.slot), array_agg(e.count), array_agg(e.capsule_id), array_agg(e.fragrance_id)
    INTO v_device, v_sequence, v_location, v_campaign, v_at, v_slot, v_count, v_capsule, v_fragrance
    FROM unnest(v_keys_device, v_keys_sequence) AS k(device_id, sequence)
    JOIN shot_batches b ON b.device_id = k.device_id AND b.sequence = k.sequence
    CROSS JOIN LATERAL unnest(b.ats, b.slots, b.counts, b.capsule_ids, b.fragrance_ids)
      AS e(at, slot, count, capsule_id, fragrance_id);

  UPDATE shot_batches b SET ats = NULL, slots = NULL, counts = NULL, capsule_ids = NULL, fragrance_ids = NULL
    FROM unnest(v_keys_device, v_keys_sequence) AS k(device_id, sequence)
    WHERE b.device_id = k.device_id AND b.sequence = k.sequence;

  IF v_device IS NULL THEN
    RETURN cardinality(v_keys_device);
  END IF;

  -- The oldest month kept (0023's partitions; see 0050): a batch older than it is counted, not stored.
  SELECT to_date(min(substr(c.relname, 7)), 'YYYYMM')::timestamp AT TIME ZONE 'UTC' INTO v_kept_from
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'shots'::regclass AND c.relname ~ '^shots_[0-9]{6}$';
  INSERT INTO shots (shot_at, device_id, location_id, campaign_id, fragrance_id, capsule_id, slot, count, batch_sequence)
    SELECT e.at, e.device_id, e.location_id, e.campaign_id, e.fragrance_id, e.capsule_id, e.slot, e.count, e.sequence
    FROM unnest(v_at, v_device, v_location, v_campaign, v_fragrance, v_capsule, v_slot, v_count, v_sequence)
      AS e(at, device_id, location_id, campaign_id, fragrance_id, capsule_id, slot, count, sequence)
    WHERE v_kept_from IS NULL OR e.at >= v_kept_from;

  -- Lowering once by the fold's sum is the same as lowering batch after batch, each clamped at zero.
  PERFORM 1 FROM capsule_levels WHERE capsule_id = ANY (v_capsule) ORDER BY capsule_id FOR UPDATE;
  UPDATE capsule_levels l SET remaining_shots = greatest(l.remaining_shots - p.shots, 0)
    FROM (SELECT e.capsule_id, sum(e.count) AS shots
            FROM unnest(v_capsule, v_count) AS e(capsule_id, count) GROUP BY e.capsule_id) p
    WHERE l.capsule_id = p.capsule_id;

  INSERT INTO capsule_shot_days AS d (capsule_id, day, shots)
    SELECT e.capsule_id, (e.at AT TIME ZONE 'UTC')::date, sum(e.count)
    FROM unnest(v_capsule, v_at, v_count) AS e(capsule_id, at, count)
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (capsule_id, day) DO UPDATE SET shots = d.shots + EXCLUDED.shots;

  INSERT INTO shot_counts_device_hourly AS h (device_id, hour, campaign_id, shots)
    SELECT e.device_id, date_trunc('hour', e.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', e.campaign_id, sum(e.count)
    FROM unnest(v_device, v_at, v_campaign, v_count) AS e(device_id, at, campaign_id, count)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (device_id, hour, campaign_id) DO UPDATE SET shots = h.shots + EXCLUDED.shots;
  INSERT INTO shot_counts_device_daily AS d (device_id, day, campaign_id, shots)
    SELECT e.device_id, (e.at AT TIME ZONE 'UTC')::date, e.campaign_id, sum(e.count)
    FROM unnest(v_device, v_at, v_campaign, v_count) AS e(device_id, at, campaign_id, count)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (device_id, day, campaign_id) DO UPDATE SET shots = d.shots + EXCLUDED.shots;

  -- The location's organisation comes with the row (0062), read here in one join rather than by the
  -- insert trigger once a row.
  INSERT INTO shot_counts_hourly AS h (hour, location_id, campaign_id, fragrance_id, shots, organization_id)
    SELECT s.hour, s.location_id, s.campaign_id, s.fragrance_id, s.shots, loc.organization_id
    FROM (SELECT date_trunc('hour', e.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour, e.location_id,
                 e.campaign_id, e.fragrance_id, sum(e.count) AS shots
            FROM unnest(v_at, v_location, v_campaign, v_fragrance, v_count) AS e(at, location_id, campaign_id, fragrance_id, count)
            GROUP BY 1, 2, 3, 4) s
    LEFT JOIN locations loc ON loc.id = s.location_id
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (hour, location_id, campaign_id, fragrance_id) DO UPDATE SET shots = h.shots + EXCLUDED.shots;

  -- From here, one fold at a time: the daily counts' triggers write the shared sums (see above).
  PERFORM pg_advisory_xact_lock(7426050);
  INSERT INTO shot_counts_daily AS d (day, location_id, campaign_id, fragrance_id, shots)
    SELECT (e.at AT TIME ZONE 'UTC')::date, e.location_id, e.campaign_id, e.fragrance_id, sum(e.count)
    FROM unnest(v_at, v_location, v_campaign, v_fragrance, v_count) AS e(at, location_id, campaign_id, fragrance_id, count)
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (day, location_id, campaign_id, fragrance_id) DO UPDATE SET shots = d.shots + EXCLUDED.shots;

  -- Migration 0029's roll-ups for days already rolled up, under the shared lock, as 0045 does.
  PERFORM pg_advisory_xact_lock_shared(7426029);
  SELECT rolled_through INTO v_rolled FROM shot_rollup_state WHERE id = 1;
  IF (SELECT min(a) FROM unnest(v_at) AS a) < (v_rolled + 1)::timestamp AT TIME ZONE 'UTC' THEN
    PERFORM add_to_shot_rollups(array_agg(e.day), array_agg(e.location_id), array_agg(e.campaign_id),
                                array_agg(e.fragrance_id), array_agg(e.shots))
      FROM (SELECT (e.at AT TIME ZONE 'UTC')::date AS day, e.location_id, e.campaign_id, e.fragrance_id,
                   e.count::bigint AS shots
              FROM unnest(v_at, v_location, v_campaign, v_fragrance, v_count)
                AS e(at, location_id, campaign_id, fragrance_id, count)) e
      WHERE e.day <= v_rolled;
    PERFORM add_to_shot_rollups_hourly(array_agg(e.hour), array_agg(e.location_id), array_agg(e.campaign_id),
                                       array_agg(e.fragrance_id), array_agg(e.shots))
      FROM (SELECT date_trunc('hour', e.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour, e.location_id,
                   e.campaign_id, e.fragrance_id, e.count::bigint AS shots
              FROM unnest(v_at, v_location, v_campaign, v_fragrance, v_count)
                AS e(at, location_id, campaign_id, fragrance_id, count)) e
      WHERE e.hour < (v_rolled + 1)::timestamp AT TIME ZONE 'UTC';
  END IF;
  RETURN cardinality(v_keys_device);
END
$$;
