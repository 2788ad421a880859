-- Issue 41, the batch's cost: the acknowledgement's answer sums each named slot's unfolded shots by a
-- window, not by a join.
--
-- 0060's answer joined the named (batch, slot) pairs to the unfolded shots summed per capsule. In the
-- plan PL/pgSQL keeps (generic: both sides estimated at a row or ten), that join was a nested loop
-- re-reading the whole sum for every named slot: for a group of 15 batches of 10, 112 named slots × 97
-- sums, 10,743 rows compared and dropped, 2.0 of the statement's 3.3 ms under auto_explain. Now the named
-- slots and the unfolded shots are one list, sorted once by device and capsule, and each named slot reads
-- its capsule's sum from a window over it. Same rows, same snapshot, same answer. Only the 6-argument
-- function changes (its wrappers, 0052, call it); the race's second read, rarely run, is as before.
CREATE OR REPLACE FUNCTION ack_shot_batch_group(
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
    SELECT c.device_id, c.slot, c.id, c.fragrance_id
      FROM capsules c
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
  ), named AS (
    -- Each (batch, slot) the entries name, beside the shots not folded yet: the new batches' own (from
    -- the entries in hand) and the device's other unfolded batches (as this snapshot sees them; the rows
    -- inserted above are not among them). Each named slot gets its capsule's sum by a window over one
    -- sort, not by a join whose generic plan loops over every pair.
    SELECT x.batch, x.slot, x.capsule_id,
           sum(x.shots) OVER (PARTITION BY x.device_id, x.capsule_id) AS pending
      FROM (SELECT DISTINCT e.batch, e.slot, p.device_id, p.id AS capsule_id, NULL::bigint AS shots
              FROM entries e
              JOIN placed p ON p.device_id = v_devices[e.batch] AND p.slot = e.slot
            UNION ALL
            SELECT NULL, NULL, r.device_id, r.capsule_id, r.count::bigint
              FROM resolved_entries r JOIN fresh f ON f.n = r.n
            UNION ALL
            SELECT NULL, NULL, b.device_id, u.capsule_id, u.count::bigint
              FROM shot_batches b, unnest(b.capsule_ids, b.counts) AS u(capsule_id, count)
              WHERE b.device_id = ANY (v_devices) AND b.ats IS NOT NULL) x
  ), levels AS (
    SELECT n.batch,
           jsonb_agg(jsonb_build_object('slot', n.slot,
                     'remainingShots', greatest(l.remaining_shots - coalesce(n.pending, 0), 0)) ORDER BY n.slot) AS capsules
      FROM named n
      JOIN capsule_levels l ON l.capsule_id = n.capsule_id
      WHERE n.batch IS NOT NULL
      GROUP BY n.batch
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
