-- A shot batch writes its device's last-seen time only once it is older than the seen precision (a
-- tenth of the offline window, given by the server; 90 s, that of the default 15 minutes, when not),
-- as an unchanged heartbeat already does (docs/decisions/devices.md). Everything else is 0038's.
-- A function's arguments cannot change in place: the old ones are dropped and made again with the
-- precision last and defaulted, so a call with the old arguments (an instance not yet updated) still works.
DROP FUNCTION ingest_shot_batch(text, bigint, timestamptz[], smallint[], integer[]);
--> statement-breakpoint
DROP FUNCTION ingest_shot_batch_group(text[], bigint[], integer[], timestamptz[], smallint[], integer[]);
--> statement-breakpoint
CREATE FUNCTION ingest_shot_batch_group(
  p_credential_hashes text[],
  p_sequences bigint[],
  p_entry_batch integer[],
  p_ats timestamptz[],
  p_slots smallint[],
  p_counts integer[],
  p_seen_precision_seconds integer DEFAULT 90
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  -- One element per batch.
  v_devices integer[];
  v_locations integer[];
  v_campaigns integer[];
  v_totals integer[];
  v_is_new boolean[];
  -- One element per entry of the new batches.
  v_batch integer[];
  v_at timestamptz[];
  v_slot smallint[];
  v_count integer[];
  v_capsule integer[];
  v_fragrance integer[];
  v_empty text;
  v_answers jsonb;
  v_rolled date;
BEGIN
  SELECT array_agg(d.id ORDER BY b.n), array_agg(d.location_id ORDER BY b.n), array_agg(d.campaign_id ORDER BY b.n)
    INTO v_devices, v_locations, v_campaigns
    FROM unnest(p_credential_hashes) WITH ORDINALITY AS b(hash, n)
    LEFT JOIN devices d ON d.credential_hash = b.hash AND d.deleted_at IS NULL;

  -- Lock 1: each device's state row once, by device id. Its last-seen is written only once it is older
  -- than the precision, as a heartbeat's is (a rewrite of an indexed column: a new row version and its
  -- index entries on every batch). The row is locked all the same: ON CONFLICT locks the row it meets
  -- before it reads the WHERE, so the batches and heartbeats of a device still queue here, in this order.
  INSERT INTO device_states AS s (device_id, last_seen_at)
    SELECT DISTINCT id, now() FROM unnest(v_devices) AS id WHERE id IS NOT NULL ORDER BY 1
    ON CONFLICT (device_id) DO UPDATE SET last_seen_at = now()
      WHERE s.last_seen_at IS NULL OR s.last_seen_at <= now() - make_interval(secs => p_seen_precision_seconds);

  SELECT array_agg(coalesce(t.total, 0) ORDER BY b.n) INTO v_totals
    FROM generate_subscripts(p_credential_hashes, 1) AS b(n)
    LEFT JOIN (SELECT e.batch, sum(e.count)::integer AS total
                 FROM unnest(p_entry_batch, p_counts) AS e(batch, count) GROUP BY e.batch) t ON t.batch = b.n;

  -- Lock 2: the first batch of each (device, sequence) is offered; the ones inserted are the new ones.
  WITH offered AS (
    SELECT DISTINCT ON (v_devices[g.n], p_sequences[g.n]) g.n, v_devices[g.n] AS device_id, p_sequences[g.n] AS sequence
      FROM generate_subscripts(p_credential_hashes, 1) AS g(n)
      WHERE v_devices[g.n] IS NOT NULL
      ORDER BY v_devices[g.n], p_sequences[g.n], g.n
  ), inserted AS (
    INSERT INTO shot_batches (device_id, sequence, shots)
      SELECT o.device_id, o.sequence, v_totals[o.n] FROM offered o ORDER BY o.device_id, o.sequence
      ON CONFLICT (device_id, sequence) DO NOTHING
      RETURNING device_id, sequence
  )
  SELECT array_agg(o.n IS NOT NULL ORDER BY b.n) INTO v_is_new
    FROM generate_subscripts(p_credential_hashes, 1) AS b(n)
    LEFT JOIN (offered o JOIN inserted i ON i.device_id = o.device_id AND i.sequence = o.sequence) ON o.n = b.n;

  -- The new batches' entries with the capsule and fragrance of each (null where the slot is empty),
  -- as parallel arrays: the aggregates of one query see the rows in the same order, so no sort is
  -- needed. The group's capsules are read once and hashed, not looked up entry by entry.
  SELECT array_agg(e.batch), array_agg(e.at), array_agg(e.slot), array_agg(e.count), array_agg(c.id),
         array_agg(c.fragrance_id),
         (array_agg(e.batch || ':' || e.slot ORDER BY e.batch, e.slot) FILTER (WHERE c.id IS NULL))[1]
    INTO v_batch, v_at, v_slot, v_count, v_capsule, v_fragrance, v_empty
    FROM unnest(p_entry_batch, p_ats, p_slots, p_counts) AS e(batch, at, slot, count)
    LEFT JOIN (SELECT id, fragrance_id, device_id, slot FROM capsules WHERE device_id = ANY (v_devices)) c
      ON c.device_id = v_devices[e.batch] AND c.slot = e.slot
    WHERE v_is_new[e.batch];
  IF v_empty IS NOT NULL THEN
    RAISE EXCEPTION 'batch:slot % holds no capsule', v_empty USING ERRCODE = 'SC409', DETAIL = v_empty;
  END IF;

  IF v_batch IS NOT NULL THEN
    INSERT INTO shots (shot_at, device_id, location_id, campaign_id, fragrance_id, capsule_id, slot, count, batch_sequence)
      SELECT e.at, v_devices[e.batch], v_locations[e.batch], v_campaigns[e.batch], e.fragrance_id, e.capsule_id,
             e.slot, e.count, p_sequences[e.batch]
      FROM unnest(v_batch, v_at, v_slot, v_count, v_capsule, v_fragrance) AS e(batch, at, slot, count, capsule_id, fragrance_id);

    -- Lock 3, by capsule id. Never below zero: shots past zero are recorded, the level stays counted
    -- (lowering once by a group's sum is the same as lowering batch after batch, each clamped at zero).
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

    -- Migration 0038: each device's shots per UTC hour and day and campaign, the devices list's "shots
    -- in the period". Rows of this batch's own devices, whose state rows are locked above, in key order.
    INSERT INTO shot_counts_device_hourly AS h (device_id, hour, campaign_id, shots)
      SELECT v_devices[e.batch], date_trunc('hour', e.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', v_campaigns[e.batch], sum(e.count)
      FROM unnest(v_batch, v_at, v_count) AS e(batch, at, count)
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (device_id, hour, campaign_id) DO UPDATE SET shots = h.shots + EXCLUDED.shots;
    INSERT INTO shot_counts_device_daily AS d (device_id, day, campaign_id, shots)
      SELECT v_devices[e.batch], (e.at AT TIME ZONE 'UTC')::date, v_campaigns[e.batch], sum(e.count)
      FROM unnest(v_batch, v_at, v_count) AS e(batch, at, count)
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (device_id, day, campaign_id) DO UPDATE SET shots = d.shots + EXCLUDED.shots;

    -- Last: rows shared by every device of a location and campaign, held until commit.
    INSERT INTO shot_counts_hourly AS h (hour, location_id, campaign_id, fragrance_id, shots)
      SELECT date_trunc('hour', e.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', v_locations[e.batch], v_campaigns[e.batch],
             e.fragrance_id, sum(e.count)
      FROM unnest(v_batch, v_at, v_count, v_fragrance) AS e(batch, at, count, fragrance_id)
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (hour, location_id, campaign_id, fragrance_id) DO UPDATE SET shots = h.shots + EXCLUDED.shots;

    -- The same per UTC day (migration 0027), in the same order of keys, after the hourly rows.
    INSERT INTO shot_counts_daily AS d (day, location_id, campaign_id, fragrance_id, shots)
      SELECT (e.at AT TIME ZONE 'UTC')::date, v_locations[e.batch], v_campaigns[e.batch], e.fragrance_id, sum(e.count)
      FROM unnest(v_batch, v_at, v_count, v_fragrance) AS e(batch, at, count, fragrance_id)
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (day, location_id, campaign_id, fragrance_id) DO UPDATE SET shots = d.shots + EXCLUDED.shots;

    -- Migration 0029: shots on a day already rolled up (at or before the watermark) go into the
    -- roll-ups too. The shared lock is taken after the daily rows, so the roll-up job (exclusive) either
    -- ran before (then the watermark read below covers the day) or waits for this commit (then it
    -- reads these daily rows).
    PERFORM pg_advisory_xact_lock_shared(7426029);
    SELECT rolled_through INTO v_rolled FROM shot_rollup_state WHERE id = 1;
    IF (SELECT min(a) FROM unnest(v_at) AS a) < (v_rolled + 1)::timestamp AT TIME ZONE 'UTC' THEN
      PERFORM add_to_shot_rollups(array_agg(e.day), array_agg(e.location_id), array_agg(e.campaign_id),
                                  array_agg(e.fragrance_id), array_agg(e.shots))
        FROM (SELECT (e.at AT TIME ZONE 'UTC')::date AS day, v_locations[e.batch] AS location_id,
                     v_campaigns[e.batch] AS campaign_id, e.fragrance_id, e.count::bigint AS shots
                FROM unnest(v_batch, v_at, v_count, v_fragrance) AS e(batch, at, count, fragrance_id)) e
        WHERE e.day <= v_rolled;
      PERFORM add_to_shot_rollups_hourly(array_agg(e.hour), array_agg(e.location_id), array_agg(e.campaign_id),
                                         array_agg(e.fragrance_id), array_agg(e.shots))
        FROM (SELECT date_trunc('hour', e.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour, v_locations[e.batch] AS location_id,
                     v_campaigns[e.batch] AS campaign_id, e.fragrance_id, e.count::bigint AS shots
                FROM unnest(v_batch, v_at, v_count, v_fragrance) AS e(batch, at, count, fragrance_id)) e
        WHERE e.hour < (v_rolled + 1)::timestamp AT TIME ZONE 'UTC';
    END IF;
  END IF;

  -- Each batch's slots with their levels as they are now (an empty slot of an old batch is left out).
  WITH placed AS (
    SELECT c.device_id, c.slot, l.remaining_shots
      FROM capsules c JOIN capsule_levels l ON l.capsule_id = c.id
      WHERE c.device_id = ANY (v_devices)
  ), levels AS (
    SELECT s.batch,
           jsonb_agg(jsonb_build_object('slot', p.slot, 'remainingShots', p.remaining_shots) ORDER BY p.slot) AS capsules
      FROM (SELECT DISTINCT e.batch, e.slot FROM unnest(p_entry_batch, p_slots) AS e(batch, slot)) s
      JOIN placed p ON p.device_id = v_devices[s.batch] AND p.slot = s.slot
      GROUP BY s.batch
  )
  SELECT jsonb_agg(
           CASE WHEN v_devices[b.n] IS NULL THEN jsonb_build_object('status', 'unknown')
           ELSE jsonb_build_object(
             'status', 'ok',
             'isNew', v_is_new[b.n],
             'shots', CASE WHEN v_is_new[b.n] THEN v_totals[b.n] ELSE 0 END,
             'capsules', coalesce(lv.capsules, '[]'::jsonb))
           END ORDER BY b.n)
    INTO v_answers
    FROM generate_subscripts(p_credential_hashes, 1) AS b(n)
    LEFT JOIN levels lv ON lv.batch = b.n;

  RETURN coalesce(v_answers, '[]'::jsonb);
END
$$;
--> statement-breakpoint
-- The batch alone: a group of one (0026's, with the precision).
CREATE FUNCTION ingest_shot_batch(
  p_credential_hash text,
  p_sequence bigint,
  p_ats timestamptz[],
  p_slots smallint[],
  p_counts integer[],
  p_seen_precision_seconds integer DEFAULT 90
) RETURNS jsonb LANGUAGE sql AS $$
  SELECT ingest_shot_batch_group(ARRAY[p_credential_hash], ARRAY[p_sequence],
    array_fill(1, ARRAY[cardinality(p_slots)]), p_ats, p_slots, p_counts, p_seen_precision_seconds) -> 0
$$;
