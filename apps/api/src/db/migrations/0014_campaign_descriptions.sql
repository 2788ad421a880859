CREATE TABLE "campaign_descriptions" (
	"campaign_id" integer NOT NULL,
	"language" varchar(5) NOT NULL,
	"description" varchar(100) NOT NULL,
	CONSTRAINT "campaign_descriptions_campaign_id_language_pk" PRIMARY KEY("campaign_id","language")
);
--> statement-breakpoint
ALTER TABLE "campaign_descriptions" ADD CONSTRAINT "campaign_descriptions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TRIGGER campaign_descriptions_audit AFTER INSERT OR UPDATE OR DELETE ON campaign_descriptions FOR EACH ROW EXECUTE FUNCTION audit_row_change('campaign', 'campaign_id', 'campaign_id,language');
