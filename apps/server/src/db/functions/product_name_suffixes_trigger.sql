CREATE OR REPLACE FUNCTION product_name_suffixes_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM product_name_suffixes
    WHERE (product_id = OLD.product_id AND locale = OLD.locale) OR (product_id = NEW.product_id AND locale = NEW.locale);
  END IF;
  INSERT INTO product_name_suffixes (locale, suffix, product_id)
  SELECT NEW.locale, s, NEW.product_id FROM product_name_suffixes_of(NEW.name) s
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
