-- Categories are linked after the translations are written (one statement per batch), so the
-- documents of the products touched by that statement are recomputed once.
CREATE OR REPLACE FUNCTION product_categories_search_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_translations t
  SET search_vector = product_search_vector(t.product_id, t.locale, t.name, t.short_description, t.description)
  WHERE t.product_id IN (SELECT DISTINCT product_id FROM changed_rows);
  RETURN NULL;
END
$$;
