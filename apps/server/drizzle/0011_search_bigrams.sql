-- Substring search for every query of two characters or more, Korean included (decision 009):
-- the character bigrams of the searched text in a GIN index. A query's bigrams must all be there
-- (`@>`), then LIKE checks the substring. Trigrams cannot serve a two-syllable query (사과), and
-- the planner preferred scanning the tenant's rows even for three; a bigram array needs no
-- extension, so PGlite gets the same index.
CREATE FUNCTION search_bigrams(t text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(DISTINCT substr(t, i, 2)), '{}') FROM generate_series(1, length(t) - 1) AS i $$;--> statement-breakpoint
CREATE INDEX "products_search_bigrams_idx" ON "products" USING gin (search_bigrams(lower("title" || ' ' || "description"))) WHERE "deleted_at" IS NULL;
