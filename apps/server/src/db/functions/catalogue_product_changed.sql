-- Logs an updated product in catalogue_changes (migration 0038), from a row trigger that fires
-- only when the update changes what a reply shows (its WHEN clause). Stock that goes down without
-- running out is not logged: that is every sale, and logging each one (a row per placement) cut
-- placements from 706 to 206 a second in the bench. The batch that adds the sales to the products'
-- sold counts a second or two later logs those products instead, one row per batch
-- (orders.repository addProductsSold), so a product page's "In stock: N" follows within it.
-- Stock that runs out, comes back or goes up (a restock) is logged here. Whether the change can move the product in or
-- out of a listing or a search (placement: publication, price, shop, brand, what is searched, when
-- it was added, featured); whether what suggestions match changed (text: publication, names,
-- codes); and for a placement the shops, brands, categories and prices it had and has.
CREATE OR REPLACE FUNCTION catalogue_product_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  text_changed boolean := OLD.is_active IS DISTINCT FROM NEW.is_active
    OR OLD.is_approved IS DISTINCT FROM NEW.is_approved OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.shop_id IS DISTINCT FROM NEW.shop_id OR OLD.name IS DISTINCT FROM NEW.name
    OR OLD.sku IS DISTINCT FROM NEW.sku OR OLD.slug IS DISTINCT FROM NEW.slug;
  placement boolean := text_changed OR OLD.price IS DISTINCT FROM NEW.price
    OR OLD.discount_price IS DISTINCT FROM NEW.discount_price OR OLD.brand_id IS DISTINCT FROM NEW.brand_id
    OR OLD.is_featured IS DISTINCT FROM NEW.is_featured OR OLD.is_digital IS DISTINCT FROM NEW.is_digital
    OR OLD.created_at IS DISTINCT FROM NEW.created_at;
BEGIN
  IF NOT placement THEN
    INSERT INTO catalogue_changes (product_ids, placement, text) VALUES (ARRAY[NEW.id], false, false);
    RETURN NULL;
  END IF;
  INSERT INTO catalogue_changes (product_ids, placement, text, shops, brands, categories, prices)
  VALUES (ARRAY[NEW.id], true, text_changed,
    ARRAY[OLD.shop_id, NEW.shop_id],
    array_remove(ARRAY[OLD.brand_id, NEW.brand_id], NULL),
    (SELECT coalesce(array_agg(pc.category_id), '{}') FROM product_categories pc WHERE pc.product_id = NEW.id),
    ARRAY[CASE WHEN OLD.discount_price > 0 THEN OLD.discount_price ELSE OLD.price END,
      CASE WHEN NEW.discount_price > 0 THEN NEW.discount_price ELSE NEW.price END]);
  RETURN NULL;
END
$$;
