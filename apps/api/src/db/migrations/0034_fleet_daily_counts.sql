CREATE TABLE "shot_counts_fleet_daily" (
	"day" date NOT NULL,
	"campaign_id" integer NOT NULL,
	"fragrance_id" integer NOT NULL,
	"shots" bigint NOT NULL,
	CONSTRAINT "shot_counts_fleet_daily_day_campaign_id_fragrance_id_pk" PRIMARY KEY("day","campaign_id","fragrance_id")
);
--> statement-breakpoint
-- The fleet's daily counts follow every change to the locations' daily counts in the statement that
-- makes it (ingestion's upsert, the demo data, the bench): the change's rows summed by key, keys in
-- order, added. A statement's triggers per event, since each has its own transition tables; an upsert
-- fires the insert one for the rows it inserted and the update one for the rows it added to.
CREATE FUNCTION add_to_shot_counts_fleet_daily() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO shot_counts_fleet_daily AS f (day, campaign_id, fragrance_id, shots)
      SELECT day, campaign_id, fragrance_id, sum(shots) FROM new_counts
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (day, campaign_id, fragrance_id) DO UPDATE SET shots = f.shots + EXCLUDED.shots;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO shot_counts_fleet_daily AS f (day, campaign_id, fragrance_id, shots)
      SELECT day, campaign_id, fragrance_id, sum(shots)
      FROM (SELECT day, campaign_id, fragrance_id, shots FROM new_counts
            UNION ALL SELECT day, campaign_id, fragrance_id, -shots FROM old_counts) c
      GROUP BY 1, 2, 3 HAVING sum(shots) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (day, campaign_id, fragrance_id) DO UPDATE SET shots = f.shots + EXCLUDED.shots;
  ELSE
    UPDATE shot_counts_fleet_daily f SET shots = f.shots - c.shots
      FROM (SELECT day, campaign_id, fragrance_id, sum(shots) AS shots FROM old_counts GROUP BY 1, 2, 3) c
      WHERE f.day = c.day AND f.campaign_id = c.campaign_id AND f.fragrance_id = c.fragrance_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER shot_counts_daily_fleet_insert AFTER INSERT ON shot_counts_daily
  REFERENCING NEW TABLE AS new_counts FOR EACH STATEMENT EXECUTE FUNCTION add_to_shot_counts_fleet_daily();
--> statement-breakpoint
CREATE TRIGGER shot_counts_daily_fleet_update AFTER UPDATE ON shot_counts_daily
  REFERENCING OLD TABLE AS old_counts NEW TABLE AS new_counts
  FOR EACH STATEMENT EXECUTE FUNCTION add_to_shot_counts_fleet_daily();
--> statement-breakpoint
CREATE TRIGGER shot_counts_daily_fleet_delete AFTER DELETE ON shot_counts_daily
  REFERENCING OLD TABLE AS old_counts FOR EACH STATEMENT EXECUTE FUNCTION add_to_shot_counts_fleet_daily();
--> statement-breakpoint
CREATE FUNCTION clear_shot_counts_fleet_daily() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM shot_counts_fleet_daily;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER shot_counts_daily_fleet_truncate AFTER TRUNCATE ON shot_counts_daily
  FOR EACH STATEMENT EXECUTE FUNCTION clear_shot_counts_fleet_daily();
--> statement-breakpoint
INSERT INTO shot_counts_fleet_daily (day, campaign_id, fragrance_id, shots)
  SELECT day, campaign_id, fragrance_id, sum(shots) FROM shot_counts_daily GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
