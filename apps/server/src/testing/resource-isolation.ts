import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { OwnedResource } from '../plugins/access';
import { type SignedIn, signInNewCustomer } from './auth';
import { cartCalls, createTestAddress, createTestProduct, deliverOrder, seededShops } from './commerce';
import { buyDigital } from './digital';
import { multipart } from './multipart';
import { createTestFlashSale, deliveredOrder } from './seller-money';
import { postTicket, SAMPLE_FILES } from './support';
import type { TestApp } from './test-app';

/**
 * Every route that takes a user's resource id answers 404 to another user (the T6 walk).
 * A new route of that kind adds one line to OWNED_ROUTES (and a new kind of resource one entry to
 * RESOURCES); resource-isolation.test.ts fails while an `owner` route of the app is missing here.
 */
export interface OwnedRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As registered, with `:id`. */
  url: string;
  resource: OwnedResource;
  body?: Record<string, unknown>;
}

export const OWNED_ROUTES: OwnedRoute[] = [
  { method: 'GET', url: '/api/address/:id', resource: 'address' },
  {
    method: 'POST',
    url: '/api/address/:id/update',
    resource: 'address',
    body: { name: 'Taken over', phone: '81234567890', address_type: 'home', address_line: 'Elsewhere 1' },
  },
  { method: 'DELETE', url: '/api/address/:id/delete', resource: 'address' },
  { method: 'GET', url: '/api/payments/:id', resource: 'payment' },
  { method: 'POST', url: '/api/payments/:id/sandbox/pay', resource: 'payment' },
  { method: 'POST', url: '/api/payments/:id/sandbox/cancel', resource: 'payment' },
  { method: 'GET', url: '/api/orders/:id/invoice', resource: 'order' },
  { method: 'GET', url: '/api/return-order-details/:id', resource: 'return' },
  { method: 'GET', url: '/return-order-details/:id', resource: 'return' },
  { method: 'GET', url: '/api/support-ticket/attachments/:id', resource: 'ticketAttachment' },
  { method: 'GET', url: '/api/digital/orders/:id', resource: 'digital_order' },
  { method: 'POST', url: '/api/digital/orders/:id/check', resource: 'digital_order' },
  { method: 'POST', url: '/api/sessions/:id/revoke', resource: 'session' },
];

export interface ResourceFixture {
  /** Creates one resource as `owner` (through the API where it can) and returns its id. */
  create(ctx: TestApp, owner: SignedIn): Promise<number | string>;
  /** The owner's own view of it, to show another user's call changed nothing. */
  read(ctx: TestApp, owner: SignedIn, id: number | string): Promise<unknown>;
}

const addressFixture: ResourceFixture = {
  create(ctx, owner) {
    return createTestAddress(ctx.app, owner.bearerHeaders);
  },
  async read(ctx, owner, id) {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/address/${id}`, headers: owner.bearerHeaders });
    return { status: res.statusCode, body: res.json() };
  },
};

/** One order placed through the API with the sandbox gateway (unpaid): its payment and order ids. */
async function placeSandboxOrder(ctx: TestApp, owner: SignedIn) {
  const [shop] = await seededShops(ctx.db, 1);
  if (!shop) throw new Error('order fixture: no shop');
  const product = await createTestProduct(ctx.db, { shopId: shop.id, price: 1_000_000, stock: 5 });
  const calls = cartCalls(ctx.app, owner.bearerHeaders);
  await calls.add({ product_id: product.id });
  const addressId = await addressFixture.create(ctx, owner);
  const res = await calls.placeOrder(
    { shop_ids: [shop.id], address_id: addressId, payment_method: 'sandbox' },
    randomUUID(),
  );
  if (res.statusCode !== 200) throw new Error(`order fixture: ${res.statusCode} ${res.body}`);
  const payment = (res.json() as { data: { payment: { id: string; orders: { id: number }[] } } }).data.payment;
  const orderId = payment.orders[0]?.id;
  if (orderId === undefined) throw new Error('order fixture: no order');
  return { paymentId: payment.id, orderId };
}

/** A return of the whole sandbox order, once it is Delivered (moved by the services). */
async function createReturn(ctx: TestApp, owner: SignedIn) {
  const { orderId } = await placeSandboxOrder(ctx, owner);
  await deliverOrder(ctx.services, orderId);
  const details = await ctx.app.inject({
    method: 'GET',
    url: `/api/order-details?order_id=${orderId}`,
    headers: owner.bearerHeaders,
  });
  const lineIds = (details.json() as { data: { order: { products: { id: number }[] } } }).data.order.products.map(
    (p) => p.id,
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/return-order',
    headers: owner.bearerHeaders,
    payload: {
      order_id: orderId,
      product_ids: lineIds,
      reason: 'Does not fit',
      bank_account_number: '1234567890',
      bank_name: 'BCA',
      return_address: 'Jalan Return 1',
    },
  });
  if (res.statusCode !== 200) throw new Error(`return fixture: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { return_order: { id: number } } }).data.return_order.id;
}

export const RESOURCES: Record<OwnedResource, ResourceFixture> = {
  session: {
    /** Another session of the owner (signed in on a second device). */
    async create(ctx, owner) {
      await ctx.services.sessions.createSession(owner.user.id, { userAgent: 'second device' });
      const res = await ctx.app.inject({ method: 'GET', url: '/api/sessions', headers: owner.bearerHeaders });
      const other = (res.json() as { data: { sessions: { id: number; current: boolean }[] } }).data.sessions.find(
        (s) => !s.current,
      );
      if (!other) throw new Error('session fixture: no second session');
      return other.id;
    },
    async read(ctx, owner) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/sessions', headers: owner.bearerHeaders });
      return { status: res.statusCode, body: res.json() };
    },
  },
  digital_order: {
    /** A PLN token bought and delivered (sandbox gateway and provider): the token is there to steal. */
    async create(ctx, owner) {
      return (await buyDigital(ctx, owner, { operator: 'pln', customerNumber: '14234567890', pay: true })).id;
    },
    async read(ctx, owner, id) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/digital/orders/${id}`,
        headers: owner.bearerHeaders,
      });
      return { status: res.statusCode, body: res.json() };
    },
  },
  address: addressFixture,
  payment: {
    /** A sandbox payment of one order, placed through the API. */
    async create(ctx, owner) {
      return (await placeSandboxOrder(ctx, owner)).paymentId;
    },
    async read(ctx, owner, id) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/payments/${id}`, headers: owner.bearerHeaders });
      return { status: res.statusCode, body: res.json() };
    },
  },
  order: {
    async create(ctx, owner) {
      return (await placeSandboxOrder(ctx, owner)).orderId;
    },
    async read(ctx, owner, id) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/order-details?order_id=${id}`,
        headers: owner.bearerHeaders,
      });
      return { status: res.statusCode, body: res.json() };
    },
  },
  return: {
    create: createReturn,
    async read(ctx, owner, id) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/return-order-details/${id}`,
        headers: owner.bearerHeaders,
      });
      return { status: res.statusCode, body: res.json() };
    },
  },
  ticketAttachment: {
    /** A ticket opened through the API with one png: the attachment's id. */
    async create(ctx, owner) {
      const res = await postTicket(ctx.app, owner.bearerHeaders, {}, [
        { name: 'attachments[]', filename: 'proof.png', type: 'image/png', data: SAMPLE_FILES.png },
      ]);
      if (res.statusCode !== 200) throw new Error(`ticket fixture: ${res.statusCode} ${res.body}`);
      const id = (res.json() as { data: { support_ticket: { attachments: { id: number }[] } } }).data.support_ticket
        .attachments[0]?.id;
      if (id === undefined) throw new Error('ticket fixture: no attachment');
      return id;
    },
    async read(ctx, owner, id) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/support-ticket/attachments/${id}`,
        headers: owner.bearerHeaders,
      });
      return { status: res.statusCode, type: res.headers['content-type'], body: res.rawPayload.toString('base64') };
    },
  },
};

/** Two fresh customers: the owner of the resources and the one who tries to reach them. */
export async function ownerAndIntruder(ctx: TestApp) {
  const owner = (await signInNewCustomer(ctx.app, ctx.db)).session;
  const intruder = (await signInNewCustomer(ctx.app, ctx.db)).session;
  return { owner, intruder };
}

/** What a shop's `:id` may name. */
export type ShopResource = 'order' | 'return' | 'voucher' | 'withdrawal' | 'flash-sale entry' | 'product' | 'import';

/**
 * The same rule between shops: every `seller` route that names one of a shop's records by `:id`
 * (and a product's photo by `:photoId`) answers 404 to another shop's seller.
 * resource-isolation.test.ts fails while a `seller` route with `:id` is missing here. A body, where
 * there is one, is valid: only the id is wrong.
 */
export const SHOP_ROUTES: {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  kind: ShopResource;
  body?: object;
}[] = [
  { method: 'GET', url: '/api/seller/orders/:id', kind: 'order' },
  { method: 'POST', url: '/api/seller/orders/:id/status', kind: 'order', body: { status: 'Confirm' } },
  { method: 'GET', url: '/api/seller/returns/:id', kind: 'return' },
  { method: 'POST', url: '/api/seller/returns/:id/status', kind: 'return', body: { status: 'Approved' } },
  { method: 'POST', url: '/api/seller/returns/:id/refund', kind: 'return', body: {} },
  { method: 'GET', url: '/api/seller/vouchers/:id', kind: 'voucher' },
  {
    method: 'PUT',
    url: '/api/seller/vouchers/:id',
    kind: 'voucher',
    body: {
      code: 'TAKENOVER',
      discount_type: 'Percentage',
      discount: 90,
      starts_at: '2030-01-01T00:00:00Z',
      expires_at: '2030-02-01T00:00:00Z',
    },
  },
  { method: 'POST', url: '/api/seller/vouchers/:id/end', kind: 'voucher' },
  { method: 'GET', url: '/api/seller/withdrawals/:id', kind: 'withdrawal' },
  {
    method: 'PUT',
    url: '/api/seller/flash-sale-entries/:id',
    kind: 'flash-sale entry',
    body: { price: 1, quantity: 1 },
  },
  { method: 'DELETE', url: '/api/seller/flash-sale-entries/:id', kind: 'flash-sale entry' },
  { method: 'GET', url: '/api/seller/products/imports/:id', kind: 'import' },
  { method: 'GET', url: '/api/seller/products/imports/:id/report', kind: 'import' },
  { method: 'GET', url: '/api/seller/products/:id', kind: 'product' },
  { method: 'PUT', url: '/api/seller/products/:id', kind: 'product', body: { price: 1, stock: 0 } },
  { method: 'POST', url: '/api/seller/products/:id/photos', kind: 'product', body: {} },
  { method: 'PUT', url: '/api/seller/products/:id/photos/order', kind: 'product', body: { photo_ids: [1] } },
  { method: 'POST', url: '/api/seller/products/:id/photos/:photoId/cover', kind: 'product' },
  { method: 'DELETE', url: '/api/seller/products/:id/photos/:photoId', kind: 'product' },
];

/** A route of SHOP_ROUTES with its ids filled in (`photoId`: a photo of the product). */
export function shopRouteUrl(url: string, id: number, photoId: number): string {
  return url.replace(':id', String(id)).replace(':photoId', String(photoId));
}

/**
 * One record of each kind of the first seeded shop: an order (Pending) and a return (Pending)
 * placed by `owner`, and, made by the shop's own seller through the API, a voucher, a withdrawal
 * (of a balance from a delivered order), an entry in an upcoming flash sale, a draft product
 * with one photo and a catalogue import.
 */
export async function shopResources(
  ctx: TestApp,
  owner: SignedIn,
  shop: { id: number; seller: SignedIn },
): Promise<Record<ShopResource, number> & { photo: number }> {
  const order = await RESOURCES.order.create(ctx, owner);
  const returnId = await RESOURCES.return.create(ctx, owner);
  const { product: ownProduct, photo } = await createSellerProduct(ctx, shop.seller);
  const importForm = multipart({}, [
    {
      name: 'file',
      filename: 'p.csv',
      type: 'text/csv',
      data: Buffer.from('Handle,Title,Variant Price\nwalk-1,Walk,1\n'),
    },
  ]);
  const imported = await ctx.app.inject({
    method: 'POST',
    url: '/api/seller/products/import',
    headers: { ...shop.seller.bearerHeaders, 'content-type': importForm.contentType },
    payload: importForm.payload,
  });
  if (imported.statusCode !== 200) throw new Error(`import fixture: ${imported.statusCode} ${imported.body}`);
  const importId = (imported.json() as { data: { job: { id: number } } }).data.job.id;
  const post = async (url: string, payload: object) => {
    const res = await ctx.app.inject({ method: 'POST', url, headers: shop.seller.bearerHeaders, payload });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { data: Record<string, { id: number }> };
  };
  const now = ctx.clock.now().getTime();
  const voucher = await post('/api/seller/vouchers', {
    code: `ISO${randomUUID().slice(0, 8)}`,
    discount_type: 'Amount',
    discount: 1_000,
    starts_at: new Date(now - 86_400_000).toISOString(),
    expires_at: new Date(now + 86_400_000).toISOString(),
  });
  await deliveredOrder(ctx, shop.id, 10_000_000);
  const withdrawal = await post('/api/seller/withdrawals', {
    amount: 10_000,
    bank_name: 'BCA',
    bank_account_number: '1234567890',
    account_holder: 'Toko',
  });
  const product = await createTestProduct(ctx.db, { shopId: shop.id, price: 1_000_000, stock: 5 });
  const sale = await createTestFlashSale(ctx, {
    startsAt: new Date(now + 86_400_000),
    endsAt: new Date(now + 2 * 86_400_000),
  });
  const entry = await post('/api/seller/flash-sale-entries', {
    flash_sale_id: sale,
    product_id: product.id,
    price: 5_000,
    quantity: 1,
  });
  const idOf = (reply: { data: Record<string, { id: number }> }, key: string) => {
    const id = reply.data[key]?.id;
    if (id === undefined) throw new Error(`no ${key} made`);
    return id;
  };
  return {
    order: Number(order),
    return: Number(returnId),
    voucher: idOf(voucher, 'voucher'),
    withdrawal: idOf(withdrawal, 'withdrawal'),
    'flash-sale entry': idOf(entry, 'entry'),
    product: ownProduct,
    import: importId,
    photo,
  };
}

/** A draft product of the seller's shop with one photo, made through the Seller Centre's API. */
export async function createSellerProduct(ctx: TestApp, seller: SignedIn) {
  const headers = seller.bearerHeaders;
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/seller/products',
    headers,
    payload: { texts: { en: { name: 'Walked product', short_description: 'Short.', description: '<p>Long.</p>' } } },
  });
  if (created.statusCode !== 200) throw new Error(`product fixture: ${created.statusCode} ${created.body}`);
  const product = (created.json() as { data: { product: { id: number } } }).data.product.id;
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
    .png()
    .toBuffer();
  const form = multipart({}, [{ name: 'photo', filename: 'p.png', type: 'image/png', data: png }]);
  const uploaded = await ctx.app.inject({
    method: 'POST',
    url: `/api/seller/products/${product}/photos`,
    headers: { ...headers, 'content-type': form.contentType },
    payload: form.payload,
  });
  if (uploaded.statusCode !== 200) throw new Error(`photo fixture: ${uploaded.statusCode} ${uploaded.body}`);
  const photo = (uploaded.json() as { data: { product: { photos: { id: number }[] } } }).data.product.photos[0]?.id;
  if (photo === undefined) throw new Error('photo fixture: no photo');
  return { product, photo };
}
