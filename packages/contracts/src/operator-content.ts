import { z } from 'zod';
import { envelope, pagingQuerySchema } from './envelope';
import { idField, numberField, plainDigits } from './fields';

/**
 * The operator's content: the contact form's messages (read, handled), the home page's banners and
 * ads (each shown within its window, in its order), the policy and CMS pages and the blog posts
 * (a title and rich text in each language, sanitised by the server when saved). Lists are searched,
 * sorted and paged on the server.
 */

const emptyIsUnset = (v: unknown) => (v === '' ? undefined : v);
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, error: string) =>
  z.preprocess(emptyIsUnset, z.enum(values, { error }).optional()).optional();
const directionField = optionalEnum(['asc', 'desc'] as const, 'The selected direction is invalid.');
const searchField = z
  .preprocess(
    emptyIsUnset,
    z
      .string({ error: 'The search must be text.' })
      .trim()
      .max(100, 'The search may not be greater than 100 characters.')
      .optional(),
  )
  .optional();
const titleField = (max: number) =>
  z
    .string({ error: 'The title field is required.' })
    .trim()
    .min(1, 'The title field is required.')
    .max(max, `The title may not be greater than ${max} characters.`);
const positionField = z
  .preprocess(
    plainDigits,
    numberField('position')
      .int('The position must be an integer.')
      .min(0, 'The position must be at least 0.')
      .max(100_000, 'The position may not be greater than 100000.'),
  )
  .default(0);
const activeField = z.boolean({ error: 'The active field must be true or false.' }).default(true);
const localeField = z.string().regex(/^[a-z]{2}(-[A-Za-z]{2})?$/, 'The language code is invalid.');
/** A moment of a window, or null for none (no start: from now on; no end: for good). */
const momentField = (field: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.iso.datetime({ offset: true, error: `The ${field} must be a date and time (ISO 8601).` }).nullable(),
  );
const imageSchema = z.object({ id: z.number().int(), url: z.string() });

// ---------------------------------------------------------------------------------------------
// Contact messages

/** unread: never opened; open: not dealt with yet (read or not); handled: dealt with. */
export const CONTACT_MESSAGE_STATUSES = ['unread', 'open', 'handled'] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];
export const CONTACT_MESSAGE_SORTS = ['created_at', 'name', 'subject'] as const;

export const contactMessagesQuerySchema = pagingQuerySchema.extend({
  q: searchField,
  status: optionalEnum(CONTACT_MESSAGE_STATUSES, 'The selected status is invalid.'),
  sort: optionalEnum(CONTACT_MESSAGE_SORTS, 'The selected sort is invalid.'),
  direction: directionField,
});
export type ContactMessagesQuery = z.input<typeof contactMessagesQuerySchema>;
export type ContactMessagesQueryParsed = z.output<typeof contactMessagesQuerySchema>;

export const contactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
  handled_at: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export const contactMessagesReplySchema = envelope(
  z.object({ total: z.number().int(), unread: z.number().int(), messages: z.array(contactMessageSchema) }),
);
export type ContactMessagesReply = z.infer<typeof contactMessagesReplySchema>;
export const contactMessageReplySchema = envelope(z.object({ contact_message: contactMessageSchema }));

export const contactMessageReadSchema = z.object({
  read: z.boolean({ error: 'The read field must be true or false.' }),
});
export const contactMessageHandledSchema = z.object({
  handled: z.boolean({ error: 'The handled field must be true or false.' }),
});

// ---------------------------------------------------------------------------------------------
// Banners and ads (the home page's slider and its ad tiles)

export const PLACEMENTS = ['banners', 'ads'] as const;
export type Placement = (typeof PLACEMENTS)[number];
/** live: shown now; scheduled: its window has not begun; ended: its window is over; off: switched off. */
export const BANNER_STATES = ['live', 'scheduled', 'ended', 'off'] as const;
export type BannerState = (typeof BANNER_STATES)[number];
export const BANNER_SORTS = ['position', 'title', 'starts_at', 'created_at'] as const;

export const bannersQuerySchema = pagingQuerySchema.extend({
  q: searchField,
  state: optionalEnum(BANNER_STATES, 'The selected state is invalid.'),
  sort: optionalEnum(BANNER_SORTS, 'The selected sort is invalid.'),
  direction: directionField,
});
export type BannersQuery = z.input<typeof bannersQuerySchema>;
export type BannersQueryParsed = z.output<typeof bannersQuerySchema>;

export const bannerInputSchema = z
  .object({
    title: titleField(120),
    /** Where a click goes: a path on this site or an https link; none for a picture only. */
    url: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z
        .string({ error: 'The link must be text.' })
        .trim()
        .max(500, 'The link may not be greater than 500 characters.')
        .refine(
          (v) => /^\/(?!\/)[^\s]*$/.test(v) || /^https:\/\/[^\s]+$/i.test(v),
          'A link must be a path on this site (starting with /) or start with https://.',
        )
        .nullable()
        .default(null),
    ),
    /** The picture, uploaded first (POST /api/operator/content-images). */
    media_id: idField('picture'),
    position: positionField,
    is_active: activeField,
    starts_at: momentField('start').default(null),
    ends_at: momentField('end').default(null),
  })
  .superRefine((v, ctx) => {
    if (v.starts_at && v.ends_at && Date.parse(v.ends_at) <= Date.parse(v.starts_at)) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end must be after the start.' });
    }
  });
export type BannerInput = z.input<typeof bannerInputSchema>;

export const operatorBannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string().nullable(),
  image: imageSchema,
  position: z.number().int(),
  is_active: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  state: z.enum(BANNER_STATES),
  created_at: z.string(),
});
export type OperatorBanner = z.infer<typeof operatorBannerSchema>;
export const operatorBannersReplySchema = envelope(
  z.object({ total: z.number().int(), items: z.array(operatorBannerSchema) }),
);
export type OperatorBannersReply = z.infer<typeof operatorBannersReplySchema>;
export const operatorBannerReplySchema = envelope(z.object({ item: operatorBannerSchema }));

/** The largest picture a banner or post takes, and the longer side it is kept within. */
export const CONTENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const CONTENT_IMAGE_MAX_PX = 2400;
export const contentImageReplySchema = envelope(
  z.object({ image: imageSchema.extend({ width: z.number().int(), height: z.number().int() }) }),
);
export type ContentImageReply = z.infer<typeof contentImageReplySchema>;

// ---------------------------------------------------------------------------------------------
// Pages (policy and CMS) and blog posts: a title and rich text in each language

/** The longest rich text kept, as HTML. */
export const RICH_TEXT_MAX = 200_000;
const richTextField = z
  .string({ error: 'The text must be text.' })
  .max(RICH_TEXT_MAX, `The text may not be greater than ${RICH_TEXT_MAX} characters.`);
const slugField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string({ error: 'The slug must be text.' })
    .trim()
    .toLowerCase()
    .max(160, 'The slug may not be greater than 160 characters.')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'The slug may contain only lowercase letters, digits and single dashes.')
    .nullable()
    .default(null),
);
/** The title and text in other languages, by locale; a language left empty is left out. */
const richTranslationsField = z
  .record(
    localeField,
    z.object({
      title: z
        .string({ error: 'A translation must be text.' })
        .trim()
        .max(200, 'The title may not be greater than 200 characters.')
        .default(''),
      description: richTextField.default(''),
    }),
    { error: 'The translations must be an object.' },
  )
  .refine((v) => Object.keys(v).length <= 10, 'The translations may not have more than 10 items.')
  .default({});

export const PAGE_KINDS = ['legal', 'cms'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];
export const PAGE_SORTS = ['title', 'slug', 'updated_at'] as const;

export const pagesQuerySchema = pagingQuerySchema.extend({
  q: searchField,
  kind: optionalEnum(PAGE_KINDS, 'The selected kind is invalid.'),
  sort: optionalEnum(PAGE_SORTS, 'The selected sort is invalid.'),
  direction: directionField,
});
export type PagesQuery = z.input<typeof pagesQuerySchema>;
export type PagesQueryParsed = z.output<typeof pagesQuerySchema>;

export const pageInputSchema = z.object({
  title: titleField(200),
  description: richTextField,
  /** Its address (/page/{slug}); made from the title when empty. A policy page keeps its own. */
  slug: slugField,
  is_active: activeField,
  translations: richTranslationsField,
});
export type PageInput = z.input<typeof pageInputSchema>;
export type PageInputParsed = z.output<typeof pageInputSchema>;

const translationsSchema = z.record(z.string(), z.object({ title: z.string(), description: z.string() }));
export const operatorPageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  kind: z.enum(PAGE_KINDS),
  is_active: z.boolean(),
  translations: translationsSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type OperatorPage = z.infer<typeof operatorPageSchema>;
export const operatorPagesReplySchema = envelope(
  z.object({ total: z.number().int(), pages: z.array(operatorPageSchema) }),
);
export type OperatorPagesReply = z.infer<typeof operatorPagesReplySchema>;
export const operatorPageReplySchema = envelope(z.object({ page: operatorPageSchema }));

export const BLOG_STATUSES = ['published', 'draft'] as const;
export const BLOG_SORTS = ['created_at', 'title', 'views'] as const;

export const operatorBlogsQuerySchema = pagingQuerySchema.extend({
  q: searchField,
  status: optionalEnum(BLOG_STATUSES, 'The selected status is invalid.'),
  sort: optionalEnum(BLOG_SORTS, 'The selected sort is invalid.'),
  direction: directionField,
});
export type OperatorBlogsQuery = z.input<typeof operatorBlogsQuerySchema>;
export type OperatorBlogsQueryParsed = z.output<typeof operatorBlogsQuerySchema>;

const optionalId = (field: string) =>
  z.preprocess((v) => (v === '' || v === 0 || v === '0' || v === undefined ? null : v), idField(field).nullable());

export const blogInputSchema = z.object({
  title: titleField(200),
  description: richTextField,
  /** Its address (/blog/{slug}); made from the title when empty. */
  slug: slugField,
  category_id: optionalId('category').default(null),
  /** The post's picture, uploaded first (POST /api/operator/content-images); none for no picture. */
  media_id: optionalId('picture').default(null),
  is_active: activeField,
  translations: richTranslationsField,
});
export type BlogInput = z.input<typeof blogInputSchema>;
export type BlogInputParsed = z.output<typeof blogInputSchema>;

export const operatorBlogSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  image: imageSchema.nullable(),
  is_active: z.boolean(),
  translations: translationsSchema,
  views: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OperatorBlog = z.infer<typeof operatorBlogSchema>;
export const operatorBlogsReplySchema = envelope(
  z.object({
    total: z.number().int(),
    blogs: z.array(operatorBlogSchema),
    /** Every blog category, for the form's choice. */
    categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
);
export type OperatorBlogsReply = z.infer<typeof operatorBlogsReplySchema>;
export const operatorBlogReplySchema = envelope(z.object({ blog: operatorBlogSchema }));

/** What a delete answers. */
export const contentDeletedReplySchema = envelope(z.object({ id: z.number().int() }));
