-- A batch of shots lands in one round trip: ingest_shot_batch does, in the caller's one statement (and
-- so one transaction), everything a batch changes. Arguments are parallel arrays of the batch's
-- entries (shot time, slot, count), validated by the API before the call.
--
-- Order of locks, the same for every batch, so that concurrent batches never deadlock:
--   1. the device's device_states row (upserted: it also marks the device seen). Every write about one
--      device (its batches, its heartbeats) takes it first, so one device's batches run one after the
--      other and its capsules are only ever changed under it;
--   2. shot_batches (device, sequence): a sequence already there is a batch received before: its
--      levels are answered again and nothing is counted;
--   3. the device's capsules (its own: under lock 1);
--   4. the aggregates, shared between devices of a location, campaign or fragrance: one row per key
--      per batch, inserted in key order, so two batches that share keys take them in the same order.
-- The device is read by its credential's hash without a lock: a batch that was sent while the device
-- was active may land while staff retire it; the next call is refused (its credential is cleared).
-- Answers jsonb: {status: 'unknown'} for a credential no active device holds, else {status: 'ok',
-- isNew, shots, capsules: [{slot, remainingShots}]}. A slot without a capsule raises SQLSTATE SC409
-- with the slot as DETAIL, which undoes the whole batch.
CREATE FUNCTION ingest_shot_batch(
  p_credential_hash text,
  p_sequence bigint,
  p_ats timestamptz[],
  p_slots smallint[],
  p_counts integer[]
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_device_id integer;
  v_location_id integer;
  v_campaign_id integer;
  v_total integer;
  v_empty_slot smallint;
  v_is_new boolean;
BEGIN
  SELECT id, location_id, campaign_id INTO v_device_id, v_location_id, v_campaign_id
    FROM devices WHERE credential_hash = p_credential_hash AND deleted_at IS NULL;
  IF v_device_id IS NULL THEN
    RETURN jsonb_build_object('status', 'unknown');
  END IF;

  INSERT INTO device_states (device_id, last_seen_at) VALUES (v_device_id, now())
    ON CONFLICT (device_id) DO UPDATE SET last_seen_at = now();

  SELECT sum(count) INTO v_total FROM unnest(p_counts) AS count;
  INSERT INTO shot_batches (device_id, sequence, shots) VALUES (v_device_id, p_sequence, v_total)
    ON CONFLICT (device_id, sequence) DO NOTHING;
  v_is_new := FOUND;

  IF v_is_new THEN
    SELECT e.slot INTO v_empty_slot FROM unnest(p_slots) AS e(slot)
      WHERE NOT EXISTS (SELECT 1 FROM capsules c WHERE c.device_id = v_device_id AND c.slot = e.slot)
      ORDER BY e.slot LIMIT 1;
    IF v_empty_slot IS NOT NULL THEN
      RAISE EXCEPTION 'slot % holds no capsule', v_empty_slot USING ERRCODE = 'SC409', DETAIL = v_empty_slot::text;
    END IF;

    INSERT INTO shots (shot_at, device_id, location_id, campaign_id, fragrance_id, capsule_id, slot, count, batch_sequence)
      SELECT e.at, v_device_id, v_location_id, v_campaign_id, c.fragrance_id, c.id, e.slot, e.count, p_sequence
      FROM unnest(p_ats, p_slots, p_counts) AS e(at, slot, count)
      JOIN capsules c ON c.device_id = v_device_id AND c.slot = e.slot;

    -- Never below zero: shots past zero are recorded (the device fired them), the level stays counted.
    UPDATE capsules c SET remaining_shots = greatest(c.remaining_shots - p.shots, 0), updated_at = now()
      FROM (SELECT e.slot, sum(e.count) AS shots FROM unnest(p_slots, p_counts) AS e(slot, count) GROUP BY e.slot) p
      WHERE c.device_id = v_device_id AND c.slot = p.slot;

    INSERT INTO shot_counts_hourly AS h (hour, location_id, campaign_id, fragrance_id, shots)
      SELECT date_trunc('hour', e.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', v_location_id, v_campaign_id,
             c.fragrance_id, sum(e.count)
      FROM unnest(p_ats, p_slots, p_counts) AS e(at, slot, count)
      JOIN capsules c ON c.device_id = v_device_id AND c.slot = e.slot
      GROUP BY 1, 4 ORDER BY 1, 4
      ON CONFLICT (hour, location_id, campaign_id, fragrance_id) DO UPDATE SET shots = h.shots + EXCLUDED.shots;

    INSERT INTO capsule_shot_days AS d (capsule_id, day, shots)
      SELECT c.id, (e.at AT TIME ZONE 'UTC')::date, sum(e.count)
      FROM unnest(p_ats, p_slots, p_counts) AS e(at, slot, count)
      JOIN capsules c ON c.device_id = v_device_id AND c.slot = e.slot
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (capsule_id, day) DO UPDATE SET shots = d.shots + EXCLUDED.shots;
  END IF;

  RETURN jsonb_build_object(
    'status', 'ok',
    'isNew', v_is_new,
    'shots', CASE WHEN v_is_new THEN v_total ELSE 0 END,
    'capsules', (
      SELECT coalesce(jsonb_agg(jsonb_build_object('slot', c.slot, 'remainingShots', c.remaining_shots) ORDER BY c.slot), '[]'::jsonb)
      FROM capsules c WHERE c.device_id = v_device_id AND c.slot = ANY (p_slots)
    )
  );
END
$$;
