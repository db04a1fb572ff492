-- Words are separated by white space, as in the `name ILIKE '% q%'` rule this replaces; runs of
-- white space count as one, and the application folds the typed text the same way.
CREATE OR REPLACE FUNCTION product_name_suffixes_of(p_name text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT left(array_to_string(w[i:], ' '), 200)
  FROM (SELECT regexp_split_to_array(lower(btrim(p_name)), '\s+') AS w) words, generate_subscripts(w, 1) AS i
  WHERE w[i] <> ''
$$;
