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
