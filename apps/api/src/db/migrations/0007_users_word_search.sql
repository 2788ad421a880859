DROP INDEX "users_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_words" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
-- search_words: the words of search_text (the e-mail split at its dots, @ and other punctuation), for
-- word-prefix search. Kept by the same trigger as search_text; lib/search-text.ts splits terms alike.
CREATE OR REPLACE FUNCTION users_set_search_text() RETURNS trigger AS $$
BEGIN
  NEW.search_text := translate(lower(NEW.name || ' ' || NEW.email),
    'áàâãäåéèêëíìîïóòôõöúùûüçñýÿ', 'aaaaaaeeeeiiiiooooouuuucnyy');
  NEW.search_words := array_to_tsvector(array_remove(regexp_split_to_array(NEW.search_text, '[^[:alnum:]]+'), ''));
  RETURN NEW;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
UPDATE users SET search_words = array_to_tsvector(array_remove(regexp_split_to_array(search_text, '[^[:alnum:]]+'), ''));--> statement-breakpoint
CREATE INDEX "users_search_words_idx" ON "users" USING gin ("search_words");--> statement-breakpoint
CREATE INDEX "users_active_search_words_idx" ON "users" USING gin ("search_words") WHERE "users"."deleted_at" is null;
