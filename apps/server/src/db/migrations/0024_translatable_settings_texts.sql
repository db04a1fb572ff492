-- Texts of the settings are translatable per language: a tax's name, a payment gateway's title, a
-- shop's delivery time, a footer text item and the site's footer texts and tagline keep their
-- English text, with the other languages beside it
-- ({"id": "...", "ar": "..."}, read by the request's language, English when one is missing).
ALTER TABLE "footer_items" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_gateways" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "vat_taxes" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "estimated_delivery_time_translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The demo's tax was named with its rate ("PPN 11%"), which pages show beside the name ("PPN 11% (11%)").
-- Its orders keep their copy of the name; the same tax's copy loses the rate too.
UPDATE "vat_taxes" SET "name" = 'VAT', "translations" = '{"id": "PPN", "ar": "ضريبة القيمة المضافة"}'::jsonb
  WHERE "name" = 'PPN 11%' AND "percentage" = 11;--> statement-breakpoint
UPDATE "order_vat_taxes" SET "name" = 'VAT' WHERE "name" = 'PPN 11%' AND "percentage" = 11;--> statement-breakpoint
-- The demo's delivery times were written in Indonesian ("2-4 hari").
UPDATE "shops" SET
  "estimated_delivery_time_translations" = jsonb_build_object(
    'id', "estimated_delivery_time",
    'ar', regexp_replace("estimated_delivery_time", '^(\d+)\s*-\s*(\d+) hari$', '\1-\2 أيام')
  ),
  "estimated_delivery_time" = regexp_replace("estimated_delivery_time", '^(\d+)\s*-\s*(\d+) hari$', '\1-\2 days')
  WHERE "estimated_delivery_time" ~ '^\d+\s*-\s*\d+ hari$';--> statement-breakpoint
-- The demo's footer texts and tagline: English, with Indonesian and Arabic.
UPDATE "settings" SET "value" = "value" || jsonb_build_object(
    'tagline', 'Shop the best local products from all over Indonesia',
    'web_footer_description', 'The marketplace for Indonesia’s small businesses: thousands of local shops, one shopping cart.',
    'text_translations', jsonb_build_object(
      'id', jsonb_build_object(
        'tagline', 'Belanja produk lokal terbaik dari seluruh Indonesia',
        'web_footer_text', 'Pasar Nusantara. Hak cipta dilindungi undang-undang.',
        'web_footer_description', 'Marketplace untuk UMKM Indonesia: ribuan toko lokal, satu keranjang belanja.'
      ),
      'ar', jsonb_build_object(
        'tagline', 'تسوّق أفضل المنتجات المحلية من جميع أنحاء إندونيسيا',
        'web_footer_text', 'باسار نوسانتارا. جميع الحقوق محفوظة.',
        'web_footer_description', 'سوق المشاريع الصغيرة في إندونيسيا: آلاف المتاجر المحلية وسلة تسوق واحدة.'
      )
    )
  )
  WHERE "key" = 'general'
    AND NOT ("value" ? 'text_translations')
    AND "value"->>'web_footer_text' = 'Pasar Nusantara. All rights reserved.'
    AND "value"->>'tagline' = 'Belanja produk lokal terbaik dari seluruh Indonesia';--> statement-breakpoint
-- The demo footer's tagline item was written in Indonesian.
UPDATE "footer_items" SET
  "title" = 'Shop local products from thousands of trusted shops all over Indonesia.',
  "translations" = '{"id": "Belanja produk lokal dari ribuan toko terpercaya di seluruh Indonesia.", "ar": "تسوّق المنتجات المحلية من آلاف المتاجر الموثوقة في جميع أنحاء إندونيسيا."}'::jsonb
  WHERE "type" = 'text' AND "title" = 'Belanja produk lokal dari ribuan toko terpercaya di seluruh Indonesia.';--> statement-breakpoint
-- The demo's payment gateways' titles.
UPDATE "payment_gateways" SET "translations" = '{"id": "Bayar di Tempat (COD)", "ar": "الدفع عند الاستلام"}'::jsonb
  WHERE "name" = 'cash' AND "title" = 'Cash on Delivery';--> statement-breakpoint
UPDATE "payment_gateways" SET "translations" = '{"id": "Pembayaran Sandbox", "ar": "الدفع التجريبي"}'::jsonb
  WHERE "name" = 'sandbox' AND "title" = 'Sandbox Payment';
