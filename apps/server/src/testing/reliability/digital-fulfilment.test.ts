import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { DigitalOrder } from '@shop/contracts/digital';
import { eq, inArray, like } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationOutbox } from '../../db/schema/accounts';
import { digitalOrders, digitalProviders } from '../../db/schema/digital';
import { payments } from '../../db/schema/orders';
import { paymentGateways } from '../../db/schema/settings';
import { createPaymentGateways } from '../../modules/payments/gateways/payment-gateways';
import { type SignedIn, signInNewCustomer } from '../auth';
import { digitalProducts } from '../digital';
import { type ServerProcess as Proc, startServerProcess, stopServerProcess } from '../server-process';
import { createTestApp, databaseTargets, type TestApp } from '../test-app';

/**
 * Digital fulfilment's reliability (T3/T4 style, PostgreSQL, real server processes): a paid digital order
 * is bought from the provider once and settled and told once, whatever races it: sandbox Pay
 * replayed at once on two processes, provider callbacks replayed while the job and the owner's
 * check ask again, a process killed after the payment and one killed while asking the provider.
 * The provider is a local stand-in of Digiflazz that records every ref_id asked per number: one
 * number, one order, so more than one ref_id for a number would be a second purchase.
 */

const SECRET = 'whsec-reliability';
/** Bounded for CI: orders per scenario and replays per order. */
const ORDERS = Number(process.env.DIGITAL_T_ORDERS ?? 8);
const REPLAYS = Number(process.env.DIGITAL_T_REPLAYS ?? 16);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How the stand-in answers a number: at once, pending until told, or held (a slow provider). */
type Behaviour = 'success' | 'pending' | 'hold';

describe.skipIf(!databaseTargets().includes('postgres'))('digital fulfilment exactly once (PostgreSQL)', () => {
  let ctx: TestApp;
  let dataDir: string;
  let standIn: HttpServer;
  const running: Proc[] = [];
  /** ref_ids asked per customer number, and every ask. */
  const refsByNumber = new Map<string, Set<string>>();
  const asks: { ref: string; number: string }[] = [];
  const behaviour = new Map<string, Behaviour>();
  /** ref_ids whose result the stand-in now gives as Sukses (after their callback was sent). */
  const settled = new Set<string>();
  let shopper: SignedIn;
  let pulsaId: number;
  let numberSeq = 0;

  /** A fresh XL number per order (the stand-in tells orders apart by number). */
  const nextNumber = () => `0878${String(5_000_000 + numberSeq++).padStart(8, '0')}`;

  async function spawnServer(env: Record<string, string>): Promise<Proc> {
    const proc = await startServerProcess({
      databaseUrl: ctx.databaseUrl ?? '',
      dataDir,
      env: { DIGITAL_JOB_INTERVAL_MS: '100', DIGITAL_LEASE_SECONDS: '2', ...env },
    });
    running.push(proc);
    return proc;
  }

  async function stop(proc: Proc, signal: NodeJS.Signals) {
    const index = running.indexOf(proc);
    if (index >= 0) running.splice(index, 1);
    await stopServerProcess(proc, signal);
  }

  const call = async (proc: Proc, method: string, url: string, init: { body?: string; headers?: object } = {}) => {
    const res = await fetch(`http://127.0.0.1:${proc.port}${url}`, {
      method,
      headers: {
        ...shopper.bearerHeaders,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      body: init.body,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  /** Orders a pulsa top-up through `proc` for a fresh number answered the given way. */
  async function order(proc: Proc, how: Behaviour): Promise<DigitalOrder> {
    const number = nextNumber();
    behaviour.set(number, how);
    const res = await call(proc, 'POST', '/api/digital/orders', {
      body: JSON.stringify({ product_id: pulsaId, customer_number: number, payment_method: 'sandbox' }),
      headers: { 'idempotency-key': `digital-${number}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as { order: DigitalOrder }).order;
  }

  const pay = (proc: Proc, o: DigitalOrder) => call(proc, 'POST', `/api/payments/${o.payment.id}/sandbox/pay`);

  const refOf = async (o: DigitalOrder) =>
    (await ctx.db.select({ ref: digitalOrders.refId }).from(digitalOrders).where(eq(digitalOrders.id, o.id)))[0]?.ref ??
    '';

  const callback = (proc: Proc, payload: string) =>
    fetch(`http://127.0.0.1:${proc.port}/api/digital/callback/digiflazz`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature': `sha1=${createHmac('sha1', SECRET).update(payload).digest('hex')}`,
      },
      body: payload,
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as { outcome?: string } }));

  /** Waits until every order is settled (success or failed), at most `ms`. */
  async function settledAll(orders: DigitalOrder[], ms = 60_000) {
    const ids = orders.map((o) => o.id);
    const started = Date.now();
    for (;;) {
      const rows = await ctx.db
        .select({ id: digitalOrders.id, status: digitalOrders.status })
        .from(digitalOrders)
        .where(inArray(digitalOrders.id, ids));
      if (rows.every((r) => r.status === 'success' || r.status === 'failed')) return rows;
      if (Date.now() - started > ms) throw new Error(`not settled: ${JSON.stringify(rows)}`);
      await sleep(100);
    }
  }

  /**
   * Each order: success, its payment paid, one ref_id asked for its number, one message.
   * `quiesce` stops everything that could still send (the processes, the jobs) once each order's
   * message is there: after it, a second message can no longer come, so none is waited for.
   */
  async function expectOnce(orders: DigitalOrder[], quiesce: () => Promise<unknown>) {
    const rows = await ctx.db
      .select()
      .from(digitalOrders)
      .where(
        inArray(
          digitalOrders.id,
          orders.map((o) => o.id),
        ),
      );
    expect(rows.map((r) => r.status)).toEqual(orders.map(() => 'success'));
    const told = async (orderCode: string) =>
      ctx.db
        .select({ id: notificationOutbox.id })
        .from(notificationOutbox)
        .where(like(notificationOutbox.text, `%#D${orderCode}%`));
    // The right to tell is claimed, and the message written, right after the settlement commits
    // (settledAll can see the settlement first): wait for every message, then stop the senders.
    for (const row of rows) {
      for (let tries = 0; (await told(row.orderCode)).length === 0 && tries < 200; tries++) await sleep(50);
    }
    await quiesce();
    for (const row of rows) {
      expect(refsByNumber.get(row.customerNumber)).toEqual(new Set([row.refId]));
      expect(await told(row.orderCode), `messages of #D${row.orderCode}`).toHaveLength(1);
      const [claimed] = await ctx.db
        .select({ notifiedAt: digitalOrders.notifiedAt })
        .from(digitalOrders)
        .where(eq(digitalOrders.id, row.id));
      expect(claimed?.notifiedAt, `notified_at of #D${row.orderCode}`).not.toBeNull();
    }
    const paid = await ctx.db
      .select({ status: payments.status })
      .from(payments)
      .where(
        inArray(
          payments.id,
          rows.map((r) => r.paymentId),
        ),
      );
    expect(paid.map((p) => p.status)).toEqual(rows.map(() => 'paid'));
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'shoptest-digital-'));
    standIn = createHttpServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => {
        raw += chunk;
      });
      req.on('end', async () => {
        const body = JSON.parse(raw) as Record<string, string>;
        const ref = body.ref_id ?? '';
        const number = body.customer_no ?? '';
        asks.push({ ref, number });
        refsByNumber.set(number, new Set([...(refsByNumber.get(number) ?? []), ref]));
        const how = behaviour.get(number) ?? 'success';
        if (how === 'hold' && !settled.has(ref)) await sleep(4_000);
        const done = how === 'success' || settled.has(ref);
        if (res.destroyed || res.writableEnded) return;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            data: done
              ? { ref_id: ref, customer_no: number, status: 'Sukses', rc: '00', sn: `SN-${ref}`, message: 'Sukses' }
              : { ref_id: ref, customer_no: number, status: 'Pending', rc: '03', sn: '', message: 'Pending' },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/v1`;

    ctx = await createTestApp({ kind: 'postgres', env: { DIGITAL_JOB_INTERVAL_MS: '0' } });
    await ctx.db.update(digitalProviders).set({ isActive: false }).where(eq(digitalProviders.name, 'sandbox'));
    await ctx.db
      .update(digitalProviders)
      .set({
        isActive: true,
        config: { username: 'buyer', api_key: 'key', webhook_secret: SECRET, testing: true, base_url: baseUrl },
      })
      .where(eq(digitalProviders.name, 'digiflazz'));
    shopper = (await signInNewCustomer(ctx.app, ctx.db)).session;
    pulsaId = (await digitalProducts(ctx.app, 'xl')).find((p) => p.code === 'X10')?.id ?? 0;
  }, 120_000);

  afterAll(async () => {
    for (const proc of [...running]) await stop(proc, 'SIGKILL');
    await ctx?.close();
    await new Promise<void>((resolve) => standIn?.close(() => resolve()));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('replayed Pay on two processes, callbacks racing the job and the check: one purchase, one settlement, one message', async () => {
    const [a, b] = await Promise.all([spawnServer({}), spawnServer({})]);
    if (!a || !b) throw new Error('no servers');
    const procs = [a, b];

    // Pay replayed, all at once, half on each process.
    const instant = await Promise.all(Array.from({ length: ORDERS }, (_, i) => order(procs[i % 2] as Proc, 'success')));
    const pays = await Promise.all(
      instant.flatMap((o) => Array.from({ length: REPLAYS }, (_, i) => pay(procs[i % 2] as Proc, o))),
    );
    expect(pays.every((p) => p.status === 200)).toBe(true);
    await settledAll(instant);

    // Pending at the provider: the callbacks arrive, replayed, while the owner's check and the job ask again.
    const pending = await Promise.all(Array.from({ length: ORDERS }, (_, i) => order(procs[i % 2] as Proc, 'pending')));
    await Promise.all(pending.map((o) => pay(a, o)));
    for (const o of pending) {
      for (let tries = 0; !asks.some((x) => x.number === o.customer_number); tries++) {
        if (tries > 200) throw new Error('the job never asked');
        await sleep(50);
      }
    }
    const outcomes = await Promise.all(
      pending.map(async (o) => {
        const ref = await refOf(o);
        settled.add(ref);
        const payload = JSON.stringify({
          data: { ref_id: ref, customer_no: o.customer_number, status: 'Sukses', rc: '00', sn: `SN-${ref}` },
        });
        const replies = await Promise.all([
          ...Array.from({ length: REPLAYS }, (_, i) => callback(procs[i % 2] as Proc, payload)),
          call(a, 'POST', `/api/digital/orders/${o.id}/check`),
          call(b, 'POST', `/api/digital/orders/${o.id}/check`),
        ]);
        return replies.map((r) => (r.body as { outcome?: string }).outcome).filter((x) => x === 'success').length;
      }),
    );
    await settledAll(pending);
    // No more than one callback settled each order (the job or the check may have been first).
    for (const n of outcomes) expect(n).toBeLessThanOrEqual(1);
    await expectOnce([...instant, ...pending], () => Promise.all(procs.map((p) => stop(p, 'SIGTERM'))));
  }, 300_000);

  it('a process killed after the payment, and one killed while asking the provider: the next one finishes each order once', async () => {
    // No job here: the payment commits and the process dies before anything asks the provider.
    const quiet = await spawnServer({ DIGITAL_JOB_INTERVAL_MS: '0' });
    const unasked = await Promise.all(Array.from({ length: ORDERS }, () => order(quiet, 'hold')));
    await Promise.all(unasked.map((o) => pay(quiet, o)));
    await stop(quiet, 'SIGKILL');
    expect(asks.filter((x) => unasked.some((o) => o.customer_number === x.number))).toEqual([]);

    // A process that picks them up (and more it is paid for) and dies while the provider is slow.
    const busy = await spawnServer({});
    const asked = await Promise.all(Array.from({ length: ORDERS }, () => order(busy, 'hold')));
    await Promise.all(asked.map((o) => pay(busy, o)));
    const all = [...unasked, ...asked];
    for (let tries = 0; !all.every((o) => asks.some((x) => x.number === o.customer_number)); tries++) {
      if (tries > 400) throw new Error('the job did not ask about every order');
      await sleep(50);
    }
    await stop(busy, 'SIGKILL');
    const rows = await ctx.db
      .select({ status: digitalOrders.status })
      .from(digitalOrders)
      .where(
        inArray(
          digitalOrders.id,
          all.map((o) => o.id),
        ),
      );
    expect(rows.every((r) => r.status === 'processing')).toBe(true);

    // The provider answers now; the next process waits out the dead one's leases and asks again, same ref_id.
    for (const o of all) settled.add(await refOf(o));
    const next = await spawnServer({});
    await settledAll(all);
    await expectOnce(all, () => stop(next, 'SIGTERM'));
  }, 300_000);
  it('a Stripe webhook replayed hundreds of times on two processes: one fulfilment per order', async () => {
    const WEBHOOK_SECRET = 'whsec_reliability';
    const sessions: { body: string }[] = [];
    const stripe = createHttpServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        sessions.push({ body });
        const id = `cs_test_digital_${sessions.length}`;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` }));
      });
    });
    await new Promise<void>((resolve) => stripe.listen(0, '127.0.0.1', resolve));
    const stripeHost = { host: '127.0.0.1', port: (stripe.address() as AddressInfo).port, protocol: 'http' as const };
    await ctx.db
      .update(paymentGateways)
      .set({ isActive: true, config: { secret_key: 'sk_test_local', webhook_secret: WEBHOOK_SECRET } })
      .where(eq(paymentGateways.name, 'stripe'));
    const apps = await Promise.all(
      [0, 1].map(() =>
        createTestApp({
          kind: 'postgres',
          sameDatabaseAs: ctx,
          env: { DIGITAL_JOB_INTERVAL_MS: '50' },
          deps: { payments: createPaymentGateways({ stripeHost }) },
        }),
      ),
    );
    try {
      const [first, second] = apps as [TestApp, TestApp];
      const orders: DigitalOrder[] = [];
      for (let i = 0; i < ORDERS / 2; i++) {
        const number = nextNumber();
        behaviour.set(number, 'success');
        const res = await first.app.inject({
          method: 'POST',
          url: '/api/digital/orders',
          headers: { ...shopper.bearerHeaders, 'idempotency-key': `stripe-${number}` },
          payload: { product_id: pulsaId, customer_number: number, payment_method: 'stripe' },
        });
        expect(res.statusCode, res.body).toBe(200);
        const made = (res.json() as { data: { order: DigitalOrder } }).data.order;
        expect(made.payment.payment_url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
        // The shopper comes back to the digital order's page.
        expect(new URLSearchParams(sessions.at(-1)?.body).get('success_url')).toBe(
          `http://localhost:3000/digital-payment/${made.id}`,
        );
        orders.push(made);
      }
      const sends = orders.flatMap((o, n) =>
        Array.from({ length: REPLAYS * 4 }, (_, i) => {
          const payload = JSON.stringify({
            // Some replays of one event, some distinct events for the same payment.
            id: `evt_${n}_${i % 3}`,
            object: 'event',
            type: i % 2 ? 'checkout.session.completed' : 'checkout.session.async_payment_succeeded',
            data: {
              object: {
                id: `cs_test_digital_${n + 1}`,
                object: 'checkout.session',
                client_reference_id: o.payment.id,
                payment_status: 'paid',
                amount_total: Math.round(o.price * 100),
                currency: 'idr',
              },
            },
          });
          const header = new Stripe('sk_test_any').webhooks.generateTestHeaderString({
            payload,
            secret: WEBHOOK_SECRET,
          });
          return (i % 2 ? first : second).app.inject({
            method: 'POST',
            url: '/api/payments/stripe/webhook',
            headers: { 'content-type': 'application/json', 'stripe-signature': header },
            payload,
          });
        }),
      );
      const replies = await Promise.all(sends);
      expect(replies.every((r) => r.statusCode === 200)).toBe(true);
      expect(replies.filter((r) => r.json().outcome === 'paid')).toHaveLength(orders.length);
      await settledAll(orders);
      await expectOnce(orders, () => Promise.all(apps.map((a) => a.services.digitalJob.stop())));
    } finally {
      await Promise.all(apps.map((a) => a.close()));
      await new Promise<void>((resolve) => stripe.close(() => resolve()));
    }
  }, 300_000);
});
