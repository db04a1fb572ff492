import { randomUUID } from 'node:crypto';
import { placeOrderReplySchema } from '@shop/contracts/cart';
import { orderDetailsReplySchema } from '@shop/contracts/orders';
import { returnDetailsReplySchema, returnsReplySchema } from '@shop/contracts/returns';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { returnOrderProducts, returnOrders } from '../../db/schema/returns';
import { signInNewCustomer } from '../../testing/auth';
import { cartCalls, createTestAddress, createTestProduct, deliverOrder, seededShops } from '../../testing/commerce';
import { multipart } from '../../testing/multipart';
import { describeEachDatabase } from '../../testing/test-app';

const rp = (n: number) => n * 100;
const DAY = 86_400_000;

describeEachDatabase('returns', (ctx) => {
  let shopA: number;
  beforeAll(async () => {
    [shopA] = (await seededShops(ctx.db, 1)).map((s) => s.id) as [number];
  });

  const shopper = async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const headers = { ...session.bearerHeaders };
    return { headers, calls: cartCalls(ctx.app, headers), addressId: await createTestAddress(ctx.app, headers) };
  };
  type Shopper = Awaited<ReturnType<typeof shopper>>;

  /** Orders the products (the first twice) from shop A; returns the order id. */
  const order = async (s: Shopper, productIds: number[], deliver = true) => {
    for (const id of productIds) expect((await s.calls.add({ product_id: id })).statusCode).toBe(200);
    expect((await s.calls.increment(productIds[0] as number)).statusCode).toBe(200);
    const res = await s.calls.placeOrder(
      { shop_ids: [shopA], address_id: s.addressId, payment_method: 'cash' },
      randomUUID(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const orderId = placeOrderReplySchema.parse(res.json()).data.payment.orders[0]?.id as number;
    if (deliver) await deliverOrder(ctx.services, orderId);
    return orderId;
  };
  const lines = async (s: Shopper, orderId: number) => {
    const res = await ctx.app.inject({ url: `/api/order-details?order_id=${orderId}`, headers: s.headers });
    return orderDetailsReplySchema.parse(res.json()).data.order.products;
  };
  const form = (
    orderId: number,
    lineIds: number[],
    reason = 'It arrived broken',
    bank: { account: string; name: string } = { account: '0123456789', name: 'BCA' },
  ) =>
    multipart([
      ['order_id', String(orderId)],
      ...lineIds.map((id): [string, string] => ['product_ids[]', String(id)]),
      ['reason', reason],
      ['bank_account_number', bank.account],
      ['bank_name', bank.name],
      ['return_address', 'Jl. Kembali 2, Jakarta'],
    ]);
  const ask = (s: Shopper, body: ReturnType<typeof multipart>, url = '/api/return-order', locale = 'en') =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...s.headers, 'content-type': body.contentType, 'accept-language': locale },
      payload: body.payload,
    });

  it('returns chosen lines of a delivered order: amount without tax or delivery, listed, detailed, once', async () => {
    const s = await shopper();
    const a = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 20 });
    const b = await createTestProduct(ctx.db, { shopId: shopA, price: rp(2_500), stock: 20 });
    const orderId = await order(s, [a.id, b.id]);
    const before = await lines(s, orderId);
    expect(before.every((l) => l.is_returnable)).toBe(true);
    const lineA = before.find((l) => l.product_id === a.id);
    expect(lineA?.order_qty).toBe(2);

    const res = await ask(s, form(orderId, [lineA?.id as number]), '/return-order');
    expect(res.statusCode, res.body).toBe(200);
    const made = returnDetailsReplySchema.parse(res.json()).data.return_order;
    expect(made).toMatchObject({
      order_id: orderId,
      amount: 20_000,
      quantity: 2,
      status: 'Pending',
      payment_status: 'Unpaid',
      reject_note: null,
      bank_name: 'BCA',
      bank_account_number: '0123456789',
      return_address: 'Jl. Kembali 2, Jakarta',
    });
    expect(made.order_code).toMatch(/^#\w+\d{6}$/);
    expect(made.shop.id).toBe(shopA);
    expect(made.products).toEqual([
      expect.objectContaining({
        order_product_id: lineA?.id,
        product_id: a.id,
        product_price: 10_000,
        quantity: 2,
        price: 20_000,
      }),
    ]);

    const after = await lines(s, orderId);
    expect(after.find((l) => l.id === lineA?.id)?.is_returnable).toBe(false);
    expect(after.find((l) => l.product_id === b.id)?.is_returnable).toBe(true);

    const again = await ask(s, form(orderId, [lineA?.id as number]));
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('A chosen product was already returned.');

    // JSON works as well, and the list shows both, newest first.
    const lineB = after.find((l) => l.product_id === b.id)?.id as number;
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/return-order',
      headers: s.headers,
      payload: {
        order_id: orderId,
        product_ids: [lineB],
        reason: 'x',
        bank_account_number: '9876543210',
        bank_name: 'BRI',
        return_address: 'y',
      },
    });
    expect(second.statusCode, second.body).toBe(200);
    const list = returnsReplySchema.parse((await ctx.app.inject({ url: '/return-orders', headers: s.headers })).json());
    expect(list.data.total).toBe(2);
    expect(list.data.return_orders.map((r) => r.amount)).toEqual([2_500, 20_000]);
    const page2 = returnsReplySchema.parse(
      (await ctx.app.inject({ url: '/api/return-orders?page=2&per_page=1', headers: s.headers })).json(),
    );
    expect(page2.data.return_orders.map((r) => r.id)).toEqual([made.id]);

    const shown = await ctx.app.inject({ url: `/return-order-details/${made.id}`, headers: s.headers });
    expect(returnDetailsReplySchema.parse(shown.json()).data.return_order).toEqual(made);
  });

  it('refuses with 422 per rule: not delivered, digital, not in the order, validation; 404 for another’s order', async () => {
    const s = await shopper();
    const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(1_000), stock: 20 });
    const pending = await order(s, [p.id], false);
    const [pendingLine] = await lines(s, pending);
    const res = await ask(s, form(pending, [pendingLine?.id as number]));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Only a delivered order can be returned.');

    const digital = await createTestProduct(ctx.db, { shopId: shopA, price: rp(1_000), stock: 20, isDigital: true });
    const withDigital = await order(s, [p.id, digital.id]);
    const digitalLines = await lines(s, withDigital);
    const refused = await ask(s, form(withDigital, [digitalLines[0]?.id as number]));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('An order with a digital product cannot be returned.');

    const delivered = await order(s, [p.id]);
    const notIn = await ask(s, form(delivered, [pendingLine?.id as number]));
    expect(notIn.statusCode).toBe(422);
    expect(notIn.json().message).toBe('A chosen product is not in this order.');

    const invalid = await ask(s, multipart([['order_id', String(delivered)]]));
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(
      ['bank_account_number', 'bank_name', 'product_ids', 'reason', 'return_address'].sort(),
    );
    const tooLong = await ask(s, form(delivered, [1], 'x'.repeat(2001)));
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.reason).toBeDefined();

    const other = await shopper();
    const [line] = await lines(s, delivered);
    const foreign = await ask(other, form(delivered, [line?.id as number]));
    expect(foreign.statusCode).toBe(404);
    const count = await ctx.db.select().from(returnOrders).where(eq(returnOrders.orderId, delivered));
    expect(count).toHaveLength(0);
  });

  it('takes the refund’s account as digits (spaces and dashes dropped), 6 to 20 of them, and a bank name; says what is wrong in the shopper’s language', async () => {
    const s = await shopper();
    const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(1_000), stock: 20 });
    const orderId = await order(s, [p.id]);
    const [line] = await lines(s, orderId);
    const lineIds = [line?.id as number];
    const refused = async (bank: { account: string; name: string }, locale = 'en') => {
      const res = await ask(s, form(orderId, lineIds, 'Broken', bank), '/api/return-order', locale);
      expect(res.statusCode, res.body).toBe(422);
      return res.json().errors as Record<string, string[]>;
    };
    expect((await refused({ account: 'abc-not-a-number', name: 'BCA' })).bank_account_number).toEqual([
      'The bank account number may contain only digits, spaces and dashes.',
    ]);
    expect((await refused({ account: '12-34 5', name: 'BCA' })).bank_account_number).toEqual([
      'The bank account number must have 6 to 20 digits.',
    ]);
    expect((await refused({ account: '1'.repeat(21), name: 'BCA' })).bank_account_number?.[0]).toBe(
      'The bank account number must have 6 to 20 digits.',
    );
    expect((await refused({ account: '0123456789', name: ' ' })).bank_name?.[0]).toBe(
      'The bank name field is required.',
    );
    expect((await refused({ account: '0123456789', name: 'B' })).bank_name?.[0]).toBe(
      'The bank name must be at least 2 characters.',
    );
    expect((await refused({ account: '0123456789', name: 'B'.repeat(101) })).bank_name?.[0]).toBe(
      'The bank name may not be greater than 100 characters.',
    );
    const ar = await refused({ account: 'abc-not-a-number', name: '' }, 'ar');
    expect(ar.bank_account_number?.[0]).toBe('يجب أن يحتوي رقم الحساب البنكي على أرقام ومسافات وشرطات فقط.');
    expect(ar.bank_name?.[0]).toBe('حقل اسم البنك مطلوب.');
    const id = await refused({ account: '123', name: 'B' }, 'id');
    expect(id.bank_account_number?.[0]).toBe('Nomor rekening bank harus terdiri dari 6 sampai 20 angka.');
    expect(id.bank_name?.[0]).toBe('Nama bank minimal 2 karakter.');
    const count = await ctx.db.select().from(returnOrders).where(eq(returnOrders.orderId, orderId));
    expect(count).toHaveLength(0);

    const res = await ask(s, form(orderId, lineIds, 'Broken', { account: ' 0123 4567-890 ', name: ' Bank Mandiri ' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(returnDetailsReplySchema.parse(res.json()).data.return_order).toMatchObject({
      bank_account_number: '01234567890',
      bank_name: 'Bank Mandiri',
    });
  });

  it('closes return_order_within_days after delivery (clock)', async () => {
    const s = await shopper();
    const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(1_000), stock: 20 });
    const orderId = await order(s, [p.id]);
    const [line] = await lines(s, orderId);
    const days = (await ctx.services.settings.checkoutRules()).returnOrderWithinDays;
    ctx.clock.advance(days * DAY);
    try {
      const late = await ask(s, form(orderId, [line?.id as number]));
      expect(late.statusCode).toBe(422);
      expect(late.json().message).toBe('The return period of this order is over.');
      ctx.clock.advance(-2000);
      const justInTime = await ask(s, form(orderId, [line?.id as number]));
      expect(justInTime.statusCode, justInTime.body).toBe(200);
    } finally {
      ctx.clock.advance(-(days * DAY) + 2000);
    }
  });

  it('T2: two concurrent returns of one line make one return; the other is told it was already returned', async () => {
    const s = await shopper();
    const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(1_000), stock: 20 });
    const orderId = await order(s, [p.id]);
    const [line] = await lines(s, orderId);
    const results = await Promise.all([0, 1, 2].map(() => ask(s, form(orderId, [line?.id as number]))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
    for (const r of results.filter((x) => x.statusCode === 422)) {
      expect(r.json().message).toBe('A chosen product was already returned.');
    }
    const rows = await ctx.db
      .select()
      .from(returnOrderProducts)
      .where(eq(returnOrderProducts.orderProductId, line?.id as number));
    expect(rows).toHaveLength(1);
    expect(await ctx.db.select().from(returnOrders).where(eq(returnOrders.orderId, orderId))).toHaveLength(1);
  });

  it('T9: keeps a reason with markup as the text it is', async () => {
    const s = await shopper();
    const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(1_000), stock: 20 });
    const orderId = await order(s, [p.id]);
    const [line] = await lines(s, orderId);
    const reason = '<script>alert(1)</script><img src=x onerror=alert(2)>{{7*7}}';
    const res = await ask(s, form(orderId, [line?.id as number], reason));
    expect(res.statusCode, res.body).toBe(200);
    expect(returnDetailsReplySchema.parse(res.json()).data.return_order.reason).toBe(reason);
  });

  it('another user’s return is not found', async () => {
    const s = await shopper();
    const other = await shopper();
    const res = await ctx.app.inject({ url: '/api/return-order-details/999999', headers: s.headers });
    expect(res.statusCode).toBe(404);
    const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(1_000), stock: 20 });
    const orderId = await order(s, [p.id]);
    const [line] = await lines(s, orderId);
    const made = (await ask(s, form(orderId, [line?.id as number]))).json().data.return_order.id;
    const foreign = await ctx.app.inject({ url: `/api/return-order-details/${made}`, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Return not found.');
  });
});
