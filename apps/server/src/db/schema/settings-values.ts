import { DEFAULT_TIME_ZONE } from '@shop/contracts/constants';
import { DEFAULT_COMMISSION_RATE_BPS } from '@shop/contracts/earnings';
import { currencyPositionSchema, otpTypeSchema, themeColorsSchema } from '@shop/contracts/settings';
import { z } from 'zod';

/** The general settings that are texts shown to shoppers. */
export const TRANSLATABLE_TEXTS = ['tagline', 'web_footer_text', 'web_footer_description'] as const;
const translatedTextsSchema = z.object(
  Object.fromEntries(TRANSLATABLE_TEXTS.map((key) => [key, z.string().optional()])) as Record<
    (typeof TRANSLATABLE_TEXTS)[number],
    z.ZodOptional<z.ZodString>
  >,
);

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The typed values stored in the `settings` table, one zod schema per key. The seed writes them,
 * the settings repository reads them back through the same schemas.
 */
export const generalSettingsSchema = z.object({
  app_name: z.string().min(1),
  /** Used in meta descriptions. */
  tagline: z.string(),
  mobile: z.string(),
  email: z.string(),
  address: z.string(),
  currency_position: currencyPositionSchema,
  /** shop_type multi: many sellers; single: everything belongs to the root shop. */
  multi_vendor: z.boolean(),
  show_download_app: z.boolean(),
  google_playstore_link: z.string().nullable(),
  app_store_link: z.string().nullable(),
  web_show_footer: z.boolean(),
  web_footer_text: z.string().nullable(),
  web_footer_description: z.string().nullable(),
  /** Public paths (under /uploads) of the brand images. */
  web_logo: z.string(),
  web_footer_logo: z.string().nullable(),
  app_logo: z.string().nullable(),
  footer_qr: z.string().nullable(),
  favicon: z.string().nullable(),
  /**
   * The marketplace's clock (an IANA zone): every date and time is shown in it, whoever reads it
   * from wherever. Settings saved before it existed read as the default.
   */
  time_zone: z
    .string()
    .refine(isTimeZone, 'The time zone must be an IANA time zone such as Asia/Jakarta.')
    .default(DEFAULT_TIME_ZONE),
  /**
   * The texts above (in English) in other languages, by locale: { ar: { web_footer_text: '…' } }.
   * A text missing in a language reads as the English one.
   */
  text_translations: z.record(z.string(), translatedTextsSchema).default({}),
});
export type GeneralSettings = z.infer<typeof generalSettingsSchema>;

export const verifySettingsSchema = z.object({
  register_otp_verify: z.boolean(),
  register_otp_type: otpTypeSchema,
  forgot_otp_type: otpTypeSchema,
  phone_required: z.boolean(),
  phone_min_length: z.number().int().min(1),
  phone_max_length: z.number().int().min(1),
  order_place_account_verify: z.boolean(),
});
export type VerifySettings = z.infer<typeof verifySettingsSchema>;

const providerSchema = z.object({
  is_active: z.boolean(),
  client_id: z.string().nullable(),
  /** Never sent to browsers. */
  client_secret: z.string().nullable(),
  redirect_url: z.string().nullable(),
  /**
   * The provider's endpoints (social-auth module; unset: the real provider's). Settings, not
   * code, so tests and staging can point them at stand-in providers.
   */
  token_url: z.url().nullish(),
  jwks_url: z.url().nullish(),
  issuer: z.string().nullish(),
  graph_url: z.url().nullish(),
});
export const socialAuthSettingsSchema = z.object({
  google: providerSchema,
  facebook: providerSchema,
  apple: providerSchema,
});
export type SocialAuthSettings = z.infer<typeof socialAuthSettingsSchema>;

export const commerceSettingsSchema = z.object({
  cash_on_delivery: z.boolean(),
  online_payment: z.boolean(),
  return_order_within_days: z.number().int().min(0),
  /**
   * The marketplace's commission on a delivered order, in basis points (1000 = 10%). Settings
   * saved before it existed read as the default.
   */
  commission_rate_bps: z.number().int().min(0).max(10_000).default(DEFAULT_COMMISSION_RATE_BPS),
  /** A product a seller publishes waits for the operator's approval before shoppers see it (unset: off). */
  new_products_need_approval: z.boolean().optional(),
  /**
   * Origins (`https://cdn.shopify.com`) a catalogue import may fetch product photos from; unset or
   * empty: photos named by URL are left out of imports, with a warning per product.
   */
  import_image_origins: z.array(z.string().url()).max(20).optional(),
});
export type CommerceSettings = z.infer<typeof commerceSettingsSchema>;

export const realtimeSettingsSchema = z.object({
  pusher_app_key: z.string().nullable(),
  pusher_app_cluster: z.string().nullable(),
  /** Null: pusher-js connects to this site's own host (the built-in Pusher-protocol server). */
  pusher_host: z.string().nullable(),
  pusher_port: z.number().int().nullable(),
  pusher_force_tls: z.boolean(),
});
export type RealtimeSettings = z.infer<typeof realtimeSettingsSchema>;

export const settingsSchemas = {
  general: generalSettingsSchema,
  verify: verifySettingsSchema,
  theme_colors: themeColorsSchema,
  social_auths: socialAuthSettingsSchema,
  commerce: commerceSettingsSchema,
  realtime: realtimeSettingsSchema,
} as const;
export type SettingsKey = keyof typeof settingsSchemas;
export type SettingsValue<K extends SettingsKey> = z.infer<(typeof settingsSchemas)[K]>;
