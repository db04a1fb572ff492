import { z } from 'zod';
import { envelope, pagingQuerySchema } from './envelope';

export const subCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  thumbnail: z.string().nullable(),
});
export type SubCategory = z.infer<typeof subCategorySchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  thumbnail: z.string().nullable(),
  products_count: z.number().int(),
  sub_categories: z.array(subCategorySchema),
});
export type Category = z.infer<typeof categorySchema>;

export const categoriesQuerySchema = pagingQuerySchema;
export const categoriesReplySchema = envelope(
  z.object({ total: z.number().int(), categories: z.array(categorySchema) }),
);

export const productShopSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  rating: z.number(),
  estimated_delivery_time: z.string().nullable(),
  delivery_charge: z.number(),
  last_online: z.boolean(),
});

export const productSizeSchema = z.object({ id: z.number().int(), name: z.string(), price: z.number() });
export const productColorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color_code: z.string(),
  price: z.number(),
});

/** The product card. Money in the default currency, 2 decimals at most. */
export const productCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  is_digital: z.boolean(),
  name: z.string(),
  thumbnail: z.string(),
  thumbnail_width: z.number().int(),
  thumbnail_height: z.number().int(),
  price: z.number(),
  /** The price to pay when above 0 (the flash price during a sale). */
  discount_price: z.number(),
  discount_percentage: z.number(),
  rating: z.number(),
  /** Abbreviated, e.g. "1.2K". */
  total_reviews: z.string(),
  total_sold: z.string(),
  quantity: z.number().int(),
  is_favorite: z.boolean(),
  sizes: z.array(productSizeSchema),
  colors: z.array(productColorSchema),
  unit: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  brand: z.string().nullable(),
  shop: productShopSchema,
  /**
   * The shop is closed for now: the product shows as unavailable (quantity 0) and cannot be put in
   * a cart until the shop opens again. Absent in replies made before the switch existed.
   */
  shop_closed: z.boolean().optional(),
});
export type ProductCard = z.infer<typeof productCardSchema>;

export const shopCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  banner: z.string().nullable(),
  rating: z.number(),
  total_reviews: z.number().int(),
  total_products: z.number().int(),
  total_categories: z.number().int(),
  shop_status: z.enum(['Online', 'Offline']),
  estimated_delivery_time: z.string().nullable(),
  province: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  short_description: z.string().nullable(),
  /** Closed for now by its seller: its products cannot be bought until it opens again. */
  is_closed: z.boolean().optional(),
});
export type ShopCard = z.infer<typeof shopCardSchema>;

export const bannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  thumbnail: z.string(),
  url: z.string().nullable(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const flashSaleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  thumbnail: z.string().nullable(),
  discount: z.number(),
  /** ISO 8601. */
  start_date: z.string(),
  end_date: z.string(),
  products: z.array(productCardSchema).nullable(),
});
export type FlashSale = z.infer<typeof flashSaleSchema>;

export const homeQuerySchema = pagingQuerySchema;
export const homeSchema = z.object({
  banners: z.array(bannerSchema),
  ads: z.array(bannerSchema),
  categories: z.array(categorySchema),
  shops: z.array(shopCardSchema),
  popular_products: z.array(productCardSchema),
  just_for_you: z.object({ total: z.number().int(), products: z.array(productCardSchema) }),
  incoming_flash_sale: flashSaleSchema.nullable(),
  running_flash_sale: flashSaleSchema.nullable(),
});
export type Home = z.infer<typeof homeSchema>;
export const homeReplySchema = envelope(homeSchema);
