import { randomUUID } from 'node:crypto';
import type { Payment } from '@shop/contracts/cart';
import { ErrorCode } from '@shop/contracts/errors';
import { conflictPause, isConflictToRetry } from '../../db/transaction';
import type { AppDeps } from '../../deps';
import { AppError, FieldErrors, notFound } from '../../lib/errors';
import { type Message, msg } from '../../lib/messages';
import { toMoney } from '../../lib/money';
import { translate } from '../../lib/translation';
import { IDEMPOTENCY_TTL_MS, isAbandonedClaim, keyStillRunning } from '../../plugins/idempotency';
import { findKey } from '../../plugins/idempotency.repository';
import type { PricingRow } from '../cart/cart.repository';
import type { CartService, CartView, PricedCheckout } from '../cart/cart.service';
import { findProductCardRows, type ProductCardRow } from '../catalog/catalog.repository';
import { findPaymentByKey, type PaymentOrderRow, type PaymentRow } from '../payments/payments.repository';
import type { PaymentsService } from '../payments/payments.service';
import type { SettingsService } from '../settings/settings.service';
import type { OrderCounts } from './order-counts';
import { findOrderToRepeat, isAccountVerified, type PlacementRefusal, placeOrder } from './orders.repository';

export interface PlaceOrderInput {
  shop_ids: number[];
  address_id: number;
  payment_method: string;
  coupon_code: string | null;
  note: string | null;
  is_buy_now: boolean;
  expected_payable_amount?: number | null;
}

/** The cart after ordering again, and the shop to check out (none when its lines are not there). */
export type OrderAgainView = CartView & { shop_ids: number[] };

/** A placement that failed on something that changed since the preview: preview again. */
const changed = (message: Message) => new AppError(409, ErrorCode.CheckoutChanged, message);
const outOfStock = (message: Message) => new AppError(409, ErrorCode.OutOfStock, message);
const invalidAddress = () => new FieldErrors({ address_id: [msg('The selected address id is invalid.')] });
/** Tries of a placement whose cart keeps changing under it (or that met a deadlock) before it gives up. */
const MAX_ATTEMPTS = 3;

/** A placement's Idempotency-Key: place_order claims it with the placement (decision 0019). */
export interface PlacementKey {
  key: string;
  /** The idempotency plugin's hash of the request, to tell a replay from another request. */
  requestHash: string;
}

/**
 * Order placement (DESIGN section 5; reference section 4 "Multi-vendor checkout split"): one
 * order per selected shop and one payment for all of them, priced on the server from today's data
 * and written in one transaction (the place_order function, decision 0018) that checks again what
 * the pricing read: the cart lines, stock and flash-sale quantities (conditional updates) and the
 * vouchers. The ordered lines leave the cart, order codes come from a sequence.
 */
export class OrdersService {
  constructor(
    private readonly deps: Pick<AppDeps, 'config' | 'database' | 'clock' | 'log'>,
    private readonly settings: SettingsService,
    private readonly cart: CartService,
    private readonly payments: PaymentsService,
    private readonly orderCounts: OrderCounts,
  ) {}

  /**
   * POST /api/place-order. The Idempotency-Key is claimed, and stored on the payment, in the
   * placement's transaction: a retry after a crash between commit and reply (when the idempotency
   * plugin has no stored reply to replay) finds that placement and answers with it instead of
   * placing again.
   */
  async place(
    userId: number,
    input: PlaceOrderInput,
    locale: string,
    idempotency: PlacementKey | null,
  ): Promise<{ payment: Payment; url: string | null; message: Message }> {
    try {
      return await this.placeOnce(userId, input, locale, idempotency);
    } catch (error) {
      // A retry of a placement that went through but whose reply was lost (a crash between commit
      // and reply) finds the cart ordered, or its key used: it answers with that placement. Any
      // other use of the key (a reply to replay, a placement still running, another request) is
      // the idempotency plugin's to answer. Looked up only when placing fails.
      if (idempotency && (await this.replyWasLost(userId, idempotency))) {
        const earlier = await findPaymentByKey(this.deps.database.fixedPlans, userId, idempotency.key);
        if (earlier) return this.started(earlier);
      }
      throw error;
    }
  }

  /**
   * POST /api/place-order/again: a Delivered order's lines go back into the cart, with the colour,
   * size and unit they were ordered in, through the cart's own rules (today's prices and stock, the
   * cart's size limit). Nothing is placed: the shopper reviews the address, payment and total at
   * checkout first. Lines that can no longer be added as ordered are named in `info`; when none
   * can, it fails with 409 OUT_OF_STOCK naming them.
   */
  async again(userId: number, orderId: number, locale: string): Promise<OrderAgainView> {
    const db = this.deps.database.fixedPlans;
    const order = await findOrderToRepeat(db, userId, orderId);
    if (!order) throw notFound(msg('Order not found.'));
    if (order.orderStatus !== 'Delivered') {
      throw new AppError(422, ErrorCode.Conflict, msg('Only a delivered order can be ordered again.'));
    }
    const rows = new Map(
      (
        await findProductCardRows(
          db,
          order.lines.map((l) => l.productId),
          locale,
          this.deps.clock.now(),
        )
      ).map((r) => [r.id, r]),
    );
    // The order keeps the names of its colour and size (in the language it was placed in).
    const named = (variants: ProductCardRow['colors'], name: string | null) =>
      name === null
        ? null
        : (variants.find((v) => v.name === name || translate(v.name, v.translations, order.locale) === name)?.id ??
          undefined);
    const notAdded: string[] = [];
    let cart: CartView | null = null;
    for (const line of order.lines) {
      const row = rows.get(line.productId);
      const color = row ? named(row.colors, line.colorName) : undefined;
      const size = row ? named(row.sizes, line.sizeName) : undefined;
      if (!row || color === undefined || size === undefined) {
        notAdded.push(row?.name ?? line.name);
        continue;
      }
      try {
        cart = await this.cart.add(
          userId,
          { product_id: line.productId, quantity: line.quantity, color, size, unit: line.unit, is_buy_now: false },
          locale,
        );
      } catch (error) {
        // Sold out, less left than ordered, no longer listed, or a full cart: the others still go in.
        if (!(error instanceof FieldErrors) && !(error instanceof AppError && error.statusCode === 404)) throw error;
        notAdded.push(row.name);
      }
    }
    const products = notAdded.join(', ');
    if (cart === null) {
      throw outOfStock(msg('These products can no longer be bought as ordered: {{products}}.', { products }));
    }
    const inCart = cart.cart_items.some((group) => group.shop_id === order.shopId);
    return {
      ...cart,
      info:
        notAdded.length > 0
          ? msg('These products could not be added to your cart as ordered: {{products}}.', { products })
          : cart.info,
      shop_ids: inCart ? [order.shopId] : [],
    };
  }

  /**
   * Whether a placement made with this key, if there is one, never answered: the key's claim is
   * gone, or it is this request's and was left without a reply longer than a placement runs.
   */
  private async replyWasLost(userId: number, { key, requestHash }: PlacementKey): Promise<boolean> {
    const used = await findKey(this.deps.database.fixedPlans, userId, key);
    return (
      !used ||
      isAbandonedClaim(used, requestHash, this.deps.clock.now(), this.deps.config.IDEMPOTENCY_ABANDONED_SECONDS)
    );
  }

  private async placeOnce(
    userId: number,
    input: PlaceOrderInput,
    locale: string,
    idempotency: PlacementKey | null,
  ): Promise<{ payment: Payment; url: string | null; message: Message }> {
    const db = this.deps.database.fixedPlans;
    const rules = await this.settings.checkoutRules();
    const method = input.payment_method.toLowerCase();
    const gateway = this.payments.gateway(method);
    const allowed =
      gateway !== null &&
      (gateway.online ? rules.onlinePayment && rules.onlineGateways.includes(method) : rules.cashOnDelivery);
    if (!gateway || !allowed) {
      throw new FieldErrors({ payment_method: [msg('The selected payment method is invalid.')] });
    }
    if (rules.accountVerify && !(await isAccountVerified(db, userId))) {
      throw new AppError(422, ErrorCode.AccountUnverified, msg('Please verify your account first'));
    }

    // The cart is priced from an ordinary read; place_order checks again, under the shopper's
    // lock, whatever a concurrent request could have changed since, and writes the placement or
    // nothing; it also claims the key and checks the address is the shopper's. A cart changed in
    // between (another tab) is read and priced again, as is a call that met a deadlock.
    for (let attempt = 1; ; attempt++) {
      const now = this.deps.clock.now();
      const cartInput = { shopIds: input.shop_ids, couponCode: input.coupon_code, isBuyNow: input.is_buy_now };
      const priced: PricedCheckout<PricingRow> = await this.cart.pricePlacement(
        db,
        userId,
        cartInput,
        locale,
        now,
        rules,
      );
      this.checkUnchanged(priced, input);

      const lines = priced.shops.flatMap((s) => s.lines);
      // Lines of one product (another colour or size) take from the same stock.
      const stock = new Map<number, number>();
      for (const l of lines) stock.set(l.row.id, (stock.get(l.row.id) ?? 0) + l.quantity);
      // So does a running flash sale's quantity: one update per product, whatever its lines.
      const flash = new Map<number, { flashSaleId: number; productId: number; quantity: number }>();
      for (const l of lines) {
        if (!l.flash) continue;
        const seen = flash.get(l.row.id);
        flash.set(l.row.id, {
          flashSaleId: l.flash.flashSaleId,
          productId: l.row.id,
          quantity: (seen?.quantity ?? 0) + l.quantity,
        });
      }
      const uses = new Map<number, { id: number; code: string; uses: number }>();
      for (const shop of priced.shops) {
        if (!shop.voucher) continue;
        const { id, code } = shop.voucher.coupon;
        uses.set(id, { id, code, uses: (uses.get(id)?.uses ?? 0) + 1 });
      }
      // Each shop's name and order code prefix came with its products' rows.
      const shopInfo = new Map(
        priced.shops.map((s) => [
          s.shopId,
          { name: s.lines[0]?.row.shopName ?? '', prefix: s.lines[0]?.row.shopPrefix ?? 'RC' },
        ]),
      );
      const placement = placeOrder(db, {
        payment: {
          id: randomUUID(),
          userId,
          amount: priced.totals.payable,
          currency: rules.currency,
          paymentMethod: method,
          idempotencyKey: idempotency?.key ?? null,
          createdAt: now,
        },
        addressId: input.address_id,
        idempotency: idempotency
          ? { ...idempotency, expiredBefore: new Date(now.getTime() - IDEMPOTENCY_TTL_MS) }
          : null,
        cartLines: lines.map((l) => ({
          id: l.line.id,
          productId: l.line.productId,
          quantity: l.line.quantity,
          colorId: l.line.colorId,
          sizeId: l.line.sizeId,
        })),
        stock,
        flash: [...flash.values()],
        coupons: [...uses.values()],
        orders: priced.shops.map((shop) => ({
          order: {
            shopId: shop.shopId,
            prefix: shopInfo.get(shop.shopId)?.prefix ?? 'RC',
            couponId: shop.voucher?.coupon.id ?? null,
            couponDiscount: shop.totals.couponDiscount,
            deliveryCharge: shop.totals.deliveryCharge,
            totalAmount: shop.totals.subtotal,
            taxAmount: shop.totals.taxAmount,
            payableAmount: shop.totals.payable,
            quantity: shop.lines.reduce((sum, l) => sum + l.quantity, 0),
            paymentMethod: method,
            locale,
            note: input.note,
          },
          lines: shop.lines.map((l) => ({
            productId: l.row.id,
            name: l.row.name,
            quantity: l.quantity,
            price: l.unitPrice,
            regularPrice: l.regularPrice,
            colorName: l.color?.name ?? null,
            sizeName: l.size?.name ?? null,
            unit: l.line.unit ?? l.row.unitName ?? null,
            flashSaleId: l.flash?.flashSaleId ?? null,
            isDigital: l.row.isDigital,
          })),
          vat: shop.totals.taxes.map((t) => ({
            vatTaxId: t.id,
            name: t.name,
            percentage: t.percentage,
            amount: t.amount,
          })),
        })),
      });
      let placed: Awaited<typeof placement>;
      try {
        placed = await placement;
      } catch (error) {
        // Nothing was written; as a transaction would be, it is run again (from the read).
        if (isConflictToRetry(error) && attempt < MAX_ATTEMPTS) {
          await conflictPause(attempt);
          continue;
        }
        throw error;
      }
      if ('reason' in placed) {
        if (placed.reason === 'cart_changed' && attempt < MAX_ATTEMPTS) continue;
        throw this.refused(placed, lines);
      }
      this.orderCounts.add(
        placed.orders.map((o) => o.shopId),
        stock,
      );
      const orders = placed.orders.map((o) => ({ ...o, shopName: shopInfo.get(o.shopId)?.name ?? '' }));
      return this.started(placed.payment, orders);
    }
  }

  /** The error for what place_order found changed since the cart was priced, or refused. */
  private refused(
    refusal: PlacementRefusal,
    lines: readonly { row: { id: number; name: string } }[],
  ): AppError | FieldErrors {
    const name = (productId: number) => lines.find((l) => l.row.id === productId)?.row.name ?? '';
    switch (refusal.reason) {
      case 'out_of_stock':
        return outOfStock(
          msg('Only {{count}} of {{product}} left in stock. Please check your cart.', {
            count: refusal.left,
            product: name(refusal.productId),
          }),
        );
      case 'flash_sold_out':
        return changed(
          msg('The flash sale price of {{product}} has sold out. Please check the new total.', {
            product: name(refusal.productId),
          }),
        );
      case 'voucher_unavailable':
        return changed(
          msg('The voucher {{code}} is no longer available. Please check the new total.', { code: refusal.code }),
        );
      case 'address_invalid':
        return invalidAddress();
      case 'key_used':
        // The idempotency plugin answers for the key's earlier use (see the routes).
        return keyStillRunning();
      default:
        return outOfStock(
          msg('Some products are no longer available in the quantity you chose. Please check your cart.'),
        );
    }
  }

  /**
   * Opens the payment at its gateway (described by its order codes) and answers with it; the
   * orders are read back only when not at hand (a retry answered with an earlier placement).
   */
  private async started(payment: PaymentRow, orders?: readonly PaymentOrderRow[]) {
    const view = orders ? await this.payments.viewOf(payment, orders) : await this.payments.view(payment);
    let url: string | null = null;
    let message = msg('Order placed successfully');
    try {
      url = await this.payments.start(payment, view.orders.map((o) => o.order_code).join(', '));
    } catch (error) {
      // The orders are made and kept; the payment waits, to be paid again from the order.
      this.deps.log.error({ err: error, paymentId: payment.id }, 'the payment could not be started');
      message = msg('Your order is placed, but the payment could not be started. Please try paying again later.');
    }
    return { payment: view, url, message };
  }

  /**
   * What the shopper saw must still hold: nothing dropped or cut, a typed code still applying, and
   * (when the preview's payable amount is sent) the same total. Never a silent change of price.
   */
  private checkUnchanged(priced: PricedCheckout<PricingRow>, input: PlaceOrderInput) {
    if (priced.dropped.length > 0 || priced.capped.length > 0) {
      throw outOfStock(msg('Some products are no longer available in the quantity you chose. Please check your cart.'));
    }
    if (priced.shops.length === 0) {
      throw new AppError(422, ErrorCode.CartEmpty, msg('Sorry shop cart is empty'));
    }
    if (input.coupon_code && !priced.codeApplied) {
      throw changed(
        msg('The coupon {{code}} no longer applies. Please check the new total.', { code: input.coupon_code }),
      );
    }
    const expected = input.expected_payable_amount;
    if (expected !== undefined && expected !== null && toMoney(priced.totals.payable) !== expected) {
      throw changed(msg('The total of your order changed. Please check the new total.'));
    }
  }
}
