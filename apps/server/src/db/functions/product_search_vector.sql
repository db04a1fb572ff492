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
