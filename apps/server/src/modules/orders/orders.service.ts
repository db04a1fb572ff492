import { randomUUID } from 'node:crypto';
import type { OrderStatus } from '@shop/contracts/cart';
import { DEFAULT_LOCALE } from '@shop/contracts/constants';
import { ErrorCode } from '@shop/contracts/errors';
import type { operatorOrdersQuerySchema } from '@shop/contracts/operator-promotions';
import {
  ORDER_TABS,
  ORDERS_PER_PAGE,
  type OrderDetails,
  type OrderLine,
  type OrderSummary,
  type StatusWiseOrders,
} from '@shop/contracts/orders';
import type { z } from 'zod';
import { type Executor, transaction } from '../../db/transaction';
import type { AppDeps } from '../../deps';
import type { AuditSink } from '../../lib/audit';
import { AppError, FieldErrors, notFound } from '../../lib/errors';
import { mediaUrl } from '../../lib/media-url';
import { type Message, msg, type Translator } from '../../lib/messages';
import { roundTo, toMoney } from '../../lib/money';
import { orderCodeOf } from '../../lib/order-code';
import { translate } from '../../lib/translation';
import type { CartService, CartView } from '../cart/cart.service';
import type { CatalogService, ProductCardRow } from '../catalog/catalog.service';
import type { CheckoutService } from '../checkout/checkout.service';
import type { PaymentsService } from '../payments/payments.service';
import { gatewayTitlesIn, type SettingsService } from '../settings/settings.service';
import type { OrderCounts } from './order-counts';
import {
  countOperatorOrders,
  countOrderFigures,
  countOrders,
  countOrdersByStatus,
  findCustomerContact,
  findOperatorOrders,
  findOrder,
  findOrderCustomer,
  findOrderCustomerNames,
  findOrderLines,
  findOrderReviews,
  findOrders,
  findOrderToRepeat,
  findOrderVat,
  findShopOrderCustomer,
  findShopTopProducts,
  findStatusEvents,
  findUnpaidOrdersOfPayment,
  hasDeliveredProduct,
  lockOrderStatuses,
  lockPayment,
  markCashOrderPaid,
  moveOrderStatus,
  moveOrdersToPayment,
  type OrderFilter,
  type OrderLineRow,
  type OrderListRow,
  type OrderRow,
  type OrderScope,
  ownsOrder,
  releaseOrderCoupon,
  restoreOrderStock,
  setCancelReason,
  sumShopRevenue,
  sumShopSalesByDay,
} from './orders.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An order just moved to Delivered (minor units). */
export interface DeliveredOrderEvent {
  id: number;
  shopId: number;
  payableAmount: number;
  /** The goods after the voucher, without delivery and tax. */
  commissionBase: number;
}

/** Work that must commit with an order's delivery. */
export type DeliveredInTransaction = (tx: Executor, order: DeliveredOrderEvent, now: Date) => Promise<unknown>;

/** The cart after ordering again, and the shop to check out (none when its lines are not there). */
export type OrderAgainView = CartView & { shop_ids: number[] };

const outOfStock = (message: Message) => new AppError(409, ErrorCode.OutOfStock, message);

/** Where each status may be moved to. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  Pending: ['Confirm', 'Cancelled'],
  Confirm: ['Processing', 'Cancelled'],
  Processing: ['Pickup', 'Cancelled'],
  Pickup: ['On The Way'],
  'On The Way': ['Delivered'],
  Delivered: [],
  Cancelled: [],
};

const STATUS_TEXT: Record<OrderStatus, Message> = {
  Pending: msg('Your order {{code}} is placed and waits for the shop to confirm it.'),
  Confirm: msg('Your order {{code}} was confirmed by {{shop}}.'),
  Processing: msg('Your order {{code}} is being prepared by {{shop}}.'),
  Pickup: msg('Your order {{code}} was picked up for delivery.'),
  'On The Way': msg('Your order {{code}} is on the way.'),
  Delivered: msg('Your order {{code}} was delivered. Thank you for shopping with {{shop}}!'),
  Cancelled: msg('Your order {{code}} was cancelled.'),
};

const STATUS_NAME: Record<OrderStatus, Message> = {
  Pending: msg('Pending'),
  Confirm: msg('Confirm'),
  Processing: msg('Processing'),
  Pickup: msg('Pickup'),
  'On The Way': msg('On The Way'),
  Delivered: msg('Delivered'),
  Cancelled: msg('Cancelled'),
};

/** The shop an order (or its return) was placed with, as the order and return lists show it. */
export function toOrderShop(row: {
  shopId: number;
  shopName: string;
  shopSlug: string;
  shopLogo: string | null;
  shopRating: number;
}): OrderSummary['shop'] {
  return {
    id: row.shopId,
    name: row.shopName,
    slug: row.shopSlug,
    logo: mediaUrl(row.shopLogo) ?? '',
    rating: roundTo(row.shopRating, 1),
  };
}

/**
 * An order's life after its placement (placing is the checkout module's): the shopper's history
 * with its tabs and an order's details, ordering a Delivered order again, cancelling while Pending
 * (stock given back in the same transaction), paying an unpaid online order again, the status
 * rules the shop moves an order by, and every status change told to the customer. It is the orders
 * module's one service, so what can happen to an order once it exists is found in one place.
 */
export class OrdersService {
  /** Run in the transaction that moves an order to Delivered (the shop's earnings are credited). */
  private readonly deliveredInTransaction: DeliveredInTransaction[] = [];

  constructor(
    private readonly deps: Pick<AppDeps, 'config' | 'database' | 'clock' | 'log' | 'notifier'>,
    private readonly translator: Translator,
    private readonly services: {
      settings: SettingsService;
      payments: PaymentsService;
      orderCounts: OrderCounts;
      checkout: CheckoutService;
      cart: CartService;
      catalog: CatalogService;
    },
  ) {}

  /**
   * Runs `listener` inside each transaction that moves an order to Delivered: what it writes
   * commits with the delivery or not at all. An order is delivered once (the move is conditional).
   */
  onDeliveredInTransaction(listener: DeliveredInTransaction) {
    this.deliveredInTransaction.push(listener);
  }

  /** The development route that moves one's own order (APP_ENV=local, for end-to-end tests). */
  get devToolsEnabled(): boolean {
    return this.deps.config.APP_ENV === 'local';
  }

  /** One of the user's orders, or undefined. */
  findOwn(userId: number, orderId: number) {
    return findOrder(this.deps.database.db, userId, orderId);
  }

  /** The lines of these orders, as ordered. */
  lines(orderIds: readonly number[]) {
    return findOrderLines(this.deps.database.db, orderIds);
  }

  /** The shop of the user's order when it is Delivered and holds the product, else null (what a review needs). */
  async deliveredProductOrder(userId: number, orderId: number, productId: number) {
    return (await hasDeliveredProduct(this.deps.database.db, userId, orderId, productId)) ?? null;
  }

  /** Whether the order exists and is the user's (the `owner` access policy). */
  owns(userId: number, orderId: number): Promise<boolean> {
    return ownsOrder(this.deps.database.db, userId, orderId);
  }

  /** The dashboard's "orders in progress" and "products ordered". */
  figures(userId: number) {
    return countOrderFigures(this.deps.database.db, userId);
  }

  /** GET /api/orders (a shopper's), and the Seller Centre's list (a shop's: `{ shopId }`). */
  async list(
    userId: OrderScope,
    query: { page: number; per_page?: number | undefined; order_status?: OrderFilter },
    locale: string = DEFAULT_LOCALE,
  ) {
    const { db } = this.deps.database;
    const perPage = query.per_page ?? ORDERS_PER_PAGE;
    const filter = query.order_status;
    const [rows, total, byStatus, rules] = await Promise.all([
      findOrders(db, userId, filter, perPage, (query.page - 1) * perPage),
      countOrders(db, userId, filter),
      countOrdersByStatus(db, userId),
      this.services.settings.checkoutRules(),
    ]);
    const lines = await findOrderLines(
      db,
      rows.map((r) => r.id),
    );
    const status_wise_orders = Object.fromEntries(
      ORDER_TABS.map((tab) => [
        tab.key,
        tab.status === null ? [...byStatus.values()].reduce((a, b) => a + b, 0) : (byStatus.get(tab.status) ?? 0),
      ]),
    ) as StatusWiseOrders;
    const titles = gatewayTitlesIn(rules, locale);
    return {
      total,
      status_wise_orders,
      orders: rows.map((row) =>
        this.summary(
          row,
          lines.filter((l) => l.orderId === row.id),
          titles,
        ),
      ),
    };
  }

  /** The Seller Centre's list: the shop's orders with the shoppers' names, tabs by status. */
  async shopList(
    shopId: number,
    query: { page: number; per_page?: number | undefined; order_status?: OrderStatus | undefined },
    locale: string = DEFAULT_LOCALE,
  ) {
    const page = await this.list({ shopId }, query, locale);
    const names = await findOrderCustomerNames(
      this.deps.database.db,
      page.orders.map((o) => o.id),
    );
    return { ...page, orders: page.orders.map((o) => ({ ...o, customer_name: names.get(o.id) ?? '' })) };
  }

  /** The shop's figures for the Seller Centre's dashboard (money in minor units). */
  async shopFigures(shopId: number) {
    const { db } = this.deps.database;
    const [byStatus, revenue] = await Promise.all([countOrdersByStatus(db, { shopId }), sumShopRevenue(db, shopId)]);
    const status_wise_orders = Object.fromEntries(
      ORDER_TABS.map((tab) => [
        tab.key,
        tab.status === null ? [...byStatus.values()].reduce((a, b) => a + b, 0) : (byStatus.get(tab.status) ?? 0),
      ]),
    ) as StatusWiseOrders;
    return { status_wise_orders, revenue: toMoney(revenue.paid), delivered_revenue: toMoney(revenue.delivered) };
  }

  /**
   * The shop's orders (not cancelled) and takings (minor units) per calendar day of `timeZone`
   * from `fromDay` on, and its best sellers over those days: the sales dashboard's figures.
   */
  async shopSales(shopId: number, range: { fromDay: string; timeZone: string; topProducts: number }) {
    const { db } = this.deps.database;
    const [days, top] = await Promise.all([
      sumShopSalesByDay(db, shopId, range.fromDay, range.timeZone),
      findShopTopProducts(db, shopId, range.fromDay, range.timeZone, range.topProducts),
    ]);
    return { days, topProducts: top };
  }

  /** One of the shop's orders with its shopper and the statuses it may move to; 404 for another shop's. */
  async shopDetails(shopId: number, orderId: number, locale: string = DEFAULT_LOCALE) {
    const customer = await findShopOrderCustomer(this.deps.database.db, shopId, orderId);
    if (!customer) throw notFound(msg('Order not found.'));
    const order = await this.details(customer.userId, orderId, locale);
    return {
      ...order,
      customer: {
        name: customer.name,
        email: customer.email,
        phone: customer.phone ? `${customer.phoneCode ?? ''}${customer.phone}` : null,
      },
      next_statuses: [...ORDER_TRANSITIONS[order.order_status]],
    };
  }

  /**
   * The Seller Centre moves one of its shop's orders: 404 for another shop's order, 422 for a
   * step the lifecycle does not allow from where the order is now.
   */
  async shopSetStatus(
    shopId: number,
    orderId: number,
    to: OrderStatus,
    locale: string = DEFAULT_LOCALE,
    audited?: AuditSink,
  ) {
    const customer = await findShopOrderCustomer(this.deps.database.db, shopId, orderId);
    if (!customer) throw notFound(msg('Order not found.'));
    if (!(await this.setStatus(orderId, to, audited))) {
      throw new AppError(
        422,
        ErrorCode.Conflict,
        msg('The order cannot be moved to {{status}} now.', { status: STATUS_NAME[to] }),
      );
    }
    return this.shopDetails(shopId, orderId, locale);
  }

  /** GET /api/order-details; tax names in `locale`. */
  async details(userId: number, orderId: number, locale: string = DEFAULT_LOCALE): Promise<OrderDetails> {
    const { db } = this.deps.database;
    const order = await findOrder(db, userId, orderId);
    if (!order) throw notFound(msg('Order not found.'));
    const [lines, vat, events, reviews, rules] = await Promise.all([
      findOrderLines(db, [order.id]),
      findOrderVat(db, order.id),
      findStatusEvents(db, order.id),
      findOrderReviews(db, userId, order.id),
      this.services.settings.checkoutRules(),
    ]);
    const now = this.deps.clock.now();
    const hasDigital = lines.some((l) => l.isDigital);
    const delivered = order.orderStatus === 'Delivered';
    const lastReturn =
      delivered && !hasDigital
        ? new Date((order.deliveredAt ?? order.createdAt).getTime() + rules.returnOrderWithinDays * DAY_MS)
        : null;
    const windowOpen = lastReturn !== null && now < lastReturn;
    const reviewOf = new Map(reviews.map((r) => [r.productId, r]));
    const gateway = this.services.payments.gateway(order.paymentMethod);
    const products = lines.map(
      (l): OrderLine => ({
        ...this.line(l),
        review: (() => {
          const r = reviewOf.get(l.productId);
          return r ? { id: r.id, rating: r.rating, description: r.description } : null;
        })(),
        is_returnable: windowOpen && !l.returned,
      }),
    );
    const summary = this.summary(order, lines, gatewayTitlesIn(rules, locale));
    return {
      ...summary,
      products,
      payment_id: order.paymentId,
      address: order.address,
      note: order.note,
      cancel_reason: order.cancelReason,
      subtotal: toMoney(order.totalAmount),
      delivery_charge: toMoney(order.deliveryCharge),
      coupon_discount: toMoney(order.couponDiscount),
      tax_amount: toMoney(order.taxAmount),
      payable_amount: toMoney(order.payableAmount),
      vat_taxes: vat.map((v) => ({
        id: v.id,
        // The order's copy of the name, in the reader's language while the tax still bears that name.
        name:
          rules.vat.find((tax) => tax.id === v.id)?.name === v.name
            ? translate(v.name, rules.vatTranslations[v.id], locale)
            : v.name,
        percentage: v.percentage,
        amount: toMoney(v.amount),
      })),
      timeline: [
        { status: 'Pending' as const, at: order.createdAt.toISOString() },
        ...events.map((e) => ({ status: e.status, at: e.createdAt.toISOString() })),
      ],
      delivered_at: order.deliveredAt?.toISOString() ?? null,
      can_cancel: order.orderStatus === 'Pending',
      can_pay: order.paymentStatus === 'Pending' && order.orderStatus !== 'Cancelled' && (gateway?.online ?? false),
      can_order_again: delivered,
      is_returnable: products.some((p) => p.is_returnable),
      return_order_within_days: rules.returnOrderWithinDays,
      last_return_date: lastReturn?.toISOString() ?? null,
      can_review: delivered,
      invoice_url: `/api/orders/${order.id}/invoice`,
    };
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
        await this.services.catalog.productCardRows(
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
        cart = await this.services.cart.add(
          userId,
          { product_id: line.productId, quantity: line.quantity, color, size, unit: line.unit, is_buy_now: false },
          locale,
        );
      } catch (error) {
        // Sold out, less left than ordered, no longer listed, its shop closed for now, or a full
        // cart: the others still go in.
        const notAddable =
          error instanceof FieldErrors ||
          (error instanceof AppError && (error.statusCode === 404 || error.code === ErrorCode.ShopClosed));
        if (!notAddable) throw error;
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
   * POST /api/orders/cancel: only while Pending. The status moves by a conditional update, so of
   * two cancels one wins and the stock comes back once, in the same transaction.
   */
  async cancel(
    userId: number,
    orderId: number,
    locale: string = DEFAULT_LOCALE,
  ): Promise<{ order: OrderDetails; message: Message }> {
    const { db } = this.deps.database;
    const order = await findOrder(db, userId, orderId);
    if (!order) throw notFound(msg('Order not found.'));
    const now = this.deps.clock.now();
    // The placement's sold counts are written first, so giving them back finds them there.
    await this.services.orderCounts.flush();
    const cancelled = await transaction(db, async (tx) => {
      const moved = await moveOrderStatus(tx, order.id, ['Pending'], 'Cancelled', now);
      if (!moved) return false;
      await restoreOrderStock(tx, order.id);
      await releaseOrderCoupon(tx, order.id);
      // An online payment still waiting covers this order too: it is closed, so nobody pays for a
      // cancelled order; the checkout's other orders are paid with "Make Payment" (a new payment).
      if (order.paymentState === 'pending' && this.services.payments.gateway(order.paymentMethod)?.online) {
        await this.services.payments.cancelPending(tx, order.paymentId, now);
      }
      return true;
    });
    if (!cancelled) {
      throw new AppError(422, ErrorCode.Conflict, msg('Only a pending order can be cancelled.'));
    }
    await this.tell(order, 'Cancelled');
    return {
      order: await this.details(userId, orderId, locale),
      message:
        order.paymentStatus === 'Paid'
          ? msg('Order cancelled. The shop will refund your payment.')
          : msg('Order cancelled successfully'),
    };
  }

  /**
   * GET /api/order-payment/{orderId}/{gateway}: pay an unpaid online order again. The new payment
   * (a uuid) covers every unpaid order of the checkout the order came from, so a payment always
   * equals the sum of its orders; the old one is closed.
   */
  async payAgain(userId: number, orderId: number, gatewayName: string) {
    const { db } = this.deps.database;
    const order = await findOrder(db, userId, orderId);
    if (!order) throw notFound(msg('Order not found.'));
    const rules = await this.services.settings.checkoutRules();
    const name = gatewayName.toLowerCase();
    if (!this.services.checkout.allowedGateway(name, rules, { onlineOnly: true })) {
      throw new AppError(422, ErrorCode.ValidationFailed, msg('This order cannot be paid online with this method.'));
    }
    if (order.paymentStatus === 'Paid') throw new AppError(422, ErrorCode.Conflict, msg('This order is already paid.'));
    if (order.orderStatus === 'Cancelled') {
      throw new AppError(422, ErrorCode.Conflict, msg('A cancelled order cannot be paid.'));
    }
    const now = this.deps.clock.now();
    const paymentId = await transaction(db, async (tx) => {
      // The old payment's row first: a second "pay again" waits, then finds the orders moved.
      const old = await lockPayment(tx, order.paymentId);
      if (!old || old.status === 'paid') return null;
      const unpaid = (await findUnpaidOrdersOfPayment(tx, order.paymentId)).filter(
        (o) => o.orderStatus !== 'Cancelled',
      );
      if (!unpaid.some((o) => o.id === order.id)) return null;
      // Closed first: a pending payment that is closed cannot be marked paid any more.
      await this.services.payments.cancelPending(tx, order.paymentId, now);
      const id = randomUUID();
      await this.services.payments.createPending(tx, {
        id,
        userId,
        amount: unpaid.reduce((sum, o) => sum + o.payableAmount, 0),
        currency: rules.currency,
        paymentMethod: name,
        createdAt: now,
        updatedAt: now,
      });
      await moveOrdersToPayment(
        tx,
        unpaid.map((o) => o.id),
        id,
        now,
      );
      return id;
    });
    // Null: another call moved the orders meanwhile; its payment is this one's answer too.
    const current = paymentId ?? (await findOrder(db, userId, orderId))?.paymentId;
    const payment = current ? await this.services.payments.find(current) : undefined;
    if (payment?.status !== 'pending' || payment.paymentMethod !== name) {
      throw new AppError(422, ErrorCode.Conflict, msg('This order is already paid.'));
    }
    const view = await this.services.payments.view(payment);
    const url = await this.services.payments.start(payment, view.orders.map((o) => o.order_code).join(', '));
    return { order_payment_url: url, payment_id: payment.id };
  }

  /**
   * Moves an order along its lifecycle (the seller centre, and tests until it lands) and tells
   * the customer. Delivered marks a cash order paid. False when the move is not allowed now.
   */
  async setStatus(orderId: number, to: OrderStatus, audited?: AuditSink): Promise<boolean> {
    const { db } = this.deps.database;
    const from = (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).filter((s) => ORDER_TRANSITIONS[s].includes(to));
    const now = this.deps.clock.now();
    if (to === 'Cancelled') await this.services.orderCounts.flush();
    const moved = await transaction(db, async (tx) => {
      // Locked first, so the statuses read are the ones the move leaves (the audit entry's before).
      const before = await lockOrderStatuses(tx, orderId);
      const row = before && (await moveOrderStatus(tx, orderId, from, to, now));
      if (!row) return null;
      if (to === 'Cancelled') {
        await restoreOrderStock(tx, orderId);
        await releaseOrderCoupon(tx, orderId);
      }
      if (to === 'Delivered') {
        // Cash on delivery is paid when delivered.
        if (row.paymentMethod === 'cash') await markCashOrderPaid(tx, orderId, now);
        const delivered: DeliveredOrderEvent = {
          id: row.id,
          shopId: row.shopId,
          payableAmount: row.payableAmount,
          commissionBase: row.totalAmount - row.couponDiscount,
        };
        for (const listener of this.deliveredInTransaction) await listener(tx, delivered, now);
      }
      if (audited) {
        // Read again: a cash order delivered was marked paid above.
        const after = await lockOrderStatuses(tx, orderId);
        await audited(tx, {
          kind: 'order_status',
          action: 'status',
          recordId: orderId,
          before: { order_status: before.orderStatus, payment_status: before.paymentStatus },
          after: { order_status: after?.orderStatus, payment_status: after?.paymentStatus },
        });
      }
      return row;
    });
    if (!moved) return false;
    const order = await findOrder(db, moved.userId, orderId);
    if (order) await this.tell(order, to);
    return true;
  }

  // -------------------------------------------------------------------------------------------
  // Every order across shops (the operator)

  /** GET /api/operator/orders: filtered, sorted and paged on the server. */
  async operatorOrders(query: z.output<typeof operatorOrdersQuerySchema>) {
    const { db } = this.deps.database;
    const perPage = query.per_page ?? 20;
    const filter = {
      q: query.q,
      shopId: query.shop_id,
      status: query.status,
      paymentStatus: query.payment_status,
      from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
      to: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
    };
    const [total, rows] = await Promise.all([
      countOperatorOrders(db, filter),
      findOperatorOrders(
        db,
        { ...filter, sort: query.sort ?? 'created_at', direction: query.direction ?? 'desc' },
        perPage,
        (query.page - 1) * perPage,
      ),
    ]);
    return {
      total,
      orders: rows.map((r) => ({
        id: r.id,
        order_code: orderCodeOf(r.prefix, r.orderCode),
        shop: { id: r.shopId, name: r.shopName },
        customer: { id: r.userId, name: r.userName, email: r.userEmail },
        amount: toMoney(r.payableAmount),
        payment_method: r.paymentMethod,
        payment_status: r.paymentStatus,
        order_status: r.orderStatus,
        created_at: r.createdAt.toISOString(),
      })),
    };
  }

  /** GET /api/operator/orders/{id}: any order's details with its shopper. */
  async operatorDetails(orderId: number, locale: string = DEFAULT_LOCALE) {
    const customer = await findOrderCustomer(this.deps.database.db, orderId);
    if (!customer) throw notFound(msg('Order not found.'));
    const order = await this.details(customer.userId, orderId, locale);
    return {
      ...order,
      customer: {
        id: customer.userId,
        name: customer.name,
        email: customer.email,
        phone: customer.phone ? `${customer.phoneCode ?? ''}${customer.phone}` : null,
      },
    };
  }

  /**
   * POST /api/operator/orders/{id}/cancel: any order not yet picked up, with the reason the shopper
   * sees; stock, sold counts and the voucher come back as with every cancel.
   */
  async operatorCancel(orderId: number, reason: string, locale: string = DEFAULT_LOCALE, audited?: AuditSink) {
    const { db } = this.deps.database;
    const customer = await findOrderCustomer(db, orderId);
    const order = customer ? await findOrder(db, customer.userId, orderId) : undefined;
    if (!order) throw notFound(msg('Order not found.'));
    const now = this.deps.clock.now();
    const from = (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).filter((s) =>
      ORDER_TRANSITIONS[s].includes('Cancelled'),
    );
    // As the shopper's cancel: the placement's sold counts first, then one transaction that moves
    // the status (of two cancels one wins), gives the stock and voucher back and closes a payment
    // still waiting, so nobody pays for a cancelled order.
    await this.services.orderCounts.flush();
    const cancelled = await transaction(db, async (tx) => {
      if (!(await moveOrderStatus(tx, order.id, from, 'Cancelled', now))) return false;
      await restoreOrderStock(tx, order.id);
      await releaseOrderCoupon(tx, order.id);
      await setCancelReason(tx, order.id, reason);
      if (order.paymentState === 'pending' && this.services.payments.gateway(order.paymentMethod)?.online) {
        await this.services.payments.cancelPending(tx, order.paymentId, now);
      }
      // The conditional move above is what makes the status read before it the state it left.
      await audited?.(tx, {
        kind: 'order',
        action: 'cancel',
        recordId: order.id,
        before: { order_status: order.orderStatus, cancel_reason: null },
        after: { order_status: 'Cancelled', cancel_reason: reason },
      });
      return true;
    });
    if (!cancelled) throw new AppError(422, ErrorCode.Conflict, msg('This order can no longer be cancelled.'));
    await this.tell(order, 'Cancelled');
    return this.operatorDetails(orderId, locale);
  }

  /** Tells the customer about a status change, in the language the order was placed in. */
  private async tell(order: OrderRow, status: OrderStatus) {
    try {
      const user = await findCustomerContact(this.deps.database.db, order.userId);
      if (!user) return;
      const code = orderCodeOf(order.prefix, order.orderCode);
      const text = this.translator.text(order.locale, {
        ...STATUS_TEXT[status],
        params: { code, shop: order.shopName },
      });
      const subject = this.translator.text(
        order.locale,
        msg('Order {{code}}: {{status}}', { code, status: STATUS_NAME[status] }),
      );
      if (user.email) await this.deps.notifier.send({ channel: 'email', to: user.email, subject, text });
      else if (user.phone) {
        await this.deps.notifier.send({ channel: 'sms', to: `${user.phoneCode ?? ''}${user.phone}`, text });
      }
    } catch (error) {
      // The change is made; a message that could not be written is logged, never lost silently.
      this.deps.log.error({ err: error, orderId: order.id }, 'order status notification failed');
    }
  }

  private line(l: OrderLineRow): Omit<OrderLine, 'review' | 'is_returnable'> {
    return {
      id: l.id,
      product_id: l.productId,
      slug: l.slug,
      name: l.name,
      thumbnail: mediaUrl(l.thumbnail),
      brand: l.brand,
      price: toMoney(l.price),
      regular_price: toMoney(l.regularPrice),
      order_qty: l.quantity,
      subtotal: toMoney(l.price * l.quantity),
      color: l.colorName,
      size: l.sizeName,
      unit: l.unit,
      is_digital: l.isDigital,
    };
  }

  private summary(row: OrderListRow, lines: readonly OrderLineRow[], titles: Record<string, string>): OrderSummary {
    return {
      id: row.id,
      order_code: orderCodeOf(row.prefix, row.orderCode),
      shop: toOrderShop(row),
      quantity: row.quantity,
      amount: toMoney(row.payableAmount),
      payment_method: row.paymentMethod,
      payment_method_title: titles[row.paymentMethod] ?? row.paymentMethod,
      payment_status: row.paymentStatus,
      order_status: row.orderStatus,
      created_at: row.createdAt.toISOString(),
      products: lines.slice(0, 3).map((l) => ({
        id: l.id,
        name: l.name,
        thumbnail: mediaUrl(l.thumbnail),
        order_qty: l.quantity,
      })),
      has_digital: row.hasDigital,
    };
  }
}
