import { z } from 'zod';
import { productCardSchema } from './catalog';
import { envelope, pagingQuerySchema } from './envelope';

/** Blog posts on the list and the details page show this many per page (the reference's web). */
export const BLOGS_PER_PAGE = 9;
export const RELATED_BLOGS = 6;
export const POPULAR_BLOGS = 5;
export const BLOG_RELATED_PRODUCTS = 5;
/** A post younger than this carries the "New" badge. */
export const BLOG_NEW_DAYS = 5;
export const BLOG_EXCERPT_LENGTH = 200;
export const SUPPORT_MESSAGE_MAX = 5000;

export const blogCategorySchema = z.object({ id: z.number().int(), name: z.string() });
export type BlogCategory = z.infer<typeof blogCategorySchema>;

export const blogCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  category: blogCategorySchema.nullable(),
  post_by: z.object({ name: z.string(), profile_photo: z.string().nullable() }),
  thumbnail: z.string().nullable(),
  total_views: z.number().int(),
  /** Plain text, cut to 200 characters. */
  description: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  is_new: z.boolean(),
});
export type BlogCard = z.infer<typeof blogCardSchema>;

export const blogsQuerySchema = pagingQuerySchema.extend({
  category_id: z.coerce
    .number({ error: 'The category id must be a number.' })
    .int('The category id must be an integer.')
    .min(1, 'The category id must be at least 1.')
    // Ids are PostgreSQL integers: a larger number fails the query instead of finding nothing.
    .max(2_147_483_647, 'The category id is too large.')
    .optional(),
});
export type BlogsQuery = z.infer<typeof blogsQuerySchema>;

export const blogsReplySchema = envelope(
  z.object({
    total: z.number().int(),
    blogs: z.array(blogCardSchema),
    /** Categories that have at least one published post. */
    categories: z.array(blogCategorySchema),
  }),
);
export type BlogsPage = z.infer<typeof blogsReplySchema>['data'];

export const blogTagSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const blogDetailsSchema = blogCardSchema.extend({
  /** The full post as sanitised HTML. */
  description: z.string(),
  /** The plain-text summary, for meta descriptions. */
  excerpt: z.string(),
  tags: z.array(blogTagSchema),
});
export type BlogDetails = z.infer<typeof blogDetailsSchema>;

export const blogDetailsReplySchema = envelope(
  z.object({
    blog: blogDetailsSchema,
    related_blogs: z.array(blogCardSchema),
    popular_blogs: z.array(blogCardSchema),
    related_products: z.array(productCardSchema),
  }),
);
export type BlogDetailsPage = z.infer<typeof blogDetailsReplySchema>['data'];

export const blogViewReplySchema = envelope(z.object({ total_views: z.number().int(), counted: z.boolean() }));

/** The fixed policy pages of the public layout and their CMS slugs. */
export const LEGAL_PAGE_SLUGS = ['terms-and-conditions', 'privacy-policy', 'return-policy', 'about-us'] as const;

export const legalPageReplySchema = envelope(
  z.object({ content: z.object({ title: z.string(), description: z.string() }) }),
);
export type LegalPage = z.infer<typeof legalPageReplySchema>['data']['content'];

export const contactReplySchema = envelope(
  z.object({
    phone: z.string().nullable(),
    email: z.string().nullable(),
    whatsapp: z.string().nullable(),
    messenger: z.string().nullable(),
    address: z.string().nullable(),
  }),
);
export type ContactDetails = z.infer<typeof contactReplySchema>['data'];

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `The ${label} must be a string.` })
    .trim()
    .max(max, `The ${label} may not be greater than ${max} characters.`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** The contact-us and support form. */
export const supportRequestSchema = z.object({
  name: optionalText('name', 100),
  email: z
    .string({ error: 'The email must be a string.' })
    .trim()
    .max(255, 'The email may not be greater than 255 characters.')
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.email('The email must be a valid email address.').optional()),
  phone: z
    .string({ error: 'The phone must be a string.' })
    .trim()
    .max(20, 'The phone may not be greater than 20 characters.')
    .regex(/^\+?[0-9 ()-]*$/, 'The phone may only contain digits, spaces, +, - and brackets.')
    .optional()
    .transform((v) => (v ? v : undefined)),
  subject: z
    .string({ error: 'The subject field is required.' })
    .trim()
    .min(1, 'The subject field is required.')
    .max(255, 'The subject may not be greater than 255 characters.'),
  message: z
    .string({ error: 'The message field is required.' })
    .trim()
    .min(1, 'The message field is required.')
    .max(SUPPORT_MESSAGE_MAX, `The message may not be greater than ${SUPPORT_MESSAGE_MAX} characters.`),
});
export type SupportRequestInput = z.input<typeof supportRequestSchema>;
export type SupportRequest = z.output<typeof supportRequestSchema>;

export const supportRowSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  created_at: z.string(),
});
export const supportReplySchema = envelope(z.object({ content: supportRowSchema }));
export type SupportReply = z.infer<typeof supportReplySchema>;
