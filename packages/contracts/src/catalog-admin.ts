import { z } from 'zod';
import { envelope, pagingQuerySchema } from './envelope';

/**
 * The operator's catalogue structure: categories and subcategories (names in each language, order,
 * thumbnail, active) and the platform-wide brands, colours, sizes and units every shop may use.
 * Lists are searched, sorted and paged on the server; a value products use is deleted only when
 * its products move to another value of the same list in the same request.
 */

/** A thumbnail (category, subcategory) or logo (brand): jpg, png or webp, stored as a WebP. */
export const CATALOGUE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const CATALOGUE_IMAGE_MAX_PX = 800;
export const CATALOGUE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const CATEGORY_SORTS = ['position', 'name', 'products'] as const;
export const SUB_CATEGORY_SORTS = ['position', 'name', 'products'] as const;
export const VALUE_SORTS = ['name', 'products'] as const;
export const SIZE_SORTS = ['position', 'name', 'products'] as const;
const emptyIsUnset = (v: unknown) => (v === '' ? undefined : v);

/** A list's query: the search (by name), the sort (one of `sorts`) and its direction, and the page. */
function listQuerySchema<S extends readonly [string, ...string[]]>(sorts: S) {
  return pagingQuerySchema.extend({
    q: z
      .preprocess(
        emptyIsUnset,
        z
          .string({ error: 'The search must be text.' })
          .trim()
          .max(100, 'The search may not be greater than 100 characters.')
          .optional(),
      )
      .optional(),
    sort: z.preprocess(emptyIsUnset, z.enum(sorts, { error: 'The selected sort is invalid.' }).optional()),
    direction: z.preprocess(
      emptyIsUnset,
      z.enum(['asc', 'desc'], { error: 'The selected direction is invalid.' }).optional(),
    ),
  });
}

export const adminCategoryListQuerySchema = listQuerySchema(CATEGORY_SORTS);
export type AdminCategoryListQuery = z.input<typeof adminCategoryListQuerySchema>;

const nameField = z
  .string({ error: 'The name field is required.' })
  .trim()
  .min(1, 'The name field is required.')
  .max(120, 'The name may not be greater than 120 characters.');

export const adminCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The name in each other language, by language code. */
  translations: z.record(z.string(), z.string()),
  slug: z.string(),
  position: z.number().int(),
  is_active: z.boolean(),
  /** How many products are in the category. */
  products: z.number().int(),
  /** The thumbnail's address, or null. */
  image: z.string().nullable(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

const translationsField = z
  .record(
    z.string().regex(/^[a-z]{2}(-[A-Za-z]{2})?$/, 'The language code is invalid.'),
    z
      .string({ error: 'A translation must be text.' })
      .trim()
      .max(120, 'A translation may not be greater than 120 characters.'),
    { error: 'The translations must be an object.' },
  )
  .default({});
const positionField = z.coerce
  .number({ error: 'The position must be a number.' })
  .int('The position must be an integer.')
  .min(0, 'The position must be at least 0.')
  .max(100_000, 'The position may not be greater than 100000.')
  .default(0);
const activeField = z.boolean({ error: 'The active field must be true or false.' }).default(true);

export const adminCategoryRequestSchema = z.object({
  name: nameField,
  translations: translationsField,
  position: positionField,
  is_active: activeField,
});
export type AdminCategoryRequest = z.input<typeof adminCategoryRequestSchema>;

export const adminCategoryDeleteQuerySchema = z.object({
  /** The category the deleted one's products move to (required when products use it). */
  move_to: z.preprocess(
    emptyIsUnset,
    z.coerce
      .number({ error: 'The move to must be a number.' })
      .int('The move to must be an integer.')
      .min(1, 'The move to must be at least 1.')
      .max(2_147_483_647, 'The move to must be at least 1.')
      .optional(),
  ),
});

export const adminCategoryListReplySchema = envelope(
  z.object({ total: z.number().int(), categories: z.array(adminCategorySchema) }),
);
export const adminCategoryReplySchema = envelope(z.object({ category: adminCategorySchema }));
export const adminCategoryDeleteReplySchema = envelope(z.object({ moved: z.number().int() }));

/** The delete of any list: `move_to` names the row of the same list its products move to. */
export const adminCatalogueDeleteQuerySchema = adminCategoryDeleteQuerySchema;

// Subcategories: each belongs to one or more categories (the storefront's menu shows it under each).

export const adminSubCategoryListQuerySchema = listQuerySchema(SUB_CATEGORY_SORTS).extend({
  /** Only the subcategories of this category. */
  category_id: z.preprocess(
    emptyIsUnset,
    z.coerce
      .number({ error: 'The category id must be a number.' })
      .int('The category id must be an integer.')
      .min(1, 'The category id must be at least 1.')
      .max(2_147_483_647, 'The category id must be at least 1.')
      .optional(),
  ),
});

const idName = z.object({ id: z.number().int(), name: z.string() });

export const adminSubCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  translations: z.record(z.string(), z.string()),
  slug: z.string(),
  /** Its place among the subcategories of its categories. */
  position: z.number().int(),
  is_active: z.boolean(),
  products: z.number().int(),
  image: z.string().nullable(),
  /** The categories it shows under, by name. */
  categories: z.array(idName),
});
export type AdminSubCategory = z.infer<typeof adminSubCategorySchema>;

export const adminSubCategoryRequestSchema = z.object({
  name: nameField,
  translations: translationsField,
  position: positionField,
  is_active: activeField,
  category_ids: z
    .array(
      z.coerce
        .number({ error: 'A category id must be a number.' })
        .int('A category id must be an integer.')
        .min(1, 'A category id must be at least 1.')
        .max(2_147_483_647, 'A category id must be at least 1.'),
      { error: 'The categories must be a list.' },
    )
    .min(1, 'Choose at least one category.')
    .max(100, 'The categories may not have more than 100 items.'),
});
export type AdminSubCategoryRequest = z.input<typeof adminSubCategoryRequestSchema>;

export const adminSubCategoryListReplySchema = envelope(
  z.object({ total: z.number().int(), sub_categories: z.array(adminSubCategorySchema) }),
);
export const adminSubCategoryReplySchema = envelope(z.object({ sub_category: adminSubCategorySchema }));

// Brands, colours, sizes and units: the platform-wide values (a shop's own are the shop's).

export const adminBrandListQuerySchema = listQuerySchema(VALUE_SORTS);
export const adminColorListQuerySchema = listQuerySchema(VALUE_SORTS);
export const adminSizeListQuerySchema = listQuerySchema(SIZE_SORTS);
export const adminUnitListQuerySchema = listQuerySchema(VALUE_SORTS);

const valueShape = {
  id: z.number().int(),
  name: z.string(),
  translations: z.record(z.string(), z.string()),
  is_active: z.boolean(),
  /** How many products use it. */
  products: z.number().int(),
};
export const adminBrandSchema = z.object({ ...valueShape, image: z.string().nullable() });
export const adminColorSchema = z.object({ ...valueShape, color_code: z.string() });
export const adminSizeSchema = z.object({ ...valueShape, position: z.number().int() });
export const adminUnitSchema = z.object(valueShape);
export type AdminBrand = z.infer<typeof adminBrandSchema>;
export type AdminColor = z.infer<typeof adminColorSchema>;
export type AdminSize = z.infer<typeof adminSizeSchema>;
export type AdminUnit = z.infer<typeof adminUnitSchema>;

const valueRequestShape = { name: nameField, translations: translationsField, is_active: activeField };
export const adminBrandRequestSchema = z.object(valueRequestShape);
export const adminColorRequestSchema = z.object({
  ...valueRequestShape,
  color_code: z
    .string({ error: 'The colour code field is required.' })
    .trim()
    .regex(/^#[0-9A-Fa-f]{6}$/, 'The colour code must be a # and six hex digits, like #1E40AF.')
    .transform((v) => v.toUpperCase()),
});
export const adminSizeRequestSchema = z.object({ ...valueRequestShape, position: positionField });
export const adminUnitRequestSchema = z.object(valueRequestShape);
export type AdminBrandRequest = z.input<typeof adminBrandRequestSchema>;
export type AdminColorRequest = z.input<typeof adminColorRequestSchema>;
export type AdminSizeRequest = z.input<typeof adminSizeRequestSchema>;
export type AdminUnitRequest = z.input<typeof adminUnitRequestSchema>;

const total = z.number().int();
export const adminBrandListReplySchema = envelope(z.object({ total, brands: z.array(adminBrandSchema) }));
export const adminColorListReplySchema = envelope(z.object({ total, colors: z.array(adminColorSchema) }));
export const adminSizeListReplySchema = envelope(z.object({ total, sizes: z.array(adminSizeSchema) }));
export const adminUnitListReplySchema = envelope(z.object({ total, units: z.array(adminUnitSchema) }));
export const adminBrandReplySchema = envelope(z.object({ brand: adminBrandSchema }));
export const adminColorReplySchema = envelope(z.object({ color: adminColorSchema }));
export const adminSizeReplySchema = envelope(z.object({ size: adminSizeSchema }));
export const adminUnitReplySchema = envelope(z.object({ unit: adminUnitSchema }));
