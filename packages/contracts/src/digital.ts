import { z } from 'zod';
import { PAYMENT_STATES } from './cart';
import { envelope, pagingQuerySchema } from './envelope';
import { idField } from './fields';

/**
 * Digital top-ups: pulsa for Telkomsel and XL numbers and PLN
 * electricity tokens. The catalogue is per operator; an order is paid with one of the checkout's
 * online gateways and fulfilled by a provider after the server has seen the payment confirmed.
 * Money is in the default currency, 2 decimals. The number rules are in `digital-numbers.ts`.
 */

/** The catalogue's operators: the pulsa operators and PLN. */
export const DIGITAL_OPERATORS = ['telkomsel', 'xl', 'pln'] as const;
export type DigitalOperator = (typeof DIGITAL_OPERATORS)[number];
export const DIGITAL_KINDS = ['pulsa', 'pln'] as const;
export type DigitalKind = (typeof DIGITAL_KINDS)[number];

/**
 * A digital order's life:
 * - `awaiting_payment`: made, its payment not confirmed (or cancelled: pay again);
 * - `processing`: paid; the provider is being asked (or answered pending);
 * - `success`: the credit was sent or the token issued;
 * - `failed`: the provider refused; `refund_status` says what happened to the money.
 */
export const DIGITAL_ORDER_STATUSES = ['awaiting_payment', 'processing', 'success', 'failed'] as const;
export type DigitalOrderStatus = (typeof DIGITAL_ORDER_STATUSES)[number];
/** `refunded`: refunded through the gateway; `pending`: marked for refund by the shop (by hand). */
export const DIGITAL_REFUND_STATUSES = ['none', 'pending', 'refunded'] as const;
export type DigitalRefundStatus = (typeof DIGITAL_REFUND_STATUSES)[number];

/** Digital orders a page of the history shows. */
export const DIGITAL_ORDERS_PER_PAGE = 10;

/** GET /api/digital/products?operator=telkomsel */
export const digitalProductsQuerySchema = z.object({
  operator: z.enum(DIGITAL_OPERATORS, { error: 'The selected operator is invalid.' }),
});
export type DigitalProductsQuery = z.input<typeof digitalProductsQuerySchema>;

/** A denomination of an operator. */
export const digitalProductSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DIGITAL_KINDS),
  operator: z.enum(DIGITAL_OPERATORS),
  /** The provider's product code (Digiflazz buyer_sku_code), e.g. "S10". */
  code: z.string(),
  /** "Telkomsel 10.000", translated where a translation exists. */
  name: z.string(),
  /** The face value: the credit, or the token's rupiah value. */
  nominal: z.number(),
  price: z.number(),
  /** A lower price while a promotion runs, else null. */
  promo_price: z.number().nullable(),
  /** Out of stock at the provider: shown, but cannot be bought. */
  in_stock: z.boolean(),
});
export type DigitalProduct = z.infer<typeof digitalProductSchema>;

export const digitalOperatorSchema = z.object({
  key: z.enum(DIGITAL_OPERATORS),
  name: z.string(),
  /** Path of the operator's logo. */
  logo: z.string(),
});
export type DigitalOperatorInfo = z.infer<typeof digitalOperatorSchema>;

export const digitalProductsReplySchema = envelope(
  z.object({ operator: digitalOperatorSchema, products: z.array(digitalProductSchema) }),
);
export type DigitalProductsReply = z.infer<typeof digitalProductsReplySchema>;

/** POST /api/digital/pln/inquiry: a meter number (11 digits) or customer id (12), separators allowed. */
export const plnInquirySchema = z.object({
  customer_number: z
    .string({ error: 'The customer number field is required.' })
    .max(40, 'The customer number may not be greater than 40 characters.'),
});
export type PlnInquiryInput = z.input<typeof plnInquirySchema>;

export const plnCustomerSchema = z.object({
  /** The number as asked (digits only). */
  customer_number: z.string(),
  meter_number: z.string(),
  subscriber_id: z.string(),
  name: z.string(),
  /** Tariff and power class, e.g. "R1 /1300 VA". */
  segment_power: z.string(),
});
export type PlnCustomer = z.infer<typeof plnCustomerSchema>;
export const plnInquiryReplySchema = envelope(z.object({ customer: plnCustomerSchema }));
export type PlnInquiryReply = z.infer<typeof plnInquiryReplySchema>;

/** POST /api/digital/orders (Idempotency-Key required). */
export const digitalOrderCreateSchema = z.object({
  product_id: idField('product id'),
  /** A mobile number for pulsa, a meter number or customer id for PLN, as typed. */
  customer_number: z
    .string({ error: 'The customer number field is required.' })
    .max(40, 'The customer number may not be greater than 40 characters.'),
  /** An online gateway's name (cash on delivery has nothing to deliver to). */
  payment_method: z
    .string({ error: 'The payment method field is required.' })
    .min(1, 'The payment method field is required.')
    .max(40, 'The selected payment method is invalid.'),
});
export type DigitalOrderCreate = z.input<typeof digitalOrderCreateSchema>;

export const digitalOrderPaymentSchema = z.object({
  /** The payment's uuid. */
  id: z.string(),
  status: z.enum(PAYMENT_STATES),
  payment_method: z.string(),
  payment_method_title: z.string(),
  /** Where to pay while pending (the sandbox's Pay is on /digital-payment itself), else null. */
  payment_url: z.string().nullable(),
});

/** A digital order as its owner sees it; the token and serial only ever reach the owner. */
export const digitalOrderSchema = z.object({
  id: z.number().int(),
  /** "#D" + 6 digits. */
  order_code: z.string(),
  kind: z.enum(DIGITAL_KINDS),
  operator: digitalOperatorSchema,
  product: z.object({ id: z.number().int(), name: z.string(), nominal: z.number() }),
  /** The number the credit or token is for: the mobile number in 0-form, or the meter / customer id. */
  customer_number: z.string(),
  /** PLN: the customer's name and tariff/power class from the inquiry; null for pulsa. */
  customer_name: z.string().nullable(),
  segment_power: z.string().nullable(),
  price: z.number(),
  status: z.enum(DIGITAL_ORDER_STATUSES),
  refund_status: z.enum(DIGITAL_REFUND_STATUSES),
  /** PLN: the 20-digit token (digits only; the page groups them by four), once issued. */
  token: z.string().nullable(),
  /** The provider's serial number (pulsa: the operator's reference), once fulfilled. */
  serial_number: z.string().nullable(),
  /** Why it failed, in the shopper's language, when it did. */
  failure_message: z.string().nullable(),
  payment: digitalOrderPaymentSchema,
  created_at: z.string(),
  fulfilled_at: z.string().nullable(),
});
export type DigitalOrder = z.infer<typeof digitalOrderSchema>;

export const digitalOrderReplySchema = envelope(z.object({ order: digitalOrderSchema }));
export type DigitalOrderReply = z.infer<typeof digitalOrderReplySchema>;

/** GET /api/digital/orders: the shopper's digital orders, newest first. */
export const digitalOrdersQuerySchema = pagingQuerySchema;
export type DigitalOrdersQuery = z.input<typeof digitalOrdersQuerySchema>;
export const digitalOrdersReplySchema = envelope(
  z.object({ total: z.number().int(), orders: z.array(digitalOrderSchema) }),
);
export type DigitalOrdersReply = z.infer<typeof digitalOrdersReplySchema>;
