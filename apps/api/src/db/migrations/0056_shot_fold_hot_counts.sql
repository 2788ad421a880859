-- Issue 41 §2, the shot batch's cost: the counters the fold raises are updated in place (HOT) instead of
-- as a new row version with a new entry in every index (docs/performance/device-request-cost.md, "Where a
-- batch's WAL goes, and the counters updated in place").
--
-- Measured (pg_stat_user_tables, pg_waldump) before this migration: of the fold's upserts of
-- capsule_shot_days and of the devices' hourly and daily counts, one in ten to one in three was a HOT
-- update; the rest each wrote a new primary-key entry, because the row's page had no room for the new
-- version (a fill factor of 100, rows inserted side by side). These tables' changing column (`shots`) is
-- in no index, so room on the page is all a HOT update needs. New pages are filled to the factor below;
-- pages already written keep their rows (no rewrite): each new hour, day and capsule day lands on new
-- pages.
--
-- The shared counts (hourly and daily by location, campaign and fragrance; the organisation's and the
-- fleet's) were already updated in place: few rows, each updated once a fold. capsule_levels is left as
-- it is: its changing column is in its sort index (capsule_levels_remaining_idx, the capsules list's sort
-- by level), so no fill factor makes it HOT.
ALTER TABLE capsule_shot_days SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE shot_counts_device_hourly SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE shot_counts_device_daily SET (fillfactor = 70);
