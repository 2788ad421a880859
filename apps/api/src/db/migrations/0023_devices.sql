CREATE TABLE "campaign_downloads" (
	"device_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"campaign_updated_at" timestamp with time zone NOT NULL,
	"downloaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_downloads_device_id_campaign_id_campaign_updated_at_pk" PRIMARY KEY("device_id","campaign_id","campaign_updated_at")
);
--> statement-breakpoint
CREATE TABLE "capsule_shot_days" (
	"capsule_id" integer NOT NULL,
	"day" date NOT NULL,
	"shots" bigint NOT NULL,
	CONSTRAINT "capsule_shot_days_capsule_id_day_pk" PRIMARY KEY("capsule_id","day")
);
--> statement-breakpoint
CREATE TABLE "capsules" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_number" varchar(32) NOT NULL,
	"fragrance_id" integer NOT NULL,
	"size_shots" integer NOT NULL,
	"remaining_shots" integer NOT NULL,
	"device_id" integer,
	"slot" smallint,
	"due_date" date,
	"search_text" varchar(400) DEFAULT '' NOT NULL,
	"search_fragrance" text DEFAULT '' NOT NULL,
	"search_device" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_states" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"last_seen_at" timestamp with time zone,
	"last_heartbeat_at" timestamp with time zone,
	"firmware_version" varchar(32),
	"config_version" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"mac_address" varchar(12) NOT NULL,
	"location_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"user_id" integer,
	"paired_at" timestamp with time zone,
	"schedule" jsonb,
	"credential_hash" varchar(64),
	"secret_ciphertext" text,
	"provisioned_at" timestamp with time zone,
	"search_text" varchar(720) DEFAULT '' NOT NULL,
	"search_campaign" text DEFAULT '' NOT NULL,
	"search_user" text DEFAULT '' NOT NULL,
	"search_owner" text DEFAULT '' NOT NULL,
	"search_location" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shot_batches" (
	"device_id" integer NOT NULL,
	"sequence" bigint NOT NULL,
	"shots" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shot_batches_device_id_sequence_pk" PRIMARY KEY("device_id","sequence")
);
--> statement-breakpoint
CREATE TABLE "shot_counts_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"location_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"fragrance_id" integer NOT NULL,
	"shots" bigint NOT NULL,
	CONSTRAINT "shot_counts_hourly_hour_location_id_campaign_id_fragrance_id_pk" PRIMARY KEY("hour","location_id","campaign_id","fragrance_id")
);
--> statement-breakpoint
CREATE TABLE "shots" (
	"shot_at" timestamp with time zone NOT NULL,
	"device_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"fragrance_id" integer NOT NULL,
	"capsule_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"count" integer NOT NULL,
	"batch_sequence" bigint NOT NULL
) PARTITION BY RANGE ("shot_at");
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "schedule" jsonb DEFAULT '{"ranges":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_downloads" ADD CONSTRAINT "campaign_downloads_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_downloads" ADD CONSTRAINT "campaign_downloads_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capsules" ADD CONSTRAINT "capsules_fragrance_id_fragrances_id_fk" FOREIGN KEY ("fragrance_id") REFERENCES "public"."fragrances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capsules" ADD CONSTRAINT "capsules_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_states" ADD CONSTRAINT "device_states_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "capsules_serial_number_key" ON "capsules" USING btree ("serial_number");--> statement-breakpoint
CREATE UNIQUE INDEX "capsules_device_slot_key" ON "capsules" USING btree ("device_id","slot");--> statement-breakpoint
CREATE INDEX "capsules_fragrance_idx" ON "capsules" USING btree ("fragrance_id","created_at","id");--> statement-breakpoint
CREATE INDEX "capsules_search_trgm_idx" ON "capsules" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "capsules_serial_sort_idx" ON "capsules" USING btree ("serial_number","id","deleted_at");--> statement-breakpoint
CREATE INDEX "capsules_search_fragrance_idx" ON "capsules" USING btree ("search_fragrance","id","deleted_at");--> statement-breakpoint
CREATE INDEX "capsules_search_device_idx" ON "capsules" USING btree ("search_device","id","deleted_at");--> statement-breakpoint
CREATE INDEX "capsules_remaining_idx" ON "capsules" USING btree ("remaining_shots","id","deleted_at");--> statement-breakpoint
CREATE INDEX "capsules_due_date_idx" ON "capsules" USING btree ("due_date","id","deleted_at");--> statement-breakpoint
CREATE INDEX "capsules_created_at_idx" ON "capsules" USING btree ("created_at","id","deleted_at");--> statement-breakpoint
CREATE INDEX "capsules_updated_at_idx" ON "capsules" USING btree ("updated_at","id","deleted_at");--> statement-breakpoint
CREATE INDEX "device_states_last_seen_idx" ON "device_states" USING btree ("last_seen_at","device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_mac_address_key" ON "devices" USING btree ("mac_address");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_credential_hash_key" ON "devices" USING btree ("credential_hash");--> statement-breakpoint
CREATE INDEX "devices_search_trgm_idx" ON "devices" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_location_idx" ON "devices" USING btree ("location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "devices_organization_idx" ON "devices" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "devices_campaign_idx" ON "devices" USING btree ("campaign_id","created_at","id");--> statement-breakpoint
CREATE INDEX "devices_user_idx" ON "devices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "devices_mac_sort_idx" ON "devices" USING btree ("mac_address","id","deleted_at");--> statement-breakpoint
CREATE INDEX "devices_search_campaign_idx" ON "devices" USING btree ("search_campaign","id","deleted_at");--> statement-breakpoint
CREATE INDEX "devices_search_user_idx" ON "devices" USING btree ("search_user","id","deleted_at");--> statement-breakpoint
CREATE INDEX "devices_search_owner_idx" ON "devices" USING btree ("search_owner","id","deleted_at");--> statement-breakpoint
CREATE INDEX "devices_search_location_idx" ON "devices" USING btree ("search_location","id","deleted_at");--> statement-breakpoint
CREATE INDEX "devices_created_at_idx" ON "devices" USING btree ("created_at","id","deleted_at");--> statement-breakpoint
CREATE INDEX "devices_updated_at_idx" ON "devices" USING btree ("updated_at","id","deleted_at");--> statement-breakpoint
CREATE INDEX "shot_batches_received_idx" ON "shot_batches" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "shots_device_at_idx" ON "shots" USING btree ("device_id","shot_at");--> statement-breakpoint
-- Shots are partitioned by month (the table above): ensure_shot_partitions creates the months a range
-- of days touches, named shots_YYYYMM, and is called at start-up and by the daily partition job for
-- the months retention keeps and the next ones; drop_shot_partitions_before removes whole months
-- past retention. Creating a partition that exists is a no-op, so several instances may call it.
CREATE FUNCTION ensure_shot_partitions(p_from date, p_to date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  month date := date_trunc('month', p_from)::date;
  created integer := 0;
BEGIN
  WHILE month <= p_to LOOP
    IF to_regclass(format('shots_%s', to_char(month, 'YYYYMM'))) IS NULL THEN
      EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF shots FOR VALUES FROM (%L) TO (%L)',
        format('shots_%s', to_char(month, 'YYYYMM')), month::timestamp AT TIME ZONE 'UTC',
        (month + interval '1 month')::timestamp AT TIME ZONE 'UTC');
      created := created + 1;
    END IF;
    month := (month + interval '1 month')::date;
  END LOOP;
  RETURN created;
END
$$;
--> statement-breakpoint
CREATE FUNCTION drop_shot_partitions_before(p_month date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  partition_name text;
  dropped integer := 0;
BEGIN
  FOR partition_name IN
    SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'shots'::regclass AND c.relname ~ '^shots_[0-9]{6}$'
      AND to_date(substr(c.relname, 7), 'YYYYMM') < date_trunc('month', p_month)::date
  LOOP
    EXECUTE format('DROP TABLE IF EXISTS %I', partition_name);
    dropped := dropped + 1;
  END LOOP;
  RETURN dropped;
END
$$;
--> statement-breakpoint
-- A device carries its location's organisation (organization_id) and, as searched, the names of its
-- campaign, linked user, owner and location (search_*), so the list filters, searches and sorts by
-- them without joins. Set on insert and when one of the ids changes; fired before devices_search_text
-- (triggers fire by name), which reads them.
CREATE FUNCTION devices_set_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT l.organization_id, search_normalise(l.name), search_normalise(o.name)
    INTO NEW.organization_id, NEW.search_location, NEW.search_owner
    FROM locations l JOIN organizations o ON o.id = l.organization_id WHERE l.id = NEW.location_id;
  NEW.search_campaign := coalesce((SELECT search_normalise(name) FROM campaigns WHERE id = NEW.campaign_id), '');
  NEW.search_user := coalesce((SELECT search_normalise(name) FROM users WHERE id = NEW.user_id), '');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER devices_names BEFORE INSERT OR UPDATE OF location_id, campaign_id, user_id ON devices
  FOR EACH ROW EXECUTE FUNCTION devices_set_names();
--> statement-breakpoint
-- Renames follow into the devices' copies (only search_* columns change: bookkeeping for the trail).
CREATE FUNCTION devices_follow_renames() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'campaigns' THEN
    UPDATE devices SET search_campaign = search_normalise(NEW.name) WHERE campaign_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'users' THEN
    UPDATE devices SET search_user = search_normalise(NEW.name) WHERE user_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'organizations' THEN
    UPDATE devices SET search_owner = search_normalise(NEW.name) WHERE organization_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'locations' THEN
    -- A location renamed, or moved to another organisation (its devices' owner with it).
    UPDATE devices SET search_location = search_normalise(NEW.name), organization_id = NEW.organization_id,
      search_owner = (SELECT search_normalise(name) FROM organizations WHERE id = NEW.organization_id)
      WHERE location_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER campaigns_device_names AFTER UPDATE OF name ON campaigns
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION devices_follow_renames();
--> statement-breakpoint
CREATE TRIGGER users_device_names AFTER UPDATE OF name ON users
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION devices_follow_renames();
--> statement-breakpoint
CREATE TRIGGER organizations_device_names AFTER UPDATE OF name ON organizations
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION devices_follow_renames();
--> statement-breakpoint
CREATE TRIGGER locations_device_names AFTER UPDATE OF name, organization_id ON locations
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.organization_id IS DISTINCT FROM NEW.organization_id)
  EXECUTE FUNCTION devices_follow_renames();
--> statement-breakpoint
-- A person's erasure (anonymisation keeps the users row) unlinks them from every device.
CREATE FUNCTION devices_forget_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE devices SET user_id = NULL, paired_at = NULL WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_forget_devices AFTER UPDATE OF anonymized_at ON users
  FOR EACH ROW WHEN (NEW.anonymized_at IS NOT NULL AND OLD.anonymized_at IS NULL)
  EXECUTE FUNCTION devices_forget_account();
--> statement-breakpoint
SELECT install_resource_triggers('devices', 'device',
  ARRAY['mac_address', 'search_campaign', 'search_user', 'search_owner', 'search_location'],
  ARRAY['credential_hash', 'secret_ciphertext']);
--> statement-breakpoint
-- The search text also follows a change of the ids the names come from: devices_names fills the
-- search_* columns in the same row, which an UPDATE OF list alone would not see.
DROP TRIGGER devices_search_text ON devices;
--> statement-breakpoint
CREATE TRIGGER devices_search_text BEFORE INSERT OR UPDATE OF mac_address, location_id, campaign_id, user_id,
  search_campaign, search_user, search_owner, search_location ON devices
  FOR EACH ROW EXECUTE FUNCTION set_search_text('mac_address', 'search_campaign', 'search_user', 'search_owner', 'search_location');
--> statement-breakpoint
-- A capsule carries its fragrance's name and its device's MAC address as searched.
CREATE FUNCTION capsules_set_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_fragrance := coalesce((SELECT search_normalise(name) FROM fragrances WHERE id = NEW.fragrance_id), '');
  NEW.search_device := coalesce((SELECT lower(mac_address) FROM devices WHERE id = NEW.device_id), '');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER capsules_names BEFORE INSERT OR UPDATE OF fragrance_id, device_id ON capsules
  FOR EACH ROW EXECUTE FUNCTION capsules_set_names();
--> statement-breakpoint
CREATE FUNCTION capsules_follow_renames() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'fragrances' THEN
    UPDATE capsules SET search_fragrance = search_normalise(NEW.name) WHERE fragrance_id = NEW.id;
  ELSE
    UPDATE capsules SET search_device = lower(NEW.mac_address) WHERE device_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER fragrances_capsule_names AFTER UPDATE OF name ON fragrances
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION capsules_follow_renames();
--> statement-breakpoint
CREATE TRIGGER devices_capsule_names AFTER UPDATE OF mac_address ON devices
  FOR EACH ROW WHEN (OLD.mac_address IS DISTINCT FROM NEW.mac_address) EXECUTE FUNCTION capsules_follow_renames();
--> statement-breakpoint
SELECT install_resource_triggers('capsules', 'capsule', ARRAY['serial_number', 'search_fragrance', 'search_device']);
--> statement-breakpoint
-- Capsules are device telemetry: every batch of shots lowers a level, which is not anyone's change to
-- record. They keep search text and row counts, not the trail.
DROP TRIGGER capsules_audit ON capsules;
--> statement-breakpoint
DROP TRIGGER capsules_search_text ON capsules;
--> statement-breakpoint
CREATE TRIGGER capsules_search_text BEFORE INSERT OR UPDATE OF serial_number, fragrance_id, device_id,
  search_fragrance, search_device ON capsules
  FOR EACH ROW EXECUTE FUNCTION set_search_text('serial_number', 'search_fragrance', 'search_device');
