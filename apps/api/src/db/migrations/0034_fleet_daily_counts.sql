CREATE TABLE "shot_counts_fleet_daily" (
	"day" date NOT NULL,
	"campaign_id" integer NOT NULL,
	"fragrance_id" integer NOT NULL,
	"shots" bigint NOT NULL,
	CONSTRAINT "shot_counts_fleet_daily_day_campaign_id_fragrance_id_pk" PRIMARY KEY("day","campaign_id","fragrance_id")
);
--> statement-breakpoint
CREATE TABLE "shot_counts_location_daily" (
	"day" date NOT NULL,
	"location_id" integer NOT NULL,
	"shots" bigint NOT NULL,
	CONSTRAINT "shot_counts_location_daily_day_location_id_pk" PRIMARY KEY("day","location_id")
);
--> statement-breakpoint
-- The sums of the daily counts per fleet key and per location (schema/shot-rollups.ts) follow every
-- change to the daily counts in the statement that makes it (ingestion's upsert, the demo data, the
-- bench): the change's rows, summed by key and in key order, are added. A statement's triggers per
-- event, since each has its own transition tables; an upsert fires the insert one for the rows it
-- inserted and the update one for the rows it added to.
CREATE FUNCTION add_to_shot_count_sums(
  p_days date[],
  p_locations integer[],
  p_campaigns integer[],
  p_fragrances integer[],
  p_shots bigint[]
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO shot_counts_fleet_daily AS f (day, campaign_id, fragrance_id, shots)
    SELECT e.day, e.campaign_id, e.fragrance_id, sum(e.shots)
    FROM unnest(p_days, p_campaigns, p_fragrances, p_shots) AS e(day, campaign_id, fragrance_id, shots)
    GROUP BY 1, 2, 3 HAVING sum(e.shots) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (day, campaign_id, fragrance_id) DO UPDATE SET shots = f.shots + EXCLUDED.shots;
  INSERT INTO shot_counts_location_daily AS l (day, location_id, shots)
    SELECT e.day, e.location_id, sum(e.shots)
    FROM unnest(p_days, p_locations, p_shots) AS e(day, location_id, shots)
    GROUP BY 1, 2 HAVING sum(e.shots) <> 0 ORDER BY 1, 2
    ON CONFLICT (day, location_id) DO UPDATE SET shots = l.shots + EXCLUDED.shots;
$$;
--> statement-breakpoint
CREATE FUNCTION follow_shot_counts_daily() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM add_to_shot_count_sums(array_agg(day), array_agg(location_id), array_agg(campaign_id),
                                   array_agg(fragrance_id), array_agg(shots))
      FROM new_counts;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM add_to_shot_count_sums(array_agg(day), array_agg(location_id), array_agg(campaign_id),
                                   array_agg(fragrance_id), array_agg(shots))
      FROM (SELECT day, location_id, campaign_id, fragrance_id, shots FROM new_counts
            UNION ALL SELECT day, location_id, campaign_id, fragrance_id, -shots FROM old_counts) c;
  ELSE
    PERFORM add_to_shot_count_sums(array_agg(day), array_agg(location_id), array_agg(campaign_id),
                                   array_agg(fragrance_id), array_agg(-shots))
      FROM old_counts;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER shot_counts_daily_sums_insert AFTER INSERT ON shot_counts_daily
  REFERENCING NEW TABLE AS new_counts FOR EACH STATEMENT EXECUTE FUNCTION follow_shot_counts_daily();
--> statement-breakpoint
CREATE TRIGGER shot_counts_daily_sums_update AFTER UPDATE ON shot_counts_daily
  REFERENCING OLD TABLE AS old_counts NEW TABLE AS new_counts
  FOR EACH STATEMENT EXECUTE FUNCTION follow_shot_counts_daily();
--> statement-breakpoint
CREATE TRIGGER shot_counts_daily_sums_delete AFTER DELETE ON shot_counts_daily
  REFERENCING OLD TABLE AS old_counts FOR EACH STATEMENT EXECUTE FUNCTION follow_shot_counts_daily();
--> statement-breakpoint
CREATE FUNCTION clear_shot_count_sums() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM shot_counts_fleet_daily;
  DELETE FROM shot_counts_location_daily;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER shot_counts_daily_sums_truncate AFTER TRUNCATE ON shot_counts_daily
  FOR EACH STATEMENT EXECUTE FUNCTION clear_shot_count_sums();
--> statement-breakpoint
SELECT add_to_shot_count_sums(array_agg(day), array_agg(location_id), array_agg(campaign_id),
                              array_agg(fragrance_id), array_agg(shots))
  FROM shot_counts_daily;
