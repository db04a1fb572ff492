-- A name's distinct words, lower case, split as the query's words are (typos.ts: queryWords): four
-- letters at least (a five-letter word less one letter) and not only digits, which are never
-- corrected.
CREATE OR REPLACE FUNCTION search_words_of(p_name text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(coalesce(p_name, '')), '[^[:alnum:]]+') w
  WHERE char_length(w) >= 4 AND w !~ '^[0-9]+$'
$$;
