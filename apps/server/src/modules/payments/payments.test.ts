import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paymentReplySchema, placeOrderReplySchema } from '@shop/contracts/cart';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../db/schema/orders';
import { paymentGateways } from '../../db/schema/settings';
import { type SignedIn, signInNewCustomer } from '../../testing/auth';
import { cartCalls, createTestAddress, createTestProduct, seededShops } from '../../testing/commerce';
import { createTestApp, databaseTargets, type TestApp } from '../../testing/test-app';
import { createPaymentGateways } from './gateways/payment-gateways';

const WEBHOOK_SECRET = 'whsec_test_secret';

/** A local stand-in for Stripe's API: it answers Checkout Session creation and records the calls. */
async function startStripeStandIn() {
  const calls: { path: string; body: string; idempotencyKey: string | undefined }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const path = req.url ?? '';
      calls.push({ path, body, idempotencyKey: req.headers['idempotency-key'] as string | undefined });
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.method === 'GET' && path.startsWith('/v1/checkout/sessions/')) {
        // A paid session names its PaymentIntent.
        const id = path.split('/').at(-1);
        res.end(JSON.stringify({ id, object: 'checkout.session', payment_intent: `pi_for_${id}` }));
      } else if (path === '/v1/refunds') {
        res.end(JSON.stringify({ id: `re_test_${calls.length}`, object: 'refund', status: 'succeeded' }));
      } else {
        const id = `cs_test_${calls.length}`;
        res.end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function signedEvent(event: Record<string, unknown>) {
  const payload = JSON.stringify(event);
  const header = new Stripe('sk_test_any').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return { payload, header };
}

for (const kind of databaseTargets()) {
  describe(`payments (${kind})`, () => {
    let ctx: TestApp;
    let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
    let shopId: number;

    beforeAll(async () => {
      stripe = await startStripeStandIn();
      ctx = await createTestApp({
        kind,
        deps: {
          payments: createPaymentGateways({ stripeHost: { host: '127.0.0.1', port: stripe.port, protocol: 'http' } }),
        },
      });
      await ctx.db
        .update(paymentGateways)
        .set({ isActive: true, config: { secret_key: 'sk_test_local', webhook_secret: WEBHOOK_SECRET } })
        .where(eq(paymentGateways.name, 'stripe'));
      ctx.clearCaches();
      shopId = ((await seededShops(ctx.db, 1))[0] as { id: number }).id;
    });
    afterAll(async () => {
      await ctx?.close();
      await stripe?.close();
    });

    const placeWith = async (method: string) => {
      const { session, customer } = await signInNewCustomer(ctx.app, ctx.db);
      const calls = cartCalls(ctx.app, session.bearerHeaders);
      const product = await createTestProduct(ctx.db, { shopId, price: 5_000_000, stock: 10 });
      await calls.add({ product_id: product.id });
      const addressId = await createTestAddress(ctx.app, session.bearerHeaders);
      const res = await calls.placeOrder(
        { shop_ids: [shopId], address_id: addressId, payment_method: method },
        randomUUID(),
      );
      expect(res.statusCode, res.body).toBe(200);
      return { session, customer, reply: placeOrderReplySchema.parse(res.json()).data };
    };
    const paymentRow = async (id: string) => (await ctx.db.select().from(payments).where(eq(payments.id, id)))[0];
    const orderStatuses = async (paymentId: string) =>
      (await ctx.db.select({ s: orders.paymentStatus }).from(orders).where(eq(orders.paymentId, paymentId))).map(
        (r) => r.s,
      );

    it('sandbox: the payment page’s Pay settles it on the server, once; Cancel closes an unpaid one', async () => {
      const { session, reply } = await placeWith('sandbox');
      expect(reply.order_payment_url).toBe(`/payment/${reply.payment.id}`);
      const get = (s: SignedIn) =>
        ctx.app.inject({ url: `/api/payments/${reply.payment.id}`, headers: s.bearerHeaders });
      const shown = paymentReplySchema.parse((await get(session)).json()).data.payment;
      expect(shown).toMatchObject({ status: 'pending', amount: 65_500, payment_method: 'sandbox' });
      expect(shown.payment_method_title).toBe('Sandbox Payment');

      const pay = () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/payments/${reply.payment.id}/sandbox/pay`,
          headers: session.bearerHeaders,
        });
      const paid = await pay();
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paymentReplySchema.parse(paid.json()).data.payment).toMatchObject({ status: 'paid', is_paid: true });
      expect(await orderStatuses(reply.payment.id)).toEqual(['Paid']);
      const paidAt = (await paymentRow(reply.payment.id))?.paidAt;
      ctx.clock.advance(60_000);
      expect((await pay()).statusCode).toBe(200);
      expect((await paymentRow(reply.payment.id))?.paidAt).toEqual(paidAt);
      const cancelPaid = await ctx.app.inject({
        method: 'POST',
        url: `/api/payments/${reply.payment.id}/sandbox/cancel`,
        headers: session.bearerHeaders,
      });
      expect(cancelPaid.statusCode).toBe(400);

      const other = await placeWith('sandbox');
      const cancel = await ctx.app.inject({
        method: 'POST',
        url: `/api/payments/${other.reply.payment.id}/sandbox/cancel`,
        headers: other.session.bearerHeaders,
      });
      expect(paymentReplySchema.parse(cancel.json()).data.payment.status).toBe('cancelled');
      expect(await orderStatuses(other.reply.payment.id)).toEqual(['Pending']);
      const payCancelled = await ctx.app.inject({
        method: 'POST',
        url: `/api/payments/${other.reply.payment.id}/sandbox/pay`,
        headers: other.session.bearerHeaders,
      });
      expect(payCancelled.statusCode).toBe(400);
    });

    it('sandbox Pay is refused for a payment of another gateway', async () => {
      const { session, reply } = await placeWith('cash');
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/payments/${reply.payment.id}/sandbox/pay`,
        headers: session.bearerHeaders,
      });
      expect(res.statusCode).toBe(400);
      expect((await paymentRow(reply.payment.id))?.status).toBe('pending');
    });

    it('stripe: a Checkout Session per payment; only a signed webhook marks it paid, once', async () => {
      const { reply } = await placeWith('stripe');
      const call = stripe.calls.at(-1);
      expect(call?.path).toBe('/v1/checkout/sessions');
      expect(call?.idempotencyKey).toBe(`payment-${reply.payment.id}`);
      const form = new URLSearchParams(call?.body);
      expect(form.get('client_reference_id')).toBe(reply.payment.id);
      expect(form.get('line_items[0][price_data][unit_amount]')).toBe(String(Math.round(reply.payment.amount * 100)));
      expect(form.get('line_items[0][price_data][currency]')).toBe('idr');
      expect(reply.order_payment_url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
      const sessionId = (await paymentRow(reply.payment.id))?.gatewayReference;
      expect(sessionId).toMatch(/^cs_test_/);

      const event = (id: string, extra: Record<string, unknown> = {}) => ({
        id,
        object: 'event',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: sessionId,
            object: 'checkout.session',
            client_reference_id: reply.payment.id,
            payment_status: 'paid',
            amount_total: Math.round(reply.payment.amount * 100),
            currency: 'idr',
            ...extra,
          },
        },
      });
      const send = (payload: string, header: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/payments/stripe/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': header },
          payload,
        });

      // A forged signature, and a wrong amount, change nothing.
      const forged = signedEvent(event('evt_forged'));
      expect((await send(forged.payload, forged.header.replace(/v1=\w+/, `v1=${'0'.repeat(64)}`))).statusCode).toBe(
        400,
      );
      const wrongAmount = signedEvent(event('evt_amount', { amount_total: 1 }));
      expect((await send(wrongAmount.payload, wrongAmount.header)).json()).toMatchObject({ outcome: 'ignored' });
      const unpaid = signedEvent(event('evt_unpaid', { payment_status: 'unpaid' }));
      expect((await send(unpaid.payload, unpaid.header)).json()).toMatchObject({ outcome: 'ignored' });
      expect((await paymentRow(reply.payment.id))?.status).toBe('pending');

      const genuine = signedEvent(event('evt_paid'));
      expect((await send(genuine.payload, genuine.header)).json()).toEqual({ received: true, outcome: 'paid' });
      expect((await paymentRow(reply.payment.id))?.status).toBe('paid');
      expect(await orderStatuses(reply.payment.id)).toEqual(['Paid']);
      // Delivered again, or the async event after it: nothing changes.
      expect((await send(genuine.payload, genuine.header)).json()).toMatchObject({ outcome: 'duplicate' });
      const later = signedEvent({ ...event('evt_async'), type: 'checkout.session.async_payment_succeeded' });
      const replays = await Promise.all([send(later.payload, later.header), send(later.payload, later.header)]);
      expect(replays.map((r) => r.statusCode)).toEqual([200, 200]);
      expect((await paymentRow(reply.payment.id))?.status).toBe('paid');

      // A refund (a digital top-up that failed) goes back through the session's PaymentIntent.
      expect(await ctx.services.payments.refund(reply.payment.id)).toBe(true);
      expect(stripe.calls.at(-2)?.path).toBe(`/v1/checkout/sessions/${sessionId}`);
      const refund = stripe.calls.at(-1);
      expect(refund?.path).toBe('/v1/refunds');
      expect(new URLSearchParams(refund?.body).get('payment_intent')).toBe(`pi_for_${sessionId}`);
      expect(refund?.idempotencyKey).toBe(`refund-${reply.payment.id}`);
    });

    it('a browser coming back from the gateway marks nothing paid', async () => {
      const { session, reply } = await placeWith('stripe');
      // The return address is the payment page; reading the payment is all it does.
      const back = await ctx.app.inject({ url: `/api/payments/${reply.payment.id}`, headers: session.bearerHeaders });
      expect(paymentReplySchema.parse(back.json()).data.payment.status).toBe('pending');
      expect(
        (await ctx.app.inject({ method: 'POST', url: '/api/payments/unknown/webhook', payload: '{}' })).statusCode,
      ).toBe(404);
    });
  });
}
