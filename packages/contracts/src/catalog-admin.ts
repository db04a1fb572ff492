import { z } from 'zod';
import { envelope, pagingQuerySchema } from './envelope';

/**
 * The operator's catalogue structure: categories (names in each language, order, active).
 * Lists are searched, sorted and paged on the server; a category products use is deleted only
 * when its products move to another category in the same request.
 */

export const CATEGORY_SORTS = ['position', 'name', 'products'] as const;
const emptyIsUnset = (v: unknown) => (v === '' ? undefined : v);

export const adminCategoryListQuerySchema = pagingQuerySchema.extend({
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
  sort: z.preprocess(emptyIsUnset, z.enum(CATEGORY_SORTS, { error: 'The selected sort is invalid.' }).optional()),
  direction: z.preprocess(
    emptyIsUnset,
    z.enum(['asc', 'desc'], { error: 'The selected direction is invalid.' }).optional(),
  ),
});
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
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

export const adminCategoryRequestSchema = z.object({
  name: nameField,
  translations: z
    .record(
      z.string().regex(/^[a-z]{2}(-[A-Za-z]{2})?$/, 'The language code is invalid.'),
      z
        .string({ error: 'A translation must be text.' })
        .trim()
        .max(120, 'A translation may not be greater than 120 characters.'),
      { error: 'The translations must be an object.' },
    )
    .default({}),
  position: z.coerce
    .number({ error: 'The position must be a number.' })
    .int('The position must be an integer.')
    .min(0, 'The position must be at least 0.')
    .max(100_000, 'The position may not be greater than 100000.')
    .default(0),
  is_active: z.boolean({ error: 'The active field must be true or false.' }).default(true),
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
