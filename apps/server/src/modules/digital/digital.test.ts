import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paymentReplySchema } from '@shop/contracts/cart';
import {
  type DigitalOrder,
  digitalOrderReplySchema,
  digitalOrdersReplySchema,
  digitalProductsReplySchema,
  plnInquiryReplySchema,
} from '@shop/contracts/digital';
import { formatPlnToken } from '@shop/contracts/digital-numbers';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationOutbox } from '../../db/schema/accounts';
import { digitalOrders, digitalProviders } from '../../db/schema/digital';
import { payments } from '../../db/schema/orders';
import { executeRows } from '../../db/transaction';
import { type SignedIn, signInNewCustomer } from '../../testing/auth';
import { buyDigital, digitalProducts, orderDigital } from '../../testing/digital';
import { createTestApp, databaseTargets, type TestApp } from '../../testing/test-app';
import { createPaymentGateways } from '../payments/gateways/payment-gateways';
import { MAX_ATTEMPTS } from './digital.fulfilment';

const NO_JOB = { DIGITAL_JOB_INTERVAL_MS: '0' };

/** What the shopper was told, newest last. */
async function messagesTo(ctx: TestApp, to: string) {
  return ctx.db
    .select({ subject: notificationOutbox.subject, text: notificationOutbox.text })
    .from(notificationOutbox)
    .where(eq(notificationOutbox.to, to))
    .orderBy(notificationOutbox.id);
}

for (const kind of databaseTargets()) {
  describe(`digital top-ups with the sandbox provider (${kind})`, () => {
    let ctx: TestApp;
    let shopper: { session: SignedIn; customer: { email: string } };

    beforeAll(async () => {
      ctx = await createTestApp({ kind, env: NO_JOB });
      shopper = await signInNewCustomer(ctx.app, ctx.db);
    });
    afterAll(async () => {
      await ctx?.close();
    });

    const read = async (id: number, session = shopper.session) => {
      const res = await ctx.app.inject({ url: `/api/digital/orders/${id}`, headers: session.bearerHeaders });
      expect(res.statusCode, res.body).toBe(200);
      return digitalOrderReplySchema.parse(res.json()).data.order;
    };
    const pay = (order: DigitalOrder) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/payments/${order.payment.id}/sandbox/pay`,
        headers: shopper.session.bearerHeaders,
      });
    const productId = async (operator: 'telkomsel' | 'xl' | 'pln', code: string) => {
      const product = (await digitalProducts(ctx.app, operator)).find((p) => p.code === code);
      if (!product) throw new Error(`no ${code}`);
      return product.id;
    };
    const create = async (code: string, customerNumber: string, key?: string) => {
      const operator = code.startsWith('PLN') ? 'pln' : code.startsWith('S') ? 'telkomsel' : 'xl';
      return orderDigital(
        ctx.app,
        shopper.session.bearerHeaders,
        { product_id: await productId(operator, code), customer_number: customerNumber, payment_method: 'sandbox' },
        key,
      );
    };
    const created = async (code: string, customerNumber: string) => {
      const res = await create(code, customerNumber);
      expect(res.statusCode, res.body).toBe(200);
      return digitalOrderReplySchema.parse(res.json()).data.order;
    };

    it('lists an operator’s active denominations in order, with promo prices and stock', async () => {
      const res = await ctx.app.inject({ url: '/api/digital/products?operator=telkomsel' });
      expect(res.statusCode).toBe(200);
      const { operator, products } = digitalProductsReplySchema.parse(res.json()).data;
      expect(operator).toEqual({ key: 'telkomsel', name: 'Telkomsel', logo: '/operator-telkomsel.svg' });
      expect(products.map((p) => p.code)).toEqual(['S5', 'S10', 'S20', 'S25', 'S50', 'S100']);
      expect(products.map((p) => p.nominal)).toEqual([5_000, 10_000, 20_000, 25_000, 50_000, 100_000]);
      for (const p of products) expect(p.price).toBeGreaterThan(p.nominal);
      expect(products.find((p) => p.code === 'S20')?.promo_price).toBe(20_500);
      const xl = await digitalProducts(ctx.app, 'xl');
      expect(xl.find((p) => p.code === 'X25')?.in_stock).toBe(false);
      const pln = await digitalProducts(ctx.app, 'pln');
      expect(pln.map((p) => p.nominal)).toEqual([20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000]);
      expect(pln.every((p) => p.kind === 'pln')).toBe(true);
      expect((await ctx.app.inject({ url: '/api/digital/products?operator=indosat' })).statusCode).toBe(422);
    });

    it('inquires a PLN meter: a customer for a valid number, 422 under customer_number otherwise', async () => {
      const inquire = (customer_number: string) =>
        ctx.app.inject({ method: 'POST', url: '/api/digital/pln/inquiry', payload: { customer_number } });
      const found = await inquire('1423-4567-890');
      expect(found.statusCode, found.body).toBe(200);
      const { customer } = plnInquiryReplySchema.parse(found.json()).data;
      expect(customer).toMatchObject({ customer_number: '14234567890', meter_number: '14234567890' });
      expect(customer.name).toMatch(/^[A-Z ]+$/);
      expect(customer.segment_power).toMatch(/^R\d \/\d+$/);

      const missing = await inquire('14234567000');
      expect(missing.statusCode).toBe(422);
      expect(Object.keys(missing.json().errors)).toEqual(['customer_number']);
      expect(missing.json().errors.customer_number[0]).toMatch(/No PLN customer/);
      const short = await inquire('1234567');
      expect(short.statusCode).toBe(422);
      expect(short.json().errors.customer_number[0]).toMatch(/11-digit/);
    });

    it('refuses a number of another operator, a wrong length, a sold-out denomination and cash', async () => {
      const wrongOperator = await create('S10', '0878-1234-5678');
      expect(wrongOperator.statusCode).toBe(422);
      expect(wrongOperator.json().errors.customer_number[0]).toBe('This is a XL number: choose XL credit for it.');
      const indosat = await create('X10', '081512345678');
      expect(indosat.json().errors.customer_number[0]).toMatch(/Indosat/);
      const short = await create('S10', '0812345');
      expect(short.statusCode).toBe(422);
      expect(short.json().errors.customer_number[0]).toBe('This phone number is too short.');
      const plnShort = await create('PLN20', '1234567890123');
      expect(plnShort.json().errors.customer_number[0]).toMatch(/11-digit/);
      const soldOut = await create('X25', '087812345678');
      expect(soldOut.statusCode).toBe(422);
      expect(soldOut.json().errors.product_id[0]).toBe('This denomination is out of stock.');
      const cash = await orderDigital(ctx.app, shopper.session.bearerHeaders, {
        product_id: await productId('telkomsel', 'S10'),
        customer_number: '081234567890',
        payment_method: 'cash',
      });
      expect(cash.statusCode).toBe(422);
      expect(Object.keys(cash.json().errors)).toEqual(['payment_method']);
      const visitor = await ctx.app.inject({
        method: 'POST',
        url: '/api/digital/orders',
        headers: { 'idempotency-key': randomUUID() },
        payload: { product_id: 1, customer_number: '081234567890', payment_method: 'sandbox' },
      });
      expect(visitor.statusCode).toBe(401);
      const none = await ctx.db
        .select({ n: count() })
        .from(digitalOrders)
        .where(eq(digitalOrders.customerNumber, '087812345678'));
      expect(none[0]?.n).toBe(0);
    });

    it('top-up codes go on past 999999: six digits or more, never cut short', async () => {
      const [before] = await executeRows<{ last_value: string }>(
        ctx.db,
        sql`select last_value from digital_order_code_seq`,
      );
      await ctx.db.execute(sql`select setval('digital_order_code_seq', 999999)`);
      try {
        const res = await create('S20', '+62 812-3456-7890', randomUUID());
        expect(res.statusCode, res.body).toBe(200);
        expect(digitalOrderReplySchema.parse(res.json()).data.order.order_code).toBe('#D1000000');
      } finally {
        // The other tests' codes are six digits again (the codes below a million are still unused).
        const last = before?.last_value ?? '1';
        await ctx.db.execute(sql`select setval('digital_order_code_seq', ${Number(last)})`);
      }
    });

    it('one Idempotency-Key makes one order and one payment; the promo price is what is paid', async () => {
      const key = randomUUID();
      const first = await create('S20', '+62 812-3456-7890', key);
      expect(first.statusCode, first.body).toBe(200);
      const again = await create('S20', '+62 812-3456-7890', key);
      expect(again.statusCode).toBe(200);
      const order = digitalOrderReplySchema.parse(first.json()).data.order;
      expect(digitalOrderReplySchema.parse(again.json()).data.order.id).toBe(order.id);
      expect(order).toMatchObject({
        kind: 'pulsa',
        customer_number: '081234567890',
        price: 20_500,
        status: 'awaiting_payment',
        refund_status: 'none',
        token: null,
        payment: { status: 'pending', payment_method: 'sandbox', payment_url: null },
      });
      expect(order.order_code).toMatch(/^#D\d{6}$/);
      const rows = await ctx.db.select().from(payments).where(eq(payments.id, order.payment.id));
      expect(rows.map((p) => p.amount)).toEqual([2_050_000]);
      const byKey = await ctx.db
        .select({ n: count() })
        .from(digitalOrders)
        .where(eq(digitalOrders.idempotencyKey, key));
      expect(byKey[0]?.n).toBe(1);
    });

    it('sandbox Pay → processing → the job delivers the PLN token once and tells the shopper', async () => {
      const order = await created('PLN50', '14234567890');
      expect(order.customer_name).toMatch(/^[A-Z ]+$/);
      expect(order.segment_power).toBeTruthy();
      const paid = await pay(order);
      expect(paid.statusCode, paid.body).toBe(200);
      // The payment page copes with a payment that pays for no shop order.
      expect(paymentReplySchema.parse(paid.json()).data.payment).toMatchObject({ status: 'paid', orders: [] });
      expect((await read(order.id)).status).toBe('processing');

      expect(await ctx.services.digitalJob.runOnce()).toBe(1);
      const done = await read(order.id);
      expect(done.status).toBe('success');
      expect(done.token).toMatch(/^\d{20}$/);
      expect(done.serial_number).toContain(done.token ?? 'x');
      expect(done.fulfilled_at).not.toBeNull();
      // Paying again or another pass changes nothing.
      expect((await pay(order)).statusCode).toBe(200);
      expect(await ctx.services.digitalJob.runOnce()).toBe(0);
      expect((await read(order.id)).token).toBe(done.token);
      const told = (await messagesTo(ctx, shopper.customer.email)).filter((m) => m.text.includes(done.order_code));
      expect(told).toHaveLength(1);
      expect(told[0]?.text).toContain(formatPlnToken(done.token ?? ''));
    });

    it('pending first: asked again after its back-off (or at once by the owner), then delivered', async () => {
      const order = await created('S10', '081200001233');
      await pay(order);
      await ctx.services.digitalJob.runOnce();
      expect((await read(order.id)).status).toBe('processing');
      // Not due yet: the next pass does not ask.
      expect(await ctx.services.digitalJob.runOnce()).toBe(0);
      ctx.clock.advance(10_000);
      expect(await ctx.services.digitalJob.runOnce()).toBe(1);
      const done = await read(order.id);
      expect(done).toMatchObject({ status: 'success', token: null });
      expect(done.serial_number).toMatch(/^SN\d{16}$/);

      const other = await created('X10', '087800001233');
      await pay(other);
      await ctx.services.digitalJob.runOnce();
      const checked = await ctx.app.inject({
        method: 'POST',
        url: `/api/digital/orders/${other.id}/check`,
        headers: shopper.session.bearerHeaders,
      });
      expect(checked.statusCode, checked.body).toBe(200);
      expect(digitalOrderReplySchema.parse(checked.json()).data.order.status).toBe('success');
    });

    it('a refused top-up fails once, is refunded through the sandbox gateway, and the shopper is told', async () => {
      const order = await created('S5', '081200001232');
      await pay(order);
      await ctx.services.digitalJob.runOnce();
      const failed = await read(order.id);
      expect(failed).toMatchObject({ status: 'failed', refund_status: 'refunded', token: null });
      expect(failed.failure_message).toBe('The provider could not complete this top-up.');
      expect(failed.payment.status).toBe('refunded');
      const told = (await messagesTo(ctx, shopper.customer.email)).filter((m) => m.text.includes(failed.order_code));
      expect(told.map((m) => m.text)).toEqual([expect.stringMatching(/failed .*refunded/)]);
      // In the shopper's language.
      const inIndonesian = await ctx.app.inject({
        url: `/api/digital/orders/${order.id}`,
        headers: { ...shopper.session.bearerHeaders, 'accept-language': 'id' },
      });
      expect(inIndonesian.json().data.order.failure_message).toBe('Penyedia tidak dapat menyelesaikan isi ulang ini.');
    });

    it('gives up on a top-up still pending after the last attempt: failed and refunded, told once', async () => {
      await ctx.db
        .update(digitalProviders)
        .set({ config: { mode: 'pending' } })
        .where(eq(digitalProviders.name, 'sandbox'));
      try {
        const order = await created('S5', '081234569999');
        await pay(order);
        for (let pass = 0; pass < MAX_ATTEMPTS; pass++) {
          expect(await ctx.services.digitalJob.runOnce()).toBe(1);
          if (pass < MAX_ATTEMPTS - 1) expect((await read(order.id)).status).toBe('processing');
          ctx.clock.advance(10 * 60_000);
        }
        expect(await read(order.id)).toMatchObject({
          status: 'failed',
          refund_status: 'refunded',
          failure_message: 'The provider did not confirm this top-up in time.',
        });
        const row = (await ctx.db.select().from(digitalOrders).where(eq(digitalOrders.id, order.id)))[0];
        expect(row?.attempts).toBe(MAX_ATTEMPTS);
      } finally {
        await ctx.db
          .update(digitalProviders)
          .set({ config: { mode: 'by-number' } })
          .where(eq(digitalProviders.name, 'sandbox'));
      }
    });

    it('a process that stopped after settling a failure: the next pass refunds it and tells the shopper', async () => {
      const order = await created('S5', '081234568888');
      await pay(order);
      // As a process leaves it when it dies right after the failed settlement commits.
      await ctx.db
        .update(digitalOrders)
        .set({ status: 'failed', refundStatus: 'pending', nextAttemptAt: null, updatedAt: ctx.clock.now() })
        .where(eq(digitalOrders.id, order.id));
      await ctx.services.digitalJob.runOnce();
      expect((await read(order.id)).refund_status).toBe('pending');
      ctx.clock.advance(2 * 60_000);
      await ctx.services.digitalJob.runOnce();
      await ctx.services.digitalJob.runOnce();
      expect(await read(order.id)).toMatchObject({ refund_status: 'refunded', payment: { status: 'refunded' } });
      const told = (await messagesTo(ctx, shopper.customer.email)).filter((m) => m.text.includes(order.order_code));
      expect(told.map((m) => m.text)).toEqual([expect.stringMatching(/was refunded/)]);
    });

    it('a cancelled payment leaves the order waiting for payment; nothing is bought', async () => {
      const order = await created('S5', '081234560001');
      const cancel = await ctx.app.inject({
        method: 'POST',
        url: `/api/payments/${order.payment.id}/sandbox/cancel`,
        headers: shopper.session.bearerHeaders,
      });
      expect(cancel.statusCode).toBe(200);
      await ctx.services.digitalJob.runOnce();
      expect(await read(order.id)).toMatchObject({ status: 'awaiting_payment', payment: { status: 'cancelled' } });
    });

    it('lists the shopper’s orders newest first; another user sees neither them nor the token', async () => {
      const list = await ctx.app.inject({ url: '/api/digital/orders?page=1', headers: shopper.session.bearerHeaders });
      const { total, orders } = digitalOrdersReplySchema.parse(list.json()).data;
      expect(total).toBeGreaterThanOrEqual(6);
      expect(orders.map((o) => o.id)).toEqual([...orders.map((o) => o.id)].sort((a, b) => b - a));
      const withToken = orders.find((o) => o.token);
      expect(withToken).toBeDefined();
      const intruder = (await signInNewCustomer(ctx.app, ctx.db)).session;
      const theirs = await ctx.app.inject({ url: '/api/digital/orders', headers: intruder.bearerHeaders });
      expect(digitalOrdersReplySchema.parse(theirs.json()).data).toEqual({ total: 0, orders: [] });
      const peek = await ctx.app.inject({
        url: `/api/digital/orders/${withToken?.id}`,
        headers: intruder.bearerHeaders,
      });
      expect(peek.statusCode).toBe(404);
      expect(peek.body).not.toContain(withToken?.token ?? 'x');
      const unknown = await ctx.app.inject({ url: '/api/digital/orders/999999', headers: intruder.bearerHeaders });
      expect(peek.json()).toEqual(unknown.json());
    });
  });

  describe(`digital top-ups through the Digiflazz adapter against a local stand-in (${kind})`, () => {
    const username = 'buyer01';
    const apiKey = 'dev-key-123';
    const secret = 'whsec-digiflazz';
    let ctx: TestApp;
    let server: Server;
    let shopper: { session: SignedIn; customer: { email: string } };
    /** Every call the stand-in answered. */
    const calls: { path: string; body: Record<string, string> }[] = [];
    const sign = (body: string) => `sha1=${createHmac('sha1', secret).update(body).digest('hex')}`;

    beforeAll(async () => {
      server = createServer((req, res) => {
        let raw = '';
        req.on('data', (chunk) => {
          raw += chunk;
        });
        req.on('end', () => {
          const body = JSON.parse(raw) as Record<string, string>;
          calls.push({ path: req.url ?? '', body });
          res.writeHead(200, { 'content-type': 'application/json' });
          if (req.url === '/v1/inquiry-pln') {
            res.end(
              JSON.stringify({
                data: {
                  status: 'Sukses',
                  rc: '00',
                  customer_no: body.customer_no,
                  meter_no: body.customer_no,
                  subscriber_id: '532123456789',
                  name: 'SITI AMINAH',
                  segment_power: 'R1 /000001300',
                },
              }),
            );
            return;
          }
          // Every top-up is pending until its callback; a second ask with its ref_id is the same
          // transaction, so a purchase is a ref_id seen for the first time.
          res.end(
            JSON.stringify({
              data: { ref_id: body.ref_id, status: 'Pending', rc: '03', sn: '', message: 'Transaksi Pending' },
            }),
          );
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
      ctx = await createTestApp({ kind, env: NO_JOB });
      await ctx.db.update(digitalProviders).set({ isActive: false }).where(eq(digitalProviders.name, 'sandbox'));
      await ctx.db
        .update(digitalProviders)
        .set({
          isActive: true,
          config: { username, api_key: apiKey, webhook_secret: secret, testing: true, base_url: baseUrl },
        })
        .where(eq(digitalProviders.name, 'digiflazz'));
      shopper = await signInNewCustomer(ctx.app, ctx.db);
    });
    afterAll(async () => {
      await ctx?.close();
      await new Promise<void>((resolve) => server?.close(() => resolve()));
    });

    const callback = (payload: string, signature = sign(payload)) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/digital/callback/digiflazz',
        headers: { 'content-type': 'application/json', 'x-hub-signature': signature },
        payload,
      });

    it('an invalid meter number never reaches the provider', async () => {
      const before = calls.length;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/digital/pln/inquiry',
        payload: { customer_number: '12345' },
      });
      expect(res.statusCode).toBe(422);
      const order = await orderDigital(ctx.app, shopper.session.bearerHeaders, {
        product_id: (await digitalProducts(ctx.app, 'pln'))[0]?.id,
        customer_number: '1234-5',
        payment_method: 'sandbox',
      });
      expect(order.statusCode).toBe(422);
      expect(calls.length).toBe(before);
    });

    it('a paid PLN order is bought once with its ref_id and settled once by the signed callback', async () => {
      const order = await buyDigital(ctx, shopper.session, {
        operator: 'pln',
        customerNumber: '14234567890',
        pay: true,
        settle: false,
      });
      expect(order).toMatchObject({ status: 'processing', customer_name: 'SITI AMINAH' });
      const row = (await ctx.db.select().from(digitalOrders).where(eq(digitalOrders.id, order.id)))[0];
      const refId = row?.refId ?? '';
      expect(row?.provider).toBe('digiflazz');
      const bought = calls.filter((c) => c.path === '/v1/transaction');
      expect(bought.at(-1)?.body).toMatchObject({
        username,
        buyer_sku_code: 'PLN20',
        customer_no: '14234567890',
        ref_id: refId,
        testing: true,
      });

      const payload = JSON.stringify({
        data: {
          ref_id: refId,
          customer_no: '14234567890',
          buyer_sku_code: 'PLN20',
          status: 'Sukses',
          rc: '00',
          sn: '5566-7788-9900-1122-3344/SITI AMINAH/R1/1300/12.5',
          message: 'Transaksi Sukses',
        },
      });
      // A forged one is refused and changes nothing.
      expect((await callback(payload, 'sha1=0000')).statusCode).toBe(400);
      expect((await callback(payload.replace('Sukses', 'Gagal'), sign(payload))).statusCode).toBe(400);
      // Delivered twice, and twice at once, while the job asks again: one settlement, one message.
      ctx.clock.advance(10_000);
      const replies = await Promise.all([
        callback(payload),
        callback(payload),
        ctx.services.digitalJob.runOnce(),
        callback(payload),
      ]);
      const outcomes = replies
        .filter((r): r is Awaited<ReturnType<typeof callback>> => typeof r === 'object')
        .map((r) => r.json().outcome);
      expect(outcomes.filter((o) => o === 'success')).toHaveLength(1);
      const done = (
        await ctx.app.inject({ url: `/api/digital/orders/${order.id}`, headers: shopper.session.bearerHeaders })
      ).json().data.order as DigitalOrder;
      expect(done).toMatchObject({ status: 'success', token: '55667788990011223344' });
      expect((await callback(payload)).json().outcome).toBe('unchanged');
      // One purchase: every ask for this meter carried the order's one ref_id.
      const refs = calls.filter((c) => c.path === '/v1/transaction' && c.body.customer_no === '14234567890');
      expect(refs.length).toBeGreaterThanOrEqual(1);
      expect(new Set(refs.map((c) => c.body.ref_id))).toEqual(new Set([refId]));
      const told = (await messagesTo(ctx, shopper.customer.email)).filter((m) => m.text.includes(done.order_code));
      expect(told).toHaveLength(1);
      expect(told[0]?.text).toContain('5566 7788 9900 1122 3344');
      const stillOne = await ctx.db
        .select({ n: count() })
        .from(digitalOrders)
        .where(and(eq(digitalOrders.id, order.id), eq(digitalOrders.status, 'success')));
      expect(stillOne[0]?.n).toBe(1);
    });

    it('a callback for an unknown provider is 404, for an unknown ref_id ignored', async () => {
      const payload = JSON.stringify({ data: { ref_id: 'nope', status: 'Sukses', rc: '00', sn: '1' } });
      expect((await callback(payload)).json().outcome).toBe('ignored');
      const other = await ctx.app.inject({
        method: 'POST',
        url: '/api/digital/callback/nobody',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(other.statusCode).toBe(404);
    });
  });
}

describe('the fulfilment job runs in the server process', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { DIGITAL_JOB_INTERVAL_MS: '50' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('a payment marked paid is fulfilled without anyone asking', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const order = await buyDigital(ctx, session, { operator: 'xl', customerNumber: '087812340000' });
    await ctx.app.inject({
      method: 'POST',
      url: `/api/payments/${order.payment.id}/sandbox/pay`,
      headers: session.bearerHeaders,
    });
    let status = 'processing';
    for (let i = 0; i < 100 && status !== 'success'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const res = await ctx.app.inject({ url: `/api/digital/orders/${order.id}`, headers: session.bearerHeaders });
      status = res.json().data.order.status;
    }
    expect(status).toBe('success');
  });
});

describe('a failed top-up paid through a gateway that cannot refund', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    // The sandbox gateway without its refund: like a gateway the shop refunds by hand.
    const gateways = new Map(
      [...createPaymentGateways()].map(([name, g]) => [name, name === 'sandbox' ? { ...g, refund: undefined } : g]),
    );
    ctx = await createTestApp({ env: NO_JOB, deps: { payments: gateways } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('is marked for refund (never silently), the payment stays paid, and the shopper is told so', async () => {
    const { session, customer } = await signInNewCustomer(ctx.app, ctx.db);
    const order = await buyDigital(ctx, session, { operator: 'telkomsel', customerNumber: '081299991232', pay: true });
    expect(order).toMatchObject({ status: 'failed', refund_status: 'pending', payment: { status: 'paid' } });
    const told = (await messagesTo(ctx, customer.email)).map((m) => m.text);
    expect(told).toEqual([expect.stringMatching(/will be refunded/)]);
  });
});
