-- The organisations and locations lists' sorts carry the id and the state in their indexes, so a deep
-- page picks its ids from the index alone (lib/resource-kit/resource-list.ts;
-- docs/performance/organisation-lists.md, "Organisations and locations lists at 100,000 rows"): page 500 no
-- longer reads 10,000 rows of the table to test whether each is active. The organisations' name sort gets its
-- own such index beside the unique key on the name.
CREATE INDEX "organizations_search_name_idx" ON "organizations" USING btree ("search_name","id","deleted_at");
--> statement-breakpoint
DROP INDEX "organizations_created_at_idx";
--> statement-breakpoint
CREATE INDEX "organizations_created_at_idx" ON "organizations" USING btree ("created_at","id","deleted_at");
--> statement-breakpoint
DROP INDEX "organizations_updated_at_idx";
--> statement-breakpoint
CREATE INDEX "organizations_updated_at_idx" ON "organizations" USING btree ("updated_at","id","deleted_at");
--> statement-breakpoint
DROP INDEX "organizations_legal_name_idx";
--> statement-breakpoint
CREATE INDEX "organizations_legal_name_idx" ON "organizations" USING btree ("legal_name","id","deleted_at");
--> statement-breakpoint
DROP INDEX "organizations_city_idx";
--> statement-breakpoint
CREATE INDEX "organizations_city_idx" ON "organizations" USING btree ("city","id","deleted_at");
--> statement-breakpoint
DROP INDEX "locations_search_name_idx";
--> statement-breakpoint
CREATE INDEX "locations_search_name_idx" ON "locations" USING btree ("search_name","id","deleted_at");
--> statement-breakpoint
DROP INDEX "locations_search_organization_idx";
--> statement-breakpoint
CREATE INDEX "locations_search_organization_idx" ON "locations" USING btree ("search_organization","id","deleted_at");
--> statement-breakpoint
DROP INDEX "locations_city_idx";
--> statement-breakpoint
CREATE INDEX "locations_city_idx" ON "locations" USING btree ("city","id","deleted_at");
--> statement-breakpoint
DROP INDEX "locations_created_at_idx";
--> statement-breakpoint
CREATE INDEX "locations_created_at_idx" ON "locations" USING btree ("created_at","id","deleted_at");
--> statement-breakpoint
DROP INDEX "locations_updated_at_idx";
--> statement-breakpoint
CREATE INDEX "locations_updated_at_idx" ON "locations" USING btree ("updated_at","id","deleted_at");
