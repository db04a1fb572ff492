import { z } from 'zod';
import { looseBoolean } from './account';
import { productColorSchema, productSizeSchema } from './catalog';
import { envelope } from './envelope';
import { idField, numberField, optionalIdField } from './fields';

/**
 * Cart, vouchers, checkout preview, order placement and payments. Money is in the default currency with at most 2 decimals; every figure is computed by
 * the server from today's prices, stock, flash sales, delivery tiers, VAT rows and vouchers.
 */

/** The most of one product a cart line may hold (on top of the stock cap). */
export const CART_LINE_MAX_QUANTITY = 1000;
/** How many lines a cart may hold; a bigger cart is refused with a message. */
export const CART_MAX_LINES = 100;
export const ORDER_NOTE_MAX_LENGTH = 1000;
export const COUPON_CODE_MAX_LENGTH = 40;
/** The exact message of a decrement at quantity 1 (the mobile clients match it); the web prunes shops on it. */
export const PRODUCT_REMOVED_FROM_CART = 'product removed from cart';
/** Payment methods a shopper can pick at checkout; "cash" is cash on delivery. */
export const PAYMENT_METHODS = ['cash', 'sandbox', 'stripe'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const ORDER_STATUSES = [
  'Pending',
  'Confirm',
  'Processing',
  'Pickup',
  'On The Way',
  'Delivered',
  'Cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ['Pending', 'Paid'] as const;
export const DISCOUNT_TYPES = ['Percentage', 'Amount'] as const;

// ---------------------------------------------------------------------------------------------
// Cart

const unitField = z
  .string({ error: 'The unit must be a string.' })
  .trim()
  .max(60, 'The unit may not be greater than 60 characters.')
  .nullish()
  // Blank is no unit; absent (undefined) stays apart: a line change names no unit then.
  .transform((v) => (v === '' ? null : v));

/**
 * POST /api/cart/store. A line is the product as chosen (colour, size, unit): adding the same
 * choice again adds `quantity` to its line; another colour or size is a line of its own.
 */
export const cartAddSchema = z.object({
  product_id: idField('product id'),
  // A JSON number only: z.coerce took [1], true, "1e0" and " 1 " for 1.
  quantity: numberField('quantity')
    .int('The quantity must be an integer.')
    .min(1, 'The quantity must be at least 1.')
    .max(CART_LINE_MAX_QUANTITY, `The quantity may not be greater than ${CART_LINE_MAX_QUANTITY}.`)
    .default(1),
  /** Colour id (one of the product's colours). */
  color: optionalIdField('color'),
  /** Size id (one of the product's sizes). */
  size: optionalIdField('size'),
  /** Unit name, kept as the shopper chose it (the product's unit). */
  unit: unitField,
  /** The buy-now line lives apart from the cart: one at most, replaced by the next buy now. */
  is_buy_now: looseBoolean('is buy now').default(false),
});
export type CartAdd = z.input<typeof cartAddSchema>;

/**
 * POST /cart/increment, /cart/decrement, /cart/delete: the line `cart_item_id` (the web sends it),
 * or the line of `product_id` (the spec's call: the product's only line, or the one of the colour,
 * size and unit the body names; a product with several lines and no choice named is refused).
 */
export const cartLineSchema = z
  .object({
    cart_item_id: optionalIdField('cart item id'),
    product_id: optionalIdField('product id'),
    /** Only lines of this colour (null: without a colour); absent: any colour. */
    color: optionalIdField('color'),
    size: optionalIdField('size'),
    unit: unitField,
    is_buy_now: looseBoolean('is buy now').default(false),
  })
  .refine((v) => (v.cart_item_id ?? v.product_id ?? null) !== null, {
    path: ['product_id'],
    message: 'The product id field is required.',
  });
export type CartLineInput = z.input<typeof cartLineSchema>;
/** Which line a change acts on: by its id, or by its product and the choices named. */
export type CartLineTarget = z.output<typeof cartLineSchema>;

/** GET /carts (the buy-now line with is_buy_now=1). */
export const cartQuerySchema = z.object({ is_buy_now: looseBoolean('is buy now').default(false) });

/** A cart line as the drawer, the mini-cart row and checkout show it (prices include the extras). */
export const cartProductSchema = z.object({
  /** The product id. */
  id: z.number().int(),
  /** The line's own id: one product has a line per colour, size and unit chosen. */
  cart_item_id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  thumbnail: z.string(),
  thumbnails: z.array(z.string()),
  brand: z.string().nullable(),
  is_digital: z.boolean(),
  quantity: z.number().int(),
  /** The most this line can hold now: stock, or what is left of a running flash sale. */
  max_quantity: z.number().int(),
  /** Unit price before a discount, with the colour and size extra prices. */
  price: z.number(),
  /** Unit price to pay when above 0 (flash price or discount price, with the extras). */
  discount_price: z.number(),
  discount_percentage: z.number(),
  /** quantity x the unit price to pay. */
  subtotal: z.number(),
  rating: z.number(),
  total_reviews: z.string(),
  total_sold: z.string(),
  color: productColorSchema.nullable(),
  size: productSizeSchema.nullable(),
  unit: z.string().nullable(),
  in_flash_sale: z.boolean(),
});
export type CartProduct = z.infer<typeof cartProductSchema>;

/** The cart's lines of one shop. */
export const cartShopGroupSchema = z.object({
  shop_id: z.number().int(),
  shop_name: z.string(),
  shop_slug: z.string(),
  shop_logo: z.string().nullable(),
  shop_rating: z.number(),
  shop_online: z.boolean(),
  /** The shop is closed for now: its lines stay in the cart but cannot be ordered until it opens. */
  shop_closed: z.boolean().optional(),
  products: z.array(cartProductSchema),
});
export type CartShopGroup = z.infer<typeof cartShopGroupSchema>;

export const cartSchema = z.object({
  /** Number of lines. */
  total: z.number().int(),
  /** Sum of the lines' subtotals. */
  total_amount: z.number(),
  cart_items: z.array(cartShopGroupSchema),
  /** A warning when lines were dropped or cut (product gone, out of stock); the web toasts it. */
  info: z.string().nullable(),
});
export type Cart = z.infer<typeof cartSchema>;
export const cartReplySchema = envelope(cartSchema);
export type CartReply = z.infer<typeof cartReplySchema>;

// ---------------------------------------------------------------------------------------------
// Checkout preview

export const shopIdsField = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
  z.array(idField('shop id')).max(100, 'The shop ids may not have more than 100 items.'),
);

const couponCodeField = z
  .string({ error: 'The coupon code must be a string.' })
  .trim()
  .max(COUPON_CODE_MAX_LENGTH, `The coupon code may not be greater than ${COUPON_CODE_MAX_LENGTH} characters.`)
  .nullish()
  .transform((v) => (v ? v : null));

/** POST /api/cart/checkout. */
export const checkoutSchema = z.object({
  shop_ids: shopIdsField,
  coupon_code: couponCodeField,
  is_buy_now: looseBoolean('is buy now').default(false),
});
export type CheckoutInput = z.input<typeof checkoutSchema>;

export const vatLineSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  percentage: z.number(),
  amount: z.number(),
});
export type VatLine = z.infer<typeof vatLineSchema>;

/** Figures of one shop's order-to-be, or of all of them summed. */
export const checkoutSummarySchema = z.object({
  /** Subtotal of the lines. */
  total_amount: z.number(),
  delivery_charge: z.number(),
  coupon_discount: z.number(),
  order_tax_amount: z.number(),
  payable_amount: z.number(),
  all_vat_taxes: z.array(vatLineSchema),
});
export type CheckoutSummary = z.infer<typeof checkoutSummarySchema>;

export const checkoutShopGroupSchema = cartShopGroupSchema.extend({
  summary: checkoutSummarySchema,
  /** The voucher applied to this shop, if any. */
  coupon: z.object({ id: z.number().int(), code: z.string() }).nullable(),
});
export type CheckoutShopGroup = z.infer<typeof checkoutShopGroupSchema>;

export const checkoutReplySchema = envelope(
  z.object({
    checkout: checkoutSummarySchema,
    /** True when the typed coupon code gave a discount to at least one shop. */
    apply_coupon: z.boolean(),
    checkout_items: z.array(checkoutShopGroupSchema),
    info: z.string().nullable(),
  }),
);
export type CheckoutReply = z.infer<typeof checkoutReplySchema>;
export type Checkout = CheckoutReply['data'];

// ---------------------------------------------------------------------------------------------
// Vouchers

export const voucherSchema = z.object({
  id: z.number().int(),
  voucher_type: z.enum(['Shop Voucher', 'Admin Voucher']),
  code: z.string(),
  discount_type: z.enum(DISCOUNT_TYPES),
  /** A percentage, or an amount in the default currency. */
  discount: z.number(),
  min_order_amount: z.number(),
  max_discount_amount: z.number().nullable(),
  limit_for_user: z.number().int(),
  shop_id: z.number().int().nullable(),
  shop_name: z.string().nullable(),
  /** ISO 8601. */
  started_at: z.string(),
  /** ISO 8601: the voucher is valid until then ("Validity till"). */
  validity: z.string(),
  is_collected: z.boolean(),
});
export type Voucher = z.infer<typeof voucherSchema>;

export const vouchersQuerySchema = z.object({ shop_id: idField('shop id') });
export const collectedVouchersQuerySchema = z.object({ shop_id: optionalIdField('shop id') });
export const vouchersReplySchema = envelope(z.object({ coupons: z.array(voucherSchema) }));
export type VouchersReply = z.infer<typeof vouchersReplySchema>;
export const voucherCollectSchema = z.object({ coupon_id: idField('coupon id') });
export const voucherCollectReplySchema = envelope(z.object({ coupon: voucherSchema }));

// ---------------------------------------------------------------------------------------------
// Order placement and payments

/** POST /api/place-order (with an Idempotency-Key header). */
export const placeOrderSchema = z.object({
  shop_ids: shopIdsField,
  address_id: idField('address id'),
  payment_method: z
    .string({ error: 'The payment method field is required.' })
    .trim()
    .min(1, 'The payment method field is required.')
    .max(40, 'The selected payment method is invalid.'),
  coupon_code: couponCodeField,
  note: z
    .string({ error: 'The note must be a string.' })
    .trim()
    .max(ORDER_NOTE_MAX_LENGTH, `The note may not be greater than ${ORDER_NOTE_MAX_LENGTH} characters.`)
    .nullish()
    .transform((v) => (v ? v : null)),
  is_buy_now: looseBoolean('is buy now').default(false),
  /**
   * The payable amount of the preview the shopper saw: when the total is now another, the
   * placement fails with CHECKOUT_CHANGED instead of charging a price nobody saw.
   */
  expected_payable_amount: numberField('expected payable amount')
    .min(0, 'The expected payable amount must be at least 0.')
    .max(1e13, 'The expected payable amount is too large.')
    .nullish(),
});
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;

export const placedOrderSchema = z.object({
  id: z.number().int(),
  /** "#" + shop prefix + 6-digit code. */
  order_code: z.string(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  quantity: z.number().int(),
  payable_amount: z.number(),
  order_status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

export const PAYMENT_STATES = ['pending', 'paid', 'cancelled', 'refunded'] as const;
export const paymentSchema = z.object({
  /** A uuid; the address of the payment page /payment/{id}. */
  id: z.string(),
  amount: z.number(),
  currency: z.string(),
  payment_method: z.string(),
  /** Title of the gateway, e.g. "Cash on delivery". */
  payment_method_title: z.string(),
  status: z.enum(PAYMENT_STATES),
  is_paid: z.boolean(),
  orders: z.array(placedOrderSchema),
  created_at: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const placeOrderReplySchema = envelope(
  z.object({
    /** Where to send the shopper to pay: null for cash on delivery. */
    order_payment_url: z.string().nullable(),
    payment: paymentSchema,
  }),
);
export type PlaceOrderReply = z.infer<typeof placeOrderReplySchema>;

export const paymentReplySchema = envelope(z.object({ payment: paymentSchema }));
export type PaymentReply = z.infer<typeof paymentReplySchema>;
