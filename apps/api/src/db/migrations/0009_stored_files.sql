CREATE TABLE "stored_files" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"state" varchar(16) NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_state_check" CHECK ("stored_files"."state" in ('pending', 'committed', 'released'))
);
--> statement-breakpoint
CREATE INDEX "stored_files_waiting_idx" ON "stored_files" USING btree ("state","changed_at") WHERE "stored_files"."state" <> 'committed';--> statement-breakpoint
-- Files stored before this table existed are referenced by their rows: they are committed.
INSERT INTO "stored_files" ("key", "state")
SELECT "key", 'committed' FROM (
	SELECT "image_key" AS "key" FROM "fragrances"
	UNION SELECT "thumbnail_key" FROM "fragrances"
	UNION SELECT "cover_key" FROM "campaigns"
	UNION SELECT "cover_thumbnail_key" FROM "campaigns"
) AS "referenced"
WHERE "key" IS NOT NULL
ON CONFLICT ("key") DO NOTHING;
