import { randomUUID } from 'node:crypto';
import { cartReplySchema, checkoutReplySchema, placeOrderReplySchema } from '@shop/contracts/cart';
import { orderDetailsReplySchema } from '@shop/contracts/orders';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import { idempotencyKeys } from '../../db/schema/idempotency';
import { flashSaleProducts } from '../../db/schema/marketing';
import { cartItems, coupons, orderProducts, orders, orderVatTaxes, payments } from '../../db/schema/orders';
import { products } from '../../db/schema/products';
import { shops } from '../../db/schema/shops';
import { users } from '../../db/schema/users';
import { executeRows } from '../../db/transaction';
import type { SignedIn } from '../../testing/auth';
import { signInNewCustomer } from '../../testing/auth';
import {
  cartCalls,
  createRunningFlashSale,
  createTestAddress,
  createTestProduct,
  createTestVoucher,
  seededShops,
} from '../../testing/commerce';
import { describeEachDatabase } from '../../testing/test-app';
import { OrderCounts } from '../orders/order-counts';
import { addProductsSold } from '../orders/orders.repository';
import { saveSetting } from '../settings/settings.repository';
import { type Placement, placeOrder } from './checkout.repository';

const rp = (n: number) => n * 100;

/**
 * Waits until `work` has settled or another session of this database waits for a lock, whichever
 * comes first (a readiness signal, not a sleep).
 */
async function settledOrWaitingForLock(client: pg.Client, work: Promise<unknown>) {
  let settled = false;
  work.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  for (let tries = 0; tries < 1000 && !settled; tries++) {
    const { rows } = await client.query(
      `select 1 from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
    );
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (!settled) throw new Error('neither settled nor waited for a lock within 10 s');
}

describeEachDatabase('place order', (ctx, kind) => {
  let shopA: number;
  let shopB: number;
  beforeAll(async () => {
    [shopA, shopB] = (await seededShops(ctx.db, 2)).map((s) => s.id) as [number, number];
  });

  const newAddress = (session: SignedIn) => createTestAddress(ctx.app, session.bearerHeaders);
  const shopper = async () => {
    const { session, customer } = await signInNewCustomer(ctx.app, ctx.db);
    return {
      session,
      customer,
      calls: cartCalls(ctx.app, session.bearerHeaders),
      addressId: await newAddress(session),
    };
  };
  /** The order_place_account_verify setting; checkout rules are reused for a few seconds, so forget them. */
  const requireVerifiedAccount = async (on: boolean) => {
    await saveSetting(ctx.db, 'verify', {
      register_otp_verify: false,
      register_otp_type: 'email',
      forgot_otp_type: 'email',
      phone_required: true,
      phone_min_length: 8,
      phone_max_length: 16,
      order_place_account_verify: on,
    });
    ctx.clearCaches();
  };
  const ordersCountOf = async (ids: number[]) => {
    const rows = await ctx.db.select({ id: shops.id, n: shops.ordersCount }).from(shops).where(inArray(shops.id, ids));
    return ids.map((id) => rows.find((r) => r.id === id)?.n);
  };
  const stockOf = async (id: number) =>
    (await ctx.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]?.stock;

  it('makes one order per shop and one payment for all, takes the stock and empties the ordered lines', async () => {
    const { calls, addressId, customer, session } = await shopper();
    await ctx.services.orderCounts.flush();
    const countsBefore = await ordersCountOf([shopA, shopB]);
    const a = await createTestProduct(ctx.db, {
      shopId: shopA,
      price: rp(100_000),
      stock: 10,
      colorExtras: [rp(5_000)],
    });
    const b = await createTestProduct(ctx.db, { shopId: shopB, price: rp(50_000), stock: 10 });
    const c = await createTestProduct(ctx.db, { shopId: shopB, price: rp(20_000), stock: 10 });
    await calls.add({ product_id: a.id, quantity: 2, color: a.colorIds[0] });
    await calls.add({ product_id: b.id, quantity: 1 });
    await calls.add({ product_id: c.id, quantity: 1, is_buy_now: true });
    const preview = checkoutReplySchema.parse((await calls.checkout({ shop_ids: [shopA, shopB] })).json()).data;

    const res = await calls.placeOrder(
      {
        shop_ids: [shopA, shopB],
        address_id: addressId,
        payment_method: 'cash',
        note: 'Ring twice',
        expected_payable_amount: preview.checkout.payable_amount,
      },
      randomUUID(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { data, message } = placeOrderReplySchema.parse(res.json());
    expect(message).toBe('Order placed successfully');
    expect(data.order_payment_url).toBeNull();
    expect(data.payment).toMatchObject({
      amount: preview.checkout.payable_amount,
      payment_method: 'cash',
      status: 'pending',
      is_paid: false,
    });
    expect(data.payment.orders.map((o) => o.shop_id)).toEqual([shopA, shopB]);
    expect(data.payment.orders.every((o) => /^#[A-Z]+\d{6,}$/.test(o.order_code))).toBe(true);
    const sum = data.payment.orders.reduce((s, o) => s + o.payable_amount, 0);
    expect(Math.round(sum * 100)).toBe(Math.round(data.payment.amount * 100));

    expect(await stockOf(a.id)).toBe(8);
    expect(await stockOf(b.id)).toBe(9);
    expect(await stockOf(c.id)).toBe(10);
    const rows = await ctx.db.select().from(orders).where(eq(orders.userId, customer.id));
    expect(rows).toHaveLength(2);
    const orderA = rows.find((r) => r.shopId === shopA);
    expect(orderA).toMatchObject({
      totalAmount: rp(210_000),
      deliveryCharge: rp(10_000),
      taxAmount: rp(23_100),
      payableAmount: rp(243_100),
      note: 'Ring twice',
      orderStatus: 'Pending',
      paymentStatus: 'Pending',
    });
    expect(orderA?.address).toContain('Jl. Merdeka 1');
    const lines = await ctx.db
      .select()
      .from(orderProducts)
      .where(eq(orderProducts.orderId, orderA?.id ?? 0));
    expect(lines).toEqual([expect.objectContaining({ productId: a.id, quantity: 2, price: rp(105_000) })]);
    expect(
      await ctx.db
        .select()
        .from(orderVatTaxes)
        .where(eq(orderVatTaxes.orderId, orderA?.id ?? 0)),
    ).toEqual([expect.objectContaining({ name: 'VAT', amount: rp(23_100) })]);
    // The cart is empty; the buy-now line is untouched.
    expect((await calls.cart()).json()).toMatchObject({ data: { total: 0 } });
    expect((await calls.cart(true)).json()).toMatchObject({ data: { total: 1 } });
    // Order codes come from a sequence: two placements never share one.
    const codes = rows.map((r) => r.orderCode);
    expect(new Set(codes).size).toBe(2);
    // The reply, made from the placement's own rows, is the payment as the API reads it back.
    const readBack = await ctx.app.inject({ url: `/api/payments/${data.payment.id}`, headers: session.bearerHeaders });
    expect(readBack.json().data.payment).toEqual(data.payment);
    // Each shop counts one more order, and each product its quantity sold, once the counts are
    // written (at most a second later).
    await ctx.services.orderCounts.flush();
    expect(await ordersCountOf([shopA, shopB])).toEqual(countsBefore.map((n) => (n ?? 0) + 1));
    const sold = await ctx.db
      .select({ id: products.id, sold: products.soldCount })
      .from(products)
      .where(inArray(products.id, [a.id, b.id, c.id]));
    expect(new Map(sold.map((r) => [r.id, r.sold]))).toEqual(
      new Map([
        [a.id, 2],
        [b.id, 1],
        [c.id, 0],
      ]),
    );
  });

  it('answers a retry whose first reply was lost with the placement it made, placing nothing again', async () => {
    const { calls, addressId, customer } = await shopper();
    const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 10 });
    await calls.add({ product_id: p.id });
    const key = randomUUID();
    const body = { shop_ids: [shopA], address_id: addressId, payment_method: 'cash' };
    const first = await calls.placeOrder(body, key);
    expect(first.statusCode, first.body).toBe(200);
    // The process died between commit and reply: no stored reply, and its hold on the key freed.
    await ctx.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    const retry = await calls.placeOrder(body, key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data.payment).toEqual(first.json().data.payment);
    // With something new in the cart the retry still answers with the first placement.
    await ctx.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    await calls.add({ product_id: p.id });
    const later = await calls.placeOrder(body, key);
    expect(later.json().data.payment.id).toBe(first.json().data.payment.id);
    expect(await ctx.db.select().from(payments).where(eq(payments.userId, customer.id))).toHaveLength(1);
    expect(await stockOf(p.id)).toBe(9);
  });

  it('prices from the catalogue, whatever prices the client sends (T8)', async () => {
    const { calls, addressId } = await shopper();
    const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 5 });
    await calls.add({ product_id: p.id, price: 1, discount_price: 1 });
    const res = await calls.placeOrder(
      {
        shop_ids: [shopA],
        address_id: addressId,
        payment_method: 'cash',
        payable_amount: 1,
        total_amount: 1,
        coupon_discount: 1_000_000,
        products: [{ id: p.id, price: 1 }],
      },
      randomUUID(),
    );
    expect(res.statusCode, res.body).toBe(200);
    // Rp 10.000 + Rp 10.000 delivery + 11% VAT.
    expect(placeOrderReplySchema.parse(res.json()).data.payment.amount).toBe(21_100);
  });

  it('replays the first reply for the same Idempotency-Key, and refuses it with another body', async () => {
    const { calls, addressId } = await shopper();
    const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 10 });
    const key = randomUUID();
    const body = { shop_ids: [shopA], address_id: addressId, payment_method: 'cash' };
    // A placement that placed nothing holds nothing: the same key places once the cart is filled.
    const empty = await calls.placeOrder(body, key);
    expect(empty.json()).toMatchObject({ code: 'CART_EMPTY' });
    expect(empty.headers['idempotent-replayed']).toBeUndefined();
    await calls.add({ product_id: p.id });
    const first = await calls.placeOrder(body, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await calls.placeOrder(body, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await calls.placeOrder({ ...body, note: 'other' }, key)).statusCode).toBe(422);
    expect(await stockOf(p.id)).toBe(9);
    const missingKey = await calls.post('/api/place-order', body);
    expect(missingKey.statusCode).toBe(400);
  });

  it('place_order writes nothing and says what changed since the cart was priced (cart, stock, flash sale, voucher, address, key, shop closed, product unpublished)', async () => {
    const { calls, customer, addressId } = await shopper();
    const someoneElse = await shopper();
    const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 3 });
    await calls.add({ product_id: p.id, quantity: 2 });
    const [line] = await ctx.db.select().from(cartItems).where(eq(cartItems.userId, customer.id));
    if (!line) throw new Error('no cart line');
    const now = new Date();
    const sale = await createRunningFlashSale(ctx.db, { productId: p.id, price: rp(5_000), quantity: 1, now });
    const voucher = await createTestVoucher(ctx.db, {
      shopId: shopA,
      discountType: 'Amount',
      discount: 1_000,
      limitForUser: 1,
      now,
    });
    const placement = (change: Partial<Placement>): Placement => ({
      payment: {
        id: randomUUID(),
        userId: customer.id,
        amount: rp(20_000),
        currency: 'IDR',
        paymentMethod: 'cash',
        idempotencyKey: null,
        createdAt: now,
      },
      addressId,
      idempotency: null,
      orders: [
        {
          order: {
            shopId: shopA,
            prefix: 'RC',
            couponId: voucher.id,
            totalAmount: rp(20_000),
            payableAmount: rp(20_000),
            quantity: 2,
            paymentMethod: 'cash',
          },
          lines: [{ productId: p.id, name: 'P', quantity: 2, price: rp(10_000), regularPrice: rp(10_000) }],
          vat: [],
        },
      ],
      cartLines: [{ id: line.id, productId: p.id, quantity: 2, colorId: null, sizeId: null }],
      stock: new Map([[p.id, 2]]),
      flash: [],
      coupons: [],
      ...change,
    });
    // The cart line was changed (another tab), the stock fell, the sale sold out, the voucher was used up.
    expect(await placeOrder(ctx.db, placement({ cartLines: [{ ...line, productId: p.id, quantity: 1 }] }))).toEqual({
      reason: 'cart_changed',
    });
    expect(await placeOrder(ctx.db, placement({ stock: new Map([[p.id, 4]]) }))).toEqual({
      reason: 'out_of_stock',
      productId: p.id,
      left: 3,
    });
    // Of several products taken by one statement, the one short is named and none is taken.
    const q = await createTestProduct(ctx.db, { shopId: shopA, price: rp(1_000), stock: 10 });
    expect(
      await placeOrder(
        ctx.db,
        placement({
          stock: new Map([
            [q.id, 11],
            [p.id, 1],
          ]),
        }),
      ),
    ).toEqual({ reason: 'out_of_stock', productId: q.id, left: 10 });
    expect(await stockOf(q.id)).toBe(10);
    expect(
      await placeOrder(ctx.db, placement({ flash: [{ flashSaleId: sale, productId: p.id, quantity: 2 }] })),
    ).toEqual({ reason: 'flash_sold_out', productId: p.id });
    expect(await placeOrder(ctx.db, placement({ coupons: [{ id: voucher.id, code: voucher.code, uses: 2 }] }))).toEqual(
      { reason: 'voucher_unavailable', code: voucher.code },
    );
    // Another shopper's address; a key used already (by another request), and the same key
    // claimed by a placement that then found the stock gone: that claim was not kept either.
    expect(await placeOrder(ctx.db, placement({ addressId: someoneElse.addressId }))).toEqual({
      reason: 'address_invalid',
    });
    const usedKey = { key: randomUUID(), requestHash: 'a'.repeat(64), expiredBefore: new Date(now.getTime() - 1000) };
    await ctx.db
      .insert(idempotencyKeys)
      .values({ userId: customer.id, key: usedKey.key, requestHash: 'b'.repeat(64), createdAt: now });
    expect(await placeOrder(ctx.db, placement({ idempotency: usedKey }))).toEqual({ reason: 'key_used' });
    const freshKey = { ...usedKey, key: randomUUID() };
    expect(await placeOrder(ctx.db, placement({ idempotency: freshKey, stock: new Map([[p.id, 4]]) }))).toMatchObject({
      reason: 'out_of_stock',
    });
    expect(await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, freshKey.key))).toEqual([]);
    // The seller closed the shop for now, or unpublished the product, since the cart was priced.
    await ctx.db.update(shops).set({ isClosed: true }).where(eq(shops.id, shopA));
    try {
      expect(await placeOrder(ctx.db, placement({}))).toEqual({ reason: 'shop_closed', shopId: shopA });
    } finally {
      await ctx.db.update(shops).set({ isClosed: false }).where(eq(shops.id, shopA));
    }
    await ctx.db.update(products).set({ isActive: false }).where(eq(products.id, p.id));
    try {
      expect(await placeOrder(ctx.db, placement({}))).toEqual({ reason: 'product_unavailable', productId: p.id });
    } finally {
      await ctx.db.update(products).set({ isActive: true }).where(eq(products.id, p.id));
    }
    // None of them wrote anything.
    expect(await stockOf(p.id)).toBe(3);
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.userId, customer.id))).toHaveLength(1);
    expect(await ctx.db.select().from(payments).where(eq(payments.userId, customer.id))).toEqual([]);
    const [unused] = await ctx.db.select().from(coupons).where(eq(coupons.id, voucher.id));
    expect(unused?.usedCount).toBe(0);

    // As priced, it goes through: stock, flash quantity and voucher taken, the line gone, the key
    // claimed for the request (its reply to be stored), the address kept as text.
    const made = await placeOrder(
      ctx.db,
      placement({
        flash: [{ flashSaleId: sale, productId: p.id, quantity: 1 }],
        coupons: [{ id: voucher.id, code: voucher.code, uses: 1 }],
        idempotency: freshKey,
      }),
    );
    expect('orders' in made && made.orders.map((o) => o.shopId)).toEqual([shopA]);
    const [claim] = await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, freshKey.key));
    expect(claim).toMatchObject({ userId: customer.id, requestHash: freshKey.requestHash, statusCode: null });
    const [order] = await ctx.db.select().from(orders).where(eq(orders.userId, customer.id));
    expect(order?.addressId).toBe(addressId);
    expect(order?.address).toMatch(/\S, \S/);
    // The same key again (a replay that got this far) places nothing.
    expect(await placeOrder(ctx.db, placement({ idempotency: freshKey, cartLines: [], stock: new Map() }))).toEqual({
      reason: 'key_used',
    });
    expect(await stockOf(p.id)).toBe(1);
    expect(await ctx.db.select().from(cartItems).where(eq(cartItems.userId, customer.id))).toEqual([]);
    const [used] = await ctx.db.select().from(coupons).where(eq(coupons.id, voucher.id));
    expect(used?.usedCount).toBe(1);
    // The shopper's own limit (1) is now reached.
    expect(
      await placeOrder(
        ctx.db,
        placement({ cartLines: [], stock: new Map(), coupons: [{ id: voucher.id, code: voucher.code, uses: 1 }] }),
      ),
    ).toEqual({ reason: 'voucher_unavailable', code: voucher.code });
  });

  it('order codes go on past 999999: six digits or more, never cut short', async () => {
    const { calls, addressId } = await shopper();
    const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(1_000), stock: 5 });
    const [before] = await executeRows<{ last_value: string }>(ctx.db, sql`select last_value from order_code_seq`);
    await ctx.db.execute(sql`select setval('order_code_seq', 999998)`);
    const codes: string[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        await calls.add({ product_id: p.id, quantity: 1 });
        const res = await calls.placeOrder(
          { shop_ids: [shopA], address_id: addressId, payment_method: 'cash' },
          randomUUID(),
        );
        expect(res.statusCode, res.body).toBe(200);
        codes.push(placeOrderReplySchema.parse(res.json()).data.payment.orders[0]?.order_code ?? '');
      }
    } finally {
      // The other tests' codes are six digits again (the codes below a million are still unused).
      const last = before?.last_value ?? '1';
      await ctx.db.execute(sql`select setval('order_code_seq', ${Number(last)})`);
    }
    expect(codes.map((c) => c.replace(/^#[A-Z]+/, ''))).toEqual(['999999', '1000000']);
  });

  it("a product's stock changes in place, on its own page, even where the products were written one after another", async () => {
    // Enough new products to fill pages of their own, written as a catalogue is.
    const made: number[] = [];
    for (let i = 0; i < 120; i++) {
      made.push((await createTestProduct(ctx.db, { shopId: shopA, price: rp(1_000), stock: 5 })).id);
    }
    const pageOf = async (ids: number[]) => {
      const rows = await executeRows<{ id: number; page: number }>(
        ctx.db,
        sql`select id, (ctid::text::point)[0]::int as page from products where id = any(${`{${ids.join(',')}}`}::int[])`,
      );
      return new Map(rows.map((r) => [r.id, r.page]));
    };
    const pages = await pageOf(made);
    // A page the new products filled (neither the first, shared with older rows, nor the last).
    const filled = [...new Set(pages.values())].sort((a, b) => a - b).slice(1, -1);
    expect(filled.length).toBeGreaterThan(0);
    const product = made.find((id) => pages.get(id) === filled[0]) as number;
    await ctx.db.execute(sql`update products set stock = stock - 1 where id = ${product}`);
    // Without room kept on the page (fillfactor), the new version would go to another page, and
    // every index of products would get an entry for it.
    expect((await pageOf([product])).get(product)).toBe(filled[0]);
  });

  // PGlite runs one transaction at a time: there is nothing to wait for there.
  it.skipIf(kind === 'pglite')(
    "the sold counts are written without waiting in a circle for a placement holding its lines' products",
    async () => {
      const q = await createTestProduct(ctx.db, { shopId: shopA, price: rp(1_000), stock: 5 });
      const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(1_000), stock: 5 });
      const placement = new pg.Client({ connectionString: ctx.databaseUrl ?? undefined });
      await placement.connect();
      try {
        // A placement has made its order lines (the foreign key holds key-share locks on their
        // products, here p) and has yet to take the stock of q.
        await placement.query('begin');
        await placement.query('select 1 from products where id = $1 for key share', [p.id]);
        // The counts of both are written meanwhile, locking q first (id order), then p.
        const counting = addProductsSold(
          ctx.db,
          new Map([
            [q.id, 2],
            [p.id, 3],
          ]),
          { skipLocked: false },
        );
        // Once the counts are written, or wait for p while holding q, go on: in the second case
        // this would be a deadlock (one of the two fails).
        await settledOrWaitingForLock(placement, counting);
        await placement.query('update products set stock = stock - 1 where id = $1', [q.id]);
        await placement.query('commit');
        await counting;
      } finally {
        await placement.end();
      }
      const rows = await ctx.db
        .select({ id: products.id, stock: products.stock, sold: products.soldCount })
        .from(products)
        .where(inArray(products.id, [q.id, p.id]))
        .orderBy(products.id);
      expect(rows).toEqual([
        { id: q.id, stock: 4, sold: 2 },
        { id: p.id, stock: 5, sold: 3 },
      ]);
    },
  );

  // PGlite runs one transaction at a time: nothing is ever held by another there.
  it.skipIf(kind === 'pglite')(
    "the timer's sold counts leave out a product a placement holds, without waiting, and write it later",
    async () => {
      const q = await createTestProduct(ctx.db, { shopId: shopA, price: rp(1_000), stock: 5 });
      const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(1_000), stock: 5 });
      const soldOf = async () =>
        (
          await ctx.db
            .select({ id: products.id, sold: products.soldCount })
            .from(products)
            .where(inArray(products.id, [q.id, p.id]))
            .orderBy(products.id)
        ).map((r) => r.sold);
      const placement = new pg.Client({ connectionString: ctx.databaseUrl ?? undefined });
      await placement.connect();
      const counts = new OrderCounts({ database: ctx.database, log: ctx.app.log }, 50);
      try {
        // A placement is taking p's stock: it holds p until it commits.
        await placement.query('begin');
        await placement.query('update products set stock = stock - 1 where id = $1', [p.id]);
        const held = await addProductsSold(
          ctx.db,
          new Map([
            [q.id, 2],
            [p.id, 3],
          ]),
          { skipLocked: true },
        );
        expect(held).toEqual([p.id]);
        expect(await soldOf()).toEqual([2, 0]);
        // The counts' timer leaves p for its next write while the placement holds it...
        const timed = counts.nextWrite();
        counts.add([], new Map([[p.id, 4]]));
        await timed;
        expect(await soldOf()).toEqual([2, 0]);
        await placement.query('commit');
        // ...and writes it once the placement is done (at its next write, or the one after).
        for (let writes = 0; (await soldOf())[1] === 0 && writes < 100; writes++) await counts.nextWrite();
        expect(await soldOf()).toEqual([2, 4]);
      } finally {
        await counts.stop();
        await placement.end();
      }
    },
  );

  it('takes the stock of every line together, or none of it when one line has too little left', async () => {
    const { calls, addressId } = await shopper();
    const a = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 5 });
    const b = await createTestProduct(ctx.db, { shopId: shopA, price: rp(20_000), stock: 5 });
    const body = { shop_ids: [shopA], address_id: addressId, payment_method: 'cash' };
    await calls.add({ product_id: a.id, quantity: 2 });
    await calls.add({ product_id: b.id, quantity: 3 });
    const placed = await calls.placeOrder(body, randomUUID());
    expect(placed.statusCode, placed.body).toBe(200);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([3, 2]);
    // Both in the cart again, then the second product sells down to one: nothing is taken.
    await calls.add({ product_id: a.id, quantity: 2 });
    await calls.add({ product_id: b.id, quantity: 2 });
    await ctx.db.update(products).set({ stock: 1 }).where(eq(products.id, b.id));
    const short = await calls.placeOrder(body, randomUUID());
    expect(short.statusCode, short.body).toBe(409);
    expect(short.json()).toMatchObject({ code: 'OUT_OF_STOCK' });
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([3, 1]);
  });

  it('sells the last units: a cart of exactly the stock is placed and leaves none (on every database)', async () => {
    const { calls, addressId } = await shopper();
    const one = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 1 });
    const three = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 3 });
    await calls.add({ product_id: one.id, quantity: 1 });
    await calls.add({ product_id: three.id, quantity: 3 });
    const placed = await calls.placeOrder(
      { shop_ids: [shopA], address_id: addressId, payment_method: 'cash' },
      randomUUID(),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    expect([await stockOf(one.id), await stockOf(three.id)]).toEqual([0, 0]);
    // Nothing is left for the next shopper.
    const next = await shopper();
    const add = await next.calls.add({ product_id: one.id, quantity: 1 });
    expect(add.statusCode).not.toBe(200);
  });

  it('fails, changing nothing, when the stock fell below the cart since the preview', async () => {
    const { calls, addressId, customer } = await shopper();
    const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 5 });
    await calls.add({ product_id: p.id, quantity: 4 });
    await ctx.db.update(products).set({ stock: 2 }).where(eq(products.id, p.id));
    const res = await calls.placeOrder(
      { shop_ids: [shopA], address_id: addressId, payment_method: 'cash' },
      randomUUID(),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'OUT_OF_STOCK' });
    expect(await stockOf(p.id)).toBe(2);
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, customer.id))).toEqual([]);
    expect(await ctx.db.select().from(payments).where(eq(payments.userId, customer.id))).toEqual([]);
  });

  it('prices from its own read as the preview does (size extra), and fails, changing nothing, for a product unlisted since', async () => {
    const { calls, addressId, customer } = await shopper();
    const sized = await createTestProduct(ctx.db, {
      shopId: shopA,
      price: rp(10_000),
      stock: 5,
      sizeExtras: [rp(2_500)],
    });
    const other = await createTestProduct(ctx.db, { shopId: shopA, price: rp(30_000), stock: 5 });
    await calls.add({ product_id: sized.id, quantity: 2, size: sized.sizeIds[0] });
    await calls.add({ product_id: other.id, quantity: 1 });
    const preview = checkoutReplySchema.parse((await calls.checkout({ shop_ids: [shopA] })).json()).data;
    expect(preview.checkout.total_amount).toBe(55_000);

    // A product switched off (or whose shop closed) since the preview is not ordered.
    await ctx.db.update(products).set({ isActive: false }).where(eq(products.id, other.id));
    const refused = await calls.placeOrder(
      { shop_ids: [shopA], address_id: addressId, payment_method: 'cash' },
      randomUUID(),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: 'Some products are no longer available in the quantity you chose. Please check your cart.',
    });
    expect(await stockOf(sized.id)).toBe(5);
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, customer.id))).toEqual([]);

    // Back on sale: the placement's total is the preview's, the size's extra price included.
    await ctx.db.update(products).set({ isActive: true }).where(eq(products.id, other.id));
    const placed = await calls.placeOrder(
      {
        shop_ids: [shopA],
        address_id: addressId,
        payment_method: 'cash',
        expected_payable_amount: preview.checkout.payable_amount,
      },
      randomUUID(),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.userId, customer.id));
    expect(order?.totalAmount).toBe(rp(55_000));
    const lines = await ctx.db
      .select()
      .from(orderProducts)
      .where(eq(orderProducts.orderId, order?.id ?? 0));
    expect(lines).toEqual(
      expect.arrayContaining([expect.objectContaining({ productId: sized.id, quantity: 2, price: rp(12_500) })]),
    );
    expect(lines.find((l) => l.productId === sized.id)?.sizeName).toMatch(/^Size /);
  });
  it('fails with a clear message, never a silent price change, when a coupon or the total changed', async () => {
    const { calls, addressId } = await shopper();
    const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(100_000), stock: 5 });
    const voucher = await createTestVoucher(ctx.db, {
      shopId: shopA,
      discountType: 'Amount',
      discount: rp(10_000),
      now: ctx.clock.now(),
    });
    await calls.add({ product_id: p.id });
    const preview = checkoutReplySchema.parse(
      (await calls.checkout({ shop_ids: [shopA], coupon_code: voucher.code.toLowerCase() })).json(),
    );
    expect(preview.message).toBe('Coupon applied');
    expect(preview.data.checkout.coupon_discount).toBe(10_000);
    await ctx.db.update(coupons).set({ isActive: false }).where(eq(coupons.id, voucher.id));
    const base = { shop_ids: [shopA], address_id: addressId, payment_method: 'cash' };
    const stale = await calls.placeOrder({ ...base, coupon_code: voucher.code }, randomUUID());
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'CHECKOUT_CHANGED',
      message: `The coupon ${voucher.code} no longer applies. Please check the new total.`,
    });
    const total = await calls.placeOrder(
      { ...base, expected_payable_amount: preview.data.checkout.payable_amount },
      randomUUID(),
    );
    expect(total.statusCode).toBe(409);
    expect(total.json()).toMatchObject({ code: 'CHECKOUT_CHANGED' });
    expect(await stockOf(p.id)).toBe(5);
  });

  it('applies a collected voucher by itself, a typed code without collecting, within the limits', async () => {
    const { calls, addressId, customer } = await shopper();
    const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(100_000), stock: 50 });
    const collected = await createTestVoucher(ctx.db, {
      shopId: shopA,
      discountType: 'Percentage',
      discount: 10,
      maxDiscountAmount: rp(8_000),
      minOrderAmount: rp(150_000),
      limitForUser: 1,
      now: ctx.clock.now(),
    });
    await calls.add({ product_id: p.id });
    expect((await calls.post('/vouchers-collect', { coupon_id: collected.id })).statusCode).toBe(200);
    const again = await calls.post('/vouchers-collect', { coupon_id: collected.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'Voucher already collected' });
    // Below the minimum spend: nothing applies.
    let preview = checkoutReplySchema.parse((await calls.checkout({ shop_ids: [shopA] })).json()).data;
    expect(preview.checkout.coupon_discount).toBe(0);
    await calls.increment(p.id);
    preview = checkoutReplySchema.parse((await calls.checkout({ shop_ids: [shopA] })).json()).data;
    // 10% of 200.000 is 20.000, capped at 8.000.
    expect(preview.checkout.coupon_discount).toBe(8_000);
    expect(preview.checkout_items[0]?.coupon).toEqual({ id: collected.id, code: collected.code });
    const placed = await calls.placeOrder(
      { shop_ids: [shopA], address_id: addressId, payment_method: 'cash' },
      randomUUID(),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.userId, customer.id));
    expect(order).toMatchObject({ couponId: collected.id, couponDiscount: rp(8_000) });
    // Its per-user limit (1) is reached: the next checkout has no discount.
    await calls.add({ product_id: p.id, quantity: 2 });
    preview = checkoutReplySchema.parse((await calls.checkout({ shop_ids: [shopA] })).json()).data;
    expect(preview.checkout.coupon_discount).toBe(0);
    // A typed code applies without collecting; an unknown or expired one does not.
    const typed = await createTestVoucher(ctx.db, {
      shopId: shopA,
      discountType: 'Amount',
      discount: rp(1_000),
      now: ctx.clock.now(),
    });
    const expired = await createTestVoucher(ctx.db, {
      shopId: shopA,
      discountType: 'Amount',
      discount: rp(1_000),
      now: ctx.clock.now(),
      validDays: -1,
    });
    const byCode = checkoutReplySchema.parse(
      (await calls.checkout({ shop_ids: [shopA], coupon_code: typed.code })).json(),
    );
    expect(byCode).toMatchObject({
      message: 'Coupon applied',
      data: { apply_coupon: true, checkout: { coupon_discount: 1_000 } },
    });
    const old = checkoutReplySchema.parse(
      (await calls.checkout({ shop_ids: [shopA], coupon_code: expired.code })).json(),
    );
    expect(old).toMatchObject({ message: 'Coupon not applied', data: { apply_coupon: false } });
    // Another shop's code does not apply here.
    const other = await createTestVoucher(ctx.db, {
      shopId: shopB,
      discountType: 'Amount',
      discount: rp(1_000),
      now: ctx.clock.now(),
    });
    expect((await calls.checkout({ shop_ids: [shopA], coupon_code: other.code })).json()).toMatchObject({
      message: 'Coupon not applied',
    });
  });

  it('applies a platform voucher to the shops it is assigned to', async () => {
    const { calls, session } = await shopper();
    const a = await createTestProduct(ctx.db, { shopId: shopA, price: rp(100_000), stock: 5 });
    const b = await createTestProduct(ctx.db, { shopId: shopB, price: rp(100_000), stock: 5 });
    const platform = await createTestVoucher(ctx.db, {
      shopId: null,
      discountType: 'Amount',
      discount: rp(5_000),
      now: ctx.clock.now(),
      assignTo: [shopB],
    });
    await calls.add({ product_id: a.id });
    await calls.add({ product_id: b.id });
    const preview = checkoutReplySchema.parse(
      (await calls.checkout({ shop_ids: [shopA, shopB], coupon_code: platform.code })).json(),
    ).data;
    expect(preview.checkout_items.map((g) => [g.shop_id, g.summary.coupon_discount])).toEqual([
      [shopA, 0],
      [shopB, 5_000],
    ]);
    const listOf = async (url: string) =>
      (
        (await ctx.app.inject({ url, headers: session.bearerHeaders })).json() as {
          data: { coupons: { id: number; is_collected: boolean; voucher_type: string }[] };
        }
      ).data.coupons.find((c) => c.id === platform.id);
    expect(await listOf(`/api/get-vouchers?shop_id=${shopA}`)).toBeUndefined();
    expect(await listOf(`/api/get-vouchers?shop_id=${shopB}`)).toMatchObject({
      is_collected: false,
      voucher_type: 'Admin Voucher',
    });
    expect((await calls.post('/vouchers-collect', { coupon_id: platform.id })).statusCode).toBe(200);
    expect(await listOf(`/api/get-vouchers?shop_id=${shopB}`)).toMatchObject({ is_collected: true });
    expect(await listOf(`/get-collected-vouchers?shop_id=${shopB}`)).toMatchObject({ is_collected: true });
    expect(await listOf('/get-collected-vouchers')).toMatchObject({ is_collected: true });
  });

  it('takes a flash sale’s quantity and fails when the sale sold out since the preview', async () => {
    const { calls, addressId } = await shopper();
    const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(100_000), stock: 50 });
    const saleId = await createRunningFlashSale(ctx.db, {
      productId: p.id,
      price: rp(50_000),
      quantity: 5,
      now: ctx.clock.now(),
    });
    await calls.add({ product_id: p.id, quantity: 2 });
    const placed = await calls.placeOrder(
      { shop_ids: [shopA], address_id: addressId, payment_method: 'cash' },
      randomUUID(),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const [line] = await ctx.db.select().from(orderProducts).where(eq(orderProducts.productId, p.id));
    expect(line).toMatchObject({ price: rp(50_000), flashSaleId: saleId, quantity: 2 });
    expect(await stockOf(p.id)).toBe(48);
  });

  it('orders each colour and size of one product as a line of its own, with its own price and quantity', async () => {
    const { calls, addressId, session } = await shopper();
    const p = await createTestProduct(ctx.db, {
      shopId: shopA,
      price: rp(96_000),
      stock: 10,
      colorExtras: [0, rp(10_000)],
      sizeExtras: [0, rp(2_000)],
    });
    const [black, green] = p.colorIds as [number, number];
    const [small, medium] = p.sizeIds as [number, number];
    await calls.add({ product_id: p.id, color: black, size: small });
    const cart = cartReplySchema.parse(
      (await calls.add({ product_id: p.id, quantity: 2, color: green, size: medium })).json(),
    );
    const [blackLine, greenLine] = cart.data.cart_items[0]?.products ?? [];
    const preview = checkoutReplySchema.parse((await calls.checkout({ shop_ids: [shopA] })).json()).data;
    expect(preview.checkout_items[0]?.products.map((l) => [l.cart_item_id, l.quantity, l.subtotal])).toEqual([
      [blackLine?.cart_item_id, 1, 96_000],
      [greenLine?.cart_item_id, 2, 216_000],
    ]);
    const placed = await calls.placeOrder(
      {
        shop_ids: [shopA],
        address_id: addressId,
        payment_method: 'cash',
        expected_payable_amount: preview.checkout.payable_amount,
      },
      randomUUID(),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placeOrderReplySchema.parse(placed.json()).data.payment.orders[0]?.id ?? 0;
    const lines = await ctx.db
      .select()
      .from(orderProducts)
      .where(eq(orderProducts.orderId, orderId))
      .orderBy(orderProducts.id);
    // The lines of one placement are written in no set order.
    const byColour = (a: unknown[], b: unknown[]) => String(a[1]).localeCompare(String(b[1]));
    expect(lines.map((l) => [l.productId, l.colorName, l.sizeName, l.quantity, l.price]).sort(byColour)).toEqual([
      [p.id, blackLine?.color?.name, blackLine?.size?.name, 1, rp(96_000)],
      [p.id, greenLine?.color?.name, greenLine?.size?.name, 2, rp(108_000)],
    ]);
    // One stock for both lines; the order counts both.
    expect(await stockOf(p.id)).toBe(7);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ quantity: 3, totalAmount: rp(312_000) });
    expect((await calls.cart()).json()).toMatchObject({ data: { total: 0 } });

    const details = await ctx.app.inject({
      url: `/api/order-details?order_id=${orderId}`,
      headers: session.bearerHeaders,
    });
    expect(
      orderDetailsReplySchema
        .parse(details.json())
        .data.order.products.map((l) => [l.color, l.size, l.order_qty, l.price, l.subtotal])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      [blackLine?.color?.name, blackLine?.size?.name, 1, 96_000, 96_000],
      [greenLine?.color?.name, greenLine?.size?.name, 2, 108_000, 216_000],
    ]);
  });

  it('takes a flash sale’s quantity once for all the lines of its product', async () => {
    const { calls, addressId } = await shopper();
    const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(100_000), stock: 50, colorExtras: [0, 0] });
    const saleId = await createRunningFlashSale(ctx.db, {
      productId: p.id,
      price: rp(50_000),
      quantity: 3,
      now: ctx.clock.now(),
    });
    await calls.add({ product_id: p.id, quantity: 2, color: p.colorIds[0] });
    // The sale has 1 left for the second colour.
    expect((await calls.add({ product_id: p.id, quantity: 2, color: p.colorIds[1] })).statusCode).toBe(422);
    await calls.add({ product_id: p.id, quantity: 1, color: p.colorIds[1] });
    const placed = await calls.placeOrder(
      { shop_ids: [shopA], address_id: addressId, payment_method: 'cash' },
      randomUUID(),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const lines = await ctx.db.select().from(orderProducts).where(eq(orderProducts.productId, p.id));
    expect(lines.map((l) => [l.quantity, l.price, l.flashSaleId]).sort()).toEqual([
      [1, rp(50_000), saleId],
      [2, rp(50_000), saleId],
    ]);
    const [sale] = await ctx.db
      .select({ sold: flashSaleProducts.soldQuantity })
      .from(flashSaleProducts)
      .where(eq(flashSaleProducts.flashSaleId, saleId));
    expect(sale?.sold).toBe(3);
    expect(await stockOf(p.id)).toBe(47);
  });

  it('checks the payment method, the address and the account before anything', async () => {
    const { calls, addressId, customer } = await shopper();
    const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 5 });
    const base = { shop_ids: [shopA], address_id: addressId, payment_method: 'cash' };
    expect((await calls.placeOrder(base, randomUUID())).json()).toMatchObject({ code: 'CART_EMPTY' });
    await calls.add({ product_id: p.id });
    for (const method of ['paypal', 'stripe']) {
      const res = await calls.placeOrder({ ...base, payment_method: method }, randomUUID());
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ errors: { payment_method: ['The selected payment method is invalid.'] } });
    }
    const someoneElse = await shopper();
    const foreign = await calls.placeOrder({ ...base, address_id: someoneElse.addressId }, randomUUID());
    expect(foreign.json()).toMatchObject({ errors: { address_id: ['The selected address id is invalid.'] } });

    await requireVerifiedAccount(true);
    try {
      await ctx.db.update(users).set({ emailVerifiedAt: null, phoneVerifiedAt: null }).where(eq(users.id, customer.id));
      const unverified = await calls.placeOrder(base, randomUUID());
      expect(unverified.statusCode).toBe(422);
      expect(unverified.json()).toMatchObject({
        code: 'ACCOUNT_UNVERIFIED',
        message: 'Please verify your account first',
      });
      await ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, customer.id));
      expect((await calls.placeOrder(base, randomUUID())).statusCode).toBe(200);
    } finally {
      await requireVerifiedAccount(false);
    }
    const visitor = await ctx.app.inject({ method: 'POST', url: '/place-order', payload: base });
    expect(visitor.statusCode).toBe(401);
    const ordered = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(inArray(orders.userId, [customer.id]));
    expect(ordered).toHaveLength(1);
  });
});
