import { z } from 'zod';
import { MAX_PER_PAGE } from './constants';
import { envelope, pagingQuerySchema } from './envelope';
import { idField, numberField, optionalIdField } from './fields';

/**
 * The seller’s catalogue (the Seller Centre’s products): the shop’s products with their status,
 * one payload to create and edit a product, photos, bulk actions, and stock and prices in bulk.
 * Money is in the default currency’s units with at most 2 decimals, as everywhere in the API.
 */

/**
 * A product’s status for its seller, exactly one of: `draft` (not on sale), `pending_approval`
 * (published, waiting for the operator), `sold_out` (published, stock 0) and `published` (on sale
 * with stock).
 */
export const SELLER_PRODUCT_STATUSES = ['published', 'draft', 'pending_approval', 'sold_out'] as const;
export type SellerProductStatus = (typeof SELLER_PRODUCT_STATUSES)[number];
/** What a save asks for: keep or make the product a draft, or publish it (everything checked). */
export const SELLER_PRODUCT_SAVE_STATUSES = ['draft', 'published'] as const;
export const SELLER_PRODUCT_SORTS = ['newest', 'name', 'price', 'stock', 'sold'] as const;
export type SellerProductSort = (typeof SELLER_PRODUCT_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export const SELLER_PRODUCT_BULK_ACTIONS = ['publish', 'unpublish', 'delete'] as const;
export type SellerProductBulkAction = (typeof SELLER_PRODUCT_BULK_ACTIONS)[number];

/** The products a page of the Seller Centre’s list shows. */
export const SELLER_PRODUCTS_PAGE_SIZE = 20;
export const PRODUCT_NAME_MAX_LENGTH = 200;
export const PRODUCT_SHORT_DESCRIPTION_MAX_LENGTH = 1000;
/** The description as typed (rich text, HTML), before it is sanitised. */
export const PRODUCT_DESCRIPTION_MAX_LENGTH = 50_000;
export const PRODUCT_SKU_MAX_LENGTH = 60;
export const PRODUCT_STOCK_MAX = 10_000_000;
/** In the default currency’s units. */
export const PRODUCT_PRICE_MAX = 10_000_000_000;
/** Colours (and sizes) one product may come in. */
export const PRODUCT_VARIANTS_MAX = 50;
/** An uploaded product photo (multipart field `photo`; jpg, png or webp, told by its bytes). */
export const PRODUCT_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The stored photo is a WebP whose longer side is at most this many pixels (the largest width served). */
export const PRODUCT_PHOTO_MAX_PX = 1600;
export const PRODUCT_PHOTOS_MAX = 10;
/** Products one bulk call may name. */
export const PRODUCT_BULK_MAX = MAX_PER_PAGE;
/** Languages one product’s texts may be given in at once. */
const TEXT_LOCALES_MAX = 10;

// ---------------------------------------------------------------------------------------------
// Field helpers: the web shows these sentences under the fields as they are.

/** Empty strings (what HTML forms send for blank inputs) clear a text, like null; absent stays absent. */
const optionalText = (field: string, max: number) =>
  z
    .string({ error: `The ${field} must be a string.` })
    .trim()
    .max(max, `The ${field} may not be greater than ${max} characters.`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

const hasAtMostTwoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

/** An amount of money as a JSON number, at most 2 decimals; null or absent where optional. */
const moneyField = (field: string) =>
  numberField(field)
    .min(0, `The ${field} must be at least 0.`)
    .max(PRODUCT_PRICE_MAX, `The ${field} may not be greater than ${PRODUCT_PRICE_MAX}.`)
    .refine(hasAtMostTwoDecimals, `The ${field} may have at most 2 decimals.`);

const stockField = (field: string) =>
  numberField(field)
    .int(`The ${field} must be an integer.`)
    .min(0, `The ${field} must be at least 0.`)
    .max(PRODUCT_STOCK_MAX, `The ${field} may not be greater than ${PRODUCT_STOCK_MAX}.`);

/** The `updated_at` a reader was given, sent back so a save over someone else’s is refused. */
const seenAtField = (field: string) =>
  z.iso.datetime({ offset: true, error: `The ${field} must be a date and time (ISO 8601).` }).nullish();

const idList = (field: string, max: number) =>
  z
    .array(idField(field), { error: `The ${field} must be a list.` })
    .min(1, `The ${field} must have at least 1 items.`)
    .max(max, `The ${field} may not have more than ${max} items.`);

// ---------------------------------------------------------------------------------------------
// The list

export const sellerProductsQuerySchema = pagingQuerySchema.extend({
  /** Part of a name (in any language) or of the SKU. */
  search: z
    .string({ error: 'The search must be a string.' })
    .max(100, 'The search may not be greater than 100 characters.')
    .optional(),
  category_id: optionalIdField('category id'),
  status: z.preprocess(
    (v) => (v === '' || v === 'all' ? undefined : v),
    z.enum(SELLER_PRODUCT_STATUSES, { error: 'The selected status is invalid.' }).optional(),
  ),
  sort: z.enum(SELLER_PRODUCT_SORTS, { error: 'The selected sort is invalid.' }).default('newest'),
  /** Default: newest and sold descending, name, price and stock ascending. */
  order: z.enum(SORT_ORDERS, { error: 'The selected order is invalid.' }).optional(),
});
export type SellerProductsQuery = z.input<typeof sellerProductsQuerySchema>;
export type SellerProductsFilter = z.output<typeof sellerProductsQuerySchema>;

export const sellerProductRowSchema = z.object({
  id: z.number().int(),
  /** In the reader’s language, English (or the draft’s only name) where not translated. */
  name: z.string(),
  slug: z.string(),
  cover: z.string().nullable(),
  /** Empty when the seller gave none. */
  sku: z.string(),
  price: z.number(),
  /** 0: no discount. */
  discount_price: z.number(),
  stock: z.number().int(),
  sold: z.number().int(),
  status: z.enum(SELLER_PRODUCT_STATUSES),
  /** Sent back with a change (stock and prices in bulk, an edit) to refuse one over a newer save. */
  updated_at: z.string(),
});
export type SellerProductRow = z.infer<typeof sellerProductRowSchema>;

export const sellerProductStatusCountsSchema = z.object({
  all: z.number().int(),
  published: z.number().int(),
  draft: z.number().int(),
  pending_approval: z.number().int(),
  sold_out: z.number().int(),
});

export const sellerProductsReplySchema = envelope(
  z.object({
    total: z.number().int(),
    /** Per status, with the search and category applied (the tabs’ counts). */
    status_counts: sellerProductStatusCountsSchema,
    products: z.array(sellerProductRowSchema),
  }),
);
export type SellerProductsReply = z.infer<typeof sellerProductsReplySchema>;

// ---------------------------------------------------------------------------------------------
// One product: what the editor reads and saves

export const productTextsSchema = z.object({
  name: z.string().nullable(),
  short_description: z.string().nullable(),
  /** Sanitised rich text (HTML). */
  description: z.string().nullable(),
});

export const sellerProductPhotoSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  position: z.number().int(),
  is_cover: z.boolean(),
});
export type SellerProductPhoto = z.infer<typeof sellerProductPhotoSchema>;

export const sellerProductVariantSchema = z.object({
  id: z.number().int(),
  extra_price: z.number(),
});

export const sellerProductSchema = z.object({
  id: z.number().int(),
  status: z.enum(SELLER_PRODUCT_STATUSES),
  slug: z.string(),
  sku: z.string(),
  /** By language code; a language the seller has not written is absent. */
  texts: z.record(z.string(), productTextsSchema),
  category_id: z.number().int().nullable(),
  sub_category_id: z.number().int().nullable(),
  brand_id: z.number().int().nullable(),
  unit_id: z.number().int().nullable(),
  price: z.number(),
  discount_price: z.number(),
  stock: z.number().int(),
  sold: z.number().int(),
  colors: z.array(sellerProductVariantSchema),
  sizes: z.array(sellerProductVariantSchema),
  /** In their order; the cover is marked. */
  photos: z.array(sellerProductPhotoSchema),
  /** Why the operator refused it (it went back to draft); null once approved or never refused. */
  approval_note: z.string().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SellerProduct = z.infer<typeof sellerProductSchema>;
export const sellerProductReplySchema = envelope(z.object({ product: sellerProductSchema }));
export type SellerProductReply = z.infer<typeof sellerProductReplySchema>;

const LOCALE_CODE = /^[a-z]{2,3}(-[a-zA-Z0-9]{2,8})?$/;

/** A language’s texts; a field absent is kept as it is, null (or an empty text) clears it. */
const productTextsInputSchema = z.object(
  {
    name: optionalText('name', PRODUCT_NAME_MAX_LENGTH),
    short_description: optionalText('short description', PRODUCT_SHORT_DESCRIPTION_MAX_LENGTH),
    description: optionalText('description', PRODUCT_DESCRIPTION_MAX_LENGTH),
  },
  { error: 'The texts of a language must be an object.' },
);

const variantsInput = (field: string, idName: string) =>
  z
    .array(
      z.object(
        { id: idField(idName), extra_price: moneyField('extra price').nullish() },
        { error: `The ${field} must be a list of objects.` },
      ),
      { error: `The ${field} must be a list.` },
    )
    .max(PRODUCT_VARIANTS_MAX, `The ${field} may not have more than ${PRODUCT_VARIANTS_MAX} items.`);

/**
 * POST /api/seller/products (create) and PUT /api/seller/products/{id} (edit). On an edit a field
 * left out keeps its value and null clears it; a language left out of `texts` keeps its texts.
 * A draft needs only a name in some language; publishing (`status: published`, or editing a
 * published product) checks everything and answers every missing or wrong field at once.
 */
export const sellerProductSaveSchema = z.object({
  /** Default: a new product is a draft; an edit keeps the status. */
  status: z.enum(SELLER_PRODUCT_SAVE_STATUSES, { error: 'The selected status is invalid.' }).optional(),
  /** By language code: `{ en: { name, short_description, description }, id: { … } }`. */
  texts: z
    .record(z.string().regex(LOCALE_CODE, 'The selected language is invalid.'), productTextsInputSchema, {
      error: 'The texts must be an object of languages.',
    })
    .refine(
      (v) => Object.keys(v).length <= TEXT_LOCALES_MAX,
      `The texts may not have more than ${TEXT_LOCALES_MAX} items.`,
    )
    .optional(),
  sku: optionalText('sku', PRODUCT_SKU_MAX_LENGTH),
  category_id: optionalIdField('category id'),
  sub_category_id: optionalIdField('sub category id'),
  brand_id: optionalIdField('brand id'),
  unit_id: optionalIdField('unit id'),
  price: moneyField('price').nullish(),
  /** 0 or null: no discount. */
  discount_price: moneyField('discount price').nullish(),
  stock: stockField('stock').nullish(),
  /** The colours (ids of the colours a shop may use) with the amount each adds to the price. */
  colors: variantsInput('colors', 'color id').optional(),
  sizes: variantsInput('sizes', 'size id').optional(),
  /** The stock the editor showed: a different stock now (a sale meanwhile) refuses the save. */
  expected_stock: stockField('expected stock').nullish(),
  /** The product’s `updated_at` the editor showed: a newer save refuses this one. */
  updated_at: seenAtField('updated at'),
});
export type SellerProductSaveInput = z.input<typeof sellerProductSaveSchema>;
export type SellerProductSave = z.output<typeof sellerProductSaveSchema>;

/** What a shop may pick for its products: active categories and the global and own options. */
const namedOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export const sellerProductOptionsReplySchema = envelope(
  z.object({
    categories: z.array(namedOptionSchema.extend({ sub_categories: z.array(namedOptionSchema) })),
    brands: z.array(namedOptionSchema),
    units: z.array(namedOptionSchema),
    colors: z.array(namedOptionSchema.extend({ color_code: z.string() })),
    sizes: z.array(namedOptionSchema),
  }),
);
export type SellerProductOptionsReply = z.infer<typeof sellerProductOptionsReplySchema>;

// ---------------------------------------------------------------------------------------------
// Photos

/** PUT /api/seller/products/{id}/photos/order: every photo of the product, in the new order. */
export const productPhotoOrderSchema = z.object({
  photo_ids: idList('photo ids', PRODUCT_PHOTOS_MAX),
});
export type ProductPhotoOrderInput = z.input<typeof productPhotoOrderSchema>;

/** The path of a photo route: the product’s id and its photo’s id. */
export const productPhotoParamsSchema = z.object({
  id: z.string().max(12),
  photoId: z
    .string({ error: 'The photo id must be a string.' })
    .max(12, 'The photo id may not be greater than 12 characters.'),
});

// ---------------------------------------------------------------------------------------------
// Bulk

export const sellerProductBulkSchema = z.object({
  action: z.enum(SELLER_PRODUCT_BULK_ACTIONS, { error: 'The selected action is invalid.' }),
  ids: idList('ids', PRODUCT_BULK_MAX),
});
export type SellerProductBulkInput = z.input<typeof sellerProductBulkSchema>;
export type SellerProductBulk = z.output<typeof sellerProductBulkSchema>;

export const sellerProductBulkReplySchema = envelope(
  z.object({
    /** The products the action was applied to. */
    done: z.array(z.number().int()),
    /** Products that could not be published, with what is missing or wrong (field -> messages). */
    failed: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        errors: z.record(z.string(), z.array(z.string())),
      }),
    ),
  }),
);
export type SellerProductBulkReply = z.infer<typeof sellerProductBulkReplySchema>;

const stockRowSchema = z.object(
  {
    id: idField('id'),
    stock: stockField('stock').nullish(),
    price: moneyField('price').nullish(),
    discount_price: moneyField('discount price').nullish(),
    /** Required with `stock`: the stock the grid showed. */
    expected_stock: stockField('expected stock').nullish(),
    updated_at: seenAtField('updated at'),
  },
  { error: 'Each row must be an object.' },
);

/**
 * POST /api/seller/products/stock: stock, price and discount price of many products, saved in one
 * transaction. A row whose stock is no longer `expected_stock` (a sale meanwhile), or whose
 * product was saved after `updated_at`, is not saved and comes back as a conflict with the
 * current figures; the other rows are saved.
 */
export const sellerProductStockSchema = z.object({
  rows: z
    .array(stockRowSchema, { error: 'The rows must be a list.' })
    .min(1, 'The rows must have at least 1 items.')
    .max(PRODUCT_BULK_MAX, `The rows may not have more than ${PRODUCT_BULK_MAX} items.`),
});
export type SellerProductStockInput = z.input<typeof sellerProductStockSchema>;
export type SellerProductStock = z.output<typeof sellerProductStockSchema>;

export const sellerProductFiguresSchema = z.object({
  id: z.number().int(),
  stock: z.number().int(),
  price: z.number(),
  discount_price: z.number(),
  status: z.enum(SELLER_PRODUCT_STATUSES),
  updated_at: z.string(),
});
export type SellerProductFigures = z.infer<typeof sellerProductFiguresSchema>;

export const sellerProductStockReplySchema = envelope(
  z.object({
    saved: z.array(sellerProductFiguresSchema),
    /** Not saved: the product’s figures now. */
    conflicts: z.array(sellerProductFiguresSchema),
  }),
);
export type SellerProductStockReply = z.infer<typeof sellerProductStockReplySchema>;
