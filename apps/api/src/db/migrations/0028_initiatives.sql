CREATE TABLE "initiative_locations" (
	"initiative_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	CONSTRAINT "initiative_locations_initiative_id_location_id_pk" PRIMARY KEY("initiative_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "initiative_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"initiative_id" integer NOT NULL,
	"status_change_id" integer NOT NULL,
	"outbox_id" bigint,
	"recipient" varchar(200) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"html" text NOT NULL,
	"language" varchar(5) NOT NULL,
	"sent_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "initiative_status_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"initiative_id" integer NOT NULL,
	"from_status" varchar(20),
	"to_status" varchar(20) NOT NULL,
	"note" varchar(1000),
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "initiative_status_changes_to_check" CHECK ("initiative_status_changes"."to_status" in ('inReview', 'approved', 'changesRequested', 'rejected', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "initiatives" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"description" varchar(2000),
	"organization_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"status" varchar(20) DEFAULT 'inReview' NOT NULL,
	"proposed_by" integer,
	"search_text" varchar(110) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "initiatives_status_check" CHECK ("initiatives"."status" in ('inReview', 'approved', 'changesRequested', 'rejected', 'inactive')),
	CONSTRAINT "initiatives_dates_check" CHECK ("initiatives"."ends_on" >= "initiatives"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "initiative_locations" ADD CONSTRAINT "initiative_locations_initiative_id_initiatives_id_fk" FOREIGN KEY ("initiative_id") REFERENCES "public"."initiatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "initiative_locations" ADD CONSTRAINT "initiative_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "initiative_mails" ADD CONSTRAINT "initiative_mails_initiative_id_initiatives_id_fk" FOREIGN KEY ("initiative_id") REFERENCES "public"."initiatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "initiative_mails" ADD CONSTRAINT "initiative_mails_status_change_id_initiative_status_changes_id_fk" FOREIGN KEY ("status_change_id") REFERENCES "public"."initiative_status_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "initiative_mails" ADD CONSTRAINT "initiative_mails_outbox_id_mail_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "initiative_mails" ADD CONSTRAINT "initiative_mails_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "initiative_status_changes" ADD CONSTRAINT "initiative_status_changes_initiative_id_initiatives_id_fk" FOREIGN KEY ("initiative_id") REFERENCES "public"."initiatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "initiative_status_changes" ADD CONSTRAINT "initiative_status_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "initiatives" ADD CONSTRAINT "initiatives_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "initiatives" ADD CONSTRAINT "initiatives_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "initiatives" ADD CONSTRAINT "initiatives_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "initiative_locations_location_idx" ON "initiative_locations" USING btree ("location_id","initiative_id");--> statement-breakpoint
CREATE INDEX "initiative_mails_initiative_idx" ON "initiative_mails" USING btree ("initiative_id","id");--> statement-breakpoint
CREATE INDEX "initiative_mails_sent_by_idx" ON "initiative_mails" USING btree ("sent_by");--> statement-breakpoint
CREATE UNIQUE INDEX "initiative_mails_status_change_key" ON "initiative_mails" USING btree ("status_change_id");--> statement-breakpoint
CREATE INDEX "initiative_status_changes_initiative_idx" ON "initiative_status_changes" USING btree ("initiative_id","id");--> statement-breakpoint
CREATE INDEX "initiative_status_changes_changed_by_idx" ON "initiative_status_changes" USING btree ("changed_by");--> statement-breakpoint
CREATE INDEX "initiatives_search_trgm_idx" ON "initiatives" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "initiatives_created_at_idx" ON "initiatives" USING btree ("created_at","id","deleted_at");--> statement-breakpoint
CREATE INDEX "initiatives_updated_at_idx" ON "initiatives" USING btree ("updated_at","id","deleted_at");--> statement-breakpoint
CREATE INDEX "initiatives_starts_on_idx" ON "initiatives" USING btree ("starts_on","id");--> statement-breakpoint
CREATE INDEX "initiatives_organization_idx" ON "initiatives" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "initiatives_status_dates_idx" ON "initiatives" USING btree ("status","starts_on","ends_on");--> statement-breakpoint
CREATE INDEX "initiatives_campaign_idx" ON "initiatives" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "initiatives_proposed_by_idx" ON "initiatives" USING btree ("proposed_by");--> statement-breakpoint
-- The kit's triggers (search text on the title, row counts, audit) and the audit of its locations; the
-- status history and the mails are the initiative's own record of itself, written with each change.
SELECT install_resource_triggers('initiatives', 'initiative', ARRAY['title']);--> statement-breakpoint
SELECT install_audit_trigger('initiative_locations', 'initiative', 'initiative_id');
