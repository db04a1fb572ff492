-- The demo seed linked "Seller Centre" in the main menu and the footer to an address that does not
-- exist. The Seller Centre is this app's /shop/login, an internal link. Only rows still holding the
-- seeded value are moved: a link an operator set stays as it is.
UPDATE menus SET url = '/shop/login', is_external = false, target = '_self'
WHERE url = 'https://seller.pasarnusantara.id';
--> statement-breakpoint
UPDATE footer_items SET url = '/shop/login', target = '_self'
WHERE url = 'https://seller.pasarnusantara.id';
