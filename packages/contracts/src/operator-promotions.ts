import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './cart';
import { envelope, pagingQuerySchema } from './envelope';
import { idField, MONEY_INPUT_MAX, moneyField, numberField, plainDigits } from './fields';
import { SORT_DIRECTIONS } from './operator-back-office';
import { orderDetailsSchema } from './orders';
import { sellerVoucherInputSchema, sellerVoucherSchema, VOUCHER_STATES } from './seller-vouchers';

/**
 * The operator's promotions (flash sales, platform vouchers), every order across shops, every
 * shopper and seller (block, unblock), and the delivery tiers and VAT rows checkout prices with.
 */

const emptyIsUnset = (v: unknown) => (v === '' ? undefined : v);
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, error: string) =>
  z.preprocess(emptyIsUnset, z.enum(values, { error }).optional()).optional();
const directionField = optionalEnum(SORT_DIRECTIONS, 'The selected direction is invalid.');
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
const optionalId = (field: string) => z.preprocess(emptyIsUnset, idField(field).optional()).optional();
const dateField = (error: string) => z.preprocess(emptyIsUnset, z.iso.date({ error }).optional()).optional();
const dateTimeField = (field: string) =>
  z.iso.datetime({ offset: true, error: `The ${field} must be a date and time (ISO 8601).` });
const nameField = (field: string, max = 120) =>
  z
    .string({ error: `The ${field} field is required.` })
    .trim()
    .min(1, `The ${field} field is required.`)
    .max(max, `The ${field} may not be greater than ${max} characters.`);
/** Names in other languages, by locale ("id", "ar"); an empty one is left out. */
const translationsField = z
  .record(
    z.string().regex(/^[a-z]{2}(-[A-Za-z]{2})?$/, 'The language code is invalid.'),
    z
      .string({ error: 'A translation must be text.' })
      .trim()
      .max(120, 'A translation may not be greater than 120 characters.'),
    { error: 'The translations must be an object.' },
  )
  .refine((v) => Object.keys(v).length <= 10, 'The translations may not have more than 10 items.')
  .transform((v) => Object.fromEntries(Object.entries(v).filter(([, text]) => text !== '')))
  .default({});
const shopIdsField = z
  .array(idField('shop'), { error: 'The shops must be a list.' })
  .max(500, 'The shops may not have more than 500 items.')
  .transform((ids) => [...new Set(ids)]);

// ---------------------------------------------------------------------------------------------
// Flash sales

export const FLASH_SALE_STATES = ['running', 'upcoming', 'ended'] as const;
export const operatorFlashSalesQuerySchema = pagingQuerySchema.extend({
  q: searchField,
  state: optionalEnum(FLASH_SALE_STATES, 'The selected state is invalid.'),
  sort: optionalEnum(['starts_at', 'name'] as const, 'The selected sort is invalid.'),
  direction: directionField,
});
export type OperatorFlashSalesQuery = z.input<typeof operatorFlashSalesQuerySchema>;

export const flashSaleInputSchema = z
  .object({
    name: nameField('title'),
    translations: translationsField,
    /** The percentage the sale's banner shows. */
    discount: z
      .preprocess(
        plainDigits,
        numberField('discount')
          .min(0, 'The discount must be at least 0.')
          .max(100, 'The discount may not be greater than 100.'),
      )
      .default(0),
    starts_at: dateTimeField('start'),
    ends_at: dateTimeField('end'),
    /** True: every shop may enter products; false: only `shop_ids`. */
    all_shops: z.boolean({ error: 'The all shops field must be true or false.' }).default(true),
    shop_ids: shopIdsField.default([]),
  })
  .superRefine((v, ctx) => {
    if (Date.parse(v.ends_at) <= Date.parse(v.starts_at)) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The sale must end after it starts.' });
    }
    if (!v.all_shops && v.shop_ids.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['shop_ids'], message: 'Choose at least one shop.' });
    }
  });
export type FlashSaleInput = z.input<typeof flashSaleInputSchema>;

export const operatorFlashSaleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  translations: z.record(z.string(), z.string()),
  discount: z.number(),
  starts_at: z.string(),
  ends_at: z.string(),
  state: z.enum(FLASH_SALE_STATES),
  all_shops: z.boolean(),
  shops: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Products the shops entered. */
  products: z.number().int(),
});
export type OperatorFlashSale = z.infer<typeof operatorFlashSaleSchema>;
export const operatorFlashSalesReplySchema = envelope(
  z.object({ total: z.number().int(), flash_sales: z.array(operatorFlashSaleSchema) }),
);
export type OperatorFlashSalesReply = z.infer<typeof operatorFlashSalesReplySchema>;
export const operatorFlashSaleReplySchema = envelope(z.object({ flash_sale: operatorFlashSaleSchema }));
export type OperatorFlashSaleReply = z.infer<typeof operatorFlashSaleReplySchema>;

// ---------------------------------------------------------------------------------------------
// Platform vouchers: the seller voucher's fields, and the shops the voucher reaches.

export const platformVoucherInputSchema = sellerVoucherInputSchema.and(
  z.object({
    shop_ids: shopIdsField.refine((ids) => ids.length > 0, 'Choose at least one shop.'),
  }),
);
export type PlatformVoucherInput = z.input<typeof platformVoucherInputSchema>;
export const platformVoucherSchema = sellerVoucherSchema.extend({
  shops: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type PlatformVoucher = z.infer<typeof platformVoucherSchema>;
export const platformVouchersQuerySchema = pagingQuerySchema.extend({
  q: searchField,
  state: optionalEnum(VOUCHER_STATES, 'The selected state is invalid.'),
});
export type PlatformVouchersQuery = z.input<typeof platformVouchersQuerySchema>;
export const platformVouchersReplySchema = envelope(
  z.object({ total: z.number().int(), vouchers: z.array(platformVoucherSchema) }),
);
export type PlatformVouchersReply = z.infer<typeof platformVouchersReplySchema>;
export const platformVoucherReplySchema = envelope(z.object({ voucher: platformVoucherSchema }));
export type PlatformVoucherReply = z.infer<typeof platformVoucherReplySchema>;

// ---------------------------------------------------------------------------------------------
// Orders across shops

export const operatorOrdersQuerySchema = pagingQuerySchema.extend({
  q: searchField,
  shop_id: optionalId('shop'),
  status: optionalEnum(ORDER_STATUSES, 'The selected status is invalid.'),
  payment_status: optionalEnum(PAYMENT_STATUSES, 'The selected payment status is invalid.'),
  from: dateField('The from date must be a date (YYYY-MM-DD).'),
  to: dateField('The to date must be a date (YYYY-MM-DD).'),
  sort: optionalEnum(['created_at', 'amount'] as const, 'The selected sort is invalid.'),
  direction: directionField,
});
export type OperatorOrdersQuery = z.input<typeof operatorOrdersQuerySchema>;

export const operatorOrderRowSchema = z.object({
  id: z.number().int(),
  order_code: z.string(),
  shop: z.object({ id: z.number().int(), name: z.string() }),
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() }),
  amount: z.number(),
  payment_method: z.string(),
  payment_status: z.enum(PAYMENT_STATUSES),
  order_status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
});
export type OperatorOrderRow = z.infer<typeof operatorOrderRowSchema>;
export const operatorOrdersReplySchema = envelope(
  z.object({ total: z.number().int(), orders: z.array(operatorOrderRowSchema) }),
);
export type OperatorOrdersReply = z.infer<typeof operatorOrdersReplySchema>;
export const operatorOrderDetailsSchema = orderDetailsSchema.extend({
  customer: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
});
export type OperatorOrderDetails = z.infer<typeof operatorOrderDetailsSchema>;
export const operatorOrderReplySchema = envelope(z.object({ order: operatorOrderDetailsSchema }));
export type OperatorOrderReply = z.infer<typeof operatorOrderReplySchema>;

// ---------------------------------------------------------------------------------------------
// Users

export const OPERATOR_USER_ROLES = ['customer', 'seller'] as const;
export const OPERATOR_USER_STATES = ['active', 'blocked'] as const;
export const operatorUsersQuerySchema = pagingQuerySchema.extend({
  q: searchField,
  role: optionalEnum(OPERATOR_USER_ROLES, 'The selected role is invalid.'),
  status: optionalEnum(OPERATOR_USER_STATES, 'The selected status is invalid.'),
  sort: optionalEnum(['created_at', 'name'] as const, 'The selected sort is invalid.'),
  direction: directionField,
});
export type OperatorUsersQuery = z.input<typeof operatorUsersQuerySchema>;
export const operatorUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(OPERATOR_USER_ROLES),
  status: z.enum(OPERATOR_USER_STATES),
  shop: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type OperatorUser = z.infer<typeof operatorUserSchema>;
export const operatorUsersReplySchema = envelope(
  z.object({ total: z.number().int(), users: z.array(operatorUserSchema) }),
);
export type OperatorUsersReply = z.infer<typeof operatorUsersReplySchema>;
export const operatorUserReplySchema = envelope(z.object({ user: operatorUserSchema }));
export type OperatorUserReply = z.infer<typeof operatorUserReplySchema>;

// ---------------------------------------------------------------------------------------------
// Delivery tiers and VAT

const quantityField = (field: string) =>
  z.preprocess(
    plainDigits,
    numberField(field)
      .int(`The ${field} must be an integer.`)
      .min(0, `The ${field} must be at least 0.`)
      .max(1_000_000, `The ${field} may not be greater than 1000000.`),
  );
export const deliveryTierInputSchema = z
  .object({
    name: nameField('name'),
    min_qty: quantityField('minimum quantity'),
    max_qty: quantityField('maximum quantity'),
    charge: moneyField('charge'),
  })
  .superRefine((v, ctx) => {
    if (v.max_qty < v.min_qty) {
      ctx.addIssue({
        code: 'custom',
        path: ['max_qty'],
        message: 'The maximum quantity may not be less than the minimum quantity.',
      });
    }
    if (v.charge > MONEY_INPUT_MAX / 1000) {
      ctx.addIssue({ code: 'custom', path: ['charge'], message: 'The charge is too large.' });
    }
  });
export type DeliveryTierInput = z.input<typeof deliveryTierInputSchema>;
export const deliveryTierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  min_qty: z.number().int(),
  max_qty: z.number().int(),
  charge: z.number(),
});
export type DeliveryTier = z.infer<typeof deliveryTierSchema>;
export const deliveryTiersReplySchema = envelope(z.object({ tiers: z.array(deliveryTierSchema) }));
export type DeliveryTiersReply = z.infer<typeof deliveryTiersReplySchema>;
export const deliveryTierReplySchema = envelope(z.object({ tier: deliveryTierSchema }));
export type DeliveryTierReply = z.infer<typeof deliveryTierReplySchema>;

export const vatRateInputSchema = z.object({
  name: nameField('name'),
  translations: translationsField,
  percentage: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,3}(\.\d{1,3})?$/.test(v) ? Number(v) : v),
    numberField('percentage')
      .min(0, 'The percentage must be at least 0.')
      .max(100, 'The percentage may not be greater than 100.')
      .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, 'The percentage may have at most 3 decimals.'),
  ),
  is_active: z.boolean({ error: 'The active field must be true or false.' }).default(true),
});
export type VatRateInput = z.input<typeof vatRateInputSchema>;
export const vatRateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  translations: z.record(z.string(), z.string()),
  percentage: z.number(),
  is_active: z.boolean(),
});
export type VatRate = z.infer<typeof vatRateSchema>;
export const vatRatesReplySchema = envelope(z.object({ vat: z.array(vatRateSchema) }));
export type VatRatesReply = z.infer<typeof vatRatesReplySchema>;
export const vatRateReplySchema = envelope(z.object({ vat: vatRateSchema }));
export type VatRateReply = z.infer<typeof vatRateReplySchema>;
