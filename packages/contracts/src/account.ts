import { z } from 'zod';
import { authUserSchema } from './auth';
import { productCardSchema } from './catalog';
import { IMAGE_UPLOAD_TYPES } from './constants';
import { envelope, pagingQuerySchema } from './envelope';
import { idField, normalizePhone } from './fields';

/** Profile photos larger than this are refused before sharp sees them. */
export const PROFILE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** Stored photos are re-encoded to fit this square (they are shown as small avatars). */
export const PROFILE_PHOTO_SIZE_PX = 512;
export const PROFILE_PHOTO_TYPES = IMAGE_UPLOAD_TYPES;
/** The reference's rule for every password field of the change-password form. */
export const ACCOUNT_PASSWORD_MIN = 6;
/** GET /api/recently-views answers with this many products at most. */
export const RECENTLY_VIEWED_LIMIT = 10;
export const GENDERS = ['male', 'female', 'other'] as const;
export const ADDRESS_TYPES = ['home', 'office', 'other'] as const;
export const SOCIAL_PROVIDERS = ['google', 'facebook', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

// ---------------------------------------------------------------------------------------------
// Field helpers: Laravel-style sentences, since the web shows them under the fields as they are.

const requiredText = (field: string, max: number) =>
  z
    .string({ error: `The ${field} field is required.` })
    .trim()
    .min(1, `The ${field} field is required.`)
    .max(max, `The ${field} may not be greater than ${max} characters.`);

/** Empty strings (what HTML forms send for blank inputs) count as "not given". */
const optionalText = (field: string, max: number) =>
  z
    .string({ error: `The ${field} must be a string.` })
    .trim()
    .max(max, `The ${field} may not be greater than ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * Digits only; spaces, dashes, dots, brackets and a leading + people type are dropped first. Its
 * length limits are settings (phone_min_length, phone_max_length), checked by the service.
 */
const phoneField = z
  .string({ error: 'The phone field is required.' })
  .transform(normalizePhone)
  .pipe(
    z
      .string()
      .min(1, 'The phone field is required.')
      .regex(/^\d+$/, 'The phone must contain only digits.')
      .max(20, 'The phone may not be greater than 20 digits.'),
  );

/** true/false, 1/0 and "true"/"false"/"1"/"0"/"on" (multipart and form posts send strings). */
export const looseBoolean = (field: string) =>
  z.preprocess(
    (v) => {
      if (v === 'true' || v === '1' || v === 1 || v === 'on') return true;
      if (v === 'false' || v === '0' || v === 0 || v === '') return false;
      return v;
    },
    z.boolean({ error: `The ${field} field must be true or false.` }),
  );

const coordinate = (field: string, limit: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? null : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: `The ${field} must be a number.` })
      .min(-limit, `The ${field} must be between -${limit} and ${limit}.`)
      .max(limit, `The ${field} must be between -${limit} and ${limit}.`)
      .nullish(),
  );

// ---------------------------------------------------------------------------------------------
// Profile

/** `data.user` of GET /api/profile. */
export const profileUserSchema = authUserSchema.extend({
  gender: z.enum(GENDERS).nullable(),
  /** YYYY-MM-DD. */
  date_of_birth: z.string().nullable(),
  /** Either the e-mail or the phone is verified. */
  account_verified: z.boolean(),
  is_active: z.boolean(),
  /** Seen within the last-seen window. */
  last_online: z.boolean(),
});
export type ProfileUser = z.infer<typeof profileUserSchema>;
export const profileReplySchema = envelope(z.object({ user: profileUserSchema }));
export type ProfileReply = z.infer<typeof profileReplySchema>;

/** POST /api/update-profile (multipart or JSON); the photo is a file part named profile_photo. */
export const updateProfileSchema = z.object({
  name: requiredText('name', 100),
  /** Required unless the phone_required setting is off (the server checks that setting). */
  phone: z.preprocess((v) => (v === '' ? null : v), phoneField.nullish()),
  email: z
    .string({ error: 'The email must be a string.' })
    .trim()
    .max(254, 'The email may not be greater than 254 characters.')
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null))
    .pipe(z.email('The email must be a valid email address.').nullable()),
  gender: z.preprocess(
    (v) => (v === '' ? null : v),
    z.enum(GENDERS, { error: 'The selected gender is invalid.' }).nullish(),
  ),
  date_of_birth: z.preprocess(
    (v) => (v === '' ? null : v),
    z.iso.date({ error: 'The date of birth must be a date (YYYY-MM-DD).' }).nullish(),
  ),
  country: optionalText('country', 100),
  phone_code: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string({ error: 'The phone code must be a string.' })
      .trim()
      .regex(/^\+?\d{1,6}$/, 'The phone code must look like +62.')
      .nullish(),
  ),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
export type UpdateProfile = z.output<typeof updateProfileSchema>;

const passwordField = (field: string) =>
  z
    .string({ error: `The ${field} field is required.` })
    .min(1, `The ${field} field is required.`)
    .min(ACCOUNT_PASSWORD_MIN, `The ${field} must be at least ${ACCOUNT_PASSWORD_MIN} characters.`)
    .max(200, `The ${field} may not be greater than 200 characters.`);

export const changePasswordSchema = z
  .object({
    current_password: passwordField('current password'),
    password: passwordField('password'),
    password_confirmation: passwordField('password confirmation'),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password'],
    message: 'The password confirmation does not match.',
  });
export type ChangePassword = z.infer<typeof changePasswordSchema>;

// ---------------------------------------------------------------------------------------------
// Addresses

export const addressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  address_type: z.enum(ADDRESS_TYPES),
  area: z.string().nullable(),
  flat_no: z.string().nullable(),
  address_line: z.string(),
  address_line2: z.string().nullable(),
  post_code: z.string().nullable(),
  is_default: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressesQuerySchema = pagingQuerySchema;
export const addressesReplySchema = envelope(z.object({ total: z.number().int(), addresses: z.array(addressSchema) }));
export type AddressesReply = z.infer<typeof addressesReplySchema>;

export const addressInputSchema = z.object({
  name: requiredText('name', 100),
  phone: phoneField,
  address_type: z.enum(ADDRESS_TYPES, { error: 'The address type must be home, office or other.' }),
  address_line: requiredText('address line', 255),
  address_line2: optionalText('address line2', 255),
  area: optionalText('area', 100),
  flat_no: optionalText('flat no', 50),
  post_code: optionalText('post code', 20),
  /** Omitted: the first address becomes the default, later ones do not. */
  is_default: looseBoolean('is default').optional(),
  latitude: coordinate('latitude', 90),
  longitude: coordinate('longitude', 180),
});
export type AddressInputRaw = z.input<typeof addressInputSchema>;
export type AddressInput = z.output<typeof addressInputSchema>;
export const addressReplySchema = envelope(z.object({ address: addressSchema }));

// ---------------------------------------------------------------------------------------------
// Wishlist and recently viewed

export const wishlistToggleSchema = z.object({
  product_id: idField('product id'),
});
/** The toggled product with its new is_favorite, and how many favourites the shopper has now. */
export const wishlistToggleReplySchema = envelope(z.object({ product: productCardSchema, total: z.number().int() }));
export type WishlistToggleReply = z.infer<typeof wishlistToggleReplySchema>;

export const wishlistProductsQuerySchema = pagingQuerySchema;
/** `total` is the favourite count the header shows; `products` one page of them, newest first. */
export const wishlistProductsReplySchema = envelope(
  z.object({ total: z.number().int(), products: z.array(productCardSchema) }),
);
export type WishlistProductsReply = z.infer<typeof wishlistProductsReplySchema>;

/** Just the ids, so product cards (served the same to everyone) can show the heart filled. */
export const wishlistIdsReplySchema = envelope(z.object({ ids: z.array(z.number().int()) }));
export type WishlistIdsReply = z.infer<typeof wishlistIdsReplySchema>;

export const recentlyViewedReplySchema = envelope(z.object({ products: z.array(productCardSchema) }));
export type RecentlyViewedReply = z.infer<typeof recentlyViewedReplySchema>;

// ---------------------------------------------------------------------------------------------
// Dashboard

export const dashboardSchema = z.object({
  /** Orders not yet delivered, cancelled or returned. */
  on_going_orders: z.number().int(),
  /** Lines in the cart. */
  cart_products: z.number().int(),
  wishlist_products: z.number().int(),
  /** Products in delivered orders. */
  ordered_products: z.number().int(),
  recently_viewed: z.array(productCardSchema),
  default_address: addressSchema.nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardReplySchema = envelope(dashboardSchema);

// ---------------------------------------------------------------------------------------------
// Social sign-in

export const socialProviderParamsSchema = z.object({
  provider: z.enum(SOCIAL_PROVIDERS, { error: 'The provider must be google, facebook or apple.' }),
});

/**
 * POST /auth/{provider}/token. Google: `code` is the authorization code. Facebook: `code` is the
 * user's access token. Apple: `data` carries the raw id token (`data.id_token`, or
 * `data.authorization.id_token` as Apple's JS returns it) and, on first sign-in, `data.user.name`.
 */
export const socialTokenSchema = z.object({
  code: z.string({ error: 'The code must be a string.' }).max(4096, 'The code is too long.').nullish(),
  data: z.unknown().optional(),
});
export type SocialTokenInput = z.infer<typeof socialTokenSchema>;
