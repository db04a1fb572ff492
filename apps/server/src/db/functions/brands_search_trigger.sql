CREATE OR REPLACE FUNCTION brands_search_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_translations t
  SET search_vector = product_search_vector(t.product_id, t.locale, t.name, t.short_description, t.description)
  FROM products p WHERE p.id = t.product_id AND p.brand_id = NEW.id;
  RETURN NULL;
END
$$;
