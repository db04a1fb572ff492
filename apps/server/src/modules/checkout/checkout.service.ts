import { randomUUID } from 'node:crypto';
import type { Checkout, CheckoutSummary, Payment } from '@shop/contracts/cart';
import { ErrorCode } from '@shop/contracts/errors';
import { conflictPause, type Executor, isConflictToRetry } from '../../db/transaction';
import type { AppDeps, PaymentGateway } from '../../deps';
import { AppError, FieldErrors } from '../../lib/errors';
import { type Message, msg } from '../../lib/messages';
import { toMoney } from '../../lib/money';
import { type ShopTotals, shopTotals, sumTotals } from '../../lib/pricing';
import { SUCCESS } from '../../lib/reply';
import { translate } from '../../lib/translation';
import { claimWasAbandoned, IDEMPOTENCY_TTL_MS, keyStillRunning } from '../../plugins/idempotency';
import type { AuthService } from '../auth/auth.service';
import {
  type CartService,
  type PricedLine,
  type PricedLines,
  type PricingRow,
  shopClosedError,
} from '../cart/cart.service';
import type { ProductCardRow } from '../catalog/catalog.service';
import type { OrderCounts } from '../orders/order-counts';
import type { PaymentOrderRow, PaymentRow, PaymentsService } from '../payments/payments.service';
import type { CheckoutRules, SettingsService } from '../settings/settings.service';
import type { AppliedVoucher, VouchersService } from '../vouchers/vouchers.service';
import { type PlacementRefusal, placeOrder } from './checkout.repository';

export interface PricedShop<R extends PricingRow = ProductCardRow> {
  shopId: number;
  lines: PricedLine<R>[];
  voucher: AppliedVoucher | null;
  totals: ShopTotals;
}

export interface PricedCheckout<R extends PricingRow = ProductCardRow> extends PricedLines<R> {
  shops: PricedShop<R>[];
  totals: ShopTotals;
  codeApplied: boolean;
}

export type CheckoutView = Omit<Checkout, 'info'> & { info: Message | null; message: Message };

export interface PlaceOrderInput {
  shop_ids: number[];
  address_id: number;
  payment_method: string;
  coupon_code: string | null;
  note: string | null;
  is_buy_now: boolean;
  expected_payable_amount?: number | null;
}

/** A placement's Idempotency-Key: place_order claims it with the placement. */
export interface PlacementKey {
  key: string;
  /** The idempotency plugin's hash of the request, to tell a replay from another request. */
  requestHash: string;
}

/** A placement that failed on something that changed since the preview: preview again. */
const changed = (message: Message) => new AppError(409, ErrorCode.CheckoutChanged, message);
const outOfStock = (message: Message) => new AppError(409, ErrorCode.OutOfStock, message);
const invalidAddress = () => new FieldErrors({ address_id: [msg('The selected address id is invalid.')] });
/** Tries of a placement whose cart keeps changing under it (or that met a deadlock) before it gives up. */
const MAX_ATTEMPTS = 3;

/** Nothing of a shop closed for now is previewed or ordered: the first such shop is named. */
function refuseClosedShops(lines: readonly { row: PricingRow }[]) {
  const closed = lines.find((l) => l.row.shopClosed);
  if (closed) throw shopClosedError(closed.row.shopName);
}

/** A tax's name in the reader's language (the figures keep the English one placement copies). */
type VatName = (id: number, name: string) => string;

function summaryOf(totals: ShopTotals, vatName: VatName): CheckoutSummary {
  return {
    total_amount: toMoney(totals.subtotal),
    delivery_charge: toMoney(totals.deliveryCharge),
    coupon_discount: toMoney(totals.couponDiscount),
    order_tax_amount: toMoney(totals.taxAmount),
    payable_amount: toMoney(totals.payable),
    all_vat_taxes: totals.taxes.map((t) => ({
      id: t.id,
      name: vatName(t.id, t.name),
      percentage: t.percentage,
      amount: toMoney(t.amount),
    })),
  };
}

/**
 * Checkout: the preview of the selected shops' orders and their placement, both totalled here from
 * the cart's priced lines so they cannot disagree; and the checks every way of paying shares (is
 * the payment method taken now, must the account be verified first). A placement makes one order
 * per selected shop and one payment for all of them, priced on the server from today's data and
 * written in one transaction (the place_order function) that checks again what the pricing read:
 * the cart lines, stock and flash-sale quantities (conditional updates) and the vouchers. The
 * ordered lines leave the cart; order codes come from a sequence.
 */
export class CheckoutService {
  constructor(
    private readonly deps: Pick<AppDeps, 'config' | 'database' | 'clock' | 'log'>,
    private readonly services: {
      settings: SettingsService;
      cart: CartService;
      vouchers: VouchersService;
      payments: PaymentsService;
      auth: AuthService;
      orderCounts: OrderCounts;
    },
  ) {}

  /**
   * The gateway of `method` when the shop takes it now, else null: an online gateway while online
   * payment is on and the gateway is active, cash while cash on delivery is on (never with
   * `onlineOnly`: a top-up or a payment made again is paid online).
   */
  allowedGateway(method: string, rules: CheckoutRules, options: { onlineOnly: boolean }): PaymentGateway | null {
    const gateway = this.services.payments.gateway(method);
    if (!gateway) return null;
    if (!gateway.online) return !options.onlineOnly && rules.cashOnDelivery ? gateway : null;
    return rules.onlinePayment && rules.onlineGateways.includes(method) ? gateway : null;
  }

  /** The payment method of an order, checked as allowedGateway: a field error when it is not taken now. */
  private checkPaymentMethod(method: string, rules: CheckoutRules, options: { onlineOnly: boolean }): PaymentGateway {
    const gateway = this.allowedGateway(method, rules, options);
    if (!gateway) throw new FieldErrors({ payment_method: [msg('The selected payment method is invalid.')] });
    return gateway;
  }

  /**
   * Checks what every order (a shop order, a top-up) needs before anything is written: the payment
   * method is taken now and, with order_place_account_verify on, the account is verified.
   */
  async checkCanOrder(
    userId: number,
    method: string,
    rules: CheckoutRules,
    options: { onlineOnly: boolean },
  ): Promise<PaymentGateway> {
    const gateway = this.checkPaymentMethod(method, rules, options);
    if (rules.accountVerify && !(await this.services.auth.isVerified(userId))) {
      throw new AppError(422, ErrorCode.AccountUnverified, msg('Please verify your account first'));
    }
    return gateway;
  }

  /** POST /api/cart/checkout: what the orders of the selected shops would be, voucher applied. */
  async preview(
    userId: number,
    input: { shopIds: readonly number[]; couponCode: string | null; isBuyNow: boolean },
    locale: string,
  ): Promise<CheckoutView> {
    const db = this.deps.database.fixedPlans;
    const now = this.deps.clock.now();
    const { cart } = this.services;
    const rules = await this.services.settings.checkoutRules();
    const lines = await cart.pricedLines(db, userId, input, locale, now);
    refuseClosedShops(lines.lines);
    const priced = await this.total(
      db,
      userId,
      lines,
      { couponCode: input.couponCode, anyCollected: true },
      now,
      rules,
    );
    await cart.keepInStep(db, userId, priced, now);
    const view = cart.view(priced, locale, now);
    const byShop = new Map(priced.shops.map((s) => [s.shopId, s]));
    const vatName: VatName = (id, name) => translate(name, rules.vatTranslations[id], locale);
    return {
      checkout: summaryOf(priced.totals, vatName),
      apply_coupon: priced.codeApplied,
      checkout_items: view.cart_items.map((group) => {
        const shop = byShop.get(group.shop_id);
        return {
          ...group,
          summary: summaryOf(shop?.totals ?? sumTotals([]), vatName),
          coupon: shop?.voucher ? { id: shop.voucher.coupon.id, code: shop.voucher.coupon.code } : null,
        };
      }),
      info: view.info,
      message: input.couponCode ? (priced.codeApplied ? msg('Coupon applied') : msg('Coupon not applied')) : SUCCESS,
    };
  }

  /** Chooses each shop's voucher for priced lines and totals every shop. */
  private async total<R extends PricingRow>(
    db: Executor,
    userId: number,
    priced: PricedLines<R>,
    vouchers: { couponCode: string | null; anyCollected: boolean },
    now: Date,
    rules: CheckoutRules,
  ): Promise<PricedCheckout<R>> {
    const byShop = new Map<number, PricedLine<R>[]>();
    for (const line of priced.lines) byShop.set(line.row.shopId, [...(byShop.get(line.row.shopId) ?? []), line]);
    const subtotals = new Map(
      [...byShop].map(([shopId, shopLines]) => [shopId, shopLines.reduce((s, l) => s + l.unitPrice * l.quantity, 0)]),
    );
    const { applied, codeApplied } = await this.services.vouchers.choose(db, {
      userId,
      subtotals,
      couponCode: vouchers.couponCode,
      anyCollected: vouchers.anyCollected,
      now,
    });
    const shops = [...byShop].map(([shopId, shopLines]): PricedShop<R> => {
      const voucher = applied.get(shopId) ?? null;
      return {
        shopId,
        lines: shopLines,
        voucher,
        totals: shopTotals({
          lines: shopLines.map((l) => ({ unitPrice: l.unitPrice, quantity: l.quantity, isDigital: l.row.isDigital })),
          tiers: rules.tiers,
          vat: rules.vat,
          voucher: voucher
            ? { discountType: 'Amount', discount: voucher.discount, minOrderAmount: 0, maxDiscountAmount: null }
            : null,
        }),
      };
    });
    return { ...priced, shops, totals: sumTotals(shops.map((s) => s.totals)), codeApplied };
  }

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
        const earlier = await this.services.payments.findByIdempotencyKey(userId, idempotency.key);
        if (earlier) return this.started(earlier);
      }
      throw error;
    }
  }

  /**
   * Whether a placement made with this key, if there is one, never answered: the key's claim is
   * gone, or it is this request's and was left without a reply longer than a placement runs.
   */
  private replyWasLost(userId: number, key: PlacementKey): Promise<boolean> {
    return claimWasAbandoned(
      this.deps.database.fixedPlans,
      userId,
      key,
      this.deps.clock.now(),
      this.deps.config.IDEMPOTENCY_ABANDONED_SECONDS,
    );
  }

  private async placeOnce(
    userId: number,
    input: PlaceOrderInput,
    locale: string,
    idempotency: PlacementKey | null,
  ): Promise<{ payment: Payment; url: string | null; message: Message }> {
    const db = this.deps.database.fixedPlans;
    const rules = await this.services.settings.checkoutRules();
    const method = input.payment_method.toLowerCase();
    await this.checkCanOrder(userId, method, rules, { onlineOnly: false });

    // The cart is priced from an ordinary read; place_order checks again, under the shopper's
    // lock, whatever a concurrent request could have changed since, and writes the placement or
    // nothing; it also claims the key and checks the address is the shopper's. A cart changed in
    // between (another tab) is read and priced again, as is a call that met a deadlock.
    for (let attempt = 1; ; attempt++) {
      const now = this.deps.clock.now();
      const read = await this.services.cart.placementLines(
        db,
        userId,
        { shopIds: input.shop_ids, isBuyNow: input.is_buy_now },
        locale,
        now,
      );
      const priced = await this.total(
        db,
        userId,
        read.priced,
        { couponCode: input.coupon_code, anyCollected: read.anyCollected },
        now,
        rules,
      );
      refuseClosedShops(priced.lines);
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
      this.services.orderCounts.add(
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
    lines: readonly { row: { id: number; name: string; shopId: number; shopName: string } }[],
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
      case 'shop_closed':
        return shopClosedError(lines.find((l) => l.row.shopId === refusal.shopId)?.row.shopName ?? '');
      default:
        // cart_changed past its attempts, or product_unavailable: the cart drops what left the storefront.
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
    const { payments } = this.services;
    const view = orders ? await payments.viewOf(payment, orders) : await payments.view(payment);
    let url: string | null = null;
    let message = msg('Order placed successfully');
    try {
      url = await payments.start(payment, view.orders.map((o) => o.order_code).join(', '));
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
