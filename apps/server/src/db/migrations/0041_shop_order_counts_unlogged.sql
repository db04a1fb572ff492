-- A shop's orders counted (orders_count, written every second or two while orders come in, for
-- all the shops that sold) moved catalogue_version like any write to shops: every public reply and
-- every kept page was built again while anything sold (issue 31). No reply shows the count; the
-- order of the top shops follows it within PUBLIC_CACHE_SECONDS, as replies expire. Any other
-- change of a shop (name, logo, state, hours, rating, last online) still moves the version.
DROP TRIGGER IF EXISTS catalogue_changed ON shops;
--> statement-breakpoint
CREATE TRIGGER catalogue_changed AFTER INSERT OR DELETE OR TRUNCATE ON shops
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS catalogue_changed_update ON shops;
--> statement-breakpoint
CREATE TRIGGER catalogue_changed_update AFTER UPDATE ON shops FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'orders_count') IS DISTINCT FROM (to_jsonb(NEW) - 'orders_count'))
  EXECUTE FUNCTION catalogue_changed();
