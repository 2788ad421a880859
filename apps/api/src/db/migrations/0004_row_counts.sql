CREATE TABLE "row_counts" (
	"resource" varchar(50) NOT NULL,
	"is_active" boolean NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "row_counts_resource_is_active_pk" PRIMARY KEY("resource","is_active")
);
--> statement-breakpoint
-- Statement-level triggers keep row_counts exact. The resource name is the trigger's argument, so
-- any table with a deleted_at column can use the same three functions.
CREATE OR REPLACE FUNCTION row_counts_after_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO row_counts (resource, is_active, total)
    SELECT TG_ARGV[0], deleted_at IS NULL, count(*) FROM new_rows GROUP BY 2
  ON CONFLICT (resource, is_active) DO UPDATE SET total = row_counts.total + excluded.total;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION row_counts_after_delete() RETURNS trigger AS $$
BEGIN
  INSERT INTO row_counts (resource, is_active, total)
    SELECT TG_ARGV[0], deleted_at IS NULL, -count(*) FROM old_rows GROUP BY 2
  ON CONFLICT (resource, is_active) DO UPDATE SET total = row_counts.total + excluded.total;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION row_counts_after_update() RETURNS trigger AS $$
BEGIN
  INSERT INTO row_counts (resource, is_active, total)
    SELECT TG_ARGV[0], is_active, sum(delta) FROM (
      SELECT deleted_at IS NULL AS is_active, 1 AS delta FROM new_rows
      UNION ALL
      SELECT deleted_at IS NULL, -1 FROM old_rows) AS changes
    GROUP BY is_active HAVING sum(delta) <> 0
  ON CONFLICT (resource, is_active) DO UPDATE SET total = row_counts.total + excluded.total;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER users_count_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_after_insert('users');--> statement-breakpoint
CREATE TRIGGER users_count_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_after_delete('users');--> statement-breakpoint
CREATE TRIGGER users_count_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_after_update('users');--> statement-breakpoint
INSERT INTO row_counts (resource, is_active, total)
  SELECT 'users', deleted_at IS NULL, count(*) FROM users GROUP BY 2
ON CONFLICT (resource, is_active) DO UPDATE SET total = excluded.total;
