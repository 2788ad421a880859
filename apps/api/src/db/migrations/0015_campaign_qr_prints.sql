CREATE TABLE "campaign_qr_prints" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"kind" varchar(5) NOT NULL,
	"campaign_updated_at" timestamp with time zone NOT NULL,
	"printed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"printed_by" integer,
	CONSTRAINT "campaign_qr_prints_kind" CHECK ("campaign_qr_prints"."kind" in ('print', 'png', 'svg'))
);
--> statement-breakpoint
ALTER TABLE "campaign_qr_prints" ADD CONSTRAINT "campaign_qr_prints_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_qr_prints_latest_idx" ON "campaign_qr_prints" USING btree ("campaign_id","printed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE TRIGGER campaign_qr_prints_audit AFTER INSERT OR UPDATE OR DELETE ON campaign_qr_prints FOR EACH ROW EXECUTE FUNCTION audit_row_change('campaign', 'campaign_id', 'id');
