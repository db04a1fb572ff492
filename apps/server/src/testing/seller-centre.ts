import { randomBytes, randomUUID } from 'node:crypto';
import { type AuthResult, authReplySchema } from '@shop/contracts/auth';
import { placeOrderReplySchema } from '@shop/contracts/cart';
import { CSRF_HEADER_VALUE, SESSION_COOKIE } from '@shop/contracts/constants';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from '../db/seed/demo-accounts';
import type { App } from '../deps';
import { type SignedIn, testIp } from './auth';
import { cartCalls, createTestAddress } from './commerce';
import { signInWithTwoStep, type TwoStepTestApp } from './two-step';

function session(data: AuthResult): SignedIn {
  return {
    ...data,
    token: data.access.token,
    cookieHeaders: { cookie: `${SESSION_COOKIE}=${data.access.token}`, 'x-requested-with': CSRF_HEADER_VALUE },
    bearerHeaders: { authorization: `Bearer ${data.access.token}` },
  };
}

/** Signs in at the Seller Centre (the demo seller of a seeded shop: `<slug>@example.com`). */
export async function signInSeller(app: App, login: string, password = DEMO_PASSWORD): Promise<SignedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/shop/login',
    payload: { phone: login, password },
    remoteAddress: testIp(),
  });
  if (res.statusCode !== 200) throw new Error(`seller sign-in as ${login} failed: ${res.statusCode} ${res.body}`);
  return session(authReplySchema.parse(res.json()).data);
}

/**
 * Signs the demo operator in at the operator screen, with two-step sign-in (set up on the first
 * sign-in of the test app, as the operator's screen requires).
 */
export async function signInOperator(
  ctx: TwoStepTestApp,
  login = DEMO_ADMIN_EMAIL,
  password = DEMO_PASSWORD,
): Promise<SignedIn> {
  return signInWithTwoStep(ctx, '/api/operator/login', login, password);
}

/** A valid /api/shop/register body with unique e-mail and phone numbers. */
export function shopRegistration(overrides: Record<string, unknown> = {}) {
  const tag = randomBytes(4).toString('hex');
  const digits = String(Number.parseInt(tag, 16) % 100_000_000).padStart(8, '0');
  return {
    name: `Seller ${tag}`,
    email: `seller-${tag}@test.example`,
    phone: `87${digits}`,
    password: 'secret123',
    shop_name: `Toko ${tag}`,
    shop_address: 'Jl. Pasar Baru 1, Jakarta',
    shop_phone: `021${digits}`,
    ...overrides,
  };
}

/** Registers a shop through the API and returns the seller's session. */
export async function registerShop(app: App, overrides: Record<string, unknown> = {}) {
  const body = shopRegistration(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/shop/register', payload: body, remoteAddress: testIp() });
  if (res.statusCode !== 200) throw new Error(`shop registration failed: ${res.statusCode} ${res.body}`);
  return { body, session: session(authReplySchema.parse(res.json()).data) };
}

/** One cash order of the shopper for these products of one shop; returns the order id. */
export async function placeCashOrder(
  app: App,
  headers: Record<string, string>,
  shopId: number,
  productIds: readonly number[],
): Promise<number> {
  const calls = cartCalls(app, headers);
  for (const id of productIds) {
    const added = await calls.add({ product_id: id });
    if (added.statusCode !== 200) throw new Error(`cart: ${added.statusCode} ${added.body}`);
  }
  const res = await calls.placeOrder(
    { shop_ids: [shopId], address_id: await createTestAddress(app, headers), payment_method: 'cash' },
    randomUUID(),
  );
  if (res.statusCode !== 200) throw new Error(`order: ${res.statusCode} ${res.body}`);
  const id = placeOrderReplySchema.parse(res.json()).data.payment.orders[0]?.id;
  if (id === undefined) throw new Error('order: none placed');
  return id;
}
