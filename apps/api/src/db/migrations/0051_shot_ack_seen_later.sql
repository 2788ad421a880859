-- Issue 41, second pass: the acknowledgement no longer writes the device's state row. Its last-seen time
-- is queued by the instance with the other requests' and written together every few seconds
-- (seen-times-writer.ts), as an unchanged heartbeat's is; the answer carries the device's id for that.
-- The state row lock ordered a batch against a heartbeat of the same device when both wrote the levels;
-- since 0050 the acknowledgement writes only its own row and levels are written by the fold and by
-- heartbeats, so nothing is left to order (docs/decisions/pending-batch-fold.md). The answer is read as
-- in 0050.
-- p_seen_precision_seconds stays in the signature for the callers, unused.
CREATE OR REPLACE FUNCTION ack_shot_batch_group(
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

  SELECT array_agg(coalesce(t.total, 0) ORDER BY b.n) INTO v_totals
    FROM generate_subscripts(p_credential_hashes, 1) AS b(n)
    LEFT JOIN (SELECT e.batch, sum(e.count)::integer AS total
                 FROM unnest(p_entry_batch, p_counts) AS e(batch, count) GROUP BY e.batch) t ON t.batch = b.n;

  -- The first batch of each (device, sequence) is offered with its resolved entries, in the
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
