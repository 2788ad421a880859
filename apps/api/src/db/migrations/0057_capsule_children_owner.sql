-- A capsule's level and forecast carry their capsule's organisation and location (0055's copies of the
-- device's), and a device's state its device's, so that their member policies ask the row alone, as the
-- capsules' and devices' do, instead of looking the capsule (0053) or the device (0041) up under its own
-- policy (issue 39 §8, docs/performance/member-cost.md). A member's sites table probed the levels once per
-- capsule where the staff's plan hashes them once, looked a capsule up for each level and forecast that
-- passed, and hashed the member's devices for the device states: about 4.3 ms of backend CPU a request.
-- Who sees what is unchanged: the columns are the parent's own, kept by triggers (a row inserted or given
-- another parent; a capsule given another device or owner; a device moved to another location or
-- organisation), and a row whose parent has no owner, or one the member does not see, is seen by no member.
--
-- A shot batch pays nothing: the triggers fire on an insert and on an update that names the parent or the
-- copies, and the fold's update of a level names neither. A heartbeat's or a download's upsert of a
-- device state, and the forecasts job's of a forecast, pay one lookup by key a row. No index: every read
-- of these tables goes by the parent's key. Columns written by drizzle-kit, the rest by hand.
ALTER TABLE "capsule_forecasts" ADD COLUMN "organization_id" integer;--> statement-breakpoint
ALTER TABLE "capsule_forecasts" ADD COLUMN "location_id" integer;--> statement-breakpoint
ALTER TABLE "capsule_levels" ADD COLUMN "organization_id" integer;--> statement-breakpoint
ALTER TABLE "capsule_levels" ADD COLUMN "location_id" integer;--> statement-breakpoint
ALTER TABLE "device_states" ADD COLUMN "organization_id" integer;--> statement-breakpoint
ALTER TABLE "device_states" ADD COLUMN "location_id" integer;--> statement-breakpoint
UPDATE capsule_levels l SET organization_id = c.organization_id, location_id = c.location_id
  FROM capsules c WHERE c.id = l.capsule_id AND c.organization_id IS NOT NULL;
--> statement-breakpoint
UPDATE capsule_forecasts f SET organization_id = c.organization_id, location_id = c.location_id
  FROM capsules c WHERE c.id = f.capsule_id AND c.organization_id IS NOT NULL;
--> statement-breakpoint
UPDATE device_states s SET organization_id = d.organization_id, location_id = d.location_id
  FROM devices d WHERE d.id = s.device_id AND d.organization_id IS NOT NULL;
--> statement-breakpoint
-- Set from the parent on insert and whenever the parent, or the copies themselves, are named by a write:
-- a write that names them gets the parent's values back, so they cannot drift from it.
CREATE FUNCTION capsule_child_set_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.organization_id := NULL;
  NEW.location_id := NULL;
  SELECT c.organization_id, c.location_id INTO NEW.organization_id, NEW.location_id
    FROM capsules c WHERE c.id = NEW.capsule_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER capsule_levels_owner BEFORE INSERT OR UPDATE OF capsule_id, organization_id, location_id
  ON capsule_levels FOR EACH ROW EXECUTE FUNCTION capsule_child_set_owner();
--> statement-breakpoint
CREATE TRIGGER capsule_forecasts_owner BEFORE INSERT OR UPDATE OF capsule_id, organization_id, location_id
  ON capsule_forecasts FOR EACH ROW EXECUTE FUNCTION capsule_child_set_owner();
--> statement-breakpoint
CREATE FUNCTION device_states_set_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.organization_id := NULL;
  NEW.location_id := NULL;
  SELECT d.organization_id, d.location_id INTO NEW.organization_id, NEW.location_id
    FROM devices d WHERE d.id = NEW.device_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER device_states_owner BEFORE INSERT OR UPDATE OF device_id, organization_id, location_id
  ON device_states FOR EACH ROW EXECUTE FUNCTION device_states_set_owner();
--> statement-breakpoint
-- A capsule given another owner (moved to another device, taken out, or following its device through
-- 0055's devices_capsule_owner): its level and forecast follow. A capsule's update names its device or
-- its copies only then; its other updates (a due date, a fragrance) fire nothing.
CREATE FUNCTION capsule_children_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE capsule_levels SET organization_id = NEW.organization_id, location_id = NEW.location_id
    WHERE capsule_id = NEW.id;
  UPDATE capsule_forecasts SET organization_id = NEW.organization_id, location_id = NEW.location_id
    WHERE capsule_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER capsules_children_owner AFTER UPDATE OF device_id, organization_id, location_id ON capsules
  FOR EACH ROW WHEN (OLD.location_id IS DISTINCT FROM NEW.location_id
    OR OLD.organization_id IS DISTINCT FROM NEW.organization_id)
  EXECUTE FUNCTION capsule_children_follow();
--> statement-breakpoint
-- A device moved to another location, or carried to another organisation with its location: its state
-- follows, as its capsules do (0055).
CREATE FUNCTION device_state_follow_device() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE device_states SET organization_id = NEW.organization_id, location_id = NEW.location_id
    WHERE device_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER devices_state_owner AFTER UPDATE OF location_id, organization_id ON devices
  FOR EACH ROW WHEN (OLD.location_id IS DISTINCT FROM NEW.location_id
    OR OLD.organization_id IS DISTINCT FROM NEW.organization_id)
  EXECUTE FUNCTION device_state_follow_device();
--> statement-breakpoint
DO $$
DECLARE
  child text;
BEGIN
  FOREACH child IN ARRAY ARRAY['capsule_levels', 'capsule_forecasts', 'device_states']
  LOOP
    PERFORM scentia_protect(child, 'organization_id = (SELECT scentia_member_organization()) AND '
      || '((SELECT scentia_member_sees_every_location()) OR location_id = ANY ((SELECT scentia_member_location_ids())::integer[]))');
  END LOOP;
END
$$;
