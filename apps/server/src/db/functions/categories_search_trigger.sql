CREATE OR REPLACE FUNCTION categories_search_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_translations t
  SET search_vector = product_search_vector(t.product_id, t.locale, t.name, t.short_description, t.description)
  FROM product_categories pc WHERE pc.product_id = t.product_id AND pc.category_id = NEW.id;
  RETURN NULL;
END
$$;
