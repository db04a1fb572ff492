CREATE OR REPLACE FUNCTION product_translations_search_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := product_search_vector(NEW.product_id, NEW.locale, NEW.name, NEW.short_description, NEW.description);
  RETURN NEW;
END
$$;
