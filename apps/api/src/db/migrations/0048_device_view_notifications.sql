-- Each API instance keeps the device view (a credential's device, its state, capsules, levels and
-- configuration) in memory (modules/device-api/device-view-cache.ts). Whatever changes what a view holds
-- says so on the channel `device_view`, from a trigger in the changing transaction: PostgreSQL delivers
-- the notification to every listening instance when that transaction commits, in commit order, and
-- never when it rolls back. Payloads, a kind and a list:
--   '*'                               every view (a table emptied by TRUNCATE)
--   'd <device>,…'                    these devices' views: credential, retirement, deletion, location,
--                                     campaign, own schedule, firmware, configuration version, capsules
--   'c <campaign>,…'                  the views playing these campaigns: name, version, collection
--   'L <location>,…'                  the views of the devices at these locations: schedule, time zone,
--                                     the initiatives that put another campaign there
--   'l <device>:<slot>:<level>,…'     levels as a shot batch left them, applied in place
-- A device's last-seen time is not news: the instances write it themselves, coalesced.
-- Written by hand.
CREATE FUNCTION device_view_changed(p_kind text, p_items text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- 250 items of at most 25 characters stay under PostgreSQL's 8,000-byte payload.
  PERFORM pg_notify('device_view', p_kind || ' ' || string_agg(u.item, ',' ORDER BY u.n))
    FROM unnest(p_items) WITH ORDINALITY AS u(item, n)
    WHERE u.item IS NOT NULL
    GROUP BY (u.n - 1) / 250;
END
$$;
--> statement-breakpoint
CREATE FUNCTION device_view_emptied() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('device_view', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Devices: what names the device (its credential) and what it plays. A staff edit of the MAC address,
-- the linked user or the search copies changes nothing a device is told.
CREATE FUNCTION device_view_devices_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM device_view_changed('d', array(SELECT o.id::text FROM old_rows o ORDER BY o.id));
  ELSE
    PERFORM device_view_changed('d', array(
      SELECT o.id::text FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.credential_hash IS DISTINCT FROM n.credential_hash
           OR o.deleted_at IS DISTINCT FROM n.deleted_at
           OR o.location_id IS DISTINCT FROM n.location_id
           OR o.campaign_id IS DISTINCT FROM n.campaign_id
           OR o.schedule IS DISTINCT FROM n.schedule
        ORDER BY o.id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER device_view_devices_updated AFTER UPDATE ON devices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION device_view_devices_changed();
--> statement-breakpoint
CREATE TRIGGER device_view_devices_deleted AFTER DELETE ON devices
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION device_view_devices_changed();
--> statement-breakpoint
-- A device's state: its firmware and the configuration version it last received. Row triggers with a
-- condition, so a shot batch's upsert of the last-seen time (one per batch) queues nothing.
CREATE FUNCTION device_view_state_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM device_view_changed('d', ARRAY[NEW.device_id::text]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER device_view_state_inserted AFTER INSERT ON device_states
  FOR EACH ROW WHEN (NEW.firmware_version IS NOT NULL OR NEW.config_version IS NOT NULL)
  EXECUTE FUNCTION device_view_state_changed();
--> statement-breakpoint
CREATE TRIGGER device_view_state_updated AFTER UPDATE ON device_states
  FOR EACH ROW WHEN (OLD.firmware_version IS DISTINCT FROM NEW.firmware_version
                  OR OLD.config_version IS DISTINCT FROM NEW.config_version)
  EXECUTE FUNCTION device_view_state_changed();
--> statement-breakpoint
-- Capsules: placed, moved, taken out, another fragrance. Both devices of a move are told.
CREATE FUNCTION device_view_capsules_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM device_view_changed('d', array(
      SELECT DISTINCT n.device_id::text FROM new_rows n WHERE n.device_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM device_view_changed('d', array(
      SELECT DISTINCT o.device_id::text FROM old_rows o WHERE o.device_id IS NOT NULL));
  ELSE
    PERFORM device_view_changed('d', array(
      SELECT DISTINCT moved.device_id::text
        FROM old_rows o JOIN new_rows n ON n.id = o.id,
        LATERAL (VALUES (o.device_id), (n.device_id)) AS moved(device_id)
        WHERE moved.device_id IS NOT NULL
          AND (o.device_id IS DISTINCT FROM n.device_id OR o.slot IS DISTINCT FROM n.slot
            OR o.fragrance_id IS DISTINCT FROM n.fragrance_id OR o.serial_number IS DISTINCT FROM n.serial_number)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER device_view_capsules_inserted AFTER INSERT ON capsules
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION device_view_capsules_changed();
--> statement-breakpoint
CREATE TRIGGER device_view_capsules_updated AFTER UPDATE ON capsules
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION device_view_capsules_changed();
--> statement-breakpoint
CREATE TRIGGER device_view_capsules_deleted AFTER DELETE ON capsules
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION device_view_capsules_changed();
--> statement-breakpoint
-- Levels: a shot batch (or a group of them) lowers them in one statement, so one notification a group
-- carries every level it changed, with the device and slot the capsule is in. A level already at zero
-- that more shots leave at zero is not news.
CREATE FUNCTION device_view_levels_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM device_view_changed('l', array(
    SELECT c.device_id || ':' || c.slot || ':' || n.remaining_shots
      FROM new_rows n JOIN old_rows o ON o.capsule_id = n.capsule_id
      JOIN capsules c ON c.id = n.capsule_id
      WHERE n.remaining_shots <> o.remaining_shots AND c.device_id IS NOT NULL AND c.slot IS NOT NULL
      ORDER BY c.device_id, c.slot));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER device_view_levels_updated AFTER UPDATE ON capsule_levels
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION device_view_levels_changed();
--> statement-breakpoint
-- Campaigns: what a configuration shows of one. A device's first download adds to `downloads` and
-- changes none of these, so it queues nothing.
CREATE FUNCTION device_view_campaign_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM device_view_changed('c', ARRAY[coalesce(NEW.id, OLD.id)::text]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER device_view_campaign_updated AFTER UPDATE ON campaigns
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.fragrance_shots IS DISTINCT FROM NEW.fragrance_shots
                  OR OLD.updated_at IS DISTINCT FROM NEW.updated_at)
  EXECUTE FUNCTION device_view_campaign_changed();
--> statement-breakpoint
CREATE TRIGGER device_view_campaign_deleted AFTER DELETE ON campaigns
  FOR EACH ROW EXECUTE FUNCTION device_view_campaign_changed();
--> statement-breakpoint
-- A campaign's collection; the same payload from many rows of one transaction is sent once.
CREATE FUNCTION device_view_slot_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM device_view_changed('c', ARRAY[OLD.campaign_id::text]);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM device_view_changed('c', ARRAY[NEW.campaign_id::text]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER device_view_slot_changed AFTER INSERT OR UPDATE OR DELETE ON campaign_slots
  FOR EACH ROW EXECUTE FUNCTION device_view_slot_changed();
--> statement-breakpoint
-- A fragrance's name is in the collection of every campaign with a slot of it.
CREATE FUNCTION device_view_fragrance_renamed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM device_view_changed('c', array(
    SELECT DISTINCT s.campaign_id::text FROM campaign_slots s WHERE s.fragrance_id = NEW.id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER device_view_fragrance_renamed AFTER UPDATE ON fragrances
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION device_view_fragrance_renamed();
--> statement-breakpoint
-- A location's schedule and time zone (the day an initiative is read in).
CREATE FUNCTION device_view_location_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM device_view_changed('L', ARRAY[NEW.id::text]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER device_view_location_updated AFTER UPDATE ON locations
  FOR EACH ROW WHEN (OLD.schedule IS DISTINCT FROM NEW.schedule OR OLD.time_zone IS DISTINCT FROM NEW.time_zone)
  EXECUTE FUNCTION device_view_location_changed();
--> statement-breakpoint
-- An initiative puts its campaign on its locations' devices for its days once approved: any change of
-- its status, days or campaign tells its locations; its locations added or removed tell themselves.
CREATE FUNCTION device_view_initiative_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM device_view_changed('L', array(
    SELECT il.location_id::text FROM initiative_locations il WHERE il.initiative_id = coalesce(NEW.id, OLD.id)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER device_view_initiative_updated AFTER UPDATE ON initiatives
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.starts_on IS DISTINCT FROM NEW.starts_on
                  OR OLD.ends_on IS DISTINCT FROM NEW.ends_on OR OLD.campaign_id IS DISTINCT FROM NEW.campaign_id)
  EXECUTE FUNCTION device_view_initiative_changed();
--> statement-breakpoint
CREATE FUNCTION device_view_initiative_location_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM device_view_changed('L', ARRAY[OLD.location_id::text]);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM device_view_changed('L', ARRAY[NEW.location_id::text]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER device_view_initiative_location_changed AFTER INSERT OR UPDATE OR DELETE ON initiative_locations
  FOR EACH ROW EXECUTE FUNCTION device_view_initiative_location_changed();
--> statement-breakpoint
-- A table emptied at once (a test, a restore) tells every view.
DO $$
DECLARE
  v_table text;
BEGIN
  FOREACH v_table IN ARRAY ARRAY['devices', 'device_states', 'capsules', 'capsule_levels', 'campaigns',
    'campaign_slots', 'fragrances', 'locations', 'initiatives', 'initiative_locations'] LOOP
    EXECUTE format('CREATE TRIGGER device_view_emptied AFTER TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION device_view_emptied()', v_table);
  END LOOP;
END
$$;
