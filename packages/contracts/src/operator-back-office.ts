import { z } from 'zod';
import { WITHDRAWAL_STATUSES, withdrawalSchema } from './earnings';
import { envelope, pagingQuerySchema } from './envelope';
import { operatorShopSchema } from './operator';
import { RETURN_STATUSES, returnSummarySchema } from './returns';

/**
 * The operator's back office beyond approvals and tickets: every shop (suspend, reactivate, its
 * own commission), the products waiting for approval, the sellers' withdrawals and balances.
 * Lists are paged, sorted and filtered on the server from the query (the table's URL).
 */

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

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

/** The states the shops list filters by: the approval states, and suspended by the operator. */
export const OPERATOR_SHOP_FILTERS = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type OperatorShopFilter = (typeof OPERATOR_SHOP_FILTERS)[number];
export const OPERATOR_SHOP_SORTS = ['created_at', 'name'] as const;

export const operatorShopListQuerySchema = pagingQuerySchema.extend({
  q: searchField,
  status: optionalEnum(OPERATOR_SHOP_FILTERS, 'The selected status is invalid.'),
  sort: optionalEnum(OPERATOR_SHOP_SORTS, 'The selected sort is invalid.'),
  direction: directionField,
});
export type OperatorShopListQuery = z.input<typeof operatorShopListQuerySchema>;

export const operatorShopRowSchema = operatorShopSchema.extend({
  /** ISO date-time while the operator has the shop suspended, else null. */
  suspended_at: z.string().nullable(),
  /** The shop's own commission in percent (2 decimals), or null: the default applies. */
  commission_rate: z.number().nullable(),
});
export type OperatorShopRow = z.infer<typeof operatorShopRowSchema>;
export const operatorShopListReplySchema = envelope(
  z.object({
    total: z.number().int(),
    /** The marketplace's default commission in percent. */
    default_commission_rate: z.number(),
    shops: z.array(operatorShopRowSchema),
  }),
);
export type OperatorShopListReply = z.infer<typeof operatorShopListReplySchema>;
export const operatorShopRowReplySchema = envelope(z.object({ shop: operatorShopRowSchema }));
export type OperatorShopRowReply = z.infer<typeof operatorShopRowReplySchema>;

/** PUT /api/operator/shops/{id}/commission: a percent with up to 2 decimals, or null for the default. */
export const shopCommissionRequestSchema = z.object({
  commission_rate: z
    .number({ error: 'The commission rate must be a number.' })
    .min(0, 'The commission rate must be at least 0.')
    .max(100, 'The commission rate may not be greater than 100.')
    .refine((v) => Math.round(v * 100) === Math.round(v * 100 * 1e6) / 1e6, {
      error: 'The commission rate may have at most 2 decimals.',
    })
    .nullable(),
});
export type ShopCommissionRequest = z.input<typeof shopCommissionRequestSchema>;

export const REASON_MAX_LENGTH = 500;
const reasonField = z
  .string({ error: 'The reason field is required.' })
  .trim()
  .min(1, 'The reason field is required.')
  .max(REASON_MAX_LENGTH, `The reason may not be greater than ${REASON_MAX_LENGTH} characters.`);
export const reasonRequestSchema = z.object({ reason: reasonField });
export type ReasonRequest = z.input<typeof reasonRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Products waiting for approval

export const OPERATOR_PRODUCT_SORTS = ['created_at', 'name', 'price'] as const;
export const operatorProductsQuerySchema = pagingQuerySchema.extend({
  q: searchField,
  sort: optionalEnum(OPERATOR_PRODUCT_SORTS, 'The selected sort is invalid.'),
  direction: directionField,
});
export type OperatorProductsQuery = z.input<typeof operatorProductsQuerySchema>;

export const operatorProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  thumbnail: z.string().nullable(),
  price: z.number(),
  stock: z.number().int(),
  shop: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  created_at: z.string(),
});
export type OperatorProduct = z.infer<typeof operatorProductSchema>;
export const operatorProductsReplySchema = envelope(
  z.object({ total: z.number().int(), products: z.array(operatorProductSchema) }),
);
export type OperatorProductsReply = z.infer<typeof operatorProductsReplySchema>;

export const BULK_APPROVE_MAX = 100;
export const bulkApproveRequestSchema = z.object({
  ids: z
    .array(
      z
        .number({ error: 'Each id must be a number.' })
        .int('Each id must be an integer.')
        .positive('Each id must be at least 1.'),
      {
        error: 'The ids field is required.',
      },
    )
    .min(1, 'The ids field is required.')
    .max(BULK_APPROVE_MAX, `At most ${BULK_APPROVE_MAX} products may be approved at once.`),
});
export type BulkApproveRequest = z.input<typeof bulkApproveRequestSchema>;
export const productDecisionReplySchema = envelope(z.object({ approved: z.number().int() }));
export type ProductDecisionReply = z.infer<typeof productDecisionReplySchema>;

// ---------------------------------------------------------------------------------------------
// Money

export const operatorWithdrawalsQuerySchema = pagingQuerySchema.extend({
  status: optionalEnum(WITHDRAWAL_STATUSES, 'The selected status is invalid.'),
  shop_id: z
    .preprocess(
      emptyIsUnset,
      z.coerce
        .number({ error: 'The shop must be a number.' })
        .int('The shop must be an integer.')
        .positive('The shop must be at least 1.')
        .max(2_147_483_647, 'The shop must be a number.')
        .optional(),
    )
    .optional(),
  sort: optionalEnum(['created_at', 'amount'] as const, 'The selected sort is invalid.'),
  direction: directionField,
});
export type OperatorWithdrawalsQuery = z.input<typeof operatorWithdrawalsQuerySchema>;

export const operatorWithdrawalSchema = withdrawalSchema.extend({
  reference: z.string().nullable(),
  shop: z.object({ id: z.number().int(), name: z.string() }),
});
export type OperatorWithdrawal = z.infer<typeof operatorWithdrawalSchema>;
export const operatorWithdrawalsReplySchema = envelope(
  z.object({ total: z.number().int(), withdrawals: z.array(operatorWithdrawalSchema) }),
);
export type OperatorWithdrawalsReply = z.infer<typeof operatorWithdrawalsReplySchema>;
export const operatorWithdrawalReplySchema = envelope(z.object({ withdrawal: operatorWithdrawalSchema }));
export type OperatorWithdrawalReply = z.infer<typeof operatorWithdrawalReplySchema>;

export const PAYMENT_REFERENCE_MAX_LENGTH = 100;
export const payWithdrawalRequestSchema = z.object({
  reference: z
    .string({ error: 'The reference field is required.' })
    .trim()
    .min(1, 'The reference field is required.')
    .max(
      PAYMENT_REFERENCE_MAX_LENGTH,
      `The reference may not be greater than ${PAYMENT_REFERENCE_MAX_LENGTH} characters.`,
    ),
});
export type PayWithdrawalRequest = z.input<typeof payWithdrawalRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Returns: the operator decides on any shop's return (refund it from the shop's balance, or refuse it)

export const operatorReturnsQuerySchema = pagingQuerySchema.extend({
  /** An order code (with or without # and the shop's prefix) or a shopper's name. */
  q: searchField,
  status: optionalEnum(RETURN_STATUSES, 'The selected status is invalid.'),
  shop_id: z
    .preprocess(
      emptyIsUnset,
      z.coerce
        .number({ error: 'The shop must be a number.' })
        .int('The shop must be an integer.')
        .positive('The shop must be at least 1.')
        .max(2_147_483_647, 'The shop must be a number.')
        .optional(),
    )
    .optional(),
  sort: optionalEnum(['created_at', 'amount'] as const, 'The selected sort is invalid.'),
  direction: directionField,
});
export type OperatorReturnsQuery = z.input<typeof operatorReturnsQuerySchema>;

export const operatorReturnSchema = returnSummarySchema.extend({
  customer_name: z.string(),
  shop: z.object({ id: z.number().int(), name: z.string() }),
  /** Not refunded or refused yet: the operator may still refund it or refuse it. */
  open: z.boolean(),
});
export type OperatorReturn = z.infer<typeof operatorReturnSchema>;
export const operatorReturnsReplySchema = envelope(
  z.object({ total: z.number().int(), return_orders: z.array(operatorReturnSchema) }),
);
export type OperatorReturnsReply = z.infer<typeof operatorReturnsReplySchema>;
export const operatorReturnReplySchema = envelope(z.object({ return_order: operatorReturnSchema }));
export type OperatorReturnReply = z.infer<typeof operatorReturnReplySchema>;

export const operatorBalancesQuerySchema = pagingQuerySchema.extend({
  q: searchField,
  sort: optionalEnum(['name', 'balance'] as const, 'The selected sort is invalid.'),
  direction: directionField,
});
export type OperatorBalancesQuery = z.input<typeof operatorBalancesQuerySchema>;

export const operatorBalanceSchema = z.object({
  shop: z.object({ id: z.number().int(), name: z.string() }),
  /** The sum of the shop's ledger. */
  available: z.number(),
  /** What its pending withdrawals hold. */
  pending: z.number(),
  /** What the orders, returns and withdrawals the ledger names add up to. */
  expected: z.number(),
  /** False when the ledger's sum and its sources disagree: the row is a warning. */
  consistent: z.boolean(),
});
export type OperatorBalance = z.infer<typeof operatorBalanceSchema>;
export const operatorBalancesReplySchema = envelope(
  z.object({ total: z.number().int(), balances: z.array(operatorBalanceSchema) }),
);
export type OperatorBalancesReply = z.infer<typeof operatorBalancesReplySchema>;

export const operatorDashboardReplySchema = envelope(
  z.object({
    pending_shops: z.number().int(),
    suspended_shops: z.number().int(),
    pending_products: z.number().int(),
    pending_withdrawals: z.number().int(),
    /** What the pending withdrawals hold, in the default currency. */
    pending_withdrawal_amount: z.number(),
  }),
);
export type OperatorDashboardReply = z.infer<typeof operatorDashboardReplySchema>;

/** What the web reads of a back-office write: its message (the lists are read again). */
export const operatorActionReplySchema = envelope(z.unknown());
