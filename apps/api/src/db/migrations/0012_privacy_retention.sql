CREATE TABLE "account_activity" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"last_active_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "anonymized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_activity" ADD CONSTRAINT "account_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Accounts that signed in before this table existed: their last sign-in or refresh still in the access log.
INSERT INTO "account_activity" ("user_id", "last_active_at")
SELECT "user_id", max("occurred_at") FROM "access_log"
WHERE "user_id" IS NOT NULL AND "event" IN ('sign-in', 'refresh')
GROUP BY "user_id";
--> statement-breakpoint
-- Anonymising an account scrubs every change of its users row in the trail: found here, not by a scan
-- of the whole trail. Partial, so the trail's other writes do not pay for it. Written by hand, like the
-- trail's triggers.
CREATE INDEX "audit_changes_users_row_idx" ON "audit_changes" USING btree ("row_key") WHERE "table_name" = 'users';
