import { z } from 'zod';
import { looseBoolean } from './account';
import { envelope } from './envelope';
import { SHOP_ADDRESS_MAX_LENGTH } from './sellers';

/**
 * The shop's profile in the Seller Centre: logo, banner, description (rich text, sanitised when
 * saved), address, phone, and the "closed for now" switch. While a shop is closed its products
 * show as unavailable on the storefront (`shop_closed` on cards and details) and cannot be put
 * in a cart or ordered.
 */

/** The stored description (HTML) may be this long before it is sanitised. */
export const SHOP_DESCRIPTION_MAX_LENGTH = 20_000;
/** The banner a seller may upload (multipart field `banner`; jpg, png or webp). */
export const SHOP_BANNER_MAX_BYTES = 4 * 1024 * 1024;
/** The stored banner is a WebP of at most this size, its proportions kept. */
export const SHOP_BANNER_MAX_WIDTH_PX = 1600;
export const SHOP_BANNER_MAX_HEIGHT_PX = 800;

export const shopProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  banner: z.string().nullable(),
  /** Sanitised HTML. */
  description: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  /** Closed for now: the shop's products cannot be bought until it opens again. */
  is_closed: z.boolean(),
});
export type ShopProfile = z.infer<typeof shopProfileSchema>;
export const shopProfileReplySchema = envelope(z.object({ profile: shopProfileSchema }));
export type ShopProfileReply = z.infer<typeof shopProfileReplySchema>;

/** POST /api/seller/shop/profile: the fields sent change, the others stay. */
export const shopProfileUpdateSchema = z.object({
  /** Rich text (HTML); empty clears it. */
  description: z
    .string({ error: 'The description must be a string.' })
    .max(
      SHOP_DESCRIPTION_MAX_LENGTH,
      `The description may not be greater than ${SHOP_DESCRIPTION_MAX_LENGTH} characters.`,
    )
    .nullish(),
  address: z
    .string({ error: 'The shop address must be a string.' })
    .trim()
    .min(1, 'The shop address field is required.')
    .max(SHOP_ADDRESS_MAX_LENGTH, `The shop address may not be greater than ${SHOP_ADDRESS_MAX_LENGTH} characters.`)
    .optional(),
  /** As people type it ("+62 21-555 1234"): kept as digits with an optional leading +. */
  phone: z
    .string({ error: 'The shop phone must be a string.' })
    .trim()
    .max(40, 'The shop phone must be between 6 and 20 digits.')
    .transform((v) => v.replace(/[\s().-]/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\+?\d*$/, { message: 'The shop phone must contain only digits.', abort: true })
        .regex(/^\+?\d{6,20}$/, 'The shop phone must be between 6 and 20 digits.'),
    )
    .optional(),
  is_closed: looseBoolean('is closed').optional(),
});
export type ShopProfileUpdate = z.input<typeof shopProfileUpdateSchema>;
