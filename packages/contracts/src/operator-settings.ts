import { z } from 'zod';
import { THEME_COLOR_SHADES } from './constants';
import { envelope } from './envelope';
import { currencyPositionSchema, otpTypeSchema } from './settings';

/**
 * The operator's settings forms (/operator/settings): each section is read whole and saved whole
 * (PUT /api/operator/settings/{section}); a saved change reaches every process within a second.
 * Secrets are write-only: the reply says whether one is set, never what it is.
 */

const text = (label: string, max: number) =>
  z
    .string({ error: `The ${label} must be text.` })
    .trim()
    .max(max, `The ${label} may not be greater than ${max} characters.`);
const requiredText = (label: string, max: number) => text(label, max).min(1, `The ${label} field is required.`);
/** An optional text: empty means none (null). */
const optionalText = (label: string, max: number) =>
  text(label, max)
    .nullable()
    .transform((v) => (v ? v : null));
const optionalUrl = (label: string) =>
  z
    .string({ error: `The ${label} must be text.` })
    .trim()
    .max(500, `The ${label} may not be greater than 500 characters.`)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), `The ${label} must be a link starting with https://.`)
    .nullable()
    .transform((v) => (v ? v : null));
const flag = (label: string) => z.boolean({ error: `The ${label} field must be true or false.` });

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const operatorGeneralSettingsSchema = z.object({
  app_name: requiredText('app name', 100),
  tagline: text('tagline', 200),
  mobile: text('hotline', 30),
  email: z
    .string({ error: 'The email must be text.' })
    .trim()
    .max(200, 'The email may not be greater than 200 characters.')
    .refine((v) => v === '' || z.email().safeParse(v).success, 'The email must be a valid email address.'),
  address: text('address', 300),
  currency_position: z.enum(currencyPositionSchema.options, { error: 'The selected currency position is invalid.' }),
  multi_vendor: flag('multi-vendor'),
  show_download_app: flag('download app'),
  google_playstore_link: optionalUrl('Google Play link'),
  app_store_link: optionalUrl('App Store link'),
  web_show_footer: flag('show footer'),
  web_footer_text: optionalText('footer text', 300),
  web_footer_description: optionalText('footer description', 1000),
  time_zone: requiredText('time zone', 60).refine(
    isTimeZone,
    'The time zone must be an IANA time zone such as Asia/Jakarta.',
  ),
});
export type OperatorGeneralSettings = z.infer<typeof operatorGeneralSettingsSchema>;

/** A colour as the colour picker gives it; the message names no field (the form shows it beside its own). */
const hexColor = z
  .string({ error: 'Choose a colour.' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a hex colour such as #059673.')
  .transform((v) => v.toLowerCase());

/** The 12 theme variables: the primary colour and its shades 50..950, all required (a half palette would clash). */
export const operatorThemeColorsSchema = z.object({
  primary: hexColor,
  ...(Object.fromEntries(THEME_COLOR_SHADES.map((shade) => [`primary${shade}`, hexColor])) as Record<
    `primary${(typeof THEME_COLOR_SHADES)[number]}`,
    typeof hexColor
  >),
});
export type OperatorThemeColors = z.infer<typeof operatorThemeColorsSchema>;

export const operatorVerifySettingsSchema = z
  .object({
    register_otp_verify: flag('verify at registration'),
    register_otp_type: z.enum(otpTypeSchema.options, { error: 'The selected code channel is invalid.' }),
    forgot_otp_type: z.enum(otpTypeSchema.options, { error: 'The selected code channel is invalid.' }),
    phone_required: flag('phone required'),
    phone_min_length: z
      .number({ error: 'The shortest phone number must be a number.' })
      .int('The shortest phone number must be an integer.')
      .min(4, 'The shortest phone number must be at least 4.')
      .max(20, 'The shortest phone number may not be greater than 20.'),
    phone_max_length: z
      .number({ error: 'The longest phone number must be a number.' })
      .int('The longest phone number must be an integer.')
      .min(4, 'The longest phone number must be at least 4.')
      .max(20, 'The longest phone number may not be greater than 20.'),
    order_place_account_verify: flag('verify before ordering'),
  })
  .refine((v) => v.phone_max_length >= v.phone_min_length, {
    path: ['phone_max_length'],
    error: 'The longest phone number must be at least the shortest.',
  });
export type OperatorVerifySettings = z.infer<typeof operatorVerifySettingsSchema>;

export const operatorCommerceSettingsSchema = z.object({
  cash_on_delivery: flag('cash on delivery'),
  online_payment: flag('online payment'),
  return_order_within_days: z
    .number({ error: 'The return period must be a number.' })
    .int('The return period must be an integer.')
    .min(0, 'The return period must be at least 0.')
    .max(365, 'The return period may not be greater than 365.'),
  /** The default commission in percent, up to 2 decimals. */
  commission_rate: z
    .number({ error: 'The commission rate must be a number.' })
    .min(0, 'The commission rate must be at least 0.')
    .max(100, 'The commission rate may not be greater than 100.')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'The commission rate may have at most 2 decimals.'),
  new_products_need_approval: flag('new products need approval'),
});
export type OperatorCommerceSettings = z.infer<typeof operatorCommerceSettingsSchema>;

export const SOCIAL_PROVIDERS = ['google', 'facebook', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
const providerInput = z.object({
  is_active: flag('active'),
  client_id: optionalText('client id', 300),
  redirect_url: optionalUrl('redirect URL'),
  /** Write-only: absent or null keeps the stored secret, a text replaces it, '' removes it. */
  client_secret: z
    .string({ error: 'The client secret must be text.' })
    .trim()
    .max(500, 'The client secret may not be greater than 500 characters.')
    .nullish(),
});
export const operatorSocialAuthSettingsSchema = z.object({
  google: providerInput,
  facebook: providerInput,
  apple: providerInput,
});
export type OperatorSocialAuthSettingsInput = z.input<typeof operatorSocialAuthSettingsSchema>;
const providerReply = z.object({
  is_active: z.boolean(),
  client_id: z.string().nullable(),
  redirect_url: z.string().nullable(),
  /** Whether a secret is stored; the secret itself never leaves the server. */
  client_secret_set: z.boolean(),
});

export const OPERATOR_SETTINGS_SECTIONS = ['general', 'theme', 'verify', 'commerce', 'social'] as const;
export type OperatorSettingsSection = (typeof OPERATOR_SETTINGS_SECTIONS)[number];

/**
 * The pictures of the settings (POST/DELETE /api/operator/settings/images/{kind}): the header's
 * logo, the footer's logo, the app's icon and the footer's QR code. Uploaded as jpg, png or webp,
 * kept as WebP; the header's logo cannot be removed, only replaced.
 */
export const SETTINGS_IMAGES = ['web_logo', 'web_footer_logo', 'app_logo', 'footer_qr'] as const;
export type SettingsImage = (typeof SETTINGS_IMAGES)[number];
/** The largest picture the settings take (2 MiB). */
export const SETTINGS_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const operatorSettingsImageParamsSchema = z.object({
  kind: z.enum(SETTINGS_IMAGES, { error: 'This picture is unknown.' }),
});

export const operatorSettingsSchema = z.object({
  general: z.object({
    app_name: z.string(),
    tagline: z.string(),
    mobile: z.string(),
    email: z.string(),
    address: z.string(),
    currency_position: currencyPositionSchema,
    multi_vendor: z.boolean(),
    show_download_app: z.boolean(),
    google_playstore_link: z.string().nullable(),
    app_store_link: z.string().nullable(),
    web_show_footer: z.boolean(),
    web_footer_text: z.string().nullable(),
    web_footer_description: z.string().nullable(),
    time_zone: z.string(),
  }),
  /** Null until the 12 colours are set: the storefront keeps its default palette. */
  theme: z.record(z.string(), z.string()).nullable(),
  verify: z.object({
    register_otp_verify: z.boolean(),
    register_otp_type: otpTypeSchema,
    forgot_otp_type: otpTypeSchema,
    phone_required: z.boolean(),
    phone_min_length: z.number().int(),
    phone_max_length: z.number().int(),
    order_place_account_verify: z.boolean(),
  }),
  commerce: z.object({
    cash_on_delivery: z.boolean(),
    online_payment: z.boolean(),
    return_order_within_days: z.number().int(),
    commission_rate: z.number(),
    new_products_need_approval: z.boolean(),
  }),
  social: z.object({ google: providerReply, facebook: providerReply, apple: providerReply }),
  /** Each picture's address, or null when there is none. */
  images: z.object({
    web_logo: z.string().nullable(),
    web_footer_logo: z.string().nullable(),
    app_logo: z.string().nullable(),
    footer_qr: z.string().nullable(),
  }),
});
export type OperatorSettings = z.infer<typeof operatorSettingsSchema>;
export const operatorSettingsReplySchema = envelope(z.object({ settings: operatorSettingsSchema }));
export type OperatorSettingsReply = z.infer<typeof operatorSettingsReplySchema>;

/**
 * Payment gateways (PUT /api/operator/settings/payment-gateways/{name}): switch, mode, English
 * title and keys. Keys are write-only: the reply lists which keys are stored, never their values;
 * absent or null keeps a stored key, a text replaces it, '' removes it. The route asks for a
 * fresh two-step code (step-up).
 */
export const operatorPaymentGatewayInputSchema = z.object({
  is_active: flag('active'),
  mode: z.enum(['test', 'live'], { error: 'The selected mode is invalid.' }),
  title: requiredText('title', 100),
  keys: z
    .record(
      z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'A key name is lower-case letters, digits and _.'),
      z
        .string({ error: 'A key must be text.' })
        .trim()
        .max(1000, 'A key may not be greater than 1000 characters.')
        .nullish(),
    )
    .refine((keys) => Object.keys(keys).length <= 20, 'At most 20 keys.')
    .default({}),
});
export type OperatorPaymentGatewayInput = z.input<typeof operatorPaymentGatewayInputSchema>;

export const operatorPaymentGatewaySchema = z.object({
  name: z.string(),
  title: z.string(),
  mode: z.enum(['test', 'live']),
  is_active: z.boolean(),
  /** Each stored key's name and whether it holds a value; the value never leaves the server. */
  keys_set: z.record(z.string(), z.boolean()),
});
export type OperatorPaymentGateway = z.infer<typeof operatorPaymentGatewaySchema>;
export const operatorPaymentGatewaysReplySchema = envelope(
  z.object({ payment_gateways: z.array(operatorPaymentGatewaySchema) }),
);
export const operatorPaymentGatewayNameParamsSchema = z.object({
  name: z.string().regex(/^[a-z0-9_-]{1,40}$/, 'The gateway name is invalid.'),
});

/**
 * The storefront's menu (PUT /api/operator/settings/menus): the whole list, in its order. An
 * internal item links to a path of this site (/...), an external one to an https:// address.
 */
export const operatorMenuItemSchema = z
  .object({
    name: requiredText('menu name', 60),
    url: z
      .string({ error: 'The link must be text.' })
      .trim()
      .min(1, 'The link field is required.')
      .max(500, 'The link may not be greater than 500 characters.'),
    is_external: flag('external'),
    target: z.enum(['_self', '_blank'], { error: 'The selected target is invalid.' }),
    is_active: flag('active'),
  })
  .superRefine((item, issue) => {
    const ok = item.is_external ? /^https?:\/\/[^\s]+$/i.test(item.url) : /^\/(?!\/)[^\s]*$/.test(item.url);
    if (!ok)
      issue.addIssue({
        code: 'custom',
        path: ['url'],
        message: item.is_external
          ? 'An external link must start with https://.'
          : 'An internal link must be a path of this site starting with /.',
      });
  });
export const operatorMenusInputSchema = z.object({
  items: z.array(operatorMenuItemSchema).max(30, 'At most 30 menu items.'),
});
export type OperatorMenusInput = z.infer<typeof operatorMenusInputSchema>;
export const operatorMenusReplySchema = envelope(
  z.object({
    items: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        url: z.string(),
        is_external: z.boolean(),
        target: z.enum(['_self', '_blank']),
        is_active: z.boolean(),
      }),
    ),
  }),
);
export type OperatorMenus = z.infer<typeof operatorMenusReplySchema>['data']['items'];

/**
 * The currencies shoppers may show prices in (PUT /api/operator/settings/currencies): the whole
 * list, in its order, matched by code. Prices are kept in the default currency, so its rate is 1;
 * every other rate is how many of its units one unit of the default buys.
 */
export const operatorCurrencyItemSchema = z.object({
  code: z
    .string({ error: 'The currency code must be text.' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'The currency code must be three letters, such as IDR.'),
  name: requiredText('currency name', 60),
  symbol: requiredText('currency symbol', 10),
  rate: z
    .number({ error: 'The rate must be a number.' })
    .positive('The rate must be greater than 0.')
    .max(1_000_000_000, 'The rate may not be greater than 1000000000.'),
  is_default: flag('default'),
  is_active: flag('active'),
});
export const operatorCurrenciesInputSchema = z
  .object({
    items: z.array(operatorCurrencyItemSchema).min(1, 'Keep at least one currency.').max(30, 'At most 30 currencies.'),
  })
  .superRefine(({ items }, issue) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      if (seen.has(item.code))
        issue.addIssue({ code: 'custom', path: ['items', i, 'code'], message: 'This currency is in the list twice.' });
      seen.add(item.code);
    });
    const defaults = items.flatMap((item, i) => (item.is_default ? [i] : []));
    if (defaults.length !== 1) {
      issue.addIssue({ code: 'custom', path: ['items'], message: 'Choose one default currency.' });
      return;
    }
    const i = defaults[0] as number;
    if (!items[i]?.is_active)
      issue.addIssue({
        code: 'custom',
        path: ['items', i, 'is_active'],
        message: 'The default currency must be shown.',
      });
    if (items[i]?.rate !== 1)
      issue.addIssue({ code: 'custom', path: ['items', i, 'rate'], message: 'The default currency’s rate is 1.' });
  });
export type OperatorCurrenciesInput = z.infer<typeof operatorCurrenciesInputSchema>;
export const operatorCurrenciesReplySchema = envelope(
  z.object({
    items: z.array(
      z.object({
        id: z.number().int(),
        code: z.string(),
        name: z.string(),
        symbol: z.string(),
        rate: z.number(),
        is_default: z.boolean(),
        is_active: z.boolean(),
      }),
    ),
  }),
);
export type OperatorCurrencies = z.infer<typeof operatorCurrenciesReplySchema>['data']['items'];

/**
 * The languages (PUT /api/operator/settings/languages): the ones the release has translations
 * for, each with its title, writing direction, whether shoppers may choose it, and the default;
 * in their order.
 */
export const operatorLanguageItemSchema = z.object({
  name: z.string({ error: 'The language code must be text.' }).trim().min(1, 'The language code field is required.'),
  title: requiredText('language title', 60),
  direction: z.enum(['ltr', 'rtl'], { error: 'The selected direction is invalid.' }),
  is_default: flag('default'),
  is_active: flag('active'),
});
export const operatorLanguagesInputSchema = z
  .object({ items: z.array(operatorLanguageItemSchema).min(1, 'Keep at least one language.').max(20) })
  .superRefine(({ items }, issue) => {
    const defaults = items.flatMap((item, i) => (item.is_default ? [i] : []));
    if (defaults.length !== 1) {
      issue.addIssue({ code: 'custom', path: ['items'], message: 'Choose one default language.' });
      return;
    }
    const i = defaults[0] as number;
    if (!items[i]?.is_active)
      issue.addIssue({
        code: 'custom',
        path: ['items', i, 'is_active'],
        message: 'The default language must be offered.',
      });
  });
export type OperatorLanguagesInput = z.infer<typeof operatorLanguagesInputSchema>;
export const operatorLanguagesReplySchema = envelope(
  z.object({
    items: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        title: z.string(),
        direction: z.enum(['ltr', 'rtl']),
        is_default: z.boolean(),
        is_active: z.boolean(),
      }),
    ),
  }),
);
export type OperatorLanguages = z.infer<typeof operatorLanguagesReplySchema>['data']['items'];

/**
 * The social links in the footer (PUT /api/operator/settings/social-links): name, https link and
 * whether it is shown, in their order. A link keeps its logo when its name stays.
 */
export const operatorSocialLinkItemSchema = z.object({
  name: requiredText('social link name', 40),
  link: z
    .string({ error: 'The link must be text.' })
    .trim()
    .min(1, 'The link field is required.')
    .max(500, 'The link may not be greater than 500 characters.')
    .regex(/^https:\/\/[^\s]+$/i, 'An external link must start with https://.'),
  is_active: flag('active'),
});
export const operatorSocialLinksInputSchema = z.object({
  items: z.array(operatorSocialLinkItemSchema).max(20, 'At most 20 social links.'),
});
export type OperatorSocialLinksInput = z.infer<typeof operatorSocialLinksInputSchema>;
export const operatorSocialLinksReplySchema = envelope(
  z.object({
    items: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        link: z.string(),
        is_active: z.boolean(),
        logo: z.string().nullable(),
      }),
    ),
  }),
);
export type OperatorSocialLinks = z.infer<typeof operatorSocialLinksReplySchema>['data']['items'];

/** The kinds of footer item; the storefront draws each its own way (spec section 3). */
export const FOOTER_ITEM_TYPES = ['logo', 'text', 'email', 'phone', 'social_links', 'app_store', 'link'] as const;

/**
 * A footer item: a link has a title and a path of this site or an https:// address; a text its
 * words in English and, optionally, in the other languages; an e-mail or phone item shows its
 * title (the address or number); the logo, social links and app store items draw what the
 * settings hold, their title only naming them.
 */
export const operatorFooterItemSchema = z
  .object({
    type: z.enum(FOOTER_ITEM_TYPES, { error: 'The selected item type is invalid.' }),
    title: text('title', 300),
    translations: z
      .record(z.string().regex(/^[a-z]{2}$/, 'The language code is invalid.'), text('translation', 300))
      .default({}),
    url: text('link', 500).nullable().default(null),
    target: z.enum(['_self', '_blank'], { error: 'The selected target is invalid.' }),
  })
  .superRefine((item, issue) => {
    const need = (path: 'title' | 'url', message: string) => issue.addIssue({ code: 'custom', path: [path], message });
    if ((item.type === 'text' || item.type === 'link') && !item.title) need('title', 'The title field is required.');
    if (item.type === 'link') {
      const url = item.url ?? '';
      if (!/^\/(?!\/)[^\s]*$/.test(url) && !/^https:\/\/[^\s]+$/i.test(url))
        need('url', 'A link must be a path on this site (starting with /) or start with https://.');
    }
    if (item.type === 'email' && !z.email().safeParse(item.title).success)
      need('title', 'The email must be a valid email address.');
    if (item.type === 'phone' && !/^\+?[\d\s().-]{6,30}$/.test(item.title))
      need('title', 'Enter a phone number with digits, spaces and + - ( ).');
  });
export const operatorFooterColumnSchema = z.object({
  title: requiredText('column title', 60),
  is_active: flag('active'),
  items: z.array(operatorFooterItemSchema).max(20, 'At most 20 items in a column.'),
});
export const operatorFootersInputSchema = z.object({
  items: z.array(operatorFooterColumnSchema).max(6, 'At most 6 footer columns.'),
});
export type OperatorFootersInput = z.input<typeof operatorFootersInputSchema>;
export type OperatorFootersOutput = z.output<typeof operatorFootersInputSchema>;
export const operatorFootersReplySchema = envelope(
  z.object({
    items: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        is_active: z.boolean(),
        items: z.array(
          z.object({
            id: z.number().int(),
            type: z.enum(FOOTER_ITEM_TYPES),
            title: z.string(),
            translations: z.record(z.string(), z.string()),
            url: z.string().nullable(),
            target: z.enum(['_self', '_blank']),
          }),
        ),
      }),
    ),
  }),
);
export type OperatorFooters = z.infer<typeof operatorFootersReplySchema>['data']['items'];
