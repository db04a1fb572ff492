import { z } from 'zod';
import { COUPON_CODE_MAX_LENGTH, DISCOUNT_TYPES } from './cart';
import { envelope, pagingQuerySchema } from './envelope';
import { MONEY_INPUT_MAX, moneyField, numberField, plainDigits } from './fields';

/**
 * The shop's own vouchers in the Seller Centre: made, edited and ended early by the seller; the
 * checkout applies them by its one set of rules (validity, minimum spend, per-shopper and total
 * limits). Money in the default currency, 2 decimals.
 */

export const VOUCHER_CODE_MIN_LENGTH = 3;
/** The most a shopper may use one voucher, and the most orders a voucher may go to in all. */
export const VOUCHER_LIMIT_FOR_USER_MAX = 1000;
export const VOUCHER_TOTAL_LIMIT_MAX = 10_000_000;
export const SELLER_VOUCHERS_PER_PAGE = 15;
/** Where a voucher stands at the moment of asking. */
export const VOUCHER_STATES = ['active', 'scheduled', 'ended'] as const;
export type VoucherState = (typeof VOUCHER_STATES)[number];

const countField = (field: string, max: number) =>
  z.preprocess(
    plainDigits,
    numberField(field)
      .int(`The ${field} must be an integer.`)
      .min(1, `The ${field} must be at least 1.`)
      .max(max, `The ${field} may not be greater than ${max}.`),
  );

const dateTimeField = (field: string) =>
  z.iso.datetime({ offset: true, error: `The ${field} must be a date and time (ISO 8601).` });

/** POST /api/seller/vouchers and PUT /api/seller/vouchers/{id}: the whole voucher. */
export const sellerVoucherInputSchema = z
  .object({
    code: z
      .string({ error: 'The code field is required.' })
      .trim()
      .min(VOUCHER_CODE_MIN_LENGTH, `The code must be at least ${VOUCHER_CODE_MIN_LENGTH} characters.`)
      .max(COUPON_CODE_MAX_LENGTH, `The code may not be greater than ${COUPON_CODE_MAX_LENGTH} characters.`)
      .regex(/^[A-Za-z0-9_-]+$/, 'The code may contain only letters, digits, dashes and underscores.'),
    discount_type: z.enum(DISCOUNT_TYPES, { error: 'The selected discount type is invalid.' }),
    /** A percentage (1 to 100) or an amount of money. */
    discount: moneyField('discount', 0.01),
    min_order_amount: moneyField('min order amount').default(0),
    /** Percentage vouchers only: the most one order is discounted (none: no cap). */
    max_discount_amount: moneyField('max discount amount', 0.01).nullish(),
    limit_for_user: countField('limit for user', VOUCHER_LIMIT_FOR_USER_MAX).default(1),
    /** How many orders may use it in all (none: no limit). */
    total_limit: countField('total limit', VOUCHER_TOTAL_LIMIT_MAX).nullish(),
    starts_at: dateTimeField('starts at'),
    expires_at: dateTimeField('expires at'),
  })
  .superRefine((v, ctx) => {
    if (v.discount_type === 'Percentage' && v.discount > 100) {
      ctx.addIssue({ code: 'custom', path: ['discount'], message: 'A percentage discount may not be more than 100.' });
    }
    if (v.discount_type === 'Amount' && v.discount > MONEY_INPUT_MAX) {
      ctx.addIssue({ code: 'custom', path: ['discount'], message: 'The discount is too large.' });
    }
    if (Date.parse(v.expires_at) <= Date.parse(v.starts_at)) {
      ctx.addIssue({ code: 'custom', path: ['expires_at'], message: 'The voucher must end after it starts.' });
    }
  });
export type SellerVoucherInput = z.input<typeof sellerVoucherInputSchema>;

export const sellerVoucherSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  discount_type: z.enum(DISCOUNT_TYPES),
  /** A percentage, or an amount in the default currency. */
  discount: z.number(),
  min_order_amount: z.number(),
  max_discount_amount: z.number().nullable(),
  limit_for_user: z.number().int(),
  total_limit: z.number().int().nullable(),
  /** Orders that used it and were not cancelled. */
  used_count: z.number().int(),
  /** Shoppers who collected it. */
  collected_count: z.number().int(),
  starts_at: z.string(),
  expires_at: z.string(),
  state: z.enum(VOUCHER_STATES),
});
export type SellerVoucher = z.infer<typeof sellerVoucherSchema>;

export const sellerVouchersQuerySchema = pagingQuerySchema.extend({
  state: z
    .preprocess(
      (v) => (v === '' || v === 'all' ? undefined : v),
      z.enum(VOUCHER_STATES, { error: 'The selected state is invalid.' }).optional(),
    )
    .optional(),
});
export type SellerVouchersQuery = z.input<typeof sellerVouchersQuerySchema>;
export const sellerVouchersReplySchema = envelope(
  z.object({ total: z.number().int(), vouchers: z.array(sellerVoucherSchema) }),
);
export type SellerVouchersReply = z.infer<typeof sellerVouchersReplySchema>;
export const sellerVoucherReplySchema = envelope(z.object({ voucher: sellerVoucherSchema }));
export type SellerVoucherReply = z.infer<typeof sellerVoucherReplySchema>;
