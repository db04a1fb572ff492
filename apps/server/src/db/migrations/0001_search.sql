-- Product search: full-text (weighted name and SKU, brand, categories, descriptions) per language,
-- plus trigram indexes for typos, prefixes and the autocomplete. Kept out of the Drizzle schema on
-- purpose: the column is written only by the triggers below, never by application code.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
ALTER TABLE "product_translations" ADD COLUMN IF NOT EXISTS "search_vector" tsvector;
--> statement-breakpoint
-- English words are stemmed (shoe = shoes); other languages are matched word for word, which
-- suits Indonesian and Arabic better than a stemmer that does not know them.
CREATE OR REPLACE FUNCTION product_search_config(p_locale text) RETURNS regconfig
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN p_locale = 'en' THEN 'english'::regconfig ELSE 'simple'::regconfig END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_vector(
  p_product_id integer, p_locale text, p_name text, p_short text, p_description text
) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT
    setweight(to_tsvector(product_search_config(p_locale), coalesce(p_name, '')), 'A')
    || setweight(to_tsvector('simple', coalesce((SELECT p.sku FROM products p WHERE p.id = p_product_id), '')), 'A')
    || setweight(to_tsvector(product_search_config(p_locale), coalesce((
         SELECT coalesce(nullif(b.translations ->> p_locale, ''), b.name)
         FROM products p JOIN brands b ON b.id = p.brand_id
         WHERE p.id = p_product_id), '')), 'B')
    || setweight(to_tsvector(product_search_config(p_locale), coalesce((
         SELECT string_agg(coalesce(nullif(c.translations ->> p_locale, ''), c.name), ' ')
         FROM product_categories pc JOIN categories c ON c.id = pc.category_id
         WHERE pc.product_id = p_product_id), '')), 'C')
    || setweight(to_tsvector(product_search_config(p_locale),
         coalesce(p_short, '') || ' ' || regexp_replace(coalesce(p_description, ''), '<[^>]*>', ' ', 'g')), 'D')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_translations_search_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := product_search_vector(NEW.product_id, NEW.locale, NEW.name, NEW.short_description, NEW.description);
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_translations_search ON product_translations;
--> statement-breakpoint
CREATE TRIGGER product_translations_search
  BEFORE INSERT OR UPDATE OF name, short_description, description ON product_translations
  FOR EACH ROW EXECUTE FUNCTION product_translations_search_trigger();
--> statement-breakpoint
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
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_categories_search_insert ON product_categories;
--> statement-breakpoint
CREATE TRIGGER product_categories_search_insert
  AFTER INSERT ON product_categories REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_categories_search_trigger();
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_categories_search_delete ON product_categories;
--> statement-breakpoint
CREATE TRIGGER product_categories_search_delete
  AFTER DELETE ON product_categories REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_categories_search_trigger();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_translations t
  SET search_vector = product_search_vector(t.product_id, t.locale, t.name, t.short_description, t.description)
  WHERE t.product_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS products_search ON products;
--> statement-breakpoint
CREATE TRIGGER products_search
  AFTER UPDATE OF brand_id, sku ON products
  FOR EACH ROW WHEN (OLD.brand_id IS DISTINCT FROM NEW.brand_id OR OLD.sku IS DISTINCT FROM NEW.sku)
  EXECUTE FUNCTION products_search_trigger();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION brands_search_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_translations t
  SET search_vector = product_search_vector(t.product_id, t.locale, t.name, t.short_description, t.description)
  FROM products p WHERE p.id = t.product_id AND p.brand_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS brands_search ON brands;
--> statement-breakpoint
CREATE TRIGGER brands_search
  AFTER UPDATE OF name, translations ON brands
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.translations IS DISTINCT FROM NEW.translations)
  EXECUTE FUNCTION brands_search_trigger();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION categories_search_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_translations t
  SET search_vector = product_search_vector(t.product_id, t.locale, t.name, t.short_description, t.description)
  FROM product_categories pc WHERE pc.product_id = t.product_id AND pc.category_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS categories_search ON categories;
--> statement-breakpoint
CREATE TRIGGER categories_search
  AFTER UPDATE OF name, translations ON categories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.translations IS DISTINCT FROM NEW.translations)
  EXECUTE FUNCTION categories_search_trigger();
--> statement-breakpoint
-- Databases that already hold products get their documents now.
UPDATE product_translations
SET search_vector = product_search_vector(product_id, locale, name, short_description, description);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_translations_search_idx ON product_translations USING gin (search_vector);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_translations_name_trgm_idx ON product_translations USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_translations_locale_idx ON product_translations (locale, product_id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS shops_name_trgm_idx ON shops USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_sold_idx ON products (sold_count, id);
