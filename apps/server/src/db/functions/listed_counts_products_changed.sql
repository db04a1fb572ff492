-- Keeps each shop's count of listed products (active and approved; the shop's own state is read
-- with the count) in listed_product_counts under category 0 (migration 0039): a statement's new or
-- deleted products at once, an update row by row when it lists, unlists or moves a product (its
-- trigger's WHEN), so a sale changes nothing here.
CREATE OR REPLACE FUNCTION listed_counts_products_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM listed_product_counts WHERE category_id = 0;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO listed_product_counts AS c (shop_id, category_id, products)
    SELECT d.shop_id, 0, sum(d.delta)::integer
    FROM (VALUES (OLD.shop_id, CASE WHEN OLD.is_active AND OLD.is_approved THEN -1 ELSE 0 END),
      (NEW.shop_id, CASE WHEN NEW.is_active AND NEW.is_approved THEN 1 ELSE 0 END)) AS d (shop_id, delta)
    GROUP BY d.shop_id HAVING sum(d.delta) <> 0 ORDER BY d.shop_id
    ON CONFLICT (shop_id, category_id) DO UPDATE SET products = c.products + EXCLUDED.products;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO listed_product_counts AS c (shop_id, category_id, products)
    SELECT n.shop_id, 0, count(*)::integer FROM new_rows n WHERE n.is_active AND n.is_approved
    GROUP BY n.shop_id ORDER BY n.shop_id
    ON CONFLICT (shop_id, category_id) DO UPDATE SET products = c.products + EXCLUDED.products;
  ELSE
    INSERT INTO listed_product_counts AS c (shop_id, category_id, products)
    SELECT o.shop_id, 0, -count(*)::integer FROM old_rows o WHERE o.is_active AND o.is_approved
    GROUP BY o.shop_id ORDER BY o.shop_id
    ON CONFLICT (shop_id, category_id) DO UPDATE SET products = c.products + EXCLUDED.products;
  END IF;
  RETURN NULL;
END
$$;
