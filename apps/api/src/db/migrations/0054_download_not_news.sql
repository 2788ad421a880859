-- Issue 41, the campaign-change burst: a device's first download of a configuration version writes its
-- `config_version`, and since 0048 that sent a 'd <device>' notification, which made every instance
-- forget the device's whole view and read it again at its next heartbeat: one more read per device of
-- the fleet after every campaign change. The version a device last downloaded only decides whether its
-- next fetch records a download (`campaign_downloads` and the campaign's count, idempotent): the
-- instance that recorded it updates its own view in place, and another instance holding the older
-- version records the same download again at most once, writing nothing new. What a device is told
-- (its configuration) is kept right by the campaign, location and device notifications, unchanged.
-- Written by hand.
DROP TRIGGER device_view_state_inserted ON device_states;
--> statement-breakpoint
CREATE TRIGGER device_view_state_inserted AFTER INSERT ON device_states
  FOR EACH ROW WHEN (NEW.firmware_version IS NOT NULL)
  EXECUTE FUNCTION device_view_state_changed();
--> statement-breakpoint
DROP TRIGGER device_view_state_updated ON device_states;
--> statement-breakpoint
CREATE TRIGGER device_view_state_updated AFTER UPDATE ON device_states
  FOR EACH ROW WHEN (OLD.firmware_version IS DISTINCT FROM NEW.firmware_version)
  EXECUTE FUNCTION device_view_state_changed();
