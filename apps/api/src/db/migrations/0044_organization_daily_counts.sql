CREATE TABLE "shot_counts_organization_daily" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"campaign_id" integer NOT NULL,
	"fragrance_id" integer NOT NULL,
	"shots" bigint NOT NULL,
	CONSTRAINT "shot_counts_organization_daily_organization_id_day_campaign_id_fragrance_id_pk" PRIMARY KEY("organization_id","day","campaign_id","fragrance_id")
);
--> statement-breakpoint
-- Each organisation's daily sums (schema/shot-rollups.ts), kept as the fleet's and the locations' are
-- (migration 0034): in the daily counts' own statement triggers, one upsert more in the same call, so
-- ingestion makes no round trip more. The location's organisation is read as it is now; written after
-- the fleet's and the locations' rows, keys in order, as every writer of these tables does.
CREATE OR REPLACE FUNCTION add_to_shot_count_sums(
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
  INSERT INTO shot_counts_organization_daily AS o (organization_id, day, campaign_id, fragrance_id, shots)
    SELECT loc.organization_id, e.day, e.campaign_id, e.fragrance_id, sum(e.shots)
    FROM unnest(p_days, p_locations, p_campaigns, p_fragrances, p_shots)
      AS e(day, location_id, campaign_id, fragrance_id, shots)
    JOIN locations loc ON loc.id = e.location_id
    GROUP BY 1, 2, 3, 4 HAVING sum(e.shots) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (organization_id, day, campaign_id, fragrance_id) DO UPDATE SET shots = o.shots + EXCLUDED.shots;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION clear_shot_count_sums() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM shot_counts_fleet_daily;
  DELETE FROM shot_counts_location_daily;
  DELETE FROM shot_counts_organization_daily;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A location moved to another organisation takes its days along, as the locations' counts read by
-- organisation (through the location's organisation now) would.
CREATE FUNCTION move_organization_daily_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shot_counts_organization_daily AS o (organization_id, day, campaign_id, fragrance_id, shots)
    SELECT m.organization_id, d.day, d.campaign_id, d.fragrance_id, sum(m.sign * d.shots)
    FROM shot_counts_daily d
    CROSS JOIN (VALUES (OLD.organization_id, -1), (NEW.organization_id, 1)) AS m(organization_id, sign)
    WHERE d.location_id = NEW.id
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (organization_id, day, campaign_id, fragrance_id) DO UPDATE SET shots = o.shots + EXCLUDED.shots;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER locations_move_organization_daily_counts AFTER UPDATE OF organization_id ON locations
  FOR EACH ROW WHEN (OLD.organization_id IS DISTINCT FROM NEW.organization_id)
  EXECUTE FUNCTION move_organization_daily_counts();
--> statement-breakpoint
INSERT INTO shot_counts_organization_daily (organization_id, day, campaign_id, fragrance_id, shots)
  SELECT loc.organization_id, d.day, d.campaign_id, d.fragrance_id, sum(d.shots)
  FROM shot_counts_daily d JOIN locations loc ON loc.id = d.location_id
  GROUP BY 1, 2, 3, 4 HAVING sum(d.shots) <> 0 ORDER BY 1, 2, 3, 4;
--> statement-breakpoint
-- A member's own organisation's sums, and only while they see every location of it: the sums of a
-- location-limited member's organisation hold the other locations' shots (they read their locations'
-- counts).
SELECT scentia_protect('shot_counts_organization_daily',
  'organization_id = (SELECT scentia_member_organization()) AND (SELECT scentia_member_sees_every_location())');
