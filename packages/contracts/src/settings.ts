import { z } from 'zod';
import { envelope } from './envelope';

export const currencySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  symbol: z.string(),
  /** Units of this currency per unit of the default currency. */
  rate: z.number(),
  rate_from_default: z.number(),
  is_default: z.boolean(),
});
export type Currency = z.infer<typeof currencySchema>;

export const currencyPositionSchema = z.enum(['prefix', 'suffix']);
export type CurrencyPosition = z.infer<typeof currencyPositionSchema>;

export const languageSchema = z.object({
  id: z.number().int(),
  /** The locale code, e.g. en, id, ar. */
  name: z.string(),
  title: z.string(),
  direction: z.enum(['ltr', 'rtl']),
});
export type Language = z.infer<typeof languageSchema>;

export const menuSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  url: z.string(),
  target: z.enum(['_self', '_blank']),
  is_external: z.boolean(),
});
export type Menu = z.infer<typeof menuSchema>;

export const footerItemTypeSchema = z.enum(['logo', 'text', 'email', 'phone', 'social_links', 'app_store', 'link']);
export type FooterItemType = z.infer<typeof footerItemTypeSchema>;

export const footerItemSchema = z.object({
  id: z.number().int(),
  type: footerItemTypeSchema,
  title: z.string(),
  url: z.string().nullable(),
  target: z.enum(['_self', '_blank']),
});
export type FooterItem = z.infer<typeof footerItemSchema>;

export const footerColumnSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  title: z.string(),
  items: z.array(footerItemSchema),
});
export type FooterColumn = z.infer<typeof footerColumnSchema>;

export const socialLinkSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  link: z.string(),
});
export type SocialLink = z.infer<typeof socialLinkSchema>;

export const themeColorsSchema = z.object({
  primary: z.string().nullable(),
  primary50: z.string().nullable(),
  primary100: z.string().nullable(),
  primary200: z.string().nullable(),
  primary300: z.string().nullable(),
  primary400: z.string().nullable(),
  primary500: z.string().nullable(),
  primary600: z.string().nullable(),
  primary700: z.string().nullable(),
  primary800: z.string().nullable(),
  primary900: z.string().nullable(),
  primary950: z.string().nullable(),
});
export type ThemeColors = z.infer<typeof themeColorsSchema>;

export const paymentGatewaySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  is_active: z.boolean(),
});
export type PaymentGateway = z.infer<typeof paymentGatewaySchema>;

const socialAuthSchema = z.object({
  name: z.string(),
  client_id: z.string().nullable(),
  is_active: z.boolean(),
  redirect_url: z.string().nullable(),
});

export const otpTypeSchema = z.enum(['email', 'phone']);

/** Every site-settings field the storefront reads, plus the realtime connection. */
export const masterSchema = z.object({
  app_name: z.string(),
  app_locale: z.string(),
  app_environment: z.enum(['local', 'production', 'test']),
  baseUrl: z.string(),
  currency: z.object({
    name: z.string(),
    symbol: z.string(),
    rate: z.number(),
    position: currencyPositionSchema,
  }),
  currencies: z.array(currencySchema),
  cash_on_delivery: z.boolean(),
  online_payment: z.boolean(),
  payment_gateways: z.array(paymentGatewaySchema),
  multi_vendor: z.boolean(),
  mobile: z.string(),
  email: z.string(),
  address: z.string(),
  show_download_app: z.boolean(),
  google_playstore_link: z.string().nullable(),
  app_store_link: z.string().nullable(),
  web_show_footer: z.boolean(),
  web_footer_text: z.string().nullable(),
  web_footer_description: z.string().nullable(),
  web_logo: z.string(),
  web_footer_logo: z.string().nullable(),
  app_logo: z.string().nullable(),
  footer_qr: z.string().nullable(),
  social_links: z.array(socialLinkSchema),
  theme_colors: themeColorsSchema,
  pusher_app_key: z.string().nullable(),
  pusher_app_cluster: z.string().nullable(),
  /** Where pusher-js connects: null host means this site's own host (built-in realtime server). */
  pusher_host: z.string().nullable(),
  pusher_port: z.number().int().nullable(),
  pusher_force_tls: z.boolean(),
  /**
   * Where browsers fetch original uploads (`{media_url}/uploads/...`: a CDN or the media bucket's
   * public address); null: this site's /uploads. Resized copies (/media/...) are always this site's.
   */
  media_url: z.string().nullable(),
  register_otp_verify: z.boolean(),
  register_otp_type: otpTypeSchema,
  forgot_otp_type: otpTypeSchema,
  order_place_account_verify: z.boolean(),
  phone_required: z.boolean(),
  phone_min_length: z.number().int(),
  phone_max_length: z.number().int(),
  return_order_within_days: z.number().int(),
  /** The marketplace's time zone (IANA, e.g. Asia/Jakarta): pages show every date and time in it. */
  time_zone: z.string(),
  languages: z.array(languageSchema),
  social_auths: z.object({
    google: socialAuthSchema,
    facebook: socialAuthSchema,
    apple: socialAuthSchema,
  }),
  menus: z.array(menuSchema),
  footers: z.array(footerColumnSchema),
});
export type Master = z.infer<typeof masterSchema>;
export const masterReplySchema = envelope(masterSchema);

export const countrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  phone_code: z.string(),
});
export type Country = z.infer<typeof countrySchema>;
export const countriesReplySchema = envelope(z.object({ countries: z.array(countrySchema) }));

/** GET /api/lang/{locale}: flat key -> text, English text as key. */
export const translationsSchema = z.record(z.string(), z.string());
export type Translations = z.infer<typeof translationsSchema>;
export const localeParamsSchema = z.object({
  locale: z
    .string()
    .min(2)
    .max(10)
    .regex(/^[a-zA-Z-]+$/, 'The locale is invalid.'),
});

export const changeLanguageQuerySchema = z.object({
  language: z.string().min(1, 'The language field is required.').max(10, 'The selected language is invalid.'),
});
export const changeLanguageReplySchema = envelope(z.object({ locale: z.string(), direction: z.enum(['ltr', 'rtl']) }));

/** GET /api/health: the process is up (liveness); it reads nothing. */
export const healthReplySchema = envelope(
  z.object({
    status: z.literal('ok'),
    uptime_seconds: z.number(),
  }),
);
/** GET /api/ready: whether this process can serve (readiness): its database and Redis answer. */
export const readyReplySchema = envelope(
  z.object({
    /** `draining`: the process is shutting down (SIGTERM) and finishes what it holds; send it nothing new. */
    status: z.enum(['ok', 'degraded', 'draining']),
    database: z.enum(['pglite', 'postgres']),
    database_ok: z.boolean(),
    /** `off`: no REDIS_URL (one process, in-process fan-out). */
    redis: z.enum(['off', 'ok', 'down']),
    /**
     * The read replica of the catalogue (DATABASE_REPLICA_URL): `off` when there is none, `down`
     * while it cannot answer. Still ready then: the primary takes its reads.
     */
    replica: z.enum(['off', 'ok', 'down']),
    uptime_seconds: z.number(),
  }),
);
export type ReadyReply = z.infer<typeof readyReplySchema>;
export type HealthReply = z.infer<typeof healthReplySchema>;
