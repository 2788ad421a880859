CREATE TABLE "record_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"record_type" varchar(40) NOT NULL,
	"mode" varchar(8) NOT NULL,
	"state" varchar(16) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_key" varchar(200),
	"file_kind" varchar(8) NOT NULL,
	"account_id" integer NOT NULL,
	"language" varchar(5) NOT NULL,
	"ip" varchar(45),
	"user_agent" varchar(300),
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"counts" jsonb DEFAULT '{"insert":0,"update":0,"unchanged":0,"invalid":0}'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"errors_truncated" boolean DEFAULT false NOT NULL,
	"applied" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"locked_by" varchar(64),
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "record_imports_state_check" CHECK ("record_imports"."state" in ('queued', 'running', 'done', 'failed', 'cancelled')),
	CONSTRAINT "record_imports_mode_check" CHECK ("record_imports"."mode" in ('check', 'apply'))
);
--> statement-breakpoint
ALTER TABLE "record_imports" ADD CONSTRAINT "record_imports_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_imports_waiting_idx" ON "record_imports" USING btree ("created_at") WHERE "record_imports"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "record_imports_account_idx" ON "record_imports" USING btree ("account_id");