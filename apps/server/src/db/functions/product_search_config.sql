-- English words are stemmed (shoe = shoes); other languages are matched word for word, which
-- suits Indonesian and Arabic better than a stemmer that does not know them.
CREATE OR REPLACE FUNCTION product_search_config(p_locale text) RETURNS regconfig
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_locale = 'en' THEN 'english'::regconfig ELSE 'simple'::regconfig END
$$;
