-- The settings' version (issue 30): every write to a table the master settings, the languages or
-- checkout's rules are read from moves it, and each process drops those cached values when it
-- sees it move (modules/settings, lib/version-watch.ts): a change is seen everywhere within a
-- second instead of after the caches' time.
CREATE SEQUENCE IF NOT EXISTS settings_version;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION settings_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('settings_version');
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS settings_changed ON settings;
--> statement-breakpoint
CREATE TRIGGER settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION settings_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS settings_changed ON languages;
--> statement-breakpoint
CREATE TRIGGER settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON languages
  FOR EACH STATEMENT EXECUTE FUNCTION settings_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS settings_changed ON currencies;
--> statement-breakpoint
CREATE TRIGGER settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON currencies
  FOR EACH STATEMENT EXECUTE FUNCTION settings_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS settings_changed ON countries;
--> statement-breakpoint
CREATE TRIGGER settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON countries
  FOR EACH STATEMENT EXECUTE FUNCTION settings_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS settings_changed ON menus;
--> statement-breakpoint
CREATE TRIGGER settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON menus
  FOR EACH STATEMENT EXECUTE FUNCTION settings_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS settings_changed ON footers;
--> statement-breakpoint
CREATE TRIGGER settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON footers
  FOR EACH STATEMENT EXECUTE FUNCTION settings_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS settings_changed ON footer_items;
--> statement-breakpoint
CREATE TRIGGER settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON footer_items
  FOR EACH STATEMENT EXECUTE FUNCTION settings_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS settings_changed ON social_links;
--> statement-breakpoint
CREATE TRIGGER settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON social_links
  FOR EACH STATEMENT EXECUTE FUNCTION settings_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS settings_changed ON payment_gateways;
--> statement-breakpoint
CREATE TRIGGER settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payment_gateways
  FOR EACH STATEMENT EXECUTE FUNCTION settings_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS settings_changed ON delivery_charges;
--> statement-breakpoint
CREATE TRIGGER settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON delivery_charges
  FOR EACH STATEMENT EXECUTE FUNCTION settings_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS settings_changed ON vat_taxes;
--> statement-breakpoint
CREATE TRIGGER settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vat_taxes
  FOR EACH STATEMENT EXECUTE FUNCTION settings_changed();
