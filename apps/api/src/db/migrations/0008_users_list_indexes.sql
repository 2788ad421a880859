CREATE TABLE "profile_user_counts" (
	"profile_id" integer PRIMARY KEY NOT NULL,
	"total" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_profile_id_idx";--> statement-breakpoint
ALTER TABLE "profile_user_counts" ADD CONSTRAINT "profile_user_counts_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_active_profile_id_idx" ON "users" USING btree ("profile_id","id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_inactive_search_text_idx" ON "users" USING btree ("search_text","id") WHERE "users"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "users_inactive_email_idx" ON "users" USING btree ("email","id") WHERE "users"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "users_inactive_created_at_idx" ON "users" USING btree ("created_at","id") WHERE "users"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "users_inactive_profile_id_idx" ON "users" USING btree ("profile_id","id") WHERE "users"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "users_inactive_id_idx" ON "users" USING btree ("id") WHERE "users"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "users_profile_id_idx" ON "users" USING btree ("profile_id","id");--> statement-breakpoint
-- Statement-level triggers keep profile_user_counts exact, as row_counts (migration 0004).
CREATE OR REPLACE FUNCTION profile_user_counts_after_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO profile_user_counts (profile_id, total)
    SELECT profile_id, count(*) FROM new_rows GROUP BY 1
  ON CONFLICT (profile_id) DO UPDATE SET total = profile_user_counts.total + excluded.total;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION profile_user_counts_after_delete() RETURNS trigger AS $$
BEGIN
  INSERT INTO profile_user_counts (profile_id, total)
    SELECT profile_id, -count(*) FROM old_rows GROUP BY 1
  ON CONFLICT (profile_id) DO UPDATE SET total = profile_user_counts.total + excluded.total;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION profile_user_counts_after_update() RETURNS trigger AS $$
BEGIN
  INSERT INTO profile_user_counts (profile_id, total)
    SELECT profile_id, sum(delta) FROM (
      SELECT profile_id, 1 AS delta FROM new_rows
      UNION ALL
      SELECT profile_id, -1 FROM old_rows) AS changes
    GROUP BY profile_id HAVING sum(delta) <> 0
  ON CONFLICT (profile_id) DO UPDATE SET total = profile_user_counts.total + excluded.total;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER users_profile_count_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION profile_user_counts_after_insert();--> statement-breakpoint
CREATE TRIGGER users_profile_count_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION profile_user_counts_after_delete();--> statement-breakpoint
CREATE TRIGGER users_profile_count_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION profile_user_counts_after_update();--> statement-breakpoint
INSERT INTO profile_user_counts (profile_id, total)
  SELECT profile_id, count(*) FROM users GROUP BY 1
ON CONFLICT (profile_id) DO UPDATE SET total = excluded.total;
