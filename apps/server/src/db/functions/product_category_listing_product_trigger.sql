-- A listed column of the product changes (price, stock of sales, rating, approval...).
CREATE OR REPLACE FUNCTION product_category_listing_product_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_category_listing SET shop_id = NEW.shop_id, brand_id = NEW.brand_id, is_active = NEW.is_active,
    is_approved = NEW.is_approved, is_featured = NEW.is_featured, is_digital = NEW.is_digital, price = NEW.price,
    discount_price = NEW.discount_price, rating_avg = NEW.rating_avg, sold_count = NEW.sold_count,
    created_at = NEW.created_at
  WHERE product_id = NEW.id;
  RETURN NULL;
END
$$;
