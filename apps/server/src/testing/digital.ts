import { randomUUID } from 'node:crypto';
import type { DigitalOperator, DigitalOrder, DigitalProduct } from '@shop/contracts/digital';
import type { App } from '../deps';
import type { SignedIn } from './auth';
import type { TestApp } from './test-app';

/** The seeded catalogue of an operator, through the API. */
export async function digitalProducts(app: App, operator: DigitalOperator): Promise<DigitalProduct[]> {
  const res = await app.inject({ method: 'GET', url: `/api/digital/products?operator=${operator}` });
  if (res.statusCode !== 200) throw new Error(`digital products: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { products: DigitalProduct[] } }).data.products;
}

/** POST /api/digital/orders with an Idempotency-Key (a fresh one unless given). */
export function orderDigital(
  app: App,
  headers: Record<string, string>,
  body: Record<string, unknown>,
  key: string = randomUUID(),
) {
  return app.inject({
    method: 'POST',
    url: '/api/digital/orders',
    headers: { ...headers, 'idempotency-key': key },
    payload: body,
  });
}

/**
 * A digital order made through the API with the sandbox gateway: the operator's first in-stock
 * denomination (or `code`), for `customerNumber`; with `pay`, paid with the sandbox's Pay and
 * fulfilled by one pass of the job.
 */
export async function buyDigital(
  ctx: Pick<TestApp, 'app' | 'services'>,
  owner: SignedIn,
  options: {
    operator: DigitalOperator;
    customerNumber: string;
    code?: string;
    pay?: boolean;
    /** false: the provider answers pending (a callback settles it), so return once it was asked. */
    settle?: boolean;
  },
): Promise<DigitalOrder> {
  const products = await digitalProducts(ctx.app, options.operator);
  const product = products.find((p) => (options.code ? p.code === options.code : p.in_stock));
  if (!product) throw new Error(`digital fixture: no product for ${options.operator}`);
  const res = await orderDigital(ctx.app, owner.bearerHeaders, {
    product_id: product.id,
    customer_number: options.customerNumber,
    payment_method: 'sandbox',
  });
  if (res.statusCode !== 200) throw new Error(`digital fixture: ${res.statusCode} ${res.body}`);
  const order = (res.json() as { data: { order: DigitalOrder } }).data.order;
  if (!options.pay) return order;
  const paid = await ctx.app.inject({
    method: 'POST',
    url: `/api/payments/${order.payment.id}/sandbox/pay`,
    headers: owner.bearerHeaders,
  });
  if (paid.statusCode !== 200) throw new Error(`digital fixture pay: ${paid.statusCode} ${paid.body}`);
  const read = async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/digital/orders/${order.id}`,
      headers: owner.bearerHeaders,
    });
    return (res.json() as { data: { order: DigitalOrder } }).data.order;
  };
  await ctx.services.digitalJob.runOnce();
  if (options.settle === false) return read();
  // The app's own job may be asking already (kicked by the Pay): wait until the order is settled.
  let current = await read();
  for (let pass = 0; current.status === 'processing' && pass < 100; pass++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    await ctx.services.digitalJob.runOnce();
    current = await read();
  }
  return current;
}
