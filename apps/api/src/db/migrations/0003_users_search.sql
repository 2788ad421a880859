DROP INDEX "users_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_email_trgm_idx";--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" varchar(401) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_text_idx" ON "users" USING btree ("search_text","id");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
-- search_text: name and e-mail in lower case without accents, so "joao" finds "João". Kept by a
-- trigger so no write path can forget it; lib/search-text.ts applies the same map to search terms.
CREATE OR REPLACE FUNCTION users_set_search_text() RETURNS trigger AS $$
BEGIN
  NEW.search_text := translate(lower(NEW.name || ' ' || NEW.email),
    'áàâãäåéèêëíìîïóòôõöúùûüçñýÿ', 'aaaaaaeeeeiiiiooooouuuucnyy');
  RETURN NEW;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER users_search_text BEFORE INSERT OR UPDATE OF name, email ON users
  FOR EACH ROW EXECUTE FUNCTION users_set_search_text();--> statement-breakpoint
UPDATE users SET search_text = translate(lower(name || ' ' || email),
  'áàâãäåéèêëíìîïóòôõöúùûüçñýÿ', 'aaaaaaeeeeiiiiooooouuuucnyy');
