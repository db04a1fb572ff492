import type { Database } from '../../client';
import { settings } from '../../schema/settings';
import { settingsSchemas } from '../../schema/settings-values';
import { APP_NAME } from '../data/content';
import { sitePath, THEME_COLORS } from '../demo-images';

/** The site settings; written last, since together with languages they mark the database as seeded. */
export async function seedSettings(tx: Database) {
  // Settings last: together with languages they mark the database as seeded.
  const values = {
    general: settingsSchemas.general.parse({
      app_name: APP_NAME,
      tagline: 'Shop the best local products from all over Indonesia',
      mobile: '+6281188881234',
      email: 'halo@pasarnusantara.id',
      address: 'Jl. Jenderal Sudirman Kav. 52-53, Senayan, Kebayoran Baru, Jakarta Selatan 12190',
      currency_position: 'prefix',
      multi_vendor: true,
      show_download_app: true,
      google_playstore_link: 'https://play.google.com/store/apps/details?id=id.pasarnusantara.app',
      app_store_link: 'https://apps.apple.com/id/app/pasar-nusantara/id6450000000',
      web_show_footer: true,
      web_footer_text: `${APP_NAME}. All rights reserved.`,
      web_footer_description:
        'The marketplace for Indonesia’s small businesses: thousands of local shops, one shopping cart.',
      web_logo: sitePath('logo.svg'),
      web_footer_logo: sitePath('logo-footer.svg'),
      app_logo: sitePath('app-logo.svg'),
      footer_qr: sitePath('footer-qr.svg'),
      favicon: sitePath('favicon.svg'),
      time_zone: 'Asia/Jakarta',
      text_translations: {
        id: {
          tagline: 'Belanja produk lokal terbaik dari seluruh Indonesia',
          web_footer_text: `${APP_NAME}. Hak cipta dilindungi undang-undang.`,
          web_footer_description: 'Marketplace untuk UMKM Indonesia: ribuan toko lokal, satu keranjang belanja.',
        },
        ar: {
          tagline: 'تسوّق أفضل المنتجات المحلية من جميع أنحاء إندونيسيا',
          web_footer_text: 'باسار نوسانتارا. جميع الحقوق محفوظة.',
          web_footer_description: 'سوق المشاريع الصغيرة في إندونيسيا: آلاف المتاجر المحلية وسلة تسوق واحدة.',
        },
      },
    }),
    verify: settingsSchemas.verify.parse({
      register_otp_verify: true,
      register_otp_type: 'email',
      forgot_otp_type: 'email',
      phone_required: true,
      phone_min_length: 8,
      phone_max_length: 16,
      order_place_account_verify: false,
    }),
    theme_colors: settingsSchemas.theme_colors.parse(THEME_COLORS),
    social_auths: settingsSchemas.social_auths.parse({
      google: { is_active: false, client_id: null, client_secret: null, redirect_url: null },
      facebook: { is_active: false, client_id: null, client_secret: null, redirect_url: null },
      apple: { is_active: false, client_id: null, client_secret: null, redirect_url: null },
    }),
    commerce: settingsSchemas.commerce.parse({
      cash_on_delivery: true,
      online_payment: true,
      return_order_within_days: 3,
    }),
    realtime: settingsSchemas.realtime.parse({
      pusher_app_key: 'storefront-key',
      pusher_app_cluster: 'mt1',
      pusher_host: null,
      pusher_port: null,
      pusher_force_tls: false,
    }),
  };
  await tx.insert(settings).values(Object.entries(values).map(([key, value]) => ({ key, value })));
}
