import { randomUUID } from 'node:crypto';
import { placeOrderReplySchema } from '@shop/contracts/cart';
import {
  orderAgainReplySchema,
  orderDetailsReplySchema,
  ordersReplySchema,
  productReviewReplySchema,
} from '@shop/contracts/orders';
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { notificationOutbox } from '../../db/schema/accounts';
import { flashSaleProducts } from '../../db/schema/marketing';
import { coupons, orders, payments } from '../../db/schema/orders';
import { products } from '../../db/schema/products';
import { shops } from '../../db/schema/shops';
import { executeRows } from '../../db/transaction';
import { signInNewCustomer } from '../../testing/auth';
import {
  cartCalls,
  createRunningFlashSale,
  createTestAddress,
  createTestProduct,
  createTestVoucher,
  deliverOrder,
  seededShops,
} from '../../testing/commerce';
import { signInSeller } from '../../testing/seller-centre';
import { describeEachDatabase } from '../../testing/test-app';

const rp = (n: number) => n * 100;

describeEachDatabase('orders after the purchase', (ctx) => {
  let shopA: number;
  let shopB: number;
  beforeAll(async () => {
    [shopA, shopB] = (await seededShops(ctx.db, 2)).map((s) => s.id) as [number, number];
  });

  const shopper = async (locale = 'en') => {
    const { session, customer } = await signInNewCustomer(ctx.app, ctx.db);
    const headers = { ...session.bearerHeaders, 'accept-language': locale };
    return {
      customer,
      headers,
      calls: cartCalls(ctx.app, headers),
      addressId: await createTestAddress(ctx.app, session.bearerHeaders),
    };
  };
  type Shopper = Awaited<ReturnType<typeof shopper>>;

  /** Places the shopper's cart of the given shops; returns the orders (one per shop) and the payment. */
  const place = async (s: Shopper, shopIds: number[], paymentMethod = 'cash') => {
    const res = await s.calls.placeOrder(
      { shop_ids: shopIds, address_id: s.addressId, payment_method: paymentMethod },
      randomUUID(),
    );
    expect(res.statusCode, res.body).toBe(200);
    return placeOrderReplySchema.parse(res.json()).data.payment;
  };
  const get = (s: Shopper, url: string) => ctx.app.inject({ url, headers: s.headers });
  const details = async (s: Shopper, orderId: number) => {
    const res = await get(s, `/api/order-details?order_id=${orderId}`);
    expect(res.statusCode, res.body).toBe(200);
    return orderDetailsReplySchema.parse(res.json()).data.order;
  };
  const stockOf = async (id: number) =>
    (
      await ctx.db.select({ stock: products.stock, sold: products.soldCount }).from(products).where(eq(products.id, id))
    )[0];

  it('logs the products a batch counts as sold, once per batch, so the replies showing their stock and sold figure follow', async () => {
    const [product] = await ctx.db
      .select({ id: products.id, shopId: products.shopId })
      .from(products)
      .where(eq(products.isActive, true))
      .limit(1);
    const logged = async () =>
      executeRows<{ n: number }>(
        ctx.db,
        sql`select count(*)::integer as n from catalogue_changes
          where ${product!.id} = any(product_ids) and not placement and not text`,
      ).then((rows) => Number(rows[0]?.n));
    const before = await logged();
    ctx.services.orderCounts.add([product!.shopId], new Map([[product!.id, 2]]));
    await ctx.services.orderCounts.flush();
    expect(await logged()).toBe(before + 1);
    // Counted once: a flush with nothing to add logs nothing.
    await ctx.services.orderCounts.flush();
    expect(await logged()).toBe(before + 1);
  });

  it('lists orders newest first with tab counts, filters by status and digital, pages by 10', async () => {
    const s = await shopper();
    const a = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 50 });
    const d = await createTestProduct(ctx.db, { shopId: shopB, price: rp(5_000), stock: 50, isDigital: true });
    const placed: number[] = [];
    for (let i = 0; i < 11; i++) {
      await s.calls.add({ product_id: a.id });
      placed.push(...(await place(s, [shopA])).orders.map((o) => o.id));
    }
    await s.calls.add({ product_id: d.id });
    const digital = (await place(s, [shopB])).orders[0]?.id as number;
    await deliverOrder(ctx.services, placed[0] as number);

    const first = ordersReplySchema.parse((await get(s, '/api/orders')).json()).data;
    expect(first.total).toBe(12);
    expect(first.orders).toHaveLength(10);
    expect(first.orders[0]?.id).toBe(digital);
    expect(first.orders[0]?.has_digital).toBe(true);
    expect(first.status_wise_orders).toMatchObject({ all: 12, pending: 11, delivered: 1, cancelled: 0 });
    expect(first.orders[1]?.order_code).toMatch(/^#[A-Z]+\d{6}$/);
    expect(first.orders[1]?.products[0]).toMatchObject({ name: expect.stringContaining('Test product'), order_qty: 1 });
    const second = ordersReplySchema.parse((await get(s, '/api/orders?page=2')).json()).data;
    expect(second.orders.map((o) => o.id)).toEqual([placed[1], placed[0]]);
    expect(first.orders.map((o) => o.id)).toEqual([digital, ...placed.slice(2).reverse()]);
    const delivered = ordersReplySchema.parse((await get(s, '/orders?order_status=Delivered')).json()).data;
    expect(delivered.orders.map((o) => o.id)).toEqual([placed[0]]);
    const digitalOnly = ordersReplySchema.parse((await get(s, '/api/orders?order_status=digital')).json()).data;
    expect(digitalOnly.orders.map((o) => o.id)).toEqual([digital]);
    expect((await get(s, '/api/orders?order_status=Shipped')).statusCode).toBe(422);

    // The dashboard counts them: 11 not delivered, 12 products ordered (one line each).
    const dashboard = (await get(s, '/api/dashboard')).json().data;
    expect(dashboard).toMatchObject({ on_going_orders: 11, ordered_products: 12 });
    await s.calls.post('/api/orders/cancel', { order_id: placed[5] });
    expect((await get(s, '/api/dashboard')).json().data).toMatchObject({ on_going_orders: 10, ordered_products: 11 });

    const other = await shopper();
    const empty = ordersReplySchema.parse((await get(other, '/api/orders')).json()).data;
    expect(empty).toMatchObject({ total: 0, orders: [] });
    expect(empty.status_wise_orders.all).toBe(0);
  });

  it("details: lines as ordered, totals with VAT lines, timeline, what can be done; another user's order is 404", async () => {
    const s = await shopper();
    const a = await createTestProduct(ctx.db, {
      shopId: shopA,
      price: rp(100_000),
      stock: 5,
      colorExtras: [rp(5_000)],
    });
    await s.calls.add({ product_id: a.id, quantity: 2, color: a.colorIds[0] });
    const payment = await place(s, [shopA], 'sandbox');
    const orderId = payment.orders[0]?.id as number;
    const order = await details(s, orderId);
    expect(order).toMatchObject({
      id: orderId,
      order_status: 'Pending',
      payment_status: 'Pending',
      payment_method: 'sandbox',
      can_cancel: true,
      can_pay: true,
      can_order_again: false,
      is_returnable: false,
      can_review: false,
      invoice_url: `/api/orders/${orderId}/invoice`,
    });
    expect(order.products).toEqual([
      expect.objectContaining({ product_id: a.id, price: 105_000, order_qty: 2, subtotal: 210_000, review: null }),
    ]);
    expect(order.products[0]?.color).toMatch(/^Colour /);
    expect(order.subtotal).toBe(210_000);
    expect(order.payable_amount).toBe(
      Math.round((order.subtotal + order.delivery_charge + order.tax_amount - order.coupon_discount) * 100) / 100,
    );
    expect(order.vat_taxes.reduce((sum, v) => sum + v.amount, 0)).toBeCloseTo(order.tax_amount, 2);
    // The tax's name once, without its rate (shown beside it), in the reader's language.
    expect(order.vat_taxes.map((v) => [v.name, v.percentage])).toEqual([['VAT', 11]]);
    // So is the payment method's title, here and in the list.
    expect(order.payment_method_title).toBe('Sandbox Payment');
    for (const [locale, name, method] of [
      ['id', 'PPN', 'Pembayaran Sandbox'],
      ['ar', 'ضريبة القيمة المضافة', 'الدفع التجريبي'],
    ] as const) {
      const headers = { ...s.headers, 'accept-language': locale };
      const res = await ctx.app.inject({ url: `/api/order-details?order_id=${orderId}`, headers });
      const translated = orderDetailsReplySchema.parse(res.json()).data.order;
      expect(translated.vat_taxes.map((v) => v.name)).toEqual([name]);
      expect(translated.payment_method_title).toBe(method);
      const list = ordersReplySchema.parse((await ctx.app.inject({ url: '/api/orders', headers })).json());
      expect(list.data.orders.find((o) => o.id === orderId)?.payment_method_title).toBe(method);
    }
    expect(order.timeline).toEqual([{ status: 'Pending', at: expect.any(String) }]);

    await deliverOrder(ctx.services, orderId);
    const delivered = await details(s, orderId);
    expect(delivered.timeline.map((t) => t.status)).toEqual([
      'Pending',
      'Confirm',
      'Processing',
      'Pickup',
      'On The Way',
      'Delivered',
    ]);
    expect(delivered).toMatchObject({
      can_cancel: false,
      can_order_again: true,
      can_review: true,
      is_returnable: true,
    });
    expect(delivered.delivered_at).not.toBeNull();
    // Delivered is not paid for an online order; a cash order is paid on delivery.
    expect(delivered.payment_status).toBe('Pending');
    await s.calls.add({ product_id: a.id });
    const cash = await place(s, [shopA], 'cash');
    await deliverOrder(ctx.services, cash.orders[0]?.id as number);
    expect((await details(s, cash.orders[0]?.id as number)).payment_status).toBe('Paid');
    const [cashPayment] = await ctx.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, cash.id));
    expect(cashPayment?.status).toBe('paid');

    const intruder = await shopper();
    for (const url of [`/api/order-details?order_id=${orderId}`, `/order-details?order_id=${orderId}`]) {
      expect((await get(intruder, url)).statusCode).toBe(404);
    }
    expect((await get(s, '/api/order-details?order_id=abc')).statusCode).toBe(422);
    expect((await get(s, '/api/order-details?order_id=2147483647')).statusCode).toBe(404);
  });

  it('the return window closes return_order_within_days after delivery (clock)', async () => {
    const s = await shopper();
    const a = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 5 });
    await s.calls.add({ product_id: a.id });
    const orderId = (await place(s, [shopA])).orders[0]?.id as number;
    await deliverOrder(ctx.services, orderId);
    const open = await details(s, orderId);
    expect(open.is_returnable).toBe(true);
    expect(new Date(open.last_return_date ?? 0).getTime() - new Date(open.delivered_at ?? 0).getTime()).toBe(
      open.return_order_within_days * 86_400_000,
    );
    ctx.clock.advance(open.return_order_within_days * 86_400_000 + 1000);
    try {
      const closed = await details(s, orderId);
      expect(closed.is_returnable).toBe(false);
      expect(closed.products[0]?.is_returnable).toBe(false);
    } finally {
      ctx.clock.advance(-(open.return_order_within_days * 86_400_000 + 1000));
    }
  });

  it('cancel: only while Pending; stock, sold count and flash-sale quantity come back once, even for two at once', async () => {
    const s = await shopper();
    const a = await createTestProduct(ctx.db, { shopId: shopA, price: rp(50_000), stock: 10 });
    const saleId = await createRunningFlashSale(ctx.db, {
      productId: a.id,
      price: rp(40_000),
      quantity: 5,
      now: ctx.clock.now(),
    });
    await s.calls.add({ product_id: a.id, quantity: 3 });
    const orderId = (await place(s, [shopA])).orders[0]?.id as number;
    // The stock is taken by the placement, the sold count follows (at most a second later).
    expect(await stockOf(a.id)).toMatchObject({ stock: 7 });
    await ctx.services.orderCounts.flush();
    expect(await stockOf(a.id)).toMatchObject({ stock: 7, sold: 3 });
    const soldInSale = async () =>
      (
        await ctx.db
          .select({ sold: flashSaleProducts.soldQuantity })
          .from(flashSaleProducts)
          .where(and(eq(flashSaleProducts.flashSaleId, saleId), eq(flashSaleProducts.productId, a.id)))
      )[0]?.sold;
    expect(await soldInSale()).toBe(3);

    const intruder = await shopper();
    expect((await intruder.calls.post('/api/orders/cancel', { order_id: orderId })).statusCode).toBe(404);

    const [one, two] = await Promise.all([
      s.calls.post('/api/orders/cancel', { order_id: orderId }),
      s.calls.post('/orders/cancel', { order_id: orderId }),
    ]);
    expect([one?.statusCode, two?.statusCode].sort()).toEqual([200, 422]);
    expect(await stockOf(a.id)).toMatchObject({ stock: 10, sold: 0 });
    expect(await soldInSale()).toBe(0);
    const order = await details(s, orderId);
    expect(order).toMatchObject({ order_status: 'Cancelled', can_cancel: false, can_pay: false });
    expect(order.timeline.map((t) => t.status)).toEqual(['Pending', 'Cancelled']);
    // An online payment waiting for this order and another one is closed; the other is paid anew.
    const b = await createTestProduct(ctx.db, { shopId: shopB, price: rp(20_000), stock: 10 });
    await s.calls.add({ product_id: a.id });
    await s.calls.add({ product_id: b.id });
    const online = await place(s, [shopA, shopB], 'sandbox');
    const [first, second] = online.orders;
    expect((await s.calls.post('/api/orders/cancel', { order_id: first?.id })).statusCode).toBe(200);
    const [closed] = await ctx.db.select({ status: payments.status }).from(payments).where(eq(payments.id, online.id));
    expect(closed?.status).toBe('cancelled');
    expect((await details(s, second?.id as number)).can_pay).toBe(true);
    const again = await get(s, `/api/order-payment/${second?.id}/sandbox`);
    const [fresh] = await ctx.db
      .select({ amount: payments.amount })
      .from(payments)
      .where(eq(payments.id, again.json().data.payment_id));
    expect(fresh?.amount).toBe(Math.round((await details(s, second?.id as number)).payable_amount * 100));
    // Confirmed orders cannot be cancelled by the shopper.
    await s.calls.add({ product_id: a.id });
    const confirmed = (await place(s, [shopA])).orders[0]?.id as number;
    expect(await ctx.services.orders.setStatus(confirmed, 'Confirm')).toBe(true);
    const late = await s.calls.post('/api/orders/cancel', { order_id: confirmed });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe('Only a pending order can be cancelled.');
  });

  it("cancelling gives back the order's use of its voucher's total limit (by the shopper and by the shop)", async () => {
    const s = await shopper();
    const product = await createTestProduct(ctx.db, { shopId: shopA, price: rp(50_000), stock: 10 });
    const voucher = await createTestVoucher(ctx.db, {
      shopId: shopA,
      discountType: 'Amount',
      discount: rp(5_000),
      totalLimit: 1,
      now: ctx.clock.now(),
    });
    const usedCount = async () =>
      (await ctx.db.select({ used: coupons.usedCount }).from(coupons).where(eq(coupons.id, voucher.id)))[0]?.used;
    const placeWithVoucher = async () => {
      expect((await s.calls.post('/api/vouchers-collect', { coupon_id: voucher.id })).statusCode).toBeLessThan(500);
      await s.calls.add({ product_id: product.id });
      const res = await s.calls.placeOrder(
        { shop_ids: [shopA], address_id: s.addressId, payment_method: 'cash', coupon_code: voucher.code },
        randomUUID(),
      );
      expect(res.statusCode, res.body).toBe(200);
      return placeOrderReplySchema.parse(res.json()).data.payment.orders[0]?.id as number;
    };
    const first = await placeWithVoucher();
    expect(await usedCount()).toBe(1);
    expect((await s.calls.post('/api/orders/cancel', { order_id: first })).statusCode).toBe(200);
    expect(await usedCount()).toBe(0);
    // The one use is free again: the next order takes it, and the shop cancelling it gives it back.
    const second = await placeWithVoucher();
    expect(await usedCount()).toBe(1);
    expect(await ctx.services.orders.setStatus(second, 'Confirm')).toBe(true);
    expect(await ctx.services.orders.setStatus(second, 'Cancelled')).toBe(true);
    expect(await usedCount()).toBe(0);
  });

  it('tells the customer of every status change in the language the order was placed in', async () => {
    const s = await shopper('id');
    const a = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 5 });
    await s.calls.add({ product_id: a.id });
    const placed = (await place(s, [shopA])).orders[0];
    const orderId = placed?.id as number;
    expect(await ctx.services.orders.setStatus(orderId, 'Confirm')).toBe(true);
    expect(await ctx.services.orders.setStatus(orderId, 'Delivered')).toBe(false);
    const sent = await ctx.db
      .select({ subject: notificationOutbox.subject, text: notificationOutbox.text })
      .from(notificationOutbox)
      .where(eq(notificationOutbox.to, s.customer.email))
      .orderBy(desc(notificationOutbox.id));
    expect(sent).toHaveLength(1);
    const [shop] = await ctx.db.select({ name: shops.name }).from(shops).where(eq(shops.id, shopA));
    expect(sent[0]?.text).toBe(`Pesanan Anda ${placed?.order_code} telah dikonfirmasi oleh ${shop?.name}.`);
  });

  it('pay again: a new payment for the unpaid orders of the checkout, the old one closed; 422 for cash', async () => {
    const s = await shopper();
    const a = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 5 });
    const b = await createTestProduct(ctx.db, { shopId: shopB, price: rp(20_000), stock: 5 });
    await s.calls.add({ product_id: a.id });
    await s.calls.add({ product_id: b.id });
    const first = await place(s, [shopA, shopB], 'sandbox');
    const orderId = first.orders[0]?.id as number;
    // Twice at once: whichever way they interleave, one payment is left open for both orders
    // (overlapping calls answer with the same one; a later one closes the earlier and opens its own).
    const [first1, twin] = await Promise.all([
      get(s, `/api/order-payment/${orderId}/sandbox`),
      get(s, `/api/order-payment/${first.orders[1]?.id}/sandbox`),
    ]);
    expect(first1.statusCode, first1.body).toBe(200);
    expect(twin.statusCode, twin.body).toBe(200);
    const open = await ctx.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.userId, s.customer.id), eq(payments.status, 'pending')));
    expect(open).toHaveLength(1);
    const res = [first1, twin].find((r) => r.json().data.payment_id === open[0]?.id) ?? first1;
    const { payment_id, order_payment_url } = res.json().data as { payment_id: string; order_payment_url: string };
    expect(payment_id).not.toBe(first.id);
    expect(order_payment_url).toBe(`/payment/${payment_id}`);
    const rows = await ctx.db
      .select({ id: payments.id, status: payments.status, amount: payments.amount })
      .from(payments)
      .where(eq(payments.userId, s.customer.id));
    expect(rows.find((p) => p.id === first.id)?.status).toBe('cancelled');
    const moved = await ctx.db
      .select({ paymentId: orders.paymentId, payable: orders.payableAmount })
      .from(orders)
      .where(eq(orders.userId, s.customer.id));
    expect(moved.every((o) => o.paymentId === payment_id)).toBe(true);
    expect(rows.find((p) => p.id === payment_id)?.amount).toBe(moved.reduce((sum, o) => sum + o.payable, 0));
    // The old payment cannot be paid any more; the new one can, and pays both orders.
    expect((await s.calls.post(`/api/payments/${first.id}/sandbox/pay`, {})).statusCode).toBe(400);
    expect((await s.calls.post(`/api/payments/${payment_id}/sandbox/pay`, {})).statusCode).toBe(200);
    expect((await details(s, orderId)).payment_status).toBe('Paid');
    expect((await get(s, `/order-payment/${orderId}/sandbox`)).statusCode).toBe(422);

    await s.calls.add({ product_id: a.id });
    const cash = (await place(s, [shopA], 'cash')).orders[0]?.id as number;
    expect((await get(s, `/api/order-payment/${cash}/cash`)).statusCode).toBe(422);
    expect((await get(s, `/api/order-payment/${cash}/nope`)).statusCode).toBe(422);
    const intruder = await shopper();
    expect((await get(intruder, `/api/order-payment/${orderId}/sandbox`)).statusCode).toBe(404);
  });

  it("order again: a Delivered order's lines go back in the cart with their size and unit; nothing is placed", async () => {
    const s = await shopper();
    const a = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 5, sizeExtras: [rp(1_000)] });
    const b = await createTestProduct(ctx.db, { shopId: shopA, price: rp(5_000), stock: 5 });
    const nameOf = async (id: number) =>
      (await ctx.db.select({ name: products.name }).from(products).where(eq(products.id, id)))[0]?.name ?? '';
    const [nameA, nameB] = [await nameOf(a.id), await nameOf(b.id)];
    await s.calls.add({ product_id: a.id, quantity: 2, size: a.sizeIds[0], unit: 'box' });
    await s.calls.add({ product_id: b.id, quantity: 1 });
    const orderId = (await place(s, [shopA])).orders[0]?.id as number;
    const again = (body: Record<string, unknown>, who: Shopper = s) => who.calls.post('/api/place-order/again', body);
    const early = await again({ order_id: orderId });
    expect(early.statusCode).toBe(422);
    await deliverOrder(ctx.services, orderId);
    await ctx.db
      .update(products)
      .set({ price: rp(12_000) })
      .where(eq(products.id, a.id));
    const ordersBefore = ordersReplySchema.parse((await get(s, '/api/orders')).json()).data.total;

    const res = await again({ order_id: orderId });
    expect(res.statusCode, res.body).toBe(200);
    const cart = orderAgainReplySchema.parse(res.json()).data;
    expect(cart.shop_ids).toEqual([shopA]);
    expect(cart.info).toBeNull();
    const lines = cart.cart_items.find((g) => g.shop_id === shopA)?.products ?? [];
    expect(lines.find((l) => l.id === a.id)).toMatchObject({
      quantity: 2,
      size: { id: a.sizeIds[0] },
      unit: 'box',
      price: 13_000,
    });
    expect(lines.find((l) => l.id === b.id)).toMatchObject({ quantity: 1 });
    // Nothing was placed: no new order, no stock taken. The shopper checks out from the cart.
    expect(ordersReplySchema.parse((await get(s, '/api/orders')).json()).data.total).toBe(ordersBefore);
    expect(await stockOf(a.id)).toMatchObject({ stock: 3 });
    expect((await s.calls.cart()).json().data.total).toBe(2);

    // A sold-out line is named; the others still go in.
    await ctx.db.update(products).set({ stock: 0 }).where(eq(products.id, b.id));
    await ctx.db.update(products).set({ stock: 20 }).where(eq(products.id, a.id));
    const partial = await again({ order_id: orderId });
    expect(partial.statusCode, partial.body).toBe(200);
    const after = orderAgainReplySchema.parse(partial.json()).data;
    expect(after.info).toContain(nameB);
    expect(after.info).not.toContain(nameA);
    expect(after.cart_items.flatMap((g) => g.products).find((l) => l.id === a.id)?.quantity).toBe(4);

    // None can be added: 409 naming them, the cart as it was.
    await ctx.db.update(products).set({ stock: 0 }).where(eq(products.id, a.id));
    const none = await again({ order_id: orderId });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'OUT_OF_STOCK' });
    expect(none.json().message).toContain(nameA);
    expect(none.json().message).toContain(nameB);

    expect((await again({})).statusCode).toBe(422);
    expect((await again({ order_id: 2147483647 })).statusCode).toBe(404);
    const intruder = await shopper();
    expect((await intruder.calls.post('/place-order/again', { order_id: orderId })).statusCode).toBe(404);
    expect((await intruder.calls.cart()).json().data.total).toBe(0);
  });

  it('reviews: delivered orders only, once per product per order (also at once), rating and count move', async () => {
    const s = await shopper();
    const a = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 5 });
    await s.calls.add({ product_id: a.id });
    const orderId = (await place(s, [shopA])).orders[0]?.id as number;
    const review = (body: Record<string, unknown>, who: Shopper = s) => who.calls.post('/api/product-review', body);
    const body = { order_id: orderId, product_id: a.id, rating: 4, description: '<script>alert(1)</script> Good' };
    expect((await review(body)).statusCode).toBe(422);
    await deliverOrder(ctx.services, orderId);
    expect((await review({ ...body, rating: 6 })).statusCode).toBe(422);
    expect((await review({ ...body, product_id: 2147483647 })).statusCode).toBe(422);
    const intruder = await shopper();
    expect((await review(body, intruder)).statusCode).toBe(404);

    const [shopBefore] = await ctx.db.select({ count: shops.reviewsCount }).from(shops).where(eq(shops.id, shopA));
    const [one, two] = await Promise.all([review(body), s.calls.post('/product-review', { ...body, rating: 2 })]);
    expect(one?.statusCode).toBe(200);
    expect(two?.statusCode).toBe(200);
    const first = productReviewReplySchema.parse(one?.json()).data.review;
    const second = productReviewReplySchema.parse(two?.json()).data.review;
    expect(second.id).toBe(first.id);
    const [product] = await ctx.db
      .select({ rating: products.ratingAvg, count: products.reviewsCount })
      .from(products)
      .where(eq(products.id, a.id));
    expect(product?.count).toBe(1);
    expect(product?.rating).toBe(first.rating);
    const [shopAfter] = await ctx.db.select({ count: shops.reviewsCount }).from(shops).where(eq(shops.id, shopA));
    expect(shopAfter?.count).toBe((shopBefore?.count ?? 0) + 1);
    const listed = await get(s, `/api/reviews?product_id=${a.id}`);
    expect(listed.json().data.reviews[0]).toMatchObject({ description: '<script>alert(1)</script> Good' });
    const order = await details(s, orderId);
    expect(order.products[0]?.review).toMatchObject({ id: first.id, rating: first.rating });
  });

  it('a seller who bought from their own shop cannot review it', async () => {
    const [shop] = await ctx.db.select({ id: shops.id, slug: shops.slug }).from(shops).where(eq(shops.id, shopA));
    const seller = await signInSeller(ctx.app, `${shop?.slug}@example.com`);
    const headers = seller.bearerHeaders;
    const calls = cartCalls(ctx.app, headers);
    const product = await createTestProduct(ctx.db, { shopId: shopA, price: rp(20_000), stock: 5 });
    expect((await calls.add({ product_id: product.id })).statusCode).toBe(200);
    const placed = await calls.placeOrder(
      { shop_ids: [shopA], address_id: await createTestAddress(ctx.app, headers), payment_method: 'cash' },
      randomUUID(),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placeOrderReplySchema.parse(placed.json()).data.payment.orders[0]!.id;
    await deliverOrder(ctx.services, orderId);
    const res = await calls.post('/api/product-review', {
      order_id: orderId,
      product_id: product.id,
      rating: 5,
      description: 'Best shop',
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe('You cannot review a product of your own shop.');
    const [after] = await ctx.db
      .select({ count: products.reviewsCount })
      .from(products)
      .where(eq(products.id, product.id));
    expect(after?.count).toBe(0);
  });
});
