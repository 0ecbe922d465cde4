-- The search indexes are read by every search and written only when a product or post is added or
-- edited. With GIN's default fastupdate, new rows wait in a pending list that every search reads
-- through until a vacuum merges it (decision 025: the bigram index scan for 사과 took 5.9 ms after
-- a bulk insert instead of 0.13 ms). Written straight into the index instead; the entries already
-- pending are merged now. The trigram indexes exist only where pg_trgm is available.
DO $$
DECLARE idx regclass;
BEGIN
  FOR idx IN
    SELECT c.oid::regclass FROM pg_class c
     WHERE c.relkind = 'i' AND pg_table_is_visible(c.oid)
       AND c.relname IN ('products_search_bigrams_idx', 'products_search_trgm_idx', 'posts_search_trgm_idx')
  LOOP
    EXECUTE format('ALTER INDEX %s SET (fastupdate = off)', idx);
    PERFORM gin_clean_pending_list(idx);
  END LOOP;
END $$;
