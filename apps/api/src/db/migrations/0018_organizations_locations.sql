CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"zipcode" varchar(12),
	"street" varchar(200),
	"city" varchar(200),
	"state" varchar(200),
	"country" varchar(2) DEFAULT 'BR' NOT NULL,
	"time_zone" varchar(64) DEFAULT 'America/Sao_Paulo' NOT NULL,
	"note" varchar(1000),
	"search_text" varchar(410) DEFAULT '' NOT NULL,
	"search_name" varchar(100) GENERATED ALWAYS AS (search_normalise(name)) STORED NOT NULL,
	"search_organization" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"legal_name" varchar(200) NOT NULL,
	"cnpj" varchar(14) NOT NULL,
	"contact_name" varchar(100),
	"contact_email" varchar(200),
	"phone" varchar(11),
	"zipcode" varchar(12),
	"street" varchar(200),
	"city" varchar(200),
	"state" varchar(200),
	"country" varchar(2) DEFAULT 'BR' NOT NULL,
	"note" varchar(1000),
	"search_text" varchar(540) DEFAULT '' NOT NULL,
	"search_name" varchar(100) GENERATED ALWAYS AS (search_normalise(name)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "locations_search_trgm_idx" ON "locations" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "locations_organization_name_key" ON "locations" USING btree ("organization_id","search_name");--> statement-breakpoint
CREATE INDEX "locations_organization_created_idx" ON "locations" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "locations_search_name_idx" ON "locations" USING btree ("search_name","id");--> statement-breakpoint
CREATE INDEX "locations_search_organization_idx" ON "locations" USING btree ("search_organization","id");--> statement-breakpoint
CREATE INDEX "locations_city_idx" ON "locations" USING btree ("city","id");--> statement-breakpoint
CREATE INDEX "locations_created_at_idx" ON "locations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "locations_updated_at_idx" ON "locations" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "organizations_search_trgm_idx" ON "organizations" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_search_name_key" ON "organizations" USING btree ("search_name");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_cnpj_key" ON "organizations" USING btree ("cnpj");--> statement-breakpoint
CREATE INDEX "organizations_created_at_idx" ON "organizations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "organizations_updated_at_idx" ON "organizations" USING btree ("updated_at","id");--> statement-breakpoint
-- A location carries its organisation's name as searched (search_organization), so the locations list
-- searches and sorts by it without a join. Set on a location's insert and on a move to another
-- organisation; fired before locations_search_text (triggers fire by name), which reads it.
CREATE FUNCTION locations_set_organization_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT search_normalise(name) INTO NEW.search_organization FROM organizations WHERE id = NEW.organization_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER locations_organization_name BEFORE INSERT OR UPDATE OF organization_id ON locations
  FOR EACH ROW EXECUTE FUNCTION locations_set_organization_name();
--> statement-breakpoint
-- An organisation renamed: its locations' copy follows (their search text with it). Only a search_*
-- column changes, which the audit trail leaves out as bookkeeping.
CREATE FUNCTION organizations_rename_locations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE locations SET search_organization = search_normalise(NEW.name) WHERE organization_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER organizations_location_names AFTER UPDATE OF name ON organizations
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION organizations_rename_locations();
--> statement-breakpoint
SELECT install_resource_triggers('organizations', 'organization', ARRAY['name', 'legal_name', 'cnpj', 'city']);--> statement-breakpoint
SELECT install_resource_triggers('locations', 'location', ARRAY['name', 'city', 'search_organization']);
