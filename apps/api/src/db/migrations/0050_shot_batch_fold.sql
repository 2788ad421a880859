ALTER TABLE "shot_batches" ADD COLUMN "location_id" integer;--> statement-breakpoint
ALTER TABLE "shot_batches" ADD COLUMN "campaign_id" integer;--> statement-breakpoint
ALTER TABLE "shot_batches" ADD COLUMN "ats" timestamp with time zone[];--> statement-breakpoint
ALTER TABLE "shot_batches" ADD COLUMN "slots" smallint[];--> statement-breakpoint
ALTER TABLE "shot_batches" ADD COLUMN "counts" integer[];--> statement-breakpoint
ALTER TABLE "shot_batches" ADD COLUMN "capsule_ids" integer[];--> statement-breakpoint
ALTER TABLE "shot_batches" ADD COLUMN "fragrance_ids" integer[];--> statement-breakpoint
CREATE INDEX "shot_batches_unfolded_idx" ON "shot_batches" USING btree ("device_id","sequence") WHERE "shot_batches"."ats" is not null;--> statement-breakpoint
-- Issue 41: a shot batch is acknowledged by one row, its shot_batches row, carrying its entries and what
-- ingestion resolved at that moment (the device's location and campaign, each entry's capsule and
-- fragrance). fold_shot_batches, run by one instance at a time every SHOT_FOLD_INTERVAL_MS, credits
-- every unfolded batch at once exactly as ingest_shot_batch_group (0045) credits one group, and clears
-- the entries in the same transaction: a batch is folded once, whatever crashes. A batch with entries
-- (`ats` not null) is unfolded; rows from before this migration, and those an instance not yet updated
-- writes with 0045's function, have none: they are counted already.
-- Written by hand (the columns and the index above are drizzle-kit's).
--
-- The acknowledgement: 0045's arguments and answer. Lock 1 is the device's state row, as in 0045, so a
-- batch and a heartbeat of one device still queue; a slot without a capsule is refused (SC409) and
-- nothing is written; each slot's level is answered as the fold will leave it: the stored level minus
-- the device's unfolded shots of that capsule, never below zero, read in one statement (one snapshot:
-- a fold committing meanwhile is seen whole or not at all).
CREATE FUNCTION ack_shot_batch_group(
  p_credential_hashes text[],
  p_sequences bigint[],
  p_entry_batch integer[],
  p_ats timestamptz[],
  p_slots smallint[],
  p_counts integer[],
  p_seen_precision_seconds integer DEFAULT 90
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_devices integer[];
  v_locations integer[];
  v_campaigns integer[];
  v_totals integer[];
  v_is_new boolean[];
  v_empty text;
  v_answers jsonb;
BEGIN
  SELECT array_agg(d.id ORDER BY b.n), array_agg(d.location_id ORDER BY b.n), array_agg(d.campaign_id ORDER BY b.n)
    INTO v_devices, v_locations, v_campaigns
    FROM unnest(p_credential_hashes) WITH ORDINALITY AS b(hash, n)
    LEFT JOIN devices d ON d.credential_hash = b.hash AND d.deleted_at IS NULL;

  INSERT INTO device_states AS s (device_id, last_seen_at)
    SELECT DISTINCT id, now() FROM unnest(v_devices) AS id WHERE id IS NOT NULL ORDER BY 1
    ON CONFLICT (device_id) DO UPDATE SET last_seen_at = now()
      WHERE s.last_seen_at IS NULL OR s.last_seen_at <= now() - make_interval(secs => p_seen_precision_seconds);

  SELECT array_agg(coalesce(t.total, 0) ORDER BY b.n) INTO v_totals
    FROM generate_subscripts(p_credential_hashes, 1) AS b(n)
    LEFT JOIN (SELECT e.batch, sum(e.count)::integer AS total
                 FROM unnest(p_entry_batch, p_counts) AS e(batch, count) GROUP BY e.batch) t ON t.batch = b.n;

  -- Lock 2: the first batch of each (device, sequence) is offered with its resolved entries, in the
  -- order the device sent them; the ones inserted are the new ones.
  WITH offered AS (
    SELECT DISTINCT ON (v_devices[g.n], p_sequences[g.n]) g.n, v_devices[g.n] AS device_id, p_sequences[g.n] AS sequence
      FROM generate_subscripts(p_credential_hashes, 1) AS g(n)
      WHERE v_devices[g.n] IS NOT NULL
      ORDER BY v_devices[g.n], p_sequences[g.n], g.n
  ), resolved AS (
    SELECT o.n, array_agg(e.at ORDER BY e.i) AS ats, array_agg(e.slot ORDER BY e.i) AS slots,
           array_agg(e.count ORDER BY e.i) AS counts, array_agg(c.id ORDER BY e.i) AS capsule_ids,
           array_agg(c.fragrance_id ORDER BY e.i) AS fragrance_ids,
           min(e.slot) FILTER (WHERE c.id IS NULL) AS empty_slot
      FROM offered o
      JOIN unnest(p_entry_batch, p_ats, p_slots, p_counts) WITH ORDINALITY AS e(batch, at, slot, count, i) ON e.batch = o.n
      LEFT JOIN capsules c ON c.device_id = o.device_id AND c.slot = e.slot
      GROUP BY o.n
  ), inserted AS (
    INSERT INTO shot_batches (device_id, sequence, shots, location_id, campaign_id, ats, slots, counts, capsule_ids, fragrance_ids)
      SELECT o.device_id, o.sequence, v_totals[o.n], v_locations[o.n], v_campaigns[o.n],
             coalesce(r.ats, '{}'), coalesce(r.slots, '{}'), coalesce(r.counts, '{}'),
             coalesce(r.capsule_ids, '{}'), coalesce(r.fragrance_ids, '{}')
        FROM offered o LEFT JOIN resolved r ON r.n = o.n
        ORDER BY o.device_id, o.sequence
      ON CONFLICT (device_id, sequence) DO NOTHING
      RETURNING device_id, sequence
  )
  SELECT array_agg(o.n IS NOT NULL ORDER BY b.n),
         (array_agg(b.n || ':' || r.empty_slot ORDER BY b.n) FILTER (WHERE o.n IS NOT NULL AND r.empty_slot IS NOT NULL))[1]
    INTO v_is_new, v_empty
    FROM generate_subscripts(p_credential_hashes, 1) AS b(n)
    LEFT JOIN (offered o JOIN inserted i ON i.device_id = o.device_id AND i.sequence = o.sequence) ON o.n = b.n
    LEFT JOIN resolved r ON r.n = b.n;
  IF v_empty IS NOT NULL THEN
    RAISE EXCEPTION 'batch:slot % holds no capsule', v_empty USING ERRCODE = 'SC409', DETAIL = v_empty;
  END IF;

  WITH placed AS (
    SELECT c.id, c.device_id, c.slot, l.remaining_shots
      FROM capsules c JOIN capsule_levels l ON l.capsule_id = c.id
      WHERE c.device_id = ANY (v_devices)
  ), pending AS (
    SELECT b.device_id, u.capsule_id, sum(u.count) AS shots
      FROM shot_batches b, unnest(b.capsule_ids, b.counts) AS u(capsule_id, count)
      WHERE b.device_id = ANY (v_devices) AND b.ats IS NOT NULL
      GROUP BY 1, 2
  ), levels AS (
    SELECT s.batch,
           jsonb_agg(jsonb_build_object('slot', p.slot,
                     'remainingShots', greatest(p.remaining_shots - coalesce(q.shots, 0), 0)) ORDER BY p.slot) AS capsules
      FROM (SELECT DISTINCT e.batch, e.slot FROM unnest(p_entry_batch, p_slots) AS e(batch, slot)) s
      JOIN placed p ON p.device_id = v_devices[s.batch] AND p.slot = s.slot
      LEFT JOIN pending q ON q.device_id = p.device_id AND q.capsule_id = p.id
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
CREATE FUNCTION ack_shot_batch(
  p_credential_hash text,
  p_sequence bigint,
  p_ats timestamptz[],
  p_slots smallint[],
  p_counts integer[],
  p_seen_precision_seconds integer DEFAULT 90
) RETURNS jsonb LANGUAGE sql AS $$
  SELECT ack_shot_batch_group(ARRAY[p_credential_hash], ARRAY[p_sequence],
    array_fill(1, ARRAY[cardinality(p_slots)]), p_ats, p_slots, p_counts, p_seen_precision_seconds) -> 0
$$;
--> statement-breakpoint
-- The fold: at most p_limit unfolded batches (the oldest keys first), credited as 0045 credits a group
-- (shots rows, levels lowered and clamped at zero, capsule_shot_days, the four count tables, the
-- roll-ups of days already rolled up), then their entries cleared, all in this transaction. One fold at
-- a time across instances (advisory lock 7426050, held to commit): a second one waits, then finds the
-- batches folded. Acknowledgements only insert, so they never wait here; a batch committed after the
-- list was read is left for the next fold. Locks in 0045's order after the batch rows: capsule levels by
-- id, the devices' count rows, then the shared count rows, then the shared roll-up lock. Returns how
-- many batches it folded.
CREATE FUNCTION fold_shot_batches(p_limit integer DEFAULT 5000) RETURNS integer LANGUAGE plpgsql AS $$
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
  PERFORM pg_advisory_xact_lock(7426050);
  SELECT array_agg(b.device_id ORDER BY b.device_id, b.sequence), array_agg(b.sequence ORDER BY b.device_id, b.sequence)
    INTO v_keys_device, v_keys_sequence
    FROM (SELECT device_id, sequence FROM shot_batches WHERE ats IS NOT NULL
           ORDER BY device_id, sequence LIMIT p_limit) b;
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

  IF v_device IS NOT NULL THEN
    -- The oldest month kept (0023's partitions, shots_YYYYMM). A batch acknowledged in the last moment of
    -- its oldest month's retention may meet that month dropped by the retention job before its fold:
    -- those raw shots are not stored (retention would have dropped them), and are counted like the
    -- rest. Without this, such a batch would fail every later fold.
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

    INSERT INTO shot_counts_hourly AS h (hour, location_id, campaign_id, fragrance_id, shots)
      SELECT date_trunc('hour', e.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', e.location_id, e.campaign_id, e.fragrance_id, sum(e.count)
      FROM unnest(v_at, v_location, v_campaign, v_fragrance, v_count) AS e(at, location_id, campaign_id, fragrance_id, count)
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (hour, location_id, campaign_id, fragrance_id) DO UPDATE SET shots = h.shots + EXCLUDED.shots;
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
  END IF;

  UPDATE shot_batches b SET ats = NULL, slots = NULL, counts = NULL, capsule_ids = NULL, fragrance_ids = NULL
    FROM unnest(v_keys_device, v_keys_sequence) AS k(device_id, sequence)
    WHERE b.device_id = k.device_id AND b.sequence = k.sequence;
  RETURN cardinality(v_keys_device);
END
$$;
