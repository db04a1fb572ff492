-- A product joins or leaves a category.
CREATE OR REPLACE FUNCTION product_category_listing_link_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM product_category_listing WHERE category_id = OLD.category_id AND product_id = OLD.product_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO product_category_listing (category_id, product_id, shop_id, brand_id, is_active, is_approved,
      is_featured, is_digital, price, discount_price, rating_avg, sold_count, created_at)
    SELECT NEW.category_id, p.id, p.shop_id, p.brand_id, p.is_active, p.is_approved, p.is_featured, p.is_digital,
      p.price, p.discount_price, p.rating_avg, p.sold_count, p.created_at
    FROM products p WHERE p.id = NEW.product_id
    ON CONFLICT (category_id, product_id) DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
