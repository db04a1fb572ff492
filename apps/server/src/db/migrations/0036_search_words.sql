-- Search that forgives typos (issue 3): the distinct words of the product names per language, with
-- the number of names holding each, and a trigram index to find the words within a typo of a
-- shopper's word (modules/products/typos.ts). Kept out of the Drizzle schema like 0006's suffixes:
-- only the triggers below write it.
CREATE TABLE IF NOT EXISTS search_words (
  locale varchar(10) NOT NULL,
  word text COLLATE "C" NOT NULL,
  products integer NOT NULL,
  CONSTRAINT search_words_pk PRIMARY KEY (locale, word)
);
--> statement-breakpoint
-- GiST, not GIN: candidates are read nearest first (word <-> typed LIMIT n) without a similarity
-- threshold, which a swap in a five-letter word (2 of 10 trigrams shared) would not pass.
CREATE INDEX IF NOT EXISTS search_words_trgm_idx ON search_words USING gist (word gist_trgm_ops);
--> statement-breakpoint
-- A name's distinct words, lower case, split as the query's words are (typos.ts: queryWords): four
-- letters at least (a five-letter word less one letter) and not only digits, which are never
-- corrected.
CREATE OR REPLACE FUNCTION search_words_of(p_name text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(coalesce(p_name, '')), '[^[:alnum:]]+') w
  WHERE char_length(w) >= 4 AND w !~ '^[0-9]+$'
$$;
--> statement-breakpoint
-- One pass per statement over its changed rows (an import's batch, a seller's save, the seed): the
-- words' counts move by the sum of their changes, in word order (two writers lock the rows they
-- share in the same order), and a word no name holds any more is removed.
CREATE OR REPLACE FUNCTION search_words_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_words AS s (locale, word, products)
    SELECT n.locale, w, count(*)::int FROM new_rows n, search_words_of(n.name) w
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (locale, word) DO UPDATE SET products = s.products + excluded.products;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO search_words AS s (locale, word, products)
    SELECT d.locale, d.word, d.change FROM (
      SELECT x.locale, x.word, sum(x.change)::int AS change FROM (
        SELECT n.locale, w AS word, 1 AS change FROM new_rows n, search_words_of(n.name) w
        UNION ALL
        SELECT o.locale, w, -1 FROM old_rows o, search_words_of(o.name) w
      ) x GROUP BY 1, 2 HAVING sum(x.change) <> 0
    ) d ORDER BY 1, 2
    ON CONFLICT (locale, word) DO UPDATE SET products = s.products + excluded.products;
  ELSE
    UPDATE search_words s SET products = s.products - d.change
    FROM (
      SELECT o.locale, w AS word, count(*)::int AS change FROM old_rows o, search_words_of(o.name) w
      GROUP BY 1, 2 ORDER BY 1, 2
    ) d
    WHERE s.locale = d.locale AND s.word = d.word;
  END IF;
  DELETE FROM search_words s
  USING (SELECT DISTINCT o.locale, w AS word FROM old_rows o, search_words_of(o.name) w) d
  WHERE s.locale = d.locale AND s.word = d.word AND s.products <= 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS search_words_insert ON product_translations;
--> statement-breakpoint
CREATE TRIGGER search_words_insert
  AFTER INSERT ON product_translations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_trigger();
--> statement-breakpoint
-- Every update (a transition table cannot go with UPDATE OF name); an unchanged name nets to nothing.
DROP TRIGGER IF EXISTS search_words_update ON product_translations;
--> statement-breakpoint
CREATE TRIGGER search_words_update
  AFTER UPDATE ON product_translations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_trigger();
--> statement-breakpoint
DROP TRIGGER IF EXISTS search_words_delete ON product_translations;
--> statement-breakpoint
CREATE TRIGGER search_words_delete
  AFTER DELETE ON product_translations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_trigger();
--> statement-breakpoint
-- Databases that already hold products get their words now.
INSERT INTO search_words (locale, word, products)
SELECT t.locale, w, count(*)::int FROM product_translations t, search_words_of(t.name) w
GROUP BY 1, 2
ON CONFLICT (locale, word) DO NOTHING;
--> statement-breakpoint
ANALYZE search_words;
