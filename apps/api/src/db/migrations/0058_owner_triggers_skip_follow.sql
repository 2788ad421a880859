-- 0057's owner copies without their cost on a heartbeat that changes a capsule (issue 41 §2). Measured
-- against the build before 0057, such a heartbeat went from 4.47–4.82 to 5.06–5.15 ms of CPU: a capsule
-- taken out or put in fires capsule_children_follow, whose update of the capsule's level fired, besides
-- the row's own write, the level's owner trigger (a lookup of the capsule whose values it had just been
-- given) and the levels' notification trigger (0048: a join of the transition tables that finds no level
-- changed, since the follow writes only the copies); the forecast's update fired its owner trigger too,
-- and the heartbeat's upsert of the device's state fired the state's owner trigger on the insert it
-- proposes, also when it ends as an update (the heartbeat now updates first, in its own SQL).
--
-- What 0057 guarantees is kept: the copies are the parent's on every insert (the insert triggers are
-- unchanged) and after every statement that names the parent or the copies; the follow triggers write
-- the parent's own values (NEW of the capsule or device), so the owner triggers need not look the
-- parent up again for them. The follow triggers are the only trigger functions that write these tables
-- (test/capsule-children-owner.test.ts lists them from the catalogue and fails on any other), so a write
-- from inside a trigger (pg_trigger_depth() > 0) is one of theirs: the owner triggers on update, and the
-- levels' notification, skip it. A statement from a client or a function it calls (the fold) runs at
-- depth 0 and fires them as before.
--
-- And the larger part: the server's connections plan every statement with its values, inside PL/pgSQL
-- too, so these triggers' lookups were planned at every row; they are planned once per connection here
-- (at the end of this file).
DROP TRIGGER capsule_levels_owner ON capsule_levels;
--> statement-breakpoint
CREATE TRIGGER capsule_levels_owner BEFORE INSERT ON capsule_levels
  FOR EACH ROW EXECUTE FUNCTION capsule_child_set_owner();
--> statement-breakpoint
CREATE TRIGGER capsule_levels_owner_named BEFORE UPDATE OF capsule_id, organization_id, location_id
  ON capsule_levels FOR EACH ROW WHEN (pg_trigger_depth() < 1) EXECUTE FUNCTION capsule_child_set_owner();
--> statement-breakpoint
DROP TRIGGER capsule_forecasts_owner ON capsule_forecasts;
--> statement-breakpoint
CREATE TRIGGER capsule_forecasts_owner BEFORE INSERT ON capsule_forecasts
  FOR EACH ROW EXECUTE FUNCTION capsule_child_set_owner();
--> statement-breakpoint
CREATE TRIGGER capsule_forecasts_owner_named BEFORE UPDATE OF capsule_id, organization_id, location_id
  ON capsule_forecasts FOR EACH ROW WHEN (pg_trigger_depth() < 1) EXECUTE FUNCTION capsule_child_set_owner();
--> statement-breakpoint
DROP TRIGGER device_states_owner ON device_states;
--> statement-breakpoint
CREATE TRIGGER device_states_owner BEFORE INSERT ON device_states
  FOR EACH ROW EXECUTE FUNCTION device_states_set_owner();
--> statement-breakpoint
CREATE TRIGGER device_states_owner_named BEFORE UPDATE OF device_id, organization_id, location_id
  ON device_states FOR EACH ROW WHEN (pg_trigger_depth() < 1) EXECUTE FUNCTION device_states_set_owner();
--> statement-breakpoint
-- The levels' notification: a level lowered by the fold or written by a client is announced as before;
-- the follow's update of the copies changes no level and announced nothing.
DROP TRIGGER device_view_levels_updated ON capsule_levels;
--> statement-breakpoint
CREATE TRIGGER device_view_levels_updated AFTER UPDATE ON capsule_levels
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT WHEN (pg_trigger_depth() < 1) EXECUTE FUNCTION device_view_levels_changed();
--> statement-breakpoint
-- A capsule's level and forecast follow it in one statement instead of two.
CREATE OR REPLACE FUNCTION capsule_children_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH levels AS (
    UPDATE capsule_levels SET organization_id = NEW.organization_id, location_id = NEW.location_id
      WHERE capsule_id = NEW.id
  )
  UPDATE capsule_forecasts SET organization_id = NEW.organization_id, location_id = NEW.location_id
    WHERE capsule_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- 0057's functions, and the capsule's names (0055, which looks its device up for the copies), are
-- planned once per connection, as 0047 made the devices' and locations' names: the connections plan each
-- statement with its values (db/client.ts), which inside these row triggers re-planned each lookup by
-- key at every row (about 60 µs a plan against 10 µs to run it, pg_stat_statements in the heartbeat's
-- bench). After the follow's CREATE OR REPLACE above, which would reset a setting given before it.
ALTER FUNCTION capsule_child_set_owner() SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION device_states_set_owner() SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION capsule_children_follow() SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION device_state_follow_device() SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION capsules_set_names() SET plan_cache_mode = force_generic_plan;
