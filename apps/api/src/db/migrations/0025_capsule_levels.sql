-- A capsule's level moves to its own narrow table. Every shot batch lowers the levels of the capsules
-- it names; on capsules, where the level was a column, that was a non-HOT update (remaining_shots and
-- updated_at are indexed) writing into all eleven capsules indexes, trigram GIN included, and firing
-- its statement-level triggers: most of a batch's cost. capsule_levels has its primary key and the
-- list's sort index only. The level has one home: the column and its index on capsules go.
CREATE TABLE "capsule_levels" (
	"capsule_id" integer PRIMARY KEY NOT NULL,
	"remaining_shots" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "capsule_levels" ADD CONSTRAINT "capsule_levels_capsule_id_capsules_id_fk" FOREIGN KEY ("capsule_id") REFERENCES "public"."capsules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "capsule_levels" ("capsule_id", "remaining_shots") SELECT "id", "remaining_shots" FROM "capsules";--> statement-breakpoint
CREATE INDEX "capsule_levels_remaining_idx" ON "capsule_levels" USING btree ("remaining_shots","capsule_id");--> statement-breakpoint
DROP INDEX "capsules_remaining_idx";--> statement-breakpoint
ALTER TABLE "capsules" DROP COLUMN "remaining_shots";--> statement-breakpoint
-- ingest_shot_batch as in 0024 (same arguments, same answer, same order of locks), except that:
--   - levels are lowered in capsule_levels (lock 3 is now the device's capsules' level rows, still
--     only ever changed under lock 1) and capsules rows are no longer written, updated_at included;
--   - the device's capsules are read once, by one join with the batch's entries, into arrays parallel
--     to the entries (capsule and fragrance of each), which the inserts and aggregates then unnest;
--     before, each of four statements joined capsules with the entries again;
--   - a new batch's answer comes from the levels update itself (RETURNING): every slot of the batch
--     holds a capsule whose level it has just lowered;
--   - the capsule days (keys of this device's capsules only, under lock 1) are upserted before the
--     hourly counts, the one table whose rows other devices' batches share, so those rows are locked
--     last, just before commit.
CREATE OR REPLACE FUNCTION ingest_shot_batch(
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
  v_capsule_ids integer[];
  v_fragrance_ids integer[];
  v_levels jsonb;
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
    -- Each entry's capsule and fragrance, in entry order (null where the slot holds no capsule).
    SELECT array_agg(c.id ORDER BY e.n), array_agg(c.fragrance_id ORDER BY e.n),
           min(e.slot) FILTER (WHERE c.id IS NULL)
      INTO v_capsule_ids, v_fragrance_ids, v_empty_slot
      FROM unnest(p_slots) WITH ORDINALITY AS e(slot, n)
      LEFT JOIN capsules c ON c.device_id = v_device_id AND c.slot = e.slot;
    IF v_empty_slot IS NOT NULL THEN
      RAISE EXCEPTION 'slot % holds no capsule', v_empty_slot USING ERRCODE = 'SC409', DETAIL = v_empty_slot::text;
    END IF;

    INSERT INTO shots (shot_at, device_id, location_id, campaign_id, fragrance_id, capsule_id, slot, count, batch_sequence)
      SELECT e.at, v_device_id, v_location_id, v_campaign_id, e.fragrance_id, e.capsule_id, e.slot, e.count, p_sequence
      FROM unnest(p_ats, p_slots, p_counts, v_capsule_ids, v_fragrance_ids) AS e(at, slot, count, capsule_id, fragrance_id);

    -- Never below zero: shots past zero are recorded (the device fired them), the level stays counted.
    WITH lowered AS (
      UPDATE capsule_levels l SET remaining_shots = greatest(l.remaining_shots - p.shots, 0)
        FROM (SELECT e.capsule_id, min(e.slot) AS slot, sum(e.count) AS shots
                FROM unnest(p_slots, p_counts, v_capsule_ids) AS e(slot, count, capsule_id)
                GROUP BY e.capsule_id) p
        WHERE l.capsule_id = p.capsule_id
        RETURNING p.slot, l.remaining_shots
    )
    SELECT coalesce(jsonb_agg(jsonb_build_object('slot', slot, 'remainingShots', remaining_shots) ORDER BY slot), '[]'::jsonb)
      INTO v_levels FROM lowered;

    INSERT INTO capsule_shot_days AS d (capsule_id, day, shots)
      SELECT e.capsule_id, (e.at AT TIME ZONE 'UTC')::date, sum(e.count)
      FROM unnest(p_ats, p_counts, v_capsule_ids) AS e(at, count, capsule_id)
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (capsule_id, day) DO UPDATE SET shots = d.shots + EXCLUDED.shots;

    -- Last: its rows are shared by every device of the location and campaign, and are held until
    -- commit; the other batches wait on them the shortest time this way.
    INSERT INTO shot_counts_hourly AS h (hour, location_id, campaign_id, fragrance_id, shots)
      SELECT date_trunc('hour', e.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', v_location_id, v_campaign_id,
             e.fragrance_id, sum(e.count)
      FROM unnest(p_ats, p_counts, v_fragrance_ids) AS e(at, count, fragrance_id)
      GROUP BY 1, 4 ORDER BY 1, 4
      ON CONFLICT (hour, location_id, campaign_id, fragrance_id) DO UPDATE SET shots = h.shots + EXCLUDED.shots;
  ELSE
    -- A batch received before: the levels of its slots as they are now.
    SELECT coalesce(jsonb_agg(jsonb_build_object('slot', c.slot, 'remainingShots', l.remaining_shots) ORDER BY c.slot), '[]'::jsonb)
      INTO v_levels
      FROM capsules c JOIN capsule_levels l ON l.capsule_id = c.id
      WHERE c.device_id = v_device_id AND c.slot = ANY (p_slots);
  END IF;

  RETURN jsonb_build_object(
    'status', 'ok',
    'isNew', v_is_new,
    'shots', CASE WHEN v_is_new THEN v_total ELSE 0 END,
    'capsules', v_levels
  );
END
$$;
