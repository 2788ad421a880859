CREATE TABLE "campaign_slots" (
	"campaign_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"fragrance_id" integer NOT NULL,
	"shot_seconds" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "campaign_slots_campaign_id_slot_pk" PRIMARY KEY("campaign_id","slot"),
	CONSTRAINT "campaign_slots_slot_range" CHECK ("campaign_slots"."slot" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"search_text" varchar(100) DEFAULT '' NOT NULL,
	"fragrance_shots" integer DEFAULT 100 NOT NULL,
	"cover_key" varchar(200),
	"cover_thumbnail_key" varchar(200),
	"downloads" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "campaign_slots" ADD CONSTRAINT "campaign_slots_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_slots" ADD CONSTRAINT "campaign_slots_fragrance_id_fragrances_id_fk" FOREIGN KEY ("fragrance_id") REFERENCES "public"."fragrances"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_slots_fragrance_idx" ON "campaign_slots" USING btree ("fragrance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_one_default_key" ON "campaigns" USING btree ("is_default") WHERE "campaigns"."is_default";--> statement-breakpoint
CREATE INDEX "campaigns_search_trgm_idx" ON "campaigns" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "campaigns_search_text_idx" ON "campaigns" USING btree ("search_text","id");--> statement-breakpoint
CREATE INDEX "campaigns_created_at_idx" ON "campaigns" USING btree ("created_at","id");
--> statement-breakpoint
CREATE TRIGGER campaigns_search_text BEFORE INSERT OR UPDATE OF name ON campaigns
  FOR EACH ROW EXECUTE FUNCTION set_search_text_from_name();--> statement-breakpoint
CREATE TRIGGER campaigns_count_insert AFTER INSERT ON campaigns REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_after_insert('campaigns');--> statement-breakpoint
CREATE TRIGGER campaigns_count_delete AFTER DELETE ON campaigns REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_after_delete('campaigns');--> statement-breakpoint
CREATE TRIGGER campaigns_count_update AFTER UPDATE ON campaigns REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_after_update('campaigns');
