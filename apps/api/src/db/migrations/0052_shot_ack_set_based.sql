-- Issue 41, the batch's cost: the acknowledgement in one statement, set-based.
--
-- 0050/0051 resolved each entry's capsule by its own index lookup (100 lookups for a batch of 100), then,
-- in a second statement, answered each slot's level by expanding every unfolded entry of the device,
-- the batch just written included. Here one statement reads the devices' capsules and levels once
-- (hash-joined to the entries), inserts the new batches, and answers from what it holds: the stored
-- level, less the new batches' own shots (summed from the entries in hand), less the device's other
-- unfolded batches (those its snapshot sees: the batch being inserted is not among them, so usually
-- none or one). One snapshot, as before: a fold committing meanwhile is counted either in the level or
-- in the unfolded sum, never both.
--
-- One race needs the old read: a batch whose (device, sequence) another transaction inserted after
-- this statement's snapshot was taken (the same batch sent twice at once) is answered isNew false but
-- is not in the snapshot's unfolded sum; then the answer is read again in a second statement, which
-- sees it, exactly as 0051 answered every batch.
--
-- p_seen_precision_seconds is dropped (unused since 0051: the instance queues the last-seen time).
-- Instances still running 0051's code during a rolling deploy call the 7-argument forms: they stay, as
-- wrappers without the default (so a 6-argument call is never ambiguous), for one release.
--
-- The fold takes its lock with a try (pg_try_advisory_xact_lock) unless asked to wait: an instance's
-- timed fold that finds another folding returns -1 at once instead of holding a connection until the
-- other commits (which folds its batches anyway). Waiting stays for callers that need every batch
-- acknowledged before the call folded when they return (a graceful stop, tests, benches).
DROP FUNCTION ack_shot_batch(text, bigint, timestamptz[], smallint[], integer[], integer);
--> statement-breakpoint
DROP FUNCTION ack_shot_batch_group(text[], bigint[], integer[], timestamptz[], smallint[], integer[], integer);
--> statement-breakpoint
CREATE FUNCTION ack_shot_batch_group(
  p_credential_hashes text[],
  p_sequences bigint[],
  p_entry_batch integer[],
  p_ats timestamptz[],
  p_slots smallint[],
  p_counts integer[]
) RETURNS jsonb LANGUAGE plpgsql
-- Every read here is one device's rows by an index. Measured, the plan kept for the function chose a
-- sequential scan of shot_batches for the unfolded batches while the table was small (statistics of
-- its first minutes), reading every folded batch's dead version: 7 ms of a 8 ms call.
SET enable_seqscan = off
AS $$
DECLARE
  v_devices integer[];
  v_locations integer[];
  v_campaigns integer[];
  v_is_new boolean[];
  v_totals integer[];
  v_empty text;
  v_unseen boolean;
  v_answers jsonb;
BEGIN
  SELECT array_agg(d.id ORDER BY b.n), array_agg(d.location_id ORDER BY b.n), array_agg(d.campaign_id ORDER BY b.n)
    INTO v_devices, v_locations, v_campaigns
    FROM unnest(p_credential_hashes) WITH ORDINALITY AS b(hash, n)
    LEFT JOIN devices d ON d.credential_hash = b.hash AND d.deleted_at IS NULL;

  -- The first batch of each (device, sequence) is offered with its resolved entries, in the order the
  -- device sent them; the ones inserted are the new ones.
  WITH placed AS MATERIALIZED (
    SELECT c.device_id, c.slot, c.id, c.fragrance_id, l.remaining_shots
      FROM capsules c LEFT JOIN capsule_levels l ON l.capsule_id = c.id
      WHERE c.device_id = ANY (v_devices)
  ), entries AS MATERIALIZED (
    SELECT e.batch, e.at, e.slot, e.count, e.i
      FROM unnest(p_entry_batch, p_ats, p_slots, p_counts) WITH ORDINALITY AS e(batch, at, slot, count, i)
  ), offered AS MATERIALIZED (
    SELECT DISTINCT ON (v_devices[g.n], p_sequences[g.n]) g.n, v_devices[g.n] AS device_id, p_sequences[g.n] AS sequence
      FROM generate_subscripts(p_credential_hashes, 1) AS g(n)
      WHERE v_devices[g.n] IS NOT NULL
      ORDER BY v_devices[g.n], p_sequences[g.n], g.n
  ), resolved_entries AS MATERIALIZED (
    SELECT o.n, o.device_id, e.i, e.at, e.slot, e.count, p.id AS capsule_id, p.fragrance_id
      FROM offered o
      JOIN entries e ON e.batch = o.n
      LEFT JOIN placed p ON p.device_id = o.device_id AND p.slot = e.slot
  ), resolved AS (
    SELECT r.n, array_agg(r.at ORDER BY r.i) AS ats, array_agg(r.slot ORDER BY r.i) AS slots,
           array_agg(r.count ORDER BY r.i) AS counts, array_agg(r.capsule_id ORDER BY r.i) AS capsule_ids,
           array_agg(r.fragrance_id ORDER BY r.i) AS fragrance_ids, sum(r.count)::integer AS total,
           min(r.slot) FILTER (WHERE r.capsule_id IS NULL) AS empty_slot
      FROM resolved_entries r
      GROUP BY r.n
  ), inserted AS (
    INSERT INTO shot_batches (device_id, sequence, shots, location_id, campaign_id, ats, slots, counts, capsule_ids, fragrance_ids)
      SELECT o.device_id, o.sequence, coalesce(r.total, 0), v_locations[o.n], v_campaigns[o.n],
             coalesce(r.ats, '{}'), coalesce(r.slots, '{}'), coalesce(r.counts, '{}'),
             coalesce(r.capsule_ids, '{}'), coalesce(r.fragrance_ids, '{}')
        FROM offered o LEFT JOIN resolved r ON r.n = o.n
        ORDER BY o.device_id, o.sequence
      ON CONFLICT (device_id, sequence) DO NOTHING
      RETURNING device_id, sequence
  ), fresh AS MATERIALIZED (
    SELECT o.n FROM offered o JOIN inserted i ON i.device_id = o.device_id AND i.sequence = o.sequence
  ), unseen AS (
    -- Offered, not inserted, and not in this snapshot: inserted meanwhile by another transaction.
    SELECT 1 FROM offered o
      WHERE NOT EXISTS (SELECT 1 FROM fresh f WHERE f.n = o.n)
        AND NOT EXISTS (SELECT 1 FROM shot_batches b WHERE b.device_id = o.device_id AND b.sequence = o.sequence)
  ), pending AS (
    -- The new batches' own shots, from the entries in hand, and the device's other unfolded batches,
    -- as this snapshot sees them (the rows inserted above are not among them).
    SELECT q.device_id, q.capsule_id, sum(q.shots) AS shots
      FROM (SELECT r.device_id, r.capsule_id, r.count::bigint AS shots
              FROM resolved_entries r JOIN fresh f ON f.n = r.n
            UNION ALL
            SELECT b.device_id, u.capsule_id, u.count
              FROM shot_batches b, unnest(b.capsule_ids, b.counts) AS u(capsule_id, count)
              WHERE b.device_id = ANY (v_devices) AND b.ats IS NOT NULL) q
      GROUP BY 1, 2
  ), levels AS (
    SELECT s.batch,
           jsonb_agg(jsonb_build_object('slot', p.slot,
                     'remainingShots', greatest(p.remaining_shots - coalesce(q.shots, 0), 0)) ORDER BY p.slot) AS capsules
      FROM (SELECT DISTINCT e.batch, e.slot FROM entries e) s
      JOIN placed p ON p.device_id = v_devices[s.batch] AND p.slot = s.slot AND p.remaining_shots IS NOT NULL
      LEFT JOIN pending q ON q.device_id = p.device_id AND q.capsule_id = p.id
      GROUP BY s.batch
  )
  SELECT array_agg(f.n IS NOT NULL ORDER BY b.n),
         array_agg(coalesce(r.total, 0) ORDER BY b.n),
         (array_agg(b.n || ':' || r.empty_slot ORDER BY b.n) FILTER (WHERE f.n IS NOT NULL AND r.empty_slot IS NOT NULL))[1],
         EXISTS (SELECT 1 FROM unseen),
         jsonb_agg(
           CASE WHEN v_devices[b.n] IS NULL THEN jsonb_build_object('status', 'unknown')
           ELSE jsonb_build_object(
             'status', 'ok',
             'deviceId', v_devices[b.n],
             'isNew', f.n IS NOT NULL,
             'shots', CASE WHEN f.n IS NOT NULL THEN coalesce(r.total, 0) ELSE 0 END,
             'capsules', coalesce(lv.capsules, '[]'::jsonb))
           END ORDER BY b.n)
    INTO v_is_new, v_totals, v_empty, v_unseen, v_answers
    FROM generate_subscripts(p_credential_hashes, 1) AS b(n)
    LEFT JOIN fresh f ON f.n = b.n
    LEFT JOIN resolved r ON r.n = b.n
    LEFT JOIN levels lv ON lv.batch = b.n;
  IF v_empty IS NOT NULL THEN
    RAISE EXCEPTION 'batch:slot % holds no capsule', v_empty USING ERRCODE = 'SC409', DETAIL = v_empty;
  END IF;
  IF NOT v_unseen THEN
    RETURN coalesce(v_answers, '[]'::jsonb);
  END IF;

  -- The race above: 0051's answer, read again in a new snapshot that sees the other transaction's batch.
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
             'deviceId', v_devices[b.n],
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
  p_counts integer[]
) RETURNS jsonb LANGUAGE sql AS $$
  SELECT ack_shot_batch_group(ARRAY[p_credential_hash], ARRAY[p_sequence],
    array_fill(1, ARRAY[cardinality(p_slots)]), p_ats, p_slots, p_counts) -> 0
$$;
--> statement-breakpoint
-- The previous release's forms (see the top of this file). To drop with the release after next.
CREATE FUNCTION ack_shot_batch_group(text[], bigint[], integer[], timestamptz[], smallint[], integer[], integer)
  RETURNS jsonb LANGUAGE sql AS $$ SELECT ack_shot_batch_group($1, $2, $3, $4, $5, $6) $$;
--> statement-breakpoint
CREATE FUNCTION ack_shot_batch(text, bigint, timestamptz[], smallint[], integer[], integer)
  RETURNS jsonb LANGUAGE sql AS $$ SELECT ack_shot_batch($1, $2, $3, $4, $5) $$;
--> statement-breakpoint
-- The fold of 0050, its lock taken with a try unless p_wait (see the top of this file); the rest as in 0050.
-- Answers how many batches it folded, or -1 when another fold held the lock and p_wait was false.
DROP FUNCTION fold_shot_batches(integer);
--> statement-breakpoint
CREATE FUNCTION fold_shot_batches(p_limit integer DEFAULT 5000, p_wait boolean DEFAULT false) RETURNS integer LANGUAGE plpgsql AS $$
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
  -- One fold at a time across instances. A timed fold does not wait for another's: it answers -1 at
  -- once, and the other folds its batches (returning the connection to its pool meanwhile).
  IF p_wait THEN
    PERFORM pg_advisory_xact_lock(7426050);
  ELSIF NOT pg_try_advisory_xact_lock(7426050) THEN
    RETURN -1;
  END IF;
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
