-- A capsule carries its device's organisation and location (NULL without a device), so that its
-- member policy asks the capsule alone, as the devices' does, instead of looking its device up under
-- the devices' policy (issue 39 §8, docs/performance/member-cost.md). Every reference to a capsule's
-- level or forecast expanded the capsule's policy and, inside it, the device's: the dashboard's sites
-- statement spent most of a member's extra planning there. Who sees what is unchanged: the columns are
-- the device's own, kept by triggers (a capsule inserted or moved to another device; a device moved
-- to another location, or its location to another organisation), and a capsule without a device, or
-- of a device the member does not see, is seen by no member, as before. Columns written by drizzle-kit,
-- the rest by hand.
ALTER TABLE "capsules" ADD COLUMN "organization_id" integer;--> statement-breakpoint
ALTER TABLE "capsules" ADD COLUMN "location_id" integer;--> statement-breakpoint
UPDATE capsules c SET organization_id = d.organization_id, location_id = d.location_id
  FROM devices d WHERE d.id = c.device_id;
--> statement-breakpoint
CREATE INDEX "capsules_organization_idx" ON "capsules" USING btree ("organization_id","created_at","id");
--> statement-breakpoint
-- Set from the device on insert and whenever the device, or the copies themselves, are written: a
-- write that names them gets the device's values back, so they cannot drift from the device.
CREATE OR REPLACE FUNCTION capsules_set_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_fragrance := coalesce((SELECT search_normalise(name) FROM fragrances WHERE id = NEW.fragrance_id), '');
  NEW.search_device := '';
  NEW.organization_id := NULL;
  NEW.location_id := NULL;
  SELECT lower(d.mac_address), d.organization_id, d.location_id
    INTO NEW.search_device, NEW.organization_id, NEW.location_id
    FROM devices d WHERE d.id = NEW.device_id;
  NEW.search_device := coalesce(NEW.search_device, '');
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER capsules_names ON capsules;
--> statement-breakpoint
CREATE TRIGGER capsules_names BEFORE INSERT OR UPDATE OF fragrance_id, device_id, organization_id, location_id
  ON capsules FOR EACH ROW EXECUTE FUNCTION capsules_set_names();
--> statement-breakpoint
-- A device moved to another location, or carried to another organisation with its location (0047's
-- devices_follow_locations): its capsules follow. Devices do not change owner in bulk but through
-- their location, which updates its devices in one statement; each then updates its two or three
-- capsules by the device's slot index.
CREATE FUNCTION capsules_follow_device() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE capsules SET organization_id = NEW.organization_id, location_id = NEW.location_id
    WHERE device_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER devices_capsule_owner AFTER UPDATE OF location_id, organization_id ON devices
  FOR EACH ROW WHEN (OLD.location_id IS DISTINCT FROM NEW.location_id
    OR OLD.organization_id IS DISTINCT FROM NEW.organization_id)
  EXECUTE FUNCTION capsules_follow_device();
--> statement-breakpoint
SELECT scentia_protect('capsules', 'organization_id = (SELECT scentia_member_organization()) AND '
  || '((SELECT scentia_member_sees_every_location()) OR location_id = ANY ((SELECT scentia_member_location_ids())::integer[]))');
