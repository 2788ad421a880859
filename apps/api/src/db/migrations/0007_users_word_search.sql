DROP INDEX "users_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_prefixes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Every start (2 to 20 characters) of every word of a normalised text, split at anything but letters
-- and digits; lib/search-text.ts splits and cuts search terms the same way. A start that also begins the
-- text's first token is marked with '^' and stored only so: "ana maria" gives {^an, ^ana, ma, mar,
-- mari, maria}. Name-sorted searches use the mark to split their matches into those whose name starts
-- with the word (a range of the name index) and the rest (users.repository.ts).
CREATE OR REPLACE FUNCTION search_prefixes(normalised text) RETURNS text[] AS $$
  SELECT coalesce(array_agg(CASE WHEN starts_with(split_part(normalised, ' ', 1), prefix)
                              THEN '^' || prefix ELSE prefix END), '{}')
  FROM (
    SELECT DISTINCT left(word, n) AS prefix
    FROM unnest(regexp_split_to_array(normalised, '[^[:alnum:]]+')) AS word,
         generate_series(2, least(length(word), 20)) AS n
    WHERE word <> ''
  ) AS starts
$$ LANGUAGE sql IMMUTABLE;--> statement-breakpoint
-- Names sort byte by byte on their normalised text: the same order on every server whatever its
-- collation, word by word ("ana silva" before "anabela"), and a prefix is a range of the index.
ALTER TABLE "users" ALTER COLUMN "search_text" TYPE varchar(401) COLLATE "C";--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_set_search_text() RETURNS trigger AS $$
BEGIN
  NEW.search_text := translate(lower(NEW.name || ' ' || NEW.email),
    'áàâãäåéèêëíìîïóòôõöúùûüçñýÿ', 'aaaaaaeeeeiiiiooooouuuucnyy');
  NEW.search_prefixes := search_prefixes(NEW.search_text);
  RETURN NEW;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
UPDATE users SET search_prefixes = search_prefixes(search_text);--> statement-breakpoint
CREATE INDEX "users_active_search_prefixes_idx" ON "users" USING gin ("search_prefixes") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_inactive_search_prefixes_idx" ON "users" USING gin ("search_prefixes") WHERE "users"."deleted_at" is not null;
