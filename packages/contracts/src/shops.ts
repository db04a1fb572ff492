import { z } from 'zod';
import { bannerSchema, categorySchema, flashSaleSchema, productCardSchema, shopCardSchema } from './catalog';
import { envelope, pagingQuerySchema } from './envelope';

const optionalId = (label: string) =>
  z.coerce
    .number({ error: `The ${label} must be a number.` })
    .int(`The ${label} must be an integer.`)
    .min(1, `The ${label} must be at least 1.`)
    // Ids are PostgreSQL integers: a larger number fails the query instead of finding nothing.
    .max(2_147_483_647, `The ${label} is too large.`)
    .optional();

export const shopsQuerySchema = pagingQuerySchema.extend({
  search: z.string().trim().max(255, 'The search may not be greater than 255 characters.').optional(),
  province_id: optionalId('province id'),
});
export type ShopsQuery = z.infer<typeof shopsQuerySchema>;
export const shopsReplySchema = envelope(z.object({ total: z.number().int(), shops: z.array(shopCardSchema) }));

export const topShopsReplySchema = envelope(z.object({ shops: z.array(shopCardSchema) }));

/** The shop page header: the card plus what only the shop page shows. */
export const shopDetailsSchema = shopCardSchema.extend({
  description: z.string().nullable(),
  address: z.string().nullable(),
  /** "HH:MM" in the shop's local day, null when the shop never set hours. */
  opening_time: z.string().nullable(),
  closing_time: z.string().nullable(),
  banners: z.array(bannerSchema),
});
export type ShopDetails = z.infer<typeof shopDetailsSchema>;
export const shopReplySchema = envelope(z.object({ shop: shopDetailsSchema }));

export const shopCategoriesQuerySchema = pagingQuerySchema.extend({
  shop_id: z.coerce
    .number({ error: 'The shop id must be a number.' })
    .int('The shop id must be an integer.')
    .min(1, 'The shop id must be at least 1.')
    .max(2_147_483_647, 'The shop id is too large.'),
});
export const shopCategoriesReplySchema = envelope(
  z.object({ total: z.number().int(), categories: z.array(categorySchema) }),
);

export const shopProductsQuerySchema = pagingQuerySchema.extend({
  search: z.string().trim().max(255, 'The search may not be greater than 255 characters.').optional(),
  category_id: optionalId('category id'),
});
export const productsPageReplySchema = envelope(
  z.object({ total: z.number().int(), products: z.array(productCardSchema) }),
);

/* Flash sales. */

export const flashSaleStatusSchema = z.enum(['upcoming', 'running', 'ended']);
export type FlashSaleStatus = z.infer<typeof flashSaleStatusSchema>;
export const flashSaleWithStatusSchema = flashSaleSchema.extend({ status: flashSaleStatusSchema });
export type FlashSaleWithStatus = z.infer<typeof flashSaleWithStatusSchema>;

export const flashSalesReplySchema = envelope(
  z.object({
    incoming_flash_sale: flashSaleWithStatusSchema.nullable(),
    running_flash_sale: flashSaleWithStatusSchema.nullable(),
  }),
);

export const flashSaleDetailsQuerySchema = pagingQuerySchema.extend({ category_id: optionalId('category id') });
export const flashSaleDetailsSchema = z.object({
  total_products: z.number().int(),
  flash_sale: flashSaleWithStatusSchema,
  /** Categories of the sale's products, for the filter chips. */
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })),
  products: z.array(productCardSchema),
});
export type FlashSaleDetails = z.infer<typeof flashSaleDetailsSchema>;
export const flashSaleDetailsReplySchema = envelope(flashSaleDetailsSchema);

/* Provinces. */

export const provinceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  shops_count: z.number().int(),
});
export type Province = z.infer<typeof provinceSchema>;
export const provincesReplySchema = envelope(z.object({ provinces: z.array(provinceSchema) }));
export const provinceQuerySchema = pagingQuerySchema;
export const provinceReplySchema = envelope(
  z.object({ province: provinceSchema, total: z.number().int(), shops: z.array(shopCardSchema) }),
);
