-- Group commit: several shot batches (of one device or many) in one statement and one transaction.
-- Every batch of a fleet upserts the same shared shot_counts_hourly rows (location × campaign ×
-- fragrance × hour) and holds them until its commit has reached the disk, so batches of different
-- devices ran one after the other there, one WAL flush each. A group takes those rows once for all its
-- batches, and pays one flush for all of them; the API acknowledges each batch after the group's commit.
--
-- Arguments: one element per batch (credential hash, sequence), and the entries of all batches flat,
-- each with the 1-based index of its batch (p_entry_batch). Answer: a jsonb array, one element per
-- batch in input order, each as ingest_shot_batch answered: {"status": "unknown"} for a credential of
-- no device, else {"status": "ok", "isNew", "shots", "capsules": [{"slot", "remainingShots"}]}.
--
-- The same order of locks as 0024 and 0025, for the whole group: (1) the devices' state rows, by
-- device id; (2) shot_batches, by (device, sequence); (3) the capsules' level rows, by capsule id;
-- (4) capsule_shot_days, by (capsule, day); (5) last, the shared shot_counts_hourly rows, by (hour,
-- location, campaign, fragrance) — one upsert per key for the whole group, so two groups (or a group
-- and a lone batch, which is a group of one) take them in the same order and never deadlock.
--
-- A sequence sent twice (twice in the group, or already stored) counts once: the first batch of the
-- group with that (device, sequence) is new if no row existed, every other answers isNew false with
-- the levels as they are after the group. A new batch naming a slot without a capsule raises SC409
-- with DETAIL 'batchIndex:slot' (1-based); the whole group is rolled back, and the caller re-runs each
-- batch alone so the others still land. A batch's levels in its answer are those after the group.
CREATE OR REPLACE FUNCTION ingest_shot_batch_group(
  p_credential_hashes text[],
  p_sequences bigint[],
  p_entry_batch integer[],
  p_ats timestamptz[],
  p_slots smallint[],
  p_counts integer[]
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
BEGIN
  SELECT array_agg(d.id ORDER BY b.n), array_agg(d.location_id ORDER BY b.n), array_agg(d.campaign_id ORDER BY b.n)
    INTO v_devices, v_locations, v_campaigns
    FROM unnest(p_credential_hashes) WITH ORDINALITY AS b(hash, n)
    LEFT JOIN devices d ON d.credential_hash = b.hash AND d.deleted_at IS NULL;

  -- Lock 1: each device's state row once, by device id.
  INSERT INTO device_states (device_id, last_seen_at)
    SELECT DISTINCT id, now() FROM unnest(v_devices) AS id WHERE id IS NOT NULL ORDER BY 1
    ON CONFLICT (device_id) DO UPDATE SET last_seen_at = now();

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

    -- Last: rows shared by every device of a location and campaign, held until commit.
    INSERT INTO shot_counts_hourly AS h (hour, location_id, campaign_id, fragrance_id, shots)
      SELECT date_trunc('hour', e.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', v_locations[e.batch], v_campaigns[e.batch],
             e.fragrance_id, sum(e.count)
      FROM unnest(v_batch, v_at, v_count, v_fragrance) AS e(batch, at, count, fragrance_id)
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (hour, location_id, campaign_id, fragrance_id) DO UPDATE SET shots = h.shots + EXCLUDED.shots;
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
-- One truth: a lone batch is a group of one (same answer; the SC409 DETAIL is now '1:slot').
CREATE OR REPLACE FUNCTION ingest_shot_batch(
  p_credential_hash text,
  p_sequence bigint,
  p_ats timestamptz[],
  p_slots smallint[],
  p_counts integer[]
) RETURNS jsonb LANGUAGE sql AS $$
  SELECT ingest_shot_batch_group(ARRAY[p_credential_hash], ARRAY[p_sequence],
    array_fill(1, ARRAY[cardinality(p_slots)]), p_ats, p_slots, p_counts) -> 0
$$;
