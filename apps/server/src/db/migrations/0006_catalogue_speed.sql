-- Catalogue speed at 100,000 products (issue 3). Kept out of the Drizzle schema like 0001_search:
-- covering and expression indexes, and a table written only by the trigger below.

-- Listings filter and sort on these columns for thousands of products per request; reading them
-- from a narrow index (index-only scan) instead of the wide product rows keeps that cheap.
CREATE INDEX IF NOT EXISTS products_listing_idx ON products (id)
  INCLUDE (shop_id, is_active, is_approved, is_featured, is_digital, brand_id, price, discount_price,
    rating_avg, sold_count, created_at);
--> statement-breakpoint
-- A category's products in id order, merged with the listing index without touching the table.
CREATE INDEX IF NOT EXISTS product_categories_category_product_idx ON product_categories (category_id, product_id);
--> statement-breakpoint
-- "More from this shop": the best sellers of one shop without sorting all of its products.
CREATE INDEX IF NOT EXISTS products_shop_popular_idx ON products (shop_id, sold_count DESC, rating_avg DESC, id DESC);
--> statement-breakpoint
-- Facets: the cheapest extra price of a size or colour is the first listed row in this order.
CREATE INDEX IF NOT EXISTS product_sizes_size_price_idx ON product_sizes (size_id, extra_price, product_id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_colors_color_price_idx ON product_colors (color_id, extra_price, product_id);
--> statement-breakpoint
-- Search-box suggestions: every translated name once per word it has, from that word to the end
-- ("sonara smart tv", "smart tv", "tv"), lower case. "Name or one of its words starts with what
-- was typed" is then a range scan of one btree in suggestion order that stops after `limit` rows,
-- instead of ranking every trigram match (a two-letter prefix matches thousands of names).
-- Byte order (COLLATE "C") so LIKE 'prefix%' can use the index.
CREATE TABLE IF NOT EXISTS product_name_suffixes (
  locale varchar(10) NOT NULL,
  suffix text COLLATE "C" NOT NULL,
  product_id integer NOT NULL,
  CONSTRAINT product_name_suffixes_pk PRIMARY KEY (locale, suffix, product_id),
  CONSTRAINT product_name_suffixes_translation_fk FOREIGN KEY (product_id, locale)
    REFERENCES product_translations (product_id, locale) ON DELETE CASCADE ON UPDATE CASCADE
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_name_suffixes_translation_idx ON product_name_suffixes (product_id, locale);
--> statement-breakpoint
-- Words are separated by white space, as in the `name ILIKE '% q%'` rule this replaces; runs of
-- white space count as one, and the application folds the typed text the same way.
CREATE OR REPLACE FUNCTION product_name_suffixes_of(p_name text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT left(array_to_string(w[i:], ' '), 200)
  FROM (SELECT regexp_split_to_array(lower(btrim(p_name)), '\s+') AS w) words, generate_subscripts(w, 1) AS i
  WHERE w[i] <> ''
$$;
--> statement-breakpoint
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
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_name_suffixes ON product_translations;
--> statement-breakpoint
CREATE TRIGGER product_name_suffixes
  AFTER INSERT OR UPDATE OF name, locale, product_id ON product_translations
  FOR EACH ROW EXECUTE FUNCTION product_name_suffixes_trigger();
--> statement-breakpoint
-- Databases that already hold products get their suffixes now.
INSERT INTO product_name_suffixes (locale, suffix, product_id)
SELECT t.locale, s, t.product_id FROM product_translations t, product_name_suffixes_of(t.name) s
ON CONFLICT DO NOTHING;
--> statement-breakpoint
ANALYZE product_name_suffixes;
