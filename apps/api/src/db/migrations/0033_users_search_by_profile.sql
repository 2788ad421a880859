-- The profile beside the word starts in each state's search index, so that one profile's matches are
-- found in the index alone (the profile sort of a broad search, users-list.queries.ts). btree_gin gives
-- GIN an operator class for integers; it is a trusted extension, which the database's owner creates.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "users_active_search_prefixes_idx";--> statement-breakpoint
DROP INDEX "users_inactive_search_prefixes_idx";--> statement-breakpoint
CREATE INDEX "users_active_search_prefixes_idx" ON "users" USING gin ("profile_id","search_prefixes") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_inactive_search_prefixes_idx" ON "users" USING gin ("profile_id","search_prefixes") WHERE "users"."deleted_at" is not null;