import { z } from 'zod';
import { productCardSchema, productColorSchema, productShopSchema, productSizeSchema } from './catalog';
import { AUTOCOMPLETE_LIMIT, MAX_PER_PAGE, PRODUCTS_PER_PAGE, REVIEWS_PER_PAGE } from './constants';
import { envelope, pagingQuerySchema } from './envelope';

function idParam(label: string) {
  return z.coerce
    .number({ error: `The ${label} must be a number.` })
    .int(`The ${label} must be an integer.`)
    .min(1, `The ${label} must be at least 1.`)
    .max(2_147_483_647, `The ${label} is too large.`);
}

function moneyParam(label: string) {
  return z.coerce
    .number({ error: `The ${label} must be a number.` })
    .min(0, `The ${label} must be at least 0.`)
    .max(1_000_000_000_000, `The ${label} is too large.`);
}

/** Query strings carry booleans as text; "true"/"1" and "false"/"0" are the accepted spellings. */
const booleanParam = z.preprocess(
  (value) => {
    if (value === 'true' || value === '1' || value === true) return true;
    if (value === 'false' || value === '0' || value === false) return false;
    return value;
  },
  z.boolean({ error: 'The is digital field must be true or false.' }),
);

export const PRODUCT_SORT_TYPES = [
  'default',
  'high_to_low',
  'low_to_high',
  'top_selling',
  'popular_product',
  'newest',
  'just_for_you',
] as const;
export type ProductSortType = (typeof PRODUCT_SORT_TYPES)[number];

/** GET /api/products (and its alias /api/category-products). */
export const productsQuerySchema = z
  .object({
    page: pagingQuerySchema.shape.page,
    per_page: z.coerce
      .number({ error: 'The per page must be a number.' })
      .int('The per page must be an integer.')
      .min(1, 'The per page must be at least 1.')
      .max(MAX_PER_PAGE, `The per page may not be greater than ${MAX_PER_PAGE}.`)
      .default(PRODUCTS_PER_PAGE),
    search: z.string().trim().max(200, 'The search may not be greater than 200 characters.').optional(),
    shop_id: idParam('shop id').optional(),
    category_id: idParam('category id').optional(),
    sub_category_id: idParam('sub category id').optional(),
    brand_id: idParam('brand id').optional(),
    color_id: idParam('color id').optional(),
    size_id: idParam('size id').optional(),
    /** A band: average >= rating and < rating + 1. */
    rating: z.coerce
      .number({ error: 'The rating must be a number.' })
      .int('The rating must be an integer.')
      .min(1, 'The rating must be at least 1.')
      .max(5, 'The rating may not be greater than 5.')
      .optional(),
    /** On the effective price: flash price in a running sale, else discount price when > 0, else price. */
    min_price: moneyParam('min price').optional(),
    max_price: moneyParam('max price').optional(),
    sort_type: z.enum(PRODUCT_SORT_TYPES, { error: 'The selected sort type is invalid.' }).default('default'),
    is_digital: booleanParam.optional(),
  })
  .superRefine((query, ctx) => {
    if (query.min_price !== undefined && query.max_price !== undefined && query.min_price > query.max_price) {
      ctx.addIssue({
        code: 'custom',
        path: ['max_price'],
        message: 'The max price must be greater than or equal to the min price.',
      });
    }
  });
export type ProductsQuery = z.infer<typeof productsQuerySchema>;
/** What a client sends (everything optional). */
export type ProductsQueryInput = z.input<typeof productsQuerySchema>;

export const productFiltersSchema = z.object({
  sizes: z.array(productSizeSchema),
  colors: z.array(productColorSchema),
  brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
  categories: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })),
  /**
   * Bounds of the effective price over the listed products in scope. The scope is the shop
   * (shop_id) and digital flag (is_digital) only, so the facets stay put while the shopper narrows
   * by category, brand, colour, size, rating, price or search.
   */
  min_price: z.number(),
  max_price: z.number(),
});
export type ProductFilters = z.infer<typeof productFiltersSchema>;

export const productsReplySchema = envelope(
  z.object({
    /** The number of matches, counted up to a cap (1,000): with `more`, more than this many match. */
    total: z.number().int(),
    more: z.boolean(),
    products: z.array(productCardSchema),
    filters: productFiltersSchema,
  }),
);
export type ProductsReply = z.infer<typeof productsReplySchema>['data'];

/** GET /api/product-details: by id or by slug (one of them). */
export const productDetailsQuerySchema = z
  .object({
    product_id: idParam('product id').optional(),
    slug: z.string().trim().min(1, 'The slug field is required.').max(300, 'The slug is too long.').optional(),
  })
  .superRefine((query, ctx) => {
    if (query.product_id === undefined && query.slug === undefined) {
      ctx.addIssue({ code: 'custom', path: ['product_id'], message: 'The product id field is required.' });
    }
  });
export type ProductDetailsQuery = z.infer<typeof productDetailsQuerySchema>;

const namedLinkSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const productThumbnailSchema = z.object({
  id: z.number().int(),
  thumbnail: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export const productDetailsSchema = productCardSchema.extend({
  short_description: z.string().nullable(),
  /** HTML, sanitised when it was saved. */
  description: z.string().nullable(),
  sku: z.string().nullable(),
  thumbnails: z.array(productThumbnailSchema),
  categories: z.array(namedLinkSchema),
  sub_categories: z.array(namedLinkSchema),
  shop: productShopSchema.extend({ total_reviews: z.number().int() }),
  flash_sale: z.object({ id: z.number().int(), name: z.string(), end_date: z.string(), price: z.number() }).nullable(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
});
export type ProductDetails = z.infer<typeof productDetailsSchema>;

export const productDetailsReplySchema = envelope(
  z.object({
    product: productDetailsSchema,
    /** Up to 6 from the same categories. */
    related_products: z.array(productCardSchema),
    /** Up to 6 more from the same shop. */
    popular_products: z.array(productCardSchema),
  }),
);
export type ProductDetailsReply = z.infer<typeof productDetailsReplySchema>['data'];

/** GET /api/shops/popular-products */
export const shopPopularProductsQuerySchema = z.object({ product_id: idParam('product id') });
export const shopPopularProductsReplySchema = envelope(z.object({ products: z.array(productCardSchema) }));

/** GET /api/reviews: of a product or of a shop (exactly one of them). */
export const reviewsQuerySchema = z
  .object({
    product_id: idParam('product id').optional(),
    shop_id: idParam('shop id').optional(),
    page: pagingQuerySchema.shape.page,
    per_page: z.coerce
      .number({ error: 'The per page must be a number.' })
      .int('The per page must be an integer.')
      .min(1, 'The per page must be at least 1.')
      .max(MAX_PER_PAGE, `The per page may not be greater than ${MAX_PER_PAGE}.`)
      .default(REVIEWS_PER_PAGE),
  })
  .superRefine((query, ctx) => {
    if (query.product_id === undefined && query.shop_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['product_id'], message: 'The product id or shop id field is required.' });
    }
    if (query.product_id !== undefined && query.shop_id !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['shop_id'], message: 'Send either the product id or the shop id.' });
    }
  });
export type ReviewsQuery = z.infer<typeof reviewsQuerySchema>;

export const reviewSchema = z.object({
  id: z.number().int(),
  customer_name: z.string(),
  customer_profile: z.string().nullable(),
  rating: z.number(),
  description: z.string().nullable(),
  /** ISO 8601. */
  created_at: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const ratingSummarySchema = z.object({
  /** Average, 1 decimal. */
  rating: z.number(),
  total_review: z.number().int(),
  /** Star (1..5) -> percent of the reviews, 1 decimal. */
  percentages: z.object({ '1': z.number(), '2': z.number(), '3': z.number(), '4': z.number(), '5': z.number() }),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const reviewsReplySchema = envelope(
  z.object({
    average_rating_percentage: ratingSummarySchema.nullable(),
    total: z.number().int(),
    reviews: z.array(reviewSchema),
  }),
);
export type ReviewsReply = z.infer<typeof reviewsReplySchema>['data'];

/** GET /api/products/search-autocomplete */
export const autocompleteQuerySchema = z.object({
  /** Blank is allowed and answers empty lists. */
  name: z.string().trim().max(100, 'The name may not be greater than 100 characters.').default(''),
  limit: z.coerce
    .number({ error: 'The limit must be a number.' })
    .int('The limit must be an integer.')
    .min(1, 'The limit must be at least 1.')
    .max(20, 'The limit may not be greater than 20.')
    .default(AUTOCOMPLETE_LIMIT),
});
export type AutocompleteQuery = z.infer<typeof autocompleteQuerySchema>;

export const autocompleteProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  type: z.literal('product'),
  thumbnail: z.string(),
});
export const autocompleteShopSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  type: z.literal('shop'),
  logo: z.string().nullable(),
});

/** Products first; shops fill the rest up to `limit` in total. */
export const autocompleteReplySchema = envelope(
  z.object({ products: z.array(autocompleteProductSchema), shops: z.array(autocompleteShopSchema) }),
);
export type AutocompleteReply = z.infer<typeof autocompleteReplySchema>['data'];
