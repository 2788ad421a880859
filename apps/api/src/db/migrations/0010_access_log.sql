CREATE TABLE "access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event" varchar(20) NOT NULL,
	"user_id" integer,
	"email" varchar(200),
	"ip" text NOT NULL,
	"user_agent" text,
	CONSTRAINT "access_log_event_check" CHECK ("access_log"."event" in ('sign-in', 'sign-in-failed', 'refresh', 'sign-out'))
);
--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_log_occurred_at_idx" ON "access_log" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "access_log_user_idx" ON "access_log" USING btree ("user_id","occurred_at");