-- A broad word sorted by e-mail walks the e-mail index where the addresses starting with it cluster,
-- instead of sorting every match (users-list.statements.ts). For that split to be exact, the search
-- index must tell the matches inside that range of the e-mail index from the rest: a word start whose
-- range (the start, up to the start with its last character moved up one) holds the record's e-mail is
-- marked '@', after the '^' of migration 0007 when it also begins the first token. Each start is still
-- stored once: "Ana Maria", ana.m@x.com gives {^@an, ^@ana, ma, mar, mari, maria, co, com} ("m" and
-- "x" are too short).
-- The range is compared in the e-mail column's collation, as its index orders it, so the mark and the
-- walk agree whatever the server's collation. Only starts of letters a-z and digits are marked (moved
-- up one, such a character stays one), so a search for other words sorts its matches, as before. Words
-- are split and their starts compared under collation "C", the search text's, as in migration 0007.
CREATE FUNCTION search_prefixes(normalised text, email text) RETURNS text[] AS $$
  SELECT coalesce(array_agg(
    CASE WHEN starts_with(split_part(normalised, ' ', 1) COLLATE "C", prefix) THEN '^' ELSE '' END
    || CASE WHEN prefix COLLATE "C" ~ '^[a-z0-9]+$'
              AND email COLLATE "default" >= prefix
              AND email COLLATE "default" < left(prefix, -1) || chr(ascii(right(prefix, 1)) + 1)
            THEN '@' ELSE '' END
    || prefix), '{}')
  FROM (
    SELECT DISTINCT left(word, n) AS prefix
    FROM unnest(regexp_split_to_array(normalised COLLATE "C", '[^[:alnum:]]+')) AS word,
         generate_series(2, least(length(word), 20)) AS n
    WHERE word <> ''
  ) AS starts
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;
--> statement-breakpoint
-- Migration 0017's trigger function, passing the e-mail (users is the one table with search_prefixes).
CREATE OR REPLACE FUNCTION set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data jsonb := to_jsonb(NEW);
  parts text[] := '{}';
  column_name text;
BEGIN
  FOREACH column_name IN ARRAY TG_ARGV LOOP
    parts := parts || (row_data ->> column_name);
  END LOOP;
  NEW.search_text := search_normalise(array_to_string(parts, ' '));
  -- Only read on a table that has the column: plpgsql resolves a field when its line first runs.
  IF row_data ? 'search_prefixes' THEN
    NEW.search_prefixes := search_prefixes(NEW.search_text, row_data ->> 'email');
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP FUNCTION search_prefixes(text);
--> statement-breakpoint
-- Derived search data only: the trail records nothing (audit_is_bookkeeping), and the row trigger that
-- computes it runs on changes of the name and e-mail only. A million users take a few minutes.
UPDATE users SET search_prefixes = search_prefixes(search_text, email);
